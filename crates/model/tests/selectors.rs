//! Stream selectors on hops: one hop over the streams its patterns select, expanded to a
//! plain hop per stream, with MirrorMaker 2's naming, chains, cycle rule and heartbeats.

use hoplab_model::{lint, ScenarioSpec, Sim};

/// A file with sites A, B, C, the given streams (`site/name`) and hops (JSON objects).
fn file(streams: &[&str], hops: &[impl AsRef<str>], timeline: &str) -> String {
    let streams: Vec<String> = streams
        .iter()
        .map(|s| {
            let (site, name) = s.split_once('/').unwrap();
            format!(r#"{{"site": "{site}", "name": "{name}"}}"#)
        })
        .collect();
    format!(
        r#"{{"version": 1, "duration_ms": 5000,
          "topology": {{"sites": [{{"name": "A"}}, {{"name": "B"}}, {{"name": "C"}}],
            "streams": [{}], "hops": [{}],
            "writers": [{{"id": "w", "site": "A", "stream": "orders", "rate_per_sec": 10, "stop_at_ms": 1000}}]}},
          "timeline": [{timeline}]}}"#,
        streams.join(", "),
        hops.iter()
            .map(|h| h.as_ref())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// A selector hop from `from` to `to` with MirrorMaker 2's naming.
fn qualified(id: &str, from: &str, to: &str, include: &str, exclude: &str) -> String {
    format!(
        r#"{{"id": "{id}", "from": {{"site": "{from}"}}, "to": {{"site": "{to}"}},
            "options": {{"stamp": "qualified-name", "streams": {{"include": [{include}], "exclude": [{exclude}]}}}}}}"#
    )
}

fn expanded_hops(spec: &ScenarioSpec) -> Vec<(String, String, String)> {
    spec.expanded()
        .unwrap()
        .topology
        .hops
        .iter()
        .map(|h| {
            (
                h.id.clone(),
                format!("{}/{}", h.from.site, h.from.stream),
                format!("{}/{}", h.to.site, h.to.stream),
            )
        })
        .collect()
}

fn hop(id: &str, from: &str, to: &str) -> (String, String, String) {
    (id.into(), from.into(), to.into())
}

