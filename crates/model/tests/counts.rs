//! Counts that mean what the README says: the uncopied tail (acknowledged only), the two
//! lag measures with and without heartbeats, and how an echo loop grows.

use hoplab_model::{Command, ScenarioSpec, Sim};
use serde_json::{json, Value};

fn one_hop(writer: Value, options: Value, duration_ms: u64) -> ScenarioSpec {
    serde_json::from_value(json!({
        "version": 1, "duration_ms": duration_ms,
        "topology": {
            "sites": [{"name": "A"}, {"name": "B"}],
            "streams": [{"site": "A", "name": "orders", "parts": 1},
                        {"site": "B", "name": "orders", "parts": 1}],
            "hops": [{"id": "a-to-b", "from": {"site": "A", "stream": "orders"},
                      "to": {"site": "B", "stream": "orders"}, "options": options}],
            "writers": [writer]
        }
    }))
    .unwrap()
}

/// 500 ms durability and a stalled copier: only what was acknowledged is the tail, and
/// only that is "lost with the site"; the last 500 ms were never acknowledged.
#[test]
fn the_tail_counts_only_acknowledged_records() {
    let mut spec = one_hop(
        json!({"id": "w", "site": "A", "stream": "orders", "rate_per_sec": 20,
               "interval_ms": 250, "durability_ms": 500}),
        json!({}),
        5_000,
    );
    spec.timeline = serde_json::from_value(
        json!([{"at_ms": 0, "command": {"do": "stall-hop", "hop": "a-to-b"}}]),
    )
    .unwrap();
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.advance_to(2_100);
    let m = sim.measures();
    let (w, h) = (&m.writers[0], &m.hops[0]);
    // Two ticks of 5 records fall in the last 500 ms: appended, not yet acknowledged.
    assert_eq!(w.appended - w.acknowledged, 10);
    assert_eq!(h.uncopied_tail, w.acknowledged);
    assert_eq!(h.unacknowledged, 10);
    sim.apply(Command::LoseSite { site: "A".into() }).unwrap();
    let m = sim.measures();
    let (w, h) = (&m.writers[0], &m.hops[0]);
    assert_eq!(h.lost_with_site, w.acknowledged);
    assert_eq!(h.lost_unacknowledged, 10);
    assert_eq!(w.unacknowledged_lost, 10);
    assert_eq!(w.missing, h.lost_with_site);
    assert!(h.parts[0].accounted);
}

fn quiet_after_5s(options: Value) -> Sim {
    let spec = one_hop(
        json!({"id": "w", "site": "A", "stream": "orders", "rate_per_sec": 100,
               "stop_at_ms": 5_000}),
        options,
        30_000,
    );
    Sim::new(&spec, 1).unwrap()
}

#[test]
fn both_lag_measures_are_small_on_a_busy_stream() {
    let mut sim = quiet_after_5s(json!({"heartbeat_every_ms": 1000}));
    sim.advance_to(4_000);
    let h = &sim.measures().hops[0];
    assert!(
        h.oldest_uncopied_age_ms < 500,
        "{}",
        h.oldest_uncopied_age_ms
    );
    let fresh = h.newest_copied_age_ms.unwrap();
    assert!(fresh < 500, "{fresh}");
}

/// The idle-stream caveat: once the writer stops, nothing waits (measure 1 is 0), yet the
/// newest copied record keeps ageing (measure 2). Heartbeats keep measure 2 honest.
#[test]
fn on_a_quiet_stream_only_heartbeats_keep_measure_two_honest() {
    let mut without = quiet_after_5s(json!({}));
    let mut with = quiet_after_5s(json!({"heartbeat_every_ms": 1000}));
    without.advance_to(20_000);
    with.advance_to(20_000);
    let (a, b) = (&without.measures().hops[0], &with.measures().hops[0]);
    assert_eq!(a.oldest_uncopied_age_ms, 0);
    assert!(a.newest_copied_age_ms.unwrap() >= 14_900);
    assert_eq!(a.heartbeat_age_ms, None);
    // A heartbeat a second, copied within a poll, round trip and write.
    let beat = b.heartbeat_age_ms.unwrap();
    assert!(beat <= 1000 + 200 + 45, "{beat}");
    // Heartbeats are not records of the stream: the data measures do not change.
    assert_eq!(a.newest_copied_age_ms, b.newest_copied_age_ms);
    assert_eq!(a.copied, b.copied);
}

