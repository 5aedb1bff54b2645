//! Tests of the stage layout.
use super::*;
use hoplab_model::{scenarios, Sim};

fn scene_at(id: &str, t: Millis, window: usize) -> Scene {
    let spec = scenarios::get(id).unwrap().build_default().unwrap();
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.advance_to(t);
    layout(
        &sim.view(window),
        LayoutOptions {
            window,
            reduced_motion: false,
        },
    )
}

#[test]
fn every_scenario_lays_out_inside_the_stage_with_unique_keys() {
    for s in scenarios::all() {
        let sc = scene_at(s.id, 20_000, 40);
        assert!(sc.height > 50.0 && sc.width == WIDTH, "{}", s.id);
        let mut keys = std::collections::HashSet::new();
        for r in &sc.rows {
            assert!(r.records.len() <= 40, "{}", s.id);
            for rec in &r.records {
                assert!(
                    keys.insert((r.key.clone(), rec.id)),
                    "{} duplicate {:?}",
                    s.id,
                    rec.id
                );
                let x = rec.x + r.shift;
                assert!(x >= ROWS_X0 - 0.01 && x + rec.w <= WIDTH, "{} x {x}", s.id);
            }
        }
        for m in &sc.markers {
            assert!(m.x >= 0.0 && m.x <= WIDTH && m.y <= sc.height, "{}", s.id);
        }
        for site in &sc.sites {
            assert!(site.y + site.h <= sc.height, "{}", s.id);
        }
    }
}

#[test]
fn a_record_keeps_its_place_as_the_row_slides() {
    let a = scene_at("lag-components", 10_000, 40);
    let b = (1..40)
        .map(|k| scene_at("lag-components", 10_000 + k * 50, 40))
        .find(|b| b.rows[0].shift != a.rows[0].shift)
        .expect("the row moves within two seconds");
    let (ra, rb) = (&a.rows[0], &b.rows[0]);
    assert!(rb.shift < ra.shift, "the row slides left as records arrive");
    let shared: Vec<_> = ra
        .records
        .iter()
        .filter_map(|x| rb.records.iter().find(|y| y.id == x.id).map(|y| (x, y)))
        .collect();
    assert!(!shared.is_empty());
    for (x, y) in shared {
        assert_eq!(x, y, "same key, same shape");
    }
}

#[test]
fn copies_share_the_payload_of_their_original() {
    let sc = scene_at("follow-one-record", 15_000, 40);
    let on = |site: &str| -> Vec<(u16, u16, u64)> {
        sc.rows
            .iter()
            .filter(|r| r.key.site == site)
            .flat_map(|r| r.records.iter().map(|x| x.id.payload()))
            .collect()
    };
    let a = on("A");
    let b = on("B");
    assert!(!b.is_empty());
    assert!(
        b.iter().all(|p| a.contains(p)),
        "every copy on B names a record of A"
    );
    assert!(sc
        .rows
        .iter()
        .filter(|r| r.key.site == "B")
        .flat_map(|r| &r.records)
        .all(|r| r.class.contains("copy")));
}

#[test]
fn a_thousand_records_fit_at_a_dense_window() {
    let sc = scene_at("lag-components", 40_000, 150);
    assert!(sc.records_on_screen >= 1000, "{}", sc.records_on_screen);
}

#[test]
fn stalls_show_an_uncopied_span_and_batches_fly() {
    let sc = scene_at("stall-and-backlog", 40_000, 40);
    assert!(sc.rows[0].uncopied.is_some());
    let moving = (0..400).any(|i| {
        !scene_at("follow-one-record", 2_000 + i * 25, 40)
            .batches
            .is_empty()
    });
    assert!(moving, "a batch is in flight at some point");
}

#[test]
fn readers_are_marked_on_their_rows() {
    let sc = scene_at("failover-resume", 10_000, 40);
    assert!(sc.markers.iter().any(|m| m.kind == "reader"));
    assert!(sc.markers.iter().any(|m| m.kind == "copier"));
}

#[test]
fn long_names_are_shortened_by_characters_with_the_whole_name_kept() {
    assert_eq!(short("abc", 3), "abc");
    assert_eq!(short("abcd", 3), "ab…");
    assert_eq!(short("🦀🦀🦀🦀", 2), "🦀…");
    assert_eq!(short("", 2), "");
    let long = "é".repeat(200);
    let shown = short(&long, 40);
    assert_eq!(shown.chars().count(), 40);
    assert!(shown.ends_with('…'));
}

#[test]
fn a_copier_marker_names_where_its_kept_map_history_stops() {
    let titles = |id| {
        scene_at(id, 30_000, 40)
            .markers
            .iter()
            .filter(|m| m.kind == "copier")
            .map(|m| m.title.clone())
            .collect::<Vec<_>>()
    };
    let mapped = titles("sampled-map");
    assert!(!mapped.is_empty());
    assert!(
        mapped.iter().all(|t| t.contains("position map keeps")),
        "{mapped:?}"
    );
    // A copier that writes no map says nothing about one.
    let s = scenarios::get("sampled-map").unwrap();
    let off = s.values_from_pairs([("map_on", "off")]).unwrap();
    let mut sim = Sim::new(&s.build(&off).unwrap(), 1).unwrap();
    sim.advance_to(30_000);
    let opts = LayoutOptions {
        window: 40,
        reduced_motion: false,
    };
    let unmapped = layout(&sim.view(40), opts).markers;
    assert!(unmapped.iter().any(|m| m.kind == "copier"));
    assert!(
        unmapped.iter().all(|m| !m.title.contains("position map")),
        "{unmapped:?}"
    );
}