#[test]
fn a_selector_copies_the_matching_streams_under_qualified_names() {
    let streams = ["A/orders", "A/payments", "A/payments-test", "A/audit"];
    let h = qualified("ab", "A", "B", r#""orders", "pay*""#, r#""*-test""#);
    let spec = ScenarioSpec::from_json(&file(&streams, &[&h], "")).unwrap();
    assert_eq!(
        expanded_hops(&spec),
        [
            hop("ab/orders", "A/orders", "B/A.orders"),
            hop("ab/payments", "A/payments", "B/A.payments"),
        ]
    );
    // The file itself keeps the one hop; the run copies the records.
    assert_eq!(spec.topology.hops.len(), 1);
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.advance_to(5_000);
    let m = sim.measures();
    assert_eq!(m.hops[0].id, "ab/orders");
    assert_eq!(m.hops[0].copied, 10);
    assert_eq!(sim.spec().topology.hops.len(), 2);
}

#[test]
fn remote_streams_chain_whatever_the_order_of_the_hops() {
    // B -> C is written first; it still sees A.orders, which A -> B creates on B.
    let hops = [
        qualified("bc", "B", "C", r#""*""#, ""),
        qualified("ab", "A", "B", r#""*""#, ""),
    ];
    let spec = ScenarioSpec::from_json(&file(&["A/orders", "B/orders"], &hops, "")).unwrap();
    assert_eq!(
        expanded_hops(&spec),
        [
            hop("bc/orders", "B/orders", "C/B.orders"),
            hop("bc/A.orders", "B/A.orders", "C/B.A.orders"),
            hop("ab/orders", "A/orders", "B/A.orders"),
        ]
    );
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.advance_to(5_000);
    let at_c = sim.coverage();
    let a = at_c.iter().find(|c| c.origin == "A").unwrap();
    assert_eq!(a.sites[2].records, 10, "{a:?}");
    assert_eq!(a.sites[2].streams, ["B.A.orders"]);
}

#[test]
fn a_stream_whose_alias_chain_names_the_target_is_not_copied() {
    // Both ways with MirrorMaker 2's naming: A.orders on B is not copied back to A (it
    // would be B.A.orders on A), nor is anything round a three-site ring.
    let hops = [
        qualified("ab", "A", "B", r#""*""#, ""),
        qualified("ba", "B", "A", r#""*""#, ""),
    ];
    let spec = ScenarioSpec::from_json(&file(&["A/orders", "B/orders"], &hops, "")).unwrap();
    assert_eq!(
        expanded_hops(&spec),
        [
            hop("ab/orders", "A/orders", "B/A.orders"),
            hop("ba/orders", "B/orders", "A/B.orders"),
        ]
    );
    assert!(lint(&spec.topology)
        .iter()
        .all(|f| f.code != "echo-loop" && f.code != "qualified-name-loop"));
    let ring = [
        qualified("ab", "A", "B", r#""*""#, ""),
        qualified("bc", "B", "C", r#""*""#, ""),
        qualified("ca", "C", "A", r#""*""#, ""),
    ];
    let spec = ScenarioSpec::from_json(&file(&["A/orders"], &ring, "")).unwrap();
    assert_eq!(
        expanded_hops(&spec),
        [
            hop("ab/orders", "A/orders", "B/A.orders"),
            hop("bc/A.orders", "B/A.orders", "C/B.A.orders"),
        ]
    );
}

#[test]
fn heartbeats_are_copied_whatever_the_patterns_and_internal_streams_never() {
    let streams = [
        "A/orders",
        "A/heartbeats",
        "A/__consumer_offsets",
        "A/mm2-offset-syncs.B.internal",
    ];
    let h = qualified("ab", "A", "B", r#""orders""#, "");
    let spec = ScenarioSpec::from_json(&file(&streams, &[&h], "")).unwrap();
    assert_eq!(
        expanded_hops(&spec),
        [
            hop("ab/orders", "A/orders", "B/A.orders"),
            hop("ab/heartbeats", "A/heartbeats", "B/A.heartbeats"),
        ]
    );
    // A remote heartbeats stream travels on (its original name is heartbeats).
    let hops = [h.clone(), qualified("bc", "B", "C", r#""nothing""#, "")];
    let spec = ScenarioSpec::from_json(&file(&streams, &hops, "")).unwrap();
    assert!(expanded_hops(&spec).contains(&hop(
        "bc/A.heartbeats",
        "B/A.heartbeats",
        "C/B.A.heartbeats"
    )));
    // Without MirrorMaker 2's naming a selector is only its patterns.
    let plain = r#"{"id": "ab", "from": {"site": "A"}, "to": {"site": "B"}, "options": {"streams": {"include": ["*"], "exclude": ["heartbeats"]}}}"#;
    let spec = ScenarioSpec::from_json(&file(&streams, &[plain], "")).unwrap();
    let ids: Vec<String> = expanded_hops(&spec).into_iter().map(|h| h.0).collect();
    assert_eq!(
        ids,
        [
            "ab/orders",
            "ab/__consumer_offsets",
            "ab/mm2-offset-syncs.B.internal"
        ]
    );
}

#[test]
fn a_command_naming_a_selector_hop_applies_to_each_of_its_hops() {
    let h = qualified("ab", "A", "B", r#""*""#, "");
    let timeline = r#"{"at_ms": 2000, "command": {"do": "stall-hop", "hop": "ab"}}"#;
    let spec =
        ScenarioSpec::from_json(&file(&["A/orders", "A/payments"], &[&h], timeline)).unwrap();
    let expanded = spec.expanded().unwrap();
    let stalled: Vec<String> = expanded
        .timeline
        .iter()
        .map(|tc| tc.command.hop().unwrap().to_string())
        .collect();
    assert_eq!(stalled, ["ab/orders", "ab/payments"]);
}

#[test]
fn selector_mistakes_name_the_field_in_the_file() {
    let named = r#"{"id": "ab", "from": {"site": "A", "stream": "orders"}, "to": {"site": "B"}, "options": {"streams": {"include": ["*"]}}}"#;
    let e = ScenarioSpec::from_json(&file(&["A/orders"], &[named], "")).unwrap_err();
    assert_eq!(e.field, "topology.hops[0].from.stream", "{e}");
    let empty = r#"{"id": "ab", "from": {"site": "A"}, "to": {"site": "B"}, "options": {"streams": {"include": []}}}"#;
    let e = ScenarioSpec::from_json(&file(&["A/orders"], &[empty], "")).unwrap_err();
    assert_eq!(e.field, "topology.hops[0].options.streams.include", "{e}");
    let unknown = r#"{"id": "ab", "from": {"site": "A"}, "to": {"site": "B"}, "options": {"streams": {"include": ["*"], "regex": "x"}}}"#;
    let e = ScenarioSpec::from_json(&file(&["A/orders"], &[unknown], "")).unwrap_err();
    assert!(e.problem.contains("unknown field"), "{e}");
    // A problem of one expanded hop is said of the file's hop and its stream: a mirror
    // needs as many parts as its source.
    let mirror = r#"{"id": "m", "from": {"site": "A"}, "to": {"site": "B"}, "options": {"kind": "mirror", "map_every": null, "streams": {"include": ["*"]}}}"#;
    let text = file(&["A/orders"], &[mirror], "").replace(
        r#""streams": [{"site": "A", "name": "orders"}]"#,
        r#""streams": [{"site": "A", "name": "orders", "parts": 2}, {"site": "B", "name": "orders"}]"#,
    );
    let e = ScenarioSpec::from_json(&text).unwrap_err();
    assert_eq!(e.field, "topology.hops[0].to.stream", "{e}");
    assert!(e.problem.starts_with("for stream 'orders'"), "{e}");
}

#[test]
fn a_selector_hop_round_trips_through_the_file() {
    let h = qualified("ab", "A", "B", r#""orders""#, r#""x*""#);
    let spec = ScenarioSpec::from_json(&file(&["A/orders"], &[&h], "")).unwrap();
    let json = spec.to_json();
    assert!(!json.contains(r#""stream": """#), "{json}");
    assert_eq!(ScenarioSpec::from_json(&json).unwrap(), spec);
}

#[test]
fn a_group_reading_several_streams_moves_each_on_its_own_stream() {
    let h = |id: &str, f: &str, t: &str| {
        format!(
            r#"{{"id": "{id}", "from": {{"site": "{f}"}}, "to": {{"site": "{t}"}}, "options": {{"stamp": "qualified-name", "streams": {{"include": ["*"]}}}}}}"#
        )
    };
    let text = file(&["A/orders", "B/orders"], &[h("ab", "A", "B"), h("ba", "B", "A")],
        r#"{"at_ms": 3000, "command": {"do": "move-reader", "reader": "g", "site": "B", "rule": "timestamp"}}"#)
        .replace(r#""writers": ["#, r#""readers": [{"id": "g", "site": "A", "streams": ["orders", "*.orders"], "rate_per_sec": 100}], "writers": [{"id": "wb", "site": "B", "stream": "orders", "rate_per_sec": 10, "stop_at_ms": 1000}, "#);
    let spec = ScenarioSpec::from_json(&text).unwrap();
    let mut sim = Sim::new(&spec, 1).unwrap();
    sim.advance_to(5_000);
    let m = sim.measures();
    let moved: Vec<(String, String)> = m
        .readers
        .iter()
        .map(|r| (r.id.clone(), r.last_move.as_ref().unwrap().stream.clone()))
        .collect();
    // orders on A reads on as B's copy A.orders; B.orders (a copy of B's orders) goes
    // back to the stream it was copied from.
    assert_eq!(
        moved,
        [
            ("g/orders".to_string(), "A.orders".to_string()),
            ("g/B.orders".to_string(), "orders".to_string())
        ]
    );
    assert!(m.readers.iter().all(|r| r.processed > 0), "{:?}", m.readers);
}
