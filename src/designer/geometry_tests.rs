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
