//! Bounded cost and clear errors: values past a readable limit are refused with the field
//! path, a spec projected to need too much memory is refused up front, and a run that
//! outgrows its budget stops cleanly with a partial result.

use hoplab_model::spec::limits::{MAX_BATCH, MAX_MS, MAX_POSITION};
use hoplab_model::{BudgetLimit, ScenarioSpec, Sim};
use serde_json::{json, Value};

/// Two sites, a hop, a writer, a reader, a timeline entry: every kind of number.
fn base() -> Value {
    json!({
        "version": 1,
        "duration_ms": 10_000,
        "topology": {
            "sites": [{"name": "A"}, {"name": "B"}],
            "streams": [
                {"site": "A", "name": "orders", "parts": 2, "retention": {"max_age_ms": 60_000}},
                {"site": "B", "name": "orders", "parts": 2}
            ],
            "hops": [{"id": "h", "from": {"site": "A", "stream": "orders"},
                      "to": {"site": "B", "stream": "orders"}, "options": {}}],
            "writers": [{"id": "w", "site": "A", "stream": "orders", "rate_per_sec": 100}],
            "readers": [{"id": "r", "site": "A", "stream": "orders", "rate_per_sec": 50}]
        },
        "timeline": [{"at_ms": 5_000, "command": {"do": "stall-hop", "hop": "h"}}]
    })
}

fn with(pointer: &str, value: Value) -> String {
    let mut v = base();
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    let slot = v.pointer_mut(parent).unwrap();
    match slot {
        Value::Object(m) => {
            m.insert(key.to_string(), value);
        }
        Value::Array(a) => a[key.parse::<usize>().unwrap()] = value,
        _ => panic!("{pointer}"),
    }
    v.to_string()
}

#[test]
fn the_base_spec_is_valid() {
    ScenarioSpec::from_json(&base().to_string()).unwrap();
}

#[test]
fn values_that_would_overflow_are_refused_naming_the_field_path_and_the_limit() {
    let cases: &[(&str, Value, &str, &str)] = &[
        ("/duration_ms", json!(u64::MAX), "duration_ms", "7 days"),
        (
            "/sample_every_ms",
            json!(u64::MAX),
            "sample_every_ms",
            "7 days",
        ),
        (
            "/topology/hops/0/options/rtt_ms",
            json!(u64::MAX),
            "topology.hops[0].options.rtt_ms",
            "must be at most 604800000 (7 days)",
        ),
        (
            "/topology/hops/0/options/rtt_jitter_ms",
            json!(MAX_MS + 1),
            "topology.hops[0].options.rtt_jitter_ms",
            "7 days",
        ),
        (
            "/topology/hops/0/options/target_write_ms",
            json!(u64::MAX),
            "topology.hops[0].options.target_write_ms",
            "7 days",
        ),
        (
            "/topology/hops/0/options/start_at_ms",
            json!(u64::MAX),
            "topology.hops[0].options.start_at_ms",
            "7 days",
        ),
        (
            "/topology/hops/0/options/poll_interval_ms",
            json!(u64::MAX),
            "topology.hops[0].options.poll_interval_ms",
            "7 days",
        ),
        (
            "/topology/hops/0/options/commit_interval_ms",
            json!(u64::MAX),
            "topology.hops[0].options.commit_interval_ms",
            "7 days",
        ),
        (
            "/topology/hops/0/options/checkpoint_every_ms",
            json!(u64::MAX),
            "topology.hops[0].options.checkpoint_every_ms",
            "7 days",
        ),
        (
            "/topology/hops/0/options/batch_max",
            json!(MAX_BATCH + 1),
            "topology.hops[0].options.batch_max",
            "a million records",
        ),
        (
            "/topology/hops/0/options/workers",
            json!(100_000),
            "topology.hops[0].options.workers",
            "256",
        ),
        (
            "/topology/hops/0/options/map_every",
            json!(u64::MAX),
            "topology.hops[0].options.map_every",
            "a billion",
        ),
        (
            "/topology/hops/0/options/max_records_per_sec",
            json!(u64::MAX),
            "topology.hops[0].options.max_records_per_sec",
            "ten million",
        ),
        (
            "/topology/streams/0/start_position",
            json!(u64::MAX),
            "topology.streams[0].start_position",
            "a million billion",
        ),
        (
            "/topology/streams/1/start_position",
            json!(MAX_POSITION + 1),
            "topology.streams[1].start_position",
            "must be at most 1000000000000000",
        ),
        (
            "/topology/streams/0/retention/max_age_ms",
            json!(u64::MAX),
            "topology.streams[0].retention.max_age_ms",
            "7 days",
        ),
        (
            "/topology/streams/0/retention/max_records",
            json!(u64::MAX),
            "topology.streams[0].retention.max_records",
            "a million billion",
        ),
        (
            "/topology/writers/0/interval_ms",
            json!(u64::MAX),
            "topology.writers[0].interval_ms",
            "7 days",
        ),
        (
            "/topology/writers/0/durability_ms",
            json!(u64::MAX),
            "topology.writers[0].durability_ms",
            "7 days",
        ),
        (
            "/topology/writers/0/start_at_ms",
            json!(u64::MAX),
            "topology.writers[0].start_at_ms",
            "7 days",
        ),
        (
            "/topology/writers/0/stop_at_ms",
            json!(u64::MAX),
            "topology.writers[0].stop_at_ms",
            "7 days",
        ),
        (
            "/topology/writers/0/rate_per_sec",
            json!(1e300),
            "topology.writers[0].rate_per_sec",
            "ten million",
        ),
        (
            "/topology/readers/0/interval_ms",
            json!(u64::MAX),
            "topology.readers[0].interval_ms",
            "7 days",
        ),
        (
            "/timeline/0/at_ms",
            json!(u64::MAX),
            "timeline[0].at_ms",
            "7 days",
        ),
    ];
    for (pointer, value, field, words) in cases {
        let e = ScenarioSpec::from_json(&with(pointer, value.clone()))
            .expect_err(&format!("{pointer} = {value} should be refused"));
        assert_eq!(e.field, *field, "{e}");
        assert!(e.problem.contains(words), "{e}");
    }
}

