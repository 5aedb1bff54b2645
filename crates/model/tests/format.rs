//! The scenario file format: round trips, and errors that name the field.

use hoplab_model::{lint, scenarios, ScenarioSpec, Sim};

#[test]
fn every_scenario_exports_and_reads_back_identically() {
    for s in scenarios::all() {
        let spec = s.build_default().unwrap();
        let json = spec.to_json();
        let back = ScenarioSpec::from_json(&json).unwrap_or_else(|e| panic!("{}: {e}", s.id));
        assert_eq!(back, spec, "{}", s.id);
        assert!(json.contains("\"version\": 1"));
    }
}

fn err(json: &str) -> hoplab_model::SpecError {
    ScenarioSpec::from_json(json).expect_err("should be refused")
}

const MINIMAL: &str = r#"{"version": 1, "topology": {"sites": [{"name": "A"}, {"name": "B"}],
  "streams": [{"site": "A", "name": "orders"}, {"site": "B", "name": "orders"}],
  "hops": [{"id": "h", "from": {"site": "A", "stream": "orders"}, "to": {"site": "B", "stream": "orders"}}],
  "writers": [{"id": "w", "site": "A", "stream": "orders", "rate_per_sec": 10}]}}"#;

#[test]
fn a_minimal_file_uses_defaults_and_runs() {
    let spec = ScenarioSpec::from_json(MINIMAL).unwrap();
    assert_eq!(spec.topology.hops[0].options.map_every, Some(100));
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.advance_to(spec.duration_ms);
    assert!(sim.measures().hops[0].copied > 500);
}

