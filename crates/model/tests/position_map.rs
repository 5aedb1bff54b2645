//! The position map in whole runs: MirrorMaker 2's rule with a filter and a target that
//! has its own writer, a bounded history over hours, and where the model differs.

use hoplab_model::{Command, ResumeRule, ScenarioSpec, Sim, Translation, SYNCS_PER_PART};
use serde_json::json;

/// A (two writers, `audit` filtered) -> B (its own writer `wb`), one part, a pair per 100.
fn filtered_into_a_written_target(duration_ms: u64) -> ScenarioSpec {
    let v = json!({
        "version": 1, "duration_ms": duration_ms, "sample_every_ms": 60_000,
        "topology": {
            "sites": [{"name": "A"}, {"name": "B"}],
            "streams": [{"site": "A", "name": "orders", "parts": 1},
                        {"site": "B", "name": "orders", "parts": 1}],
            "hops": [{"id": "a-to-b", "from": {"site": "A", "stream": "orders"},
                      "to": {"site": "B", "stream": "orders"},
                      "options": {"map_every": 100, "filter": {"drop_writers": ["audit"]}}}],
            "writers": [
                {"id": "w1", "site": "A", "stream": "orders", "rate_per_sec": 200},
                {"id": "audit", "site": "A", "stream": "orders", "rate_per_sec": 200},
                {"id": "wb", "site": "B", "stream": "orders", "rate_per_sec": 300}],
            "readers": [{"id": "billing", "site": "A", "stream": "orders", "rate_per_sec": 1000}]
        }
    });
    serde_json::from_value(v).unwrap()
}

/// Where the next record at or after `g` that was copied sits on B (None: none copied yet).
fn true_place(sim: &Sim, g: u64) -> Option<u64> {
    sim.copies_of("a-to-b")
        .iter()
        .filter(|c| !c.duplicate && c.source_position >= g)
        .min_by_key(|c| c.source_position)
        .map(|c| c.target_position)
}

/// The stated bound: fewer than N target positions before the true place from the newest
/// pair on; further back, less than the target distance between the kept pairs around `g`.
fn assert_within_bound(sim: &Sim, g: u64, n: u64) -> u64 {
    let Some(Translation::At {
        part: 0,
        position: t,
    }) = sim.translate("a-to-b", 0, g)
    else {
        panic!("no translation for {g}");
    };
    let Some(truth) = true_place(sim, g) else {
        return t;
    };
    assert!(t <= truth, "g={g} lands past its place: {t} > {truth}");
    let pairs = &sim.view(0).hops[0].parts[0].map;
    let before = pairs.iter().rev().find(|p| p.0 <= g).unwrap();
    match pairs.iter().find(|p| p.0 > g) {
        None => assert!(truth - t < n, "g={g}: {t} vs true {truth}"),
        Some(after) => assert!(
            truth - t <= after.2 - before.2,
            "g={g}: {t} vs true {truth}, pairs {before:?} {after:?}"
        ),
    }
    t
}

#[test]
fn a_reader_moved_over_the_map_lands_at_or_before_and_within_the_bound() {
    let mut spec = filtered_into_a_written_target(30_000);
    // The group polls every 700 ms, so it usually stands behind the copier.
    spec.topology.readers[0].interval_ms = 700;
    let mut near_live_end = 0;
    for lose_at in [9_950u64, 13_330, 17_030, 21_170, 23_410, 27_890] {
        let mut sim = Sim::new(&spec, 7).unwrap();
        sim.advance_to(lose_at);
        let g = sim.measures().readers[0].positions[0];
        let t = assert_within_bound(&sim, g, 100);
        let newest = sim.view(0).hops[0].parts[0].map.last().unwrap().0;
        near_live_end += usize::from(g >= newest);
        // Moved while A still answers (a planned move), so the position it stands at is
        // what is translated; after a loss only a synced checkpoint would be known.
        sim.apply(Command::MoveReader {
            reader: "billing".into(),
            site: "B".into(),
            rule: ResumeRule::PositionMap,
        })
        .unwrap();
        let mv = sim.measures().readers[0].last_move.clone().unwrap();
        assert_eq!(mv.parts[0].new_position, t);
        // What it reads again: copies it had processed, between t and its place.
        assert!(mv.replay < 100, "{mv:?}");
    }
    assert!(near_live_end > 0, "no case at the live end");
}

