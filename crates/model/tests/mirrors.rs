//! Offset-preserving mirrors, promotion and the hop-budget stamp, run end to end.

use hoplab_model::spec::*;
use hoplab_model::{Command, ScenarioSpec, Sim};

fn two_sites(options: HopOptions, target_writer: bool) -> ScenarioSpec {
    let json = format!(
        r#"{{"version": 1, "duration_ms": 20000, "topology": {{
          "sites": [{{"name": "A"}}, {{"name": "B"}}],
          "streams": [{{"site": "A", "name": "orders", "parts": 2, "retention": {{"max_records": 400}}}},
                      {{"site": "B", "name": "orders", "parts": 2}}],
          "hops": [{{"id": "m", "from": {{"site": "A", "stream": "orders"}},
                     "to": {{"site": "B", "stream": "orders"}}, "options": {}}}],
          "writers": [{{"id": "w", "site": "A", "stream": "orders", "rate_per_sec": 200}}{}]}}}}"#,
        serde_json::to_string(&options).unwrap(),
        if target_writer {
            r#", {"id": "local", "site": "B", "stream": "orders", "rate_per_sec": 50}"#
        } else {
            ""
        }
    );
    ScenarioSpec::from_json(&json).unwrap()
}

/// The offset-preserving mirror preset's options (`hoplab_copiers::presets`).
fn mirror() -> HopOptions {
    HopOptions {
        kind: HopKind::Mirror,
        map_every: None,
        ..HopOptions::default()
    }
}

#[test]
fn a_file_without_kind_is_a_translating_hop_and_kind_mirror_parses() {
    let plain = two_sites(HopOptions::default(), false);
    assert_eq!(plain.topology.hops[0].options.kind, HopKind::Translate);
    let json = plain.to_json().replace("\"kind\": \"translate\",", "");
    assert!(!json.contains("\"kind\""));
    assert_eq!(ScenarioSpec::from_json(&json).unwrap(), plain);
    let m = two_sites(mirror(), false);
    assert!(m.to_json().contains("\"kind\": \"mirror\""));
}

#[test]
fn a_mirror_keeps_every_position_even_after_a_late_start_and_a_restart() {
    let mut options = mirror();
    options.start_at_ms = 3_000;
    options.start_from = StartFrom::Latest;
    let mut spec = two_sites(options, false);
    spec.timeline.push(TimedCommand {
        at_ms: 8_000,
        command: Command::RestartHop { hop: "m".into() },
    });
    let mut sim = Sim::new(&spec, 3).unwrap();
    sim.advance_to(20_000);
    let m = sim.measures();
    let hop = &m.hops[0];
    assert_eq!(
        hop.duplicates, 0,
        "a mirror re-copies nothing after a restart"
    );
    assert_eq!(hop.map_pairs, 0);
    for p in &hop.parts {
        assert_eq!(p.drift, Some(0));
        // The mirror's log ends where the source's durable log does, give or take lag.
        assert!(p.source_end - p.target_end < 200, "{p:?}");
    }
    // Every copy sits at its source position (the true answer, not the map's).
    for p in &hop.parts {
        for g in (p.target_end - 300..p.target_end).step_by(7) {
            assert_eq!(sim.copy_position("m", p.part, g), Some((p.part, g)));
        }
    }
}

#[test]
fn writers_on_an_unpromoted_mirror_target_are_refused_until_promotion() {
    let mut spec = two_sites(mirror(), true);
    spec.timeline.push(TimedCommand {
        at_ms: 10_000,
        command: Command::Promote { hop: "m".into() },
    });
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.advance_to(9_999);
    let before = sim.measures();
    let local = &before.writers[1];
    assert_eq!(local.appended, 0);
    assert!(local.refused_read_only >= 450, "{local:?}");
    assert!(sim.log().any(|e| e.sentence().contains("read-only mirror")));
    sim.advance_to(20_000);
    let after = sim.measures();
    assert_eq!(after.writers[1].refused_read_only, local.refused_read_only);
    assert!(after.writers[1].appended >= 450);
    let copied = after.hops[0].copied;
    assert_eq!(after.hops[0].status, hoplab_model::HopStatus::Promoted);
    sim.advance_to(25_000);
    assert_eq!(
        sim.measures().hops[0].copied,
        copied,
        "a promoted mirror copies nothing"
    );
    assert!(hoplab_model::lint(&spec.topology)
        .iter()
        .any(|f| f.code == "mirror-target-written"));
}

