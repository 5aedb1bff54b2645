use super::*;
use crate::designer::templates;

#[test]
fn every_element_of_a_template_is_drawn_once() {
    for t in templates::ALL {
        let d = templates::build(t.id).unwrap();
        let s = scene(&d);
        let drawn: Vec<ElementRef> = s
            .sites
            .iter()
            .chain(&s.inner)
            .map(|x| x.element.clone())
            .collect();
        for e in d.elements() {
            match e {
                ElementRef::Hop(id) => {
                    assert!(s.arrows.iter().any(|a| a.hop == id), "{}: {id}", t.id)
                }
                ElementRef::Companion(_) => assert!(drawn.contains(&e)),
                e => assert_eq!(
                    drawn.iter().filter(|x| **x == e).count(),
                    1,
                    "{}: {e:?}",
                    t.id
                ),
            }
        }
    }
}

#[test]
fn shape_keys_are_unique_even_for_a_companion_at_two_sites() {
    let s = scene(&templates::build("one-way-dr").unwrap());
    let mut keys: Vec<String> = s
        .sites
        .iter()
        .chain(&s.inner)
        .map(|x| x.key.clone())
        .collect();
    let n = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), n);
    assert_eq!(
        s.inner
            .iter()
            .filter(|x| matches!(x.element, ElementRef::Companion(_)))
            .count(),
        2
    );
}

#[test]
fn a_shape_is_found_by_its_key() {
    let s = scene(&templates::build("one-way-dr").unwrap());
    for x in s.sites.iter().chain(&s.inner) {
        assert_eq!(s.shape(&x.key), Some(x));
    }
    assert_eq!(s.shape("no such key"), None);
}

#[test]
fn inner_shapes_stay_inside_their_site() {
    let d = templates::build("active-active").unwrap();
    let s = scene(&d);
    for x in &s.inner {
        let site = s.sites.iter().find(|b| b.site == x.site).unwrap().rect;
        assert!(
            x.rect.x >= site.x && x.rect.x + x.rect.w <= site.x + site.w,
            "{:?}",
            x.element
        );
        assert!(
            x.rect.y >= site.y && x.rect.y + x.rect.h <= site.y + site.h,
            "{:?}",
            x.element
        );
    }
}

#[test]
fn two_opposite_hops_label_on_either_side_of_their_pair_of_lines() {
    let d = templates::build("active-active").unwrap();
    let s = scene(&d);
    let (a, b) = (&s.arrows[0], &s.arrows[1]);
    assert_eq!(a.label_at.x, b.label_at.x, "{a:?} {b:?}");
    // The lines run 12 apart; each label sits on the outer side of its own line.
    let (upper, lower) = if a.label_at.y < b.label_at.y {
        (a, b)
    } else {
        (b, a)
    };
    assert!(lower.label_at.y - upper.label_at.y >= 12.0 + LABEL_ABOVE + LABEL_BELOW - 0.5);
}

#[test]
fn long_names_are_cut_for_drawing() {
    let long = "x".repeat(200);
    assert_eq!(cut(&long, 14).chars().count(), 14);
    assert_eq!(cut("short", 14), "short");
}

/// Two-way MirrorMaker 2 flows as the importer draws them: each site's `orders` goes to
/// the other's `A.orders`/`B.orders`, so the two arrows cross mid-way.
fn crossing_pair() -> Design {
    let text = "clusters = A, B\nA->B.enabled = true\nB->A.enabled = true\n\
                A->B.topics = orders\nB->A.topics = orders\n";
    let input = hoplab_copiers::Input::new("mm2.properties", text);
    Design::from_spec(hoplab_copiers::import(&[input], None).unwrap().spec)
}

#[test]
fn generated_hop_ids_are_drawn_as_the_stream_and_its_two_sites() {
    let s = scene(&crossing_pair());
    let labels: Vec<&str> = s.arrows.iter().map(|a| a.label.as_str()).collect();
    assert_eq!(labels, ["orders A→B", "orders B→A"]);
}

#[test]
fn no_two_hop_labels_cover_each_other() {
    let mut designs = vec![("crossing pair".to_string(), crossing_pair())];
    for t in templates::ALL {
        designs.push((t.id.to_string(), templates::build(t.id).unwrap()));
    }
    for (name, d) in designs {
        let s = scene(&d);
        let boxes: Vec<Rect> = s
            .arrows
            .iter()
            .map(|a| label_box(&a.label, a.label_at))
            .collect();
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                assert!(!a.overlaps(b, 0.0), "{name}: {a:?} and {b:?}");
            }
        }
    }
}