#[test]
fn six_hours_with_a_filter_keep_at_most_64_pairs_per_part() {
    let spec = filtered_into_a_written_target(6 * 3600 * 1000);
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.set_log_capacity(0);
    sim.advance_to(spec.duration_ms);
    let m = sim.measures();
    let h = &m.hops[0];
    // Every batch starts with a skip (the filter), so pairs are written all the time...
    assert!(h.map_written > 100_000, "{}", h.map_written);
    // ...and the store keeps a bounded, exponentially spaced few.
    assert!(h.map_pairs <= SYNCS_PER_PART, "{}", h.map_pairs);
    let pairs = &sim.view(0).hops[0].parts[0].map;
    assert!(pairs.len() >= 10, "{}", pairs.len());
    // An hour back still translates, to a position before its copy and not far from it.
    let g = pairs.last().unwrap().0 - 400 * 3600;
    let t = assert_within_bound(&sim, g, 100);
    let truth = true_place(&sim, g).unwrap();
    let end = sim.view(0).streams[1].parts[0].end;
    assert!(
        truth - t < 2 * (end - truth),
        "t={t} truth={truth} end={end}"
    );
}

/// Where the model differs from MirrorMaker 2: a lost target loses the model's map with
/// it (MM2 keeps offset syncs on the source cluster and would go on translating into
/// positions the rebuilt target no longer has).
#[test]
fn losing_the_target_forgets_the_map() {
    let spec = filtered_into_a_written_target(20_000);
    let mut sim = Sim::new(&spec, 3).unwrap();
    sim.advance_to(10_000);
    assert!(matches!(
        sim.translate("a-to-b", 0, 100),
        Some(Translation::At { .. })
    ));
    sim.apply(Command::LoseSite { site: "B".into() }).unwrap();
    assert_eq!(sim.translate("a-to-b", 0, 100), Some(Translation::NoPairs));
}

/// MirrorMaker 2's reset: a restart that re-reads from its last commit rewinds the source;
/// positions before the rewind are then older than every kept pair.
#[test]
fn a_restart_that_rewinds_resets_the_history() {
    let mut spec = filtered_into_a_written_target(20_000);
    spec.topology.hops[0].options.commit_interval_ms = 8_000;
    let mut sim = Sim::new(&spec, 3).unwrap();
    sim.advance_to(12_000);
    let committed = sim.measures().hops[0].parts[0].committed;
    assert!(matches!(
        sim.translate("a-to-b", 0, 10),
        Some(Translation::At { .. })
    ));
    sim.apply(Command::RestartHop {
        hop: "a-to-b".into(),
    })
    .unwrap();
    sim.advance_to(13_000);
    match sim.translate("a-to-b", 0, 10) {
        // The first record copied again (the one at the commit, unless it was filtered).
        Some(Translation::OlderThanHistory { oldest }) => {
            assert!(
                (committed..committed + 20).contains(&oldest),
                "{oldest} vs {committed}"
            )
        }
        other => panic!("{other:?}"),
    }
    // Once the re-copy has caught up, translation over the new pairs is within the bound.
    sim.advance_to(20_000);
    let g = sim.view(0).hops[0].parts[0].copied_upto - 50;
    assert_within_bound(&sim, g, 100);
}

#[test]
fn a_move_before_any_pair_says_so() {
    let mut spec = filtered_into_a_written_target(10_000);
    spec.topology.hops[0].options.start_at_ms = 5_000;
    let mut sim = Sim::new(&spec, 3).unwrap();
    sim.advance_to(2_000);
    assert_eq!(sim.translate("a-to-b", 0, 0), Some(Translation::NoPairs));
    let options = sim.resume_options("billing", "B").unwrap();
    let map = options.iter().find(|m| m.rule == "position-map").unwrap();
    assert!(
        map.note.as_deref().unwrap().contains("no map pairs yet"),
        "{:?}",
        map.note
    );
}

/// `map_store` reaches the store: over a filtered run, whose pairs come unevenly spaced
/// (one at each batch's first record, and a jittery link makes the batches uneven), Kafka
/// 3.5.0's store keeps other pairs than 3.6's,
/// and a group moved over either still lands at or before its place.
#[test]
fn kafka_3_5_0_store_keeps_other_pairs_and_still_lands_at_or_before() {
    let run = |store: &str| {
        let mut spec = filtered_into_a_written_target(20 * 60 * 1000);
        let mut v = serde_json::to_value(&spec).unwrap();
        v["topology"]["hops"][0]["options"]["map_store"] = json!(store);
        v["topology"]["hops"][0]["options"]["rtt_jitter_ms"] = json!(400);
        spec = serde_json::from_value(v).unwrap();
        let mut sim = Sim::new(&spec, 1).unwrap();
        sim.set_log_capacity(0);
        sim.advance_to(spec.duration_ms);
        let pairs = sim.view(0).hops[0].parts[0].map.clone();
        assert!(pairs.len() <= SYNCS_PER_PART);
        let newest = pairs.last().unwrap().0;
        for back in [500u64, 5_000, 50_000, 200_000] {
            assert_within_bound(&sim, newest - back, 100);
        }
        pairs
    };
    let new = run("kafka-3.6");
    let old = run("kafka-3.5.0");
    assert_ne!(new, old);
}