#[test]
fn promote_is_refused_for_a_translating_hop_and_names_it() {
    let spec = two_sites(HopOptions::default(), false);
    let mut sim = Sim::new(&spec, 1).unwrap();
    let err = sim.apply(Command::Promote { hop: "m".into() }).unwrap_err();
    assert!(err.0.contains("'m' is not a mirror"), "{err}");
    let mut bad = spec.clone();
    bad.timeline.push(TimedCommand {
        at_ms: 1,
        command: Command::Promote { hop: "m".into() },
    });
    let e = bad.validate().unwrap_err();
    assert_eq!(e.field, "timeline[0].command");
}

#[test]
fn a_mirror_refuses_options_it_cannot_honour_naming_the_field() {
    let mut o = mirror();
    o.filter.drop_writers = vec!["w".into()];
    let mut spec = two_sites(HopOptions::default(), false);
    spec.topology.hops[0].options = o;
    assert_eq!(
        spec.validate().unwrap_err().field,
        "topology.hops[0].options.filter.drop_writers"
    );
    spec.topology.hops[0].options = mirror();
    spec.topology.streams[1].parts = 3;
    let e = spec.validate().unwrap_err();
    assert_eq!(e.field, "topology.hops[0].to.stream");
    assert!(e.problem.contains("as many parts"), "{e}");
}

/// Two sites copying into each other's same-named stream with the given stamp.
fn two_way(stamp: OriginStamp) -> ScenarioSpec {
    let options = HopOptions {
        stamp,
        ..HopOptions::default()
    };
    let o = serde_json::to_string(&options).unwrap();
    let json = format!(
        r#"{{"version": 1, "duration_ms": 20000, "topology": {{
          "sites": [{{"name": "A"}}, {{"name": "B"}}],
          "streams": [{{"site": "A", "name": "orders"}}, {{"site": "B", "name": "orders"}}],
          "hops": [{{"id": "ab", "from": {{"site": "A", "stream": "orders"}}, "to": {{"site": "B", "stream": "orders"}}, "options": {o}}},
                   {{"id": "ba", "from": {{"site": "B", "stream": "orders"}}, "to": {{"site": "A", "stream": "orders"}}, "options": {o}}}],
          "writers": [{{"id": "wa", "site": "A", "stream": "orders", "rate_per_sec": 100}},
                      {{"id": "wb", "site": "B", "stream": "orders", "rate_per_sec": 100}}]}}}}"#
    );
    ScenarioSpec::from_json(&json).unwrap()
}

#[test]
fn a_hop_budget_of_one_stops_the_echo_and_is_written_as_an_object() {
    let spec = two_way(OriginStamp::HopBudget(1));
    assert!(spec.to_json().contains("\"hop-budget\": 1"));
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.advance_to(20_000);
    let m = sim.measures();
    for s in &m.sites {
        assert_eq!(s.census.own_echoes, 0, "{}: {:?}", s.name, s.census);
        assert_eq!(s.census.others_echoes, 0, "{}: {:?}", s.name, s.census);
    }
    assert!(m
        .hops
        .iter()
        .all(|h| h.copied > 1_500 && h.not_local > 1_500));
    assert!(!hoplab_model::lint(&spec.topology)
        .iter()
        .any(|f| f.code == "echo-loop"));
    // Without a budget the same topology echoes.
    let mut loud = Sim::new(&two_way(OriginStamp::None), 1).unwrap();
    loud.advance_to(20_000);
    assert!(loud.measures().sites[0].census.own_echoes > 0);
}

#[test]
fn a_hop_budget_of_zero_is_refused_with_its_field() {
    let mut spec = two_way(OriginStamp::HopBudget(1));
    spec.topology.hops[1].options.stamp = OriginStamp::HopBudget(0);
    let e = spec.validate().unwrap_err();
    assert_eq!(e.field, "topology.hops[1].options.stamp.hop-budget");
}