#[test]
fn a_stalled_copier_ages_the_heartbeat_too() {
    let mut sim = quiet_after_5s(json!({"heartbeat_every_ms": 1000}));
    sim.advance_to(10_000);
    sim.apply(Command::StallHop {
        hop: "a-to-b".into(),
    })
    .unwrap();
    sim.advance_to(20_000);
    let beat = sim.measures().hops[0].heartbeat_age_ms.unwrap();
    assert!(beat >= 10_000, "{beat}");
    sim.apply(Command::ResumeHop {
        hop: "a-to-b".into(),
    })
    .unwrap();
    sim.advance_to(22_000);
    let beat = sim.measures().hops[0].heartbeat_age_ms.unwrap();
    assert!(beat <= 1_300, "{beat}");
}

/// Sites named `names`, each writing 10 records once into `orders`, with a hop (no stamp)
/// from every site to every other: one second per hop.
fn mesh(names: &[&str]) -> Sim {
    let mut streams = vec![];
    let mut writers = vec![];
    let mut hops = vec![];
    for &a in names {
        streams.push(json!({"site": a, "name": "orders", "parts": 1}));
        writers.push(json!({"id": format!("w{a}"), "site": a, "stream": "orders",
                            "rate_per_sec": 10, "interval_ms": 1000, "stop_at_ms": 1000}));
        for &b in names.iter().filter(|&&b| b != a) {
            hops.push(json!({"id": format!("{a}-to-{b}"),
                "from": {"site": a, "stream": "orders"}, "to": {"site": b, "stream": "orders"},
                "options": {"rtt_ms": 1000, "target_write_ms": 0, "poll_interval_ms": 50,
                            "map_every": null, "batch_max": 100000}}));
        }
    }
    let sites: Vec<Value> = names.iter().map(|n| json!({"name": n})).collect();
    let spec: ScenarioSpec = serde_json::from_value(json!({
        "version": 1, "duration_ms": 10_000,
        "topology": {"sites": sites, "streams": streams, "writers": writers, "hops": hops}
    }))
    .unwrap();
    Sim::new(&spec, 1).unwrap()
}

fn stored_copies(sim: &mut Sim, at_ms: u64) -> u64 {
    sim.advance_to(at_ms);
    sim.measures().echo.copies_stored
}

/// Two sites: each hop crossed adds one more copy (linear). Three meshed sites: every copy
/// goes out two ways, so copies double per hop crossed.
#[test]
fn two_sites_echo_linearly_three_meshed_sites_multiply() {
    let mut pair = mesh(&["A", "B"]);
    let c: Vec<u64> = [3_500, 6_500, 9_500]
        .iter()
        .map(|&t| stored_copies(&mut pair, t))
        .collect();
    let (d1, d2) = (c[1] - c[0], c[2] - c[1]);
    // About one hop per second each way: the same number of new copies in each window.
    assert!(
        d1 > 0 && 2 * d2 <= 3 * d1 && 3 * d2 >= 2 * d1,
        "two sites: {c:?}"
    );
    let text: String = pair.log().map(|e| e.sentence()).collect();
    assert!(text.contains("one copy per hop crossed"), "{text}");

    let mut three = mesh(&["A", "B", "C"]);
    let c: Vec<u64> = [3_500, 6_500, 9_500]
        .iter()
        .map(|&t| stored_copies(&mut three, t))
        .collect();
    let (d1, d2) = (c[1] - c[0], c[2] - c[1]);
    assert!(d1 > 0 && d2 >= 4 * d1, "three sites: {c:?}");
    let text: String = three.log().map(|e| e.sentence()).collect();
    assert!(text.contains("copies multiply"), "{text}");
}