#[test]
fn every_value_at_its_limit_runs_without_overflow() {
    let mut v = base();
    let o = v.pointer_mut("/topology/hops/0/options").unwrap();
    *o = json!({"rtt_ms": MAX_MS, "rtt_jitter_ms": MAX_MS, "target_write_ms": MAX_MS,
                "poll_interval_ms": MAX_MS, "commit_interval_ms": MAX_MS, "batch_max": MAX_BATCH,
                "checkpoint_every_ms": MAX_MS, "map_every": 1_000_000_000u64});
    v["topology"]["streams"][1]["start_position"] = json!(MAX_POSITION);
    v["topology"]["streams"][0]["start_position"] = json!(MAX_POSITION);
    v["topology"]["writers"][0]["durability_ms"] = json!(MAX_MS);
    v["topology"]["writers"][0]["rate_per_sec"] = json!(10_000_000.0);
    v["topology"]["writers"][0]["interval_ms"] = json!(MAX_MS);
    v["topology"]["readers"][0]["interval_ms"] = json!(MAX_MS);
    v["duration_ms"] = json!(MAX_MS);
    v["timeline"][0]["at_ms"] = json!(MAX_MS);
    let spec = ScenarioSpec::from_json(&v.to_string()).unwrap();
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.advance_to(MAX_MS);
    assert_eq!(sim.now(), MAX_MS);
    let m = sim.measures();
    assert!(m.writers[0].appended > 0);
}

/// The first example of issue 9: 10 million records/s into 256 parts every millisecond
/// for an hour aborted at 6 GB. It is now refused before anything is allocated.
#[test]
fn a_spec_projected_far_past_memory_is_refused_up_front_saying_what_to_change() {
    let spec = json!({
        "version": 1, "duration_ms": 3_600_000,
        "topology": {
            "sites": [{"name": "A"}],
            "streams": [{"site": "A", "name": "s", "parts": 256}],
            "writers": [{"id": "w", "site": "A", "stream": "s", "rate_per_sec": 10_000_000, "interval_ms": 1}]
        }
    });
    let e = ScenarioSpec::from_json(&spec.to_string()).unwrap_err();
    assert_eq!(e.field, "topology.writers[0]", "{e}");
    for words in [
        "921,600,000",
        "interval_ms",
        "retention",
        "duration_ms",
        "100,000,000",
    ] {
        assert!(e.problem.contains(words), "{words} missing: {e}");
    }
    // With a retention of one second the same traffic is held in a window: accepted.
    let mut held = spec.clone();
    held["topology"]["streams"][0]["retention"] = json!({"max_age_ms": 1000});
    ScenarioSpec::from_json(&held.to_string()).unwrap();
}