#[test]
fn version_is_required_and_checked() {
    assert_eq!(err(r#"{"topology": {"sites": []}}"#).field, "version");
    let e = err(&MINIMAL.replace("\"version\": 1", "\"version\": 2"));
    assert_eq!(e.field, "version");
    assert!(e.problem.contains("version 1"));
}

#[test]
fn unknown_and_missing_fields_are_named() {
    let e = err(&MINIMAL.replace("\"rate_per_sec\"", "\"rate\""));
    assert_eq!(e.field, "topology.writers[0].rate", "{e}");
    assert!(e.problem.contains("unknown field"), "{e}");
    let e = err(&MINIMAL.replace("\"id\": \"h\",", ""));
    assert_eq!(e.field, "topology.hops[0].id", "{e}");
    let e = err(
        r#"{"version": 1, "topology": {"sites": [{"name": "A"}], "hops": [{"id": "h", "from": {"site": "A", "stream": "x"}, "to": {"site": "A", "stream": "y"}, "options": {"mapping": "sideways"}}]}}"#,
    );
    assert!(e.problem.contains("sideways"), "{e}");
    assert_eq!(e.field, "topology.hops[0].options.mapping", "{e}");
    let e = err(r#"{"version": 1, "topology": {"sites": [}"#);
    assert_eq!(e.field, "(file)", "{e}");
    assert!(e.problem.contains("line 1 column"), "{e}");
}

#[test]
fn broken_references_name_the_field_path() {
    let e = err(&MINIMAL.replace(
        "\"from\": {\"site\": \"A\", \"stream\": \"orders\"}",
        "\"from\": {\"site\": \"A\", \"stream\": \"payments\"}",
    ));
    assert_eq!(e.field, "topology.hops[0].from.stream");
    assert!(e.problem.contains("payments"));
    let e = err(&MINIMAL.replace("\"rate_per_sec\": 10", "\"rate_per_sec\": -1"));
    assert_eq!(e.field, "topology.writers[0].rate_per_sec");
    let e = err(&MINIMAL.replace("{\"name\": \"B\"}", "{\"name\": \"A\"}"));
    assert_eq!(e.field, "topology.sites[1]");
    let timeline = MINIMAL[..MINIMAL.len() - 1].to_string()
        + r#", "timeline": [{"at_ms": 5, "command": {"do": "stall-hop", "hop": "nope"}}]}"#;
    let e = err(&timeline);
    assert_eq!(e.field, "timeline[0].command");
    assert!(e.problem.contains("nope"));
}

#[test]
fn qualified_names_must_be_spelled_out() {
    let json = MINIMAL.replace("\"to\": {\"site\": \"B\", \"stream\": \"orders\"}}", "\"to\": {\"site\": \"B\", \"stream\": \"orders\"}, \"options\": {\"stamp\": \"qualified-name\"}}");
    let e = err(&json);
    assert_eq!(e.field, "topology.hops[0].to.stream");
    assert!(e.problem.contains("A.orders"));
    let ok = json.replace(
        "\"stream\": \"orders\"}, \"options\"",
        "\"stream\": \"A.orders\"}, \"options\"",
    );
    ScenarioSpec::from_json(&ok).unwrap();
}

/// The 26 card slugs of the question tree, in its order (content/tree.toml; the test
/// below holds the two together).
const CARDS: &[&str] = &[
    "copy-lag",
    "what-crosses",
    "lag-by-subtraction",
    "position-map",
    "tiered-storage",
    "beyond-records",
    "exactly-once-copy",
    "size-the-copy",
    "backup-vs-copy",
    "rpo-floor",
    "uncopied-tail",
    "stretch-or-copy",
    "failover-preconditions",
    "reader-resume",
    "replay-or-gap",
    "rto-readers",
    "companion-outage",
    "contract-store-restore",
    "companion-inventory",
    "failback",
    "rehearsal",
    "move-the-clients",
    "stateful-processor-failover",
    "echo-loop",
    "no-single-order",
    "single-writer-streams",
];

#[test]
fn the_card_list_matches_the_tree() {
    // Each section's `cards = ["a", "b", ...]` line, in order.
    let tree = include_str!("../../../content/tree.toml");
    let slugs: Vec<&str> = tree
        .lines()
        .filter_map(|l| l.trim().strip_prefix("cards = ["))
        .flat_map(|l| l.trim_end_matches(']').split(','))
        .map(|s| s.trim().trim_matches('"'))
        .collect();
    assert_eq!(slugs, CARDS);
}

#[test]
fn every_scenario_and_finding_points_at_a_real_card() {
    for s in scenarios::all() {
        assert!(CARDS.contains(&s.card), "{} -> {}", s.id, s.card);
    }
    let shared = scenarios::get("single-writer-streams").unwrap();
    let spec = shared
        .build(&shared.values_from_pairs([("shape", "shared")]).unwrap())
        .unwrap();
    let mut t = spec.topology;
    t.hops[0].options.stamp = hoplab_model::spec::OriginStamp::None;
    t.hops[1].options.stamp = hoplab_model::spec::OriginStamp::None;
    t.hops[0].options.map_every = None;
    t.hops[0].options.mapping = hoplab_model::spec::PartMapping::FanOut;
    t.hops[0].options.timestamps = hoplab_model::spec::Timestamps::StampArrival;
    t.readers.push(hoplab_model::spec::ReaderSpec {
        id: "r".into(),
        site: "A".into(),
        stream: "orders".into(),
        rate_per_sec: 1.0,
        interval_ms: 100,
        start_from: hoplab_model::spec::StartFrom::Earliest,
        planned_resume: Some(hoplab_model::ResumeRule::Timestamp),
        streams: Vec::new(),
        commit_every_ms: 5_000,
    });
    t.companions.push(hoplab_model::spec::CompanionSpec {
        name: "schemas".into(),
        kind: "contract-store".into(),
        sites: vec!["A".into()],
    });
    let findings = lint(&t);
    let codes: Vec<&str> = findings.iter().map(|f| f.code.id()).collect();
    for code in [
        "echo-loop",
        "no-position-map",
        "fan-out-breaks-order",
        "time-resume-without-timestamps",
        "written-at-two-sites",
        "companion-at-one-site",
    ] {
        assert!(codes.contains(&code), "{code} missing from {codes:?}");
    }
    assert_eq!(
        codes.iter().filter(|c| **c == "echo-loop").count(),
        1,
        "one cycle, reported once"
    );
    for f in &findings {
        assert!(CARDS.contains(&f.card), "{} -> {}", f.code, f.card);
    }
}

#[test]
fn a_stamp_on_either_hop_of_the_pair_breaks_the_loop_for_the_lint() {
    let s = scenarios::get("echo-loop").unwrap();
    let none = s.build_default().unwrap();
    assert!(lint(&none.topology).iter().any(|f| f.code == "echo-loop"));
    let marker = s
        .build(&s.values_from_pairs([("stamp", "marker")]).unwrap())
        .unwrap();
    assert!(!lint(&marker.topology).iter().any(|f| f.code == "echo-loop"));
}

#[test]
fn the_readme_example_is_a_valid_file() {
    let readme = include_str!("../README.md");
    let start = readme.find("```json\n").unwrap() + "```json\n".len();
    let end = start + readme[start..].find("```").unwrap();
    let spec = ScenarioSpec::from_json(&readme[start..end]).unwrap();
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.advance_to(spec.duration_ms);
    let m = sim.measures();
    assert!(m.readers[0].last_move.is_some());
    assert!(lint(&spec.topology).is_empty());
}

#[test]
fn a_wrong_type_names_the_field_it_is_in() {
    let e = err(&MINIMAL.replace("\"rate_per_sec\": 10", "\"rate_per_sec\": \"fast\""));
    assert_eq!(e.field, "topology.writers[0].rate_per_sec", "{e}");
    let e = err(&MINIMAL.replace(
        "{\"site\": \"A\", \"name\": \"orders\"}",
        "{\"site\": \"A\", \"name\": \"orders\", \"parts\": -2}",
    ));
    assert_eq!(e.field, "topology.streams[0].parts", "{e}");
}

#[test]
fn the_writer_and_reader_constructors_match_a_file_that_leaves_every_option_out() {
    use hoplab_model::spec::{ReaderSpec, WriterSpec};
    let writer: WriterSpec = serde_json::from_str(
        r#"{ "id": "w", "site": "A", "stream": "orders", "rate_per_sec": 50 }"#,
    )
    .unwrap();
    assert_eq!(writer, WriterSpec::new("w", "A", "orders", 50.0));
    let reader: ReaderSpec = serde_json::from_str(
        r#"{ "id": "g", "site": "A", "stream": "orders", "rate_per_sec": 40 }"#,
    )
    .unwrap();
    assert_eq!(reader, ReaderSpec::new("g", "A", "orders", 40.0));
}

#[test]
fn the_map_store_is_named_only_when_not_the_default() {
    use hoplab_model::spec::MapStore;
    let spec = ScenarioSpec::from_json(MINIMAL).unwrap();
    assert_eq!(spec.topology.hops[0].options.map_store, MapStore::Kafka36);
    // Files written before the option existed read and write back unchanged.
    assert!(!spec.to_json().contains("map_store"));
    let old = MINIMAL.replace(
        r#""to": {"site": "B", "stream": "orders"}}"#,
        r#""to": {"site": "B", "stream": "orders"}, "options": {"map_store": "kafka-3.5.0"}}"#,
    );
    let spec = ScenarioSpec::from_json(&old).unwrap();
    assert_eq!(spec.topology.hops[0].options.map_store, MapStore::Kafka350);
    let json = spec.to_json();
    assert!(json.contains("\"map_store\": \"kafka-3.5.0\""), "{json}");
    assert_eq!(ScenarioSpec::from_json(&json).unwrap(), spec);
    let e = err(&old.replace("kafka-3.5.0", "kafka-9"));
    assert!(
        e.field.contains("map_store") || e.problem.contains("map_store"),
        "{e}"
    );
}

#[test]
fn the_nats_release_is_named_only_when_not_the_default() {
    use hoplab_model::spec::NatsRelease;
    let spec = ScenarioSpec::from_json(MINIMAL).unwrap();
    assert_eq!(
        spec.topology.hops[0].options.nats_release,
        NatsRelease::Nats215
    );
    assert!(!spec.to_json().contains("nats_release"));
    let old = MINIMAL.replace(
        r#""to": {"site": "B", "stream": "orders"}}"#,
        r#""to": {"site": "B", "stream": "orders"}, "options": {"nats_release": "2.11"}}"#,
    );
    let spec = ScenarioSpec::from_json(&old).unwrap();
    assert_eq!(
        spec.topology.hops[0].options.nats_release,
        NatsRelease::Nats211
    );
    let json = spec.to_json();
    assert!(json.contains("\"nats_release\": \"2.11\""), "{json}");
    assert_eq!(ScenarioSpec::from_json(&json).unwrap(), spec);
    let e = err(&old.replace("\"2.11\"", "\"2.13\""));
    assert!(
        e.field.contains("nats_release") || e.problem.contains("nats_release"),
        "{e}"
    );
}

#[test]
fn a_promote_of_a_mirror_standing_for_nats_server_before_2_12_is_refused_with_the_file() {
    let file = |release: &str| {
        MINIMAL[..MINIMAL.len() - 1].replace(
            r#""to": {"site": "B", "stream": "orders"}}"#,
            &format!(
                r#""to": {{"site": "B", "stream": "orders"}}, "options": {{"kind": "mirror", "nats_release": "{release}"}}}}"#
            ),
        ) + r#", "timeline": [{"at_ms": 5000, "command": {"do": "promote", "hop": "h"}}]}"#
    };
    let e = err(&file("2.11"));
    assert_eq!(e.field, "timeline[0].command");
    assert!(e.problem.contains("nats-server 2.11"), "{e}");
    assert!(ScenarioSpec::from_json(&file("2.12")).is_ok());
}

#[test]
fn a_nats_version_belongs_to_the_release_whose_rules_it_follows() {
    use hoplab_model::spec::NatsRelease;
    let of = NatsRelease::of_version;
    assert_eq!(of("2.9.10"), NatsRelease::Nats29);
    assert_eq!(of("2.10.26"), NatsRelease::Nats210);
    assert_eq!(of("v2.11.11"), NatsRelease::Nats211);
    assert_eq!(of("2.12.7"), NatsRelease::Nats212);
    assert_eq!(of("2.12.8"), NatsRelease::Nats2128);
    assert_eq!(of("2.14.6"), NatsRelease::Nats214);
    assert_eq!(of("2.15.0-dev"), NatsRelease::Nats215);
    assert_eq!(of("2.16.0"), NatsRelease::Nats215);
    // The rules, each where the real-copiers layer saw it change.
    let since = |rule: fn(NatsRelease) -> bool| {
        NatsRelease::ALL
            .into_iter()
            .find(|r| rule(*r))
            .map(NatsRelease::id)
    };
    assert_eq!(since(NatsRelease::promotes_mirrors), Some("2.12"));
    assert_eq!(since(|r| !r.mirror_dedups_msg_ids()), Some("2.12.8"));
    assert_eq!(since(NatsRelease::message_ttl), Some("2.11"));
    assert_eq!(since(NatsRelease::counters_and_batches), Some("2.12"));
    assert_eq!(
        since(NatsRelease::refuses_client_source_header),
        Some("2.15")
    );
}

#[test]
fn a_synchronous_hop_may_not_filter_and_is_alone_on_its_stream() {
    let sync = MINIMAL.replace(
        r#""to": {"site": "B", "stream": "orders"}}"#,
        r#""to": {"site": "B", "stream": "orders"}, "options": {"ack": "far-copy-durable"}}"#,
    );
    let spec = ScenarioSpec::from_json(&sync).unwrap();
    assert!(spec.to_json().contains("\"ack\": \"far-copy-durable\""));
    assert!(!ScenarioSpec::from_json(MINIMAL)
        .unwrap()
        .to_json()
        .contains("\"ack\""));
    let filtered = sync.replace(
        r#""ack": "far-copy-durable""#,
        r#""ack": "far-copy-durable", "filter": {"drop_writers": ["w"]}"#,
    );
    assert_eq!(
        err(&filtered).field,
        "topology.hops[0].options.filter.drop_writers"
    );
    let mut two = spec.clone();
    let mut second = two.topology.hops[0].clone();
    second.id = "h2".into();
    second.to.site = "A".into();
    second.to.stream = "copy".into();
    two.topology
        .streams
        .push(hoplab_model::spec::StreamSpec::new("A", "copy", 1));
    two.topology.hops.push(second);
    let e = two
        .validate()
        .expect_err("two synchronous hops from one stream");
    assert_eq!(e.field, "topology.hops[1].options.ack");
}

#[test]
fn a_parse_error_carries_its_line_and_a_check_its_field_only() {
    // Broken JSON on the third line.
    let e = err("{\n\"version\": 1,\n\"topology\": {,\n}");
    assert_eq!((e.field.as_str(), e.line), ("(file)", Some(3)));
    // A mistyped value: the field's path and the line it is on.
    let typed = MINIMAL.replace("\"rate_per_sec\": 10", "\"rate_per_sec\": \"ten\"");
    let e = err(&typed);
    assert_eq!(e.line, Some(4), "{e:?}");
    assert!(e.field.contains("rate_per_sec"), "{e:?}");
    // A check on the parsed file: no line, the field named.
    let e = err(&MINIMAL.replace("\"site\": \"B\", \"stream\"", "\"site\": \"C\", \"stream\""));
    assert_eq!(e.line, None);
    assert!(e.field.starts_with("topology.hops[0].to"), "{e:?}");
}
