//! Each product's way of stopping a copy loop, run end to end: a provenance header
//! (Confluent Replicator) stops a record at its own origin only; a hop budget with the
//! visited list (RabbitMQ federation's `max-hops` and `x-received-from`) never sends a
//! record to a site it has already been stored at.

use hoplab_model::spec::*;
use hoplab_model::{lint, ScenarioSpec, Sim};

/// Sites, hops as (id, from site, to site) on one stream `orders`, all with `options`,
/// and a writer at each of `writers`.
fn estate(
    sites: &[&str],
    hops: &[(&str, &str, &str)],
    options: &HopOptions,
    writers: &[&str],
) -> ScenarioSpec {
    let o = serde_json::to_string(options).unwrap();
    let sites_json: Vec<String> = sites
        .iter()
        .map(|s| format!(r#"{{"name": "{s}"}}"#))
        .collect();
    let streams: Vec<String> = sites
        .iter()
        .map(|s| format!(r#"{{"site": "{s}", "name": "orders"}}"#))
        .collect();
    let hops_json: Vec<String> = hops
        .iter()
        .map(|(id, a, b)| {
            format!(
                r#"{{"id": "{id}", "from": {{"site": "{a}", "stream": "orders"}}, "to": {{"site": "{b}", "stream": "orders"}}, "options": {o}}}"#
            )
        })
        .collect();
    let writers_json: Vec<String> = writers
        .iter()
        .map(|s| {
            format!(r#"{{"id": "w-{s}", "site": "{s}", "stream": "orders", "rate_per_sec": 100}}"#)
        })
        .collect();
    let json = format!(
        r#"{{"version": 1, "duration_ms": 20000, "topology": {{"sites": [{}], "streams": [{}], "hops": [{}], "writers": [{}]}}}}"#,
        sites_json.join(","),
        streams.join(","),
        hops_json.join(","),
        writers_json.join(",")
    );
    ScenarioSpec::from_json(&json).unwrap()
}

fn provenance() -> HopOptions {
    HopOptions {
        stamp: OriginStamp::Marker,
        forward_only_local: false,
        ..HopOptions::default()
    }
}

fn run(spec: &ScenarioSpec) -> hoplab_model::Measures {
    let mut sim = Sim::new(spec, 1).unwrap();
    sim.advance_to(20_000);
    sim.measures()
}

fn echo_loop_found(spec: &ScenarioSpec) -> bool {
    lint(&spec.topology)
        .iter()
        .any(|f| f.code.id() == "echo-loop")
}

const RING: [(&str, &str, &str); 3] = [("ab", "A", "B"), ("bc", "B", "C"), ("ca", "C", "A")];

#[test]
fn a_provenance_header_carries_a_record_round_a_ring_once_and_stops_it_at_home() {
    let spec = estate(&["A", "B", "C"], &RING, &provenance(), &["A"]);
    let m = run(&spec);
    for s in &m.sites {
        assert_eq!(s.census.echoes(), 0, "{}: {:?}", s.name, s.census);
    }
    let hop = |id: &str| m.hops.iter().find(|h| h.id == id).unwrap();
    // B forwards A's records on to C (a marker alone does not stop them)...
    assert!(hop("bc").copied > 1_000, "{:?}", hop("bc"));
    let at_c = m.sites.iter().find(|s| s.name == "C").unwrap();
    assert!(at_c.census.others > 1_000, "{:?}", at_c.census);
    // ...and C never sends them home to A.
    assert_eq!(hop("ca").copied, 0, "{:?}", hop("ca"));
    assert!(!echo_loop_found(&spec));
}

#[test]
fn a_provenance_ring_fed_from_outside_loops_without_end_and_the_lint_says_so() {
    let mut hops = RING.to_vec();
    hops.push(("xa", "X", "A"));
    let spec = estate(&["A", "B", "C", "X"], &hops, &provenance(), &["X"]);
    let m = run(&spec);
    let at_a = m.sites.iter().find(|s| s.name == "A").unwrap();
    assert!(
        at_a.census.others_echoes > 0,
        "X's records come round again: {:?}",
        at_a.census
    );
    assert!(echo_loop_found(&spec));
    // Two ways round (a figure of eight through B) loop too.
    let eight = [
        ("ab", "A", "B"),
        ("ba", "B", "A"),
        ("bc", "B", "C"),
        ("cb", "C", "B"),
    ];
    assert!(echo_loop_found(&estate(
        &["A", "B", "C"],
        &eight,
        &provenance(),
        &["A"]
    )));
}

#[test]
fn a_hop_budget_never_sends_a_record_to_a_site_it_has_visited() {
    // A -> B -> C -> B: A's records reach C after two hops; with max-hops 3 the budget
    // alone would send them back to B, which already holds them.
    let hops = [("ab", "A", "B"), ("bc", "B", "C"), ("cb", "C", "B")];
    let budget = HopOptions {
        stamp: OriginStamp::HopBudget(3),
        ..HopOptions::default()
    };
    let m = run(&estate(&["A", "B", "C"], &hops, &budget, &["A"]));
    for s in &m.sites {
        assert_eq!(s.census.echoes(), 0, "{}: {:?}", s.name, s.census);
    }
    let cb = m.hops.iter().find(|h| h.id == "cb").unwrap();
    assert!(cb.not_local > 1_000 && cb.copied == 0, "{cb:?}");
}