/// The second example: three sites meshed without a stamp and with large batches used
/// 7.9 GB by 12 simulated seconds (every pass of the loop multiplies the copies). Now it
/// stops at its budget, early and small, with the result so far.
fn meshed_echo_loop() -> ScenarioSpec {
    let sites = ["A", "B", "C"];
    let mut hops = Vec::new();
    for a in sites {
        for b in sites.iter().filter(|b| **b != a) {
            hops.push(
                json!({"id": format!("{a}-{b}"), "from": {"site": a, "stream": "orders"},
                "to": {"site": b, "stream": "orders"},
                "options": {"batch_max": MAX_BATCH, "poll_interval_ms": 10, "rtt_ms": 10}}),
            );
        }
    }
    let spec = json!({
        "version": 1, "duration_ms": 60_000,
        "topology": {
            "sites": sites.map(|s| json!({"name": s})),
            "streams": sites.map(|s| json!({"site": s, "name": "orders", "parts": 4})),
            "hops": hops,
            "writers": sites.map(|s| json!({"id": format!("w{s}"), "site": s, "stream": "orders", "rate_per_sec": 1000}))
        }
    });
    ScenarioSpec::from_json(&spec.to_string()).unwrap()
}

#[test]
fn a_meshed_echo_loop_stops_at_its_budget_with_a_partial_result() {
    let spec = meshed_echo_loop();
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.set_budget(hoplab_model::Budget {
        max_events: u64::MAX,
        max_blocks_held: 20_000,
    });
    sim.advance_to(spec.duration_ms);
    let stop = sim.stopped().expect("the loop outgrows the budget").clone();
    assert_eq!(stop.limit, BudgetLimit::BlocksHeld);
    // Serialised under the name blocks had when they were called runs (the measures' JSON
    // and the golden fingerprints keep it).
    assert_eq!(serde_json::to_value(stop.limit).unwrap(), "runs-held");
    assert_eq!(
        serde_json::to_value(sim.budget()).unwrap()["max_runs_held"],
        20_000
    );
    assert!(stop.at_ms < 12_000, "stopped at {} ms", stop.at_ms);
    assert_eq!(
        sim.now(),
        stop.at_ms,
        "the clock stays where the run stopped"
    );
    // One event past the limit at most: nothing like gigabytes.
    assert!(
        sim.blocks_held() < 200_000,
        "{} blocks held",
        sim.blocks_held()
    );
    let m = sim.measures();
    assert_eq!(m.stopped.as_ref(), Some(&stop));
    assert!(m.echo.copies_per_original > 1.0);
    assert!(stop.note.contains("echo loop") && stop.note.contains("20,000"));
    assert!(sim.log().any(|e| e.sentence() == stop.note));
    // Stopped stays stopped: no more events, the clock does not move.
    let events = sim.events_processed();
    assert!(sim.advance_with_budget(spec.duration_ms, 10));
    assert!(sim.step().is_none());
    assert_eq!((sim.events_processed(), sim.now()), (events, stop.at_ms));
}

/// The blocks-held count is only taken when the blocks added since the last count could pass
/// the budget; the run must still stop after the first event that passes it, as a count
/// after every event would.
#[test]
fn the_blocks_budget_stops_after_the_first_event_that_passes_it() {
    let spec = meshed_echo_loop();
    let budget = hoplab_model::Budget {
        max_events: u64::MAX,
        max_blocks_held: 20_000,
    };
    let mut counted = Sim::new(&spec, 1).unwrap();
    counted.set_budget(hoplab_model::Budget {
        max_blocks_held: u64::MAX,
        ..budget
    });
    let mut first_over = None;
    while counted.step().is_some() {
        if counted.blocks_held() > budget.max_blocks_held {
            first_over = Some(counted.events_processed());
            break;
        }
    }
    let first_over = first_over.expect("the loop outgrows the budget");
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.set_budget(budget);
    sim.advance_to(spec.duration_ms);
    assert_eq!(sim.events_processed(), first_over);
    assert_eq!(sim.stopped().unwrap().used, counted.blocks_held());
}

#[test]
fn an_event_budget_stops_after_exactly_that_many_events() {
    let spec = ScenarioSpec::from_json(&base().to_string()).unwrap();
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.set_budget(hoplab_model::Budget {
        max_events: 100,
        max_blocks_held: u64::MAX,
    });
    sim.advance_to(spec.duration_ms);
    assert_eq!(sim.events_processed(), 100);
    let stop = sim.stopped().unwrap();
    assert_eq!(stop.limit, BudgetLimit::Events);
    assert!(stop.at_ms < spec.duration_ms);
    let json = serde_json::to_value(sim.measures()).unwrap();
    assert_eq!(json["stopped"]["limit"], "events");
    // A run within its budget says nothing about one.
    let mut whole = Sim::new(&spec, 1).unwrap();
    whole.advance_to(spec.duration_ms);
    assert!(whole.stopped().is_none());
    assert!(serde_json::to_value(whole.measures())
        .unwrap()
        .get("stopped")
        .is_none());
}
