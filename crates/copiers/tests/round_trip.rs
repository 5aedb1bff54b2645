//! import -> export -> import gives the same topology, for every format a design can be
//! written to, from fixtures and from generated MirrorMaker 2 files.

use hoplab_copiers::{export, import, Format, Input};
use hoplab_model::spec::Topology;
use proptest::prelude::*;

fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/import")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The topology with every list sorted: the same design whatever order a file lists it in.
fn normalised(t: &Topology) -> String {
    let mut t = t.clone();
    t.sites.sort_by(|a, b| a.name.cmp(&b.name));
    t.streams
        .sort_by(|a, b| (&a.site, &a.name).cmp(&(&b.site, &b.name)));
    t.hops.sort_by(|a, b| a.id.cmp(&b.id));
    t.writers.sort_by(|a, b| a.id.cmp(&b.id));
    serde_json::to_string_pretty(&t).unwrap()
}

/// Imports `inputs`, writes the design as `to`, imports that, and compares.
fn round_trip(inputs: &[Input], to: Format) -> String {
    let first = import(inputs, None).unwrap_or_else(|e| panic!("{e}"));
    let written = export(&first.spec.topology, to).unwrap();
    let again = import(&[Input::new("exported", &written)], Some(to))
        .unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(
        normalised(&first.spec.topology),
        normalised(&again.spec.topology),
        "\n{written}"
    );
    assert!(!first.spec.topology.hops.is_empty());
    written
}

fn one(name: &str) -> (String, String) {
    (name.to_string(), fixture(name))
}

#[test]
fn mm2_properties_round_trip() {
    for name in [
        "mm2-kafka-sample.properties",
        "mm2-identity-both-ways.properties",
        "mm2-misspelt.properties",
    ] {
        let (n, t) = one(name);
        let written = round_trip(&[Input::new(&n, &t)], Format::Mm2Properties);
        assert!(
            written.contains("->") && written.contains("clusters = "),
            "{written}"
        );
    }
}

#[test]
fn strimzi_round_trips() {
    let (n, t) = one("strimzi-v1.yaml");
    let written = round_trip(&[Input::new(&n, &t)], Format::Strimzi);
    assert!(written.contains("kind: KafkaMirrorMaker2"), "{written}");
}

/// Imports `inputs`, writes the design as `to`'s files, imports them together (each by
/// the name it is written under), and compares; the files written.
fn round_trip_files(inputs: &[Input], to: Format) -> Vec<hoplab_copiers::Written> {
    let first = import(inputs, None).unwrap_or_else(|e| panic!("{e}"));
    let written = hoplab_copiers::export_files(&first.spec.topology, to, &[]).unwrap();
    let again: Vec<Input> = written
        .iter()
        .map(|w| Input::new(w.name.as_deref().unwrap_or("exported"), &w.text))
        .collect();
    let all: Vec<&str> = written.iter().map(|w| w.text.as_str()).collect();
    let again = import(&again, Some(to)).unwrap_or_else(|e| panic!("{e}\n{all:?}"));
    assert_eq!(
        normalised(&first.spec.topology),
        normalised(&again.spec.topology),
        "\n{all:?}"
    );
    assert!(!first.spec.topology.hops.is_empty());
    written
}

#[test]
fn nats_round_trips_with_each_stream_s_domain() {
    let (e, w) = (fixture("nats-east.json"), fixture("nats-west.json"));
    let written = round_trip_files(
        &[
            Input::new("e", &e).at_site("east"),
            Input::new("w", &w).at_site("west"),
        ],
        Format::Nats,
    );
    // One file per domain, named after it, each what the server takes.
    let names: Vec<&str> = written.iter().filter_map(|w| w.name.as_deref()).collect();
    assert_eq!(names, ["east.json", "west.json"]);
    assert!(
        written[0].text.contains("$JS.west.API"),
        "{}",
        written[0].text
    );
    for w in &written {
        assert!(!w.text.contains("hoplab"), "{}", w.text);
        let one: serde_json::Value = serde_json::from_str(&w.text).unwrap();
        assert!(one.is_object(), "{}", w.text);
    }
    let (n, t) = one("nats-source-target.json");
    round_trip(&[Input::new(&n, &t)], Format::Nats);
}

#[test]
fn rabbitmq_round_trips_a_ring_and_shovels() {
    let files: Vec<(String, String)> = ["a", "b", "c"]
        .iter()
        .map(|b| one(&format!("rabbitmq-ring-{b}.json")))
        .collect();
    let inputs: Vec<Input> = files.iter().map(|(n, t)| Input::new(n, t)).collect();
    let written = round_trip_files(&inputs, Format::Rabbitmq);
    assert_eq!(written.len(), 3);
    for w in &written {
        let doc: serde_json::Value = serde_json::from_str(&w.text).unwrap();
        assert!(doc.is_object(), "one broker's definitions\n{}", w.text);
        assert!(w.text.contains("\"max-hops\": 1"), "{}", w.text);
        assert_eq!(w.name, Some(format!("{}.json", w.site.as_deref().unwrap())));
    }
    // Each shovel in its source broker's file.
    let (n, t) = one("rabbitmq-shovels-both-ways.json");
    let written = round_trip_files(&[Input::new(&n, &t)], Format::Rabbitmq);
    let names: Vec<&str> = written.iter().filter_map(|w| w.name.as_deref()).collect();
    assert_eq!(names, ["site-a.json", "site-b.json"]);
}

#[test]
fn a_design_of_several_brokers_is_not_one_file() {
    let files: Vec<(String, String)> = ["a", "b", "c"]
        .iter()
        .map(|b| one(&format!("rabbitmq-ring-{b}.json")))
        .collect();
    let inputs: Vec<Input> = files.iter().map(|(n, t)| Input::new(n, t)).collect();
    let t = import(&inputs, None).unwrap().spec.topology;
    let e = export(&t, Format::Rabbitmq).unwrap_err();
    assert!(e.message.contains("one file per broker: 3 files"), "{e}");
}

#[test]
fn msk_round_trips() {
    let (n, t) = one("msk-replicator.json");
    let written = round_trip(&[Input::new(&n, &t)], Format::Msk);
    assert!(
        written.contains("PREFIXED_WITH_SOURCE_CLUSTER_ALIAS"),
        "{written}"
    );
}

#[test]
fn a_cluster_mirroring_script_round_trips_and_stays_one_way() {
    let (n, t) = one("kafka-cluster-mirrors.sh");
    let written = round_trip(&[Input::new(&n, &t)], Format::ClusterMirror);
    assert!(
        written
            .contains("--create --mirror 'kafka-a-0.prod-a.internal-to-kafka-b-0.prod-b.internal'")
            && written.contains("--topics 'payments.*'")
            && written.contains("bootstrap.servers=kafka-a-0.prod-a.internal:9092"),
        "{written}"
    );
    // A site name with a quote in it is quoted for the shell and reads back as it was.
    let first = import(&[Input::new(&n, &t)], None).unwrap();
    let json = serde_json::to_string(&first.spec.topology).unwrap();
    let renamed: Topology =
        serde_json::from_str(&json.replace("kafka-b-0.prod-b.internal", "it's-b")).unwrap();
    let written = export(&renamed, Format::ClusterMirror).unwrap();
    assert!(written.contains(r"'it'\''s-b:9092'"), "{written}");
    let again = import(&[Input::new("x.sh", &written)], None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        normalised(&again.spec.topology),
        normalised(&renamed),
        "{written}"
    );
}

#[test]
fn a_cluster_mirroring_script_written_onto_keeps_its_addresses_secrets_and_lines() {
    let (n, original) = one("kafka-cluster-mirrors.sh");
    let inputs = [Input::new(&n, &original)];
    let first = import(&inputs, None).unwrap();
    // Unchanged, the script comes back as it was but for the starts, one per pattern.
    let same =
        hoplab_copiers::export_onto(&first.spec.topology, Format::ClusterMirror, &inputs).unwrap();
    assert_eq!(same.onto, Some(0));
    for line in original
        .lines()
        .filter(|l| !l.contains("--start") && !l.contains("--topics"))
    {
        assert!(same.text.contains(line), "kept: {line}\n{}", same.text);
    }
    assert!(
        same.text.contains("bin/kafka-cluster-mirrors.sh --bootstrap-server kafka-b-0.prod-b.internal:9092 --start --mirror a-to-b --command-config admin.properties --topics orders\n"),
        "{}",
        same.text
    );
    assert!(
        !same.text.contains(":9092'"),
        "no placeholder address: {}",
        same.text
    );
    let again = import(&[Input::new("again.sh", &same.text)], None).unwrap();
    assert_eq!(
        normalised(&again.spec.topology),
        normalised(&first.spec.topology)
    );

    // A hop dropped from the design: its start goes; a new pair comes as a new mirror.
    let mut t = first.spec.topology.clone();
    t.hops.retain(|h| h.from.stream == "orders");
    let mut back = t.hops[0].clone();
    std::mem::swap(&mut back.from, &mut back.to);
    back.id = "back".into();
    t.hops.push(back);
    let changed = hoplab_copiers::export_onto(&t, Format::ClusterMirror, &inputs).unwrap();
    assert!(
        !changed.text.contains("--topics 'payments"),
        "{}",
        changed.text
    );
    assert!(
        changed
            .text
            .contains("bootstrap.servers=kafka-b-0.prod-b.internal:9092\n"),
        "the new mirror reaches b at the address the script gives it: {}",
        changed.text
    );
    assert!(
        changed.text.contains("password=\"changeit\""),
        "{}",
        changed.text
    );
    assert!(
        changed
            .text
            .contains("--create --mirror 'kafka-b-0.prod-b.internal-to-kafka-a-0.prod-a.internal'"),
        "{}",
        changed.text
    );
    let read_back = import(&[Input::new("changed.sh", &changed.text)], None).unwrap();
    assert_eq!(read_back.spec.topology.hops.len(), 2);
}

#[test]
fn formats_that_cannot_be_written_say_so() {
    let e = export(&Topology::default(), Format::RedpandaShadow).unwrap_err();
    assert!(e.message.contains("mm2-properties"), "{e}");
}

/// A MirrorMaker 2 file over 2 to 4 clusters: each ordered pair maybe enabled, with a
/// topic list and options, and one policy for the whole file (identity copies into a
/// prefixed copier's source grow names without end, `c0.c1.c1.*`, which no file can
/// round-trip; the import stops them and says so).
fn mm2_file() -> impl Strategy<Value = String> {
    let flow = (
        any::<bool>(),
        prop::sample::subsequence(vec!["orders", "payments", ".*", "audit-.*"], 1..3),
        any::<bool>(),
        1u64..500,
        prop::option::of(1u64..120),
        any::<bool>(),
    );
    (2usize..5, prop::collection::vec(flow, 12), any::<bool>()).prop_map(|(n, flows, identity_file)| {
        let names: Vec<String> = (0..n).map(|i| format!("c{i}")).collect();
        let mut text = format!("clusters = {}\n", names.join(", "));
        let mut k = 0;
        for a in &names {
            for b in names.iter().filter(|b| *b != a) {
                let (on, topics, _, lag, checkpoints, heartbeats) = &flows[k % flows.len()];
                let identity = &identity_file;
                k += 1;
                if !on {
                    continue;
                }
                text.push_str(&format!("{a}->{b}.enabled = true\n{a}->{b}.topics = {}\n{a}->{b}.offset.lag.max = {lag}\n", topics.join(", ")));
                if *identity {
                    text.push_str(&format!("{a}->{b}.replication.policy.class = org.apache.kafka.connect.mirror.IdentityReplicationPolicy\n"));
                }
                match checkpoints {
                    Some(s) => text.push_str(&format!("{a}->{b}.emit.checkpoints.interval.seconds = {s}\n")),
                    None => text.push_str(&format!("{a}->{b}.emit.checkpoints.enabled = false\n")),
                }
                text.push_str(&format!("{a}->{b}.emit.heartbeats.enabled = {heartbeats}\n"));
            }
        }
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_mm2_file_round_trips_through_every_kafka_writer(text in mm2_file()) {
        let first = import(&[Input::new("gen.properties", &text)], None).unwrap();
        prop_assume!(!first.spec.topology.hops.is_empty());
        for to in [Format::Mm2Properties, Format::Strimzi] {
            let written = export(&first.spec.topology, to).unwrap();
            let again = import(&[Input::new("exported", &written)], Some(to)).unwrap();
            let mut expected = first.spec.topology.clone();
            if to == Format::Strimzi {
                // Strimzi's v1 API runs no heartbeat connector.
                expected.hops.iter_mut().for_each(|h| h.options.heartbeat_every_ms = None);
                // A resource exists per target: a cluster no mirror touches is not written.
                let hops = expected.hops.clone();
                expected.sites.retain(|s| hops.iter().any(|h| h.from.site == s.name || h.to.site == s.name));
            }
            prop_assert_eq!(normalised(&expected), normalised(&again.spec.topology), "{:?}\n{}\n{}", to, text, written);
        }
    }
}

/// `key = value` of every entry, later keys winning, as MirrorMaker 2 reads a file.
fn entries(text: &str) -> std::collections::BTreeMap<String, String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

#[test]
fn mm2_properties_written_onto_the_original_keep_every_key_the_design_does_not_decide() {
    for (name, text) in [
        one("mm2-kafka-sample.properties"),
        one("mm2-identity-both-ways.properties"),
        one("mm2-deployed.properties"),
    ] {
        let inputs = [Input::new(&name, &text)];
        let first = import(&inputs, None).unwrap_or_else(|e| panic!("{e}"));
        let written =
            hoplab_copiers::export_onto(&first.spec.topology, Format::Mm2Properties, &inputs)
                .unwrap()
                .text;
        let again = import(
            &[Input::new("exported", &written)],
            Some(Format::Mm2Properties),
        )
        .unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(
            normalised(&first.spec.topology),
            normalised(&again.spec.topology),
            "{name}\n{written}"
        );
        let (before, after) = (entries(&text), entries(&written));
        let decided = hoplab_copiers::export::WRITTEN_FLOW_KEYS;
        for (key, value) in &before {
            let flow_key = key.split_once("->").map_or(key.as_str(), |(_, rest)| {
                rest.split_once('.').map_or(rest, |(_, k)| k)
            });
            if key == "clusters" || decided.contains(&flow_key) {
                continue;
            }
            assert_eq!(after.get(key), Some(value), "{name}: {key} kept\n{written}");
        }
        assert!(
            !written.contains(":9092") || text.contains(":9092"),
            "{written}"
        );
        assert!(!written.contains("\n\n\n"), "{written}");
    }
}

#[test]
fn a_flow_taken_out_of_the_design_is_switched_off_and_a_new_site_gets_an_address_to_fill_in() {
    let (name, text) = one("mm2-deployed.properties");
    let inputs = [Input::new(&name, &text)];
    let mut t = import(&inputs, None).unwrap().spec.topology;
    t.hops.clear();
    t.sites.push(hoplab_model::spec::SiteSpec {
        name: "north".into(),
    });
    let done = hoplab_copiers::export_onto(&t, Format::Mm2Properties, &inputs).unwrap();
    assert_eq!(done.onto, Some(0));
    let written = done.text;
    let after = entries(&written);
    assert_eq!(after["east->west.enabled"], "false", "{written}");
    assert_eq!(after["clusters"], "east, west, north");
    assert_eq!(
        after["east.bootstrap.servers"],
        "kafka-e1.corp:9093, kafka-e2.corp:9093"
    );
    assert_eq!(after["north.bootstrap.servers"], "north:9092");
    assert_eq!(after["east.security.protocol"], "SASL_SSL");
}

/// Every leaf of a YAML text as `path = value`, sequences by index.
fn yaml_leaves(text: &str) -> std::collections::BTreeMap<String, String> {
    fn walk(
        v: &serde_json::Value,
        path: String,
        out: &mut std::collections::BTreeMap<String, String>,
    ) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, v) in m {
                    walk(v, format!("{path}.{k}"), out);
                }
            }
            serde_json::Value::Array(a) => {
                for (i, v) in a.iter().enumerate() {
                    walk(v, format!("{path}[{i}]"), out);
                }
            }
            other => {
                out.insert(path, other.to_string());
            }
        }
    }
    let mut out = std::collections::BTreeMap::new();
    for (i, doc) in yaml_docs(text).iter().enumerate() {
        walk(doc, format!("#{i}"), &mut out);
    }
    out
}

/// The documents of a YAML text as JSON values (serde_yaml, a reader independent of ours).
fn yaml_docs(text: &str) -> Vec<serde_json::Value> {
    text.split("\n---")
        .map(|d| d.trim_start_matches("---"))
        .filter(|d| {
            d.lines()
                .any(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        })
        .map(|d| serde_yaml::from_str(d).unwrap_or_else(|e| panic!("{e}\n{d}")))
        .collect()
}

#[test]
fn strimzi_written_onto_the_original_keeps_its_api_version_target_and_settings() {
    for name in ["strimzi-v1beta2.yaml", "strimzi-v1.yaml"] {
        let (name, text) = one(name);
        let inputs = [Input::new(&name, &text)];
        let first = import(&inputs, None).unwrap_or_else(|e| panic!("{e}"));
        let done =
            hoplab_copiers::export_onto(&first.spec.topology, Format::Strimzi, &inputs).unwrap();
        assert_eq!(done.onto, Some(0));
        let written = done.text;
        let again = import(&[Input::new("exported", &written)], Some(Format::Strimzi))
            .unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(
            normalised(&first.spec.topology),
            normalised(&again.spec.topology),
            "{name}\n{written}"
        );
        let (before, after) = (yaml_leaves(&text), yaml_leaves(&written));
        for (path, value) in &before {
            let key = path.rsplit('.').next().unwrap_or_default();
            let decided = hoplab_copiers::export::WRITTEN_FLOW_KEYS
                .iter()
                .any(|k| path.ends_with(&format!(".config.{k}")))
                || key == "topicsPattern";
            if decided {
                continue;
            }
            assert_eq!(
                after.get(path),
                Some(value),
                "{name}: {path} kept\n{written}"
            );
        }
    }
}

#[test]
fn a_comment_ending_in_a_backslash_does_not_swallow_the_key_after_it() {
    let text = "clusters = A, B\n# workers for A->B \\\nA->B.tasks.max = 4\nA->B.enabled = true\nA->B.topics = orders\n";
    let inputs = [Input::new("c.properties", text)];
    let mut t = import(&inputs, None).unwrap().spec.topology;
    for h in &mut t.hops {
        h.options.workers = 1;
    }
    let written = hoplab_copiers::export_onto(&t, Format::Mm2Properties, &inputs)
        .unwrap()
        .text;
    // The design now has one worker: the file's tasks.max = 4 must not survive beside it.
    assert!(!written.contains("tasks.max = 4"), "{written}");
    assert!(written.contains("# workers for A->B \\"), "{written}");
}

#[test]
fn a_v1beta2_mirror_whose_target_is_not_its_connect_cluster_keeps_its_settings() {
    // connectCluster names the source, as Strimzi's docs warn against; the mirror's own
    // targetCluster says where it copies.
    let (_, text) = one("strimzi-v1beta2.yaml");
    let text = text.replace(
        "connectCluster: \"cluster-b\"",
        "connectCluster: \"cluster-a\"",
    );
    let inputs = [Input::new("s.yaml", &text)];
    let first = import(&inputs, None).unwrap_or_else(|e| panic!("{e}"));
    let written = hoplab_copiers::export_onto(&first.spec.topology, Format::Strimzi, &inputs)
        .unwrap()
        .text;
    assert_eq!(
        written.matches("kind: KafkaMirrorMaker2").count(),
        1,
        "{written}"
    );
    assert!(
        written.contains("refresh.topics.interval.seconds: 600"),
        "{written}"
    );
    let again = import(&[Input::new("exported", &written)], Some(Format::Strimzi)).unwrap();
    assert_eq!(
        normalised(&first.spec.topology),
        normalised(&again.spec.topology),
        "{written}"
    );
}

/// Every leaf of a JSON document by its path ("a.0.b").
fn json_leaves(v: &serde_json::Value) -> std::collections::BTreeMap<String, String> {
    fn walk(
        v: &serde_json::Value,
        at: String,
        out: &mut std::collections::BTreeMap<String, String>,
    ) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    walk(x, format!("{at}.{k}"), out);
                }
            }
            serde_json::Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    walk(x, format!("{at}.{i}"), out);
                }
            }
            leaf => {
                out.insert(at, leaf.to_string());
            }
        }
    }
    let mut out = std::collections::BTreeMap::new();
    walk(v, String::new(), &mut out);
    out
}

#[test]
fn an_msk_request_written_onto_the_original_keeps_its_arns_network_role_and_group_settings() {
    let (name, text) = one("msk-replicator.json");
    let inputs = [Input::new(&name, &text)];
    let first = import(&inputs, None).unwrap();
    let done = hoplab_copiers::export_onto(&first.spec.topology, Format::Msk, &inputs).unwrap();
    assert_eq!(done.onto, Some(0));
    let again = import(&[Input::new("exported", &done.text)], Some(Format::Msk))
        .unwrap_or_else(|e| panic!("{e}\n{}", done.text));
    assert_eq!(
        normalised(&first.spec.topology),
        normalised(&again.spec.topology)
    );
    let before = json_leaves(&serde_json::from_str(&text).unwrap());
    let after = json_leaves(&serde_json::from_str(&done.text).unwrap());
    for (path, value) in &before {
        let decided = path.contains("TopicsToReplicate")
            || path.ends_with("TopicNameConfiguration.Type")
            || path.ends_with("StartingPosition.Type");
        if !decided {
            assert_eq!(after.get(path), Some(value), "{path} kept\n{}", done.text);
        }
    }
    assert!(!done.text.contains("placeholder"), "{}", done.text);
    // A starting position the design changes is the design's.
    let mut t = first.spec.topology.clone();
    for h in &mut t.hops {
        h.options.start_from = hoplab_model::spec::StartFrom::Earliest;
    }
    let done = hoplab_copiers::export_onto(&t, Format::Msk, &inputs).unwrap();
    assert!(done.text.contains("\"EARLIEST\""), "{}", done.text);
    assert!(
        done.text
            .contains("\"SynchroniseConsumerGroupOffsets\": false"),
        "{}",
        done.text
    );
}

/// The definitions written onto three brokers' files (or one broker's shovels): one file
/// each, in the order given, named as it was; together they read back as the same
/// design, and every leaf of each original is still in its own file.
fn rabbitmq_onto_keeps(names: &[&str]) -> Vec<String> {
    let files: Vec<(String, String)> = names.iter().map(|n| one(n)).collect();
    let inputs: Vec<Input> = files.iter().map(|(n, t)| Input::new(n, t)).collect();
    let first = import(&inputs, None).unwrap();
    let done =
        hoplab_copiers::export_files(&first.spec.topology, Format::Rabbitmq, &inputs).unwrap();
    let texts: Vec<String> = done.iter().map(|w| w.text.clone()).collect();
    assert_eq!(done.len(), names.len(), "{texts:?}");
    let again: Vec<Input> = done
        .iter()
        .zip(names)
        .map(|(w, n)| {
            assert_eq!(w.name.as_deref(), Some(*n));
            Input::new(n, &w.text)
        })
        .collect();
    let again = import(&again, Some(Format::Rabbitmq)).unwrap_or_else(|e| panic!("{e}\n{texts:?}"));
    assert_eq!(
        normalised(&first.spec.topology),
        normalised(&again.spec.topology),
        "\n{texts:?}"
    );
    for (i, ((name, text), w)) in files.iter().zip(&done).enumerate() {
        assert_eq!(w.onto, Some(i));
        let original: serde_json::Value = serde_json::from_str(text).unwrap();
        let kept: serde_json::Value = serde_json::from_str(&w.text).unwrap();
        assert!(
            kept.is_object(),
            "{name}: one broker's definitions\n{}",
            w.text
        );
        let after = json_leaves(&kept);
        for (path, value) in json_leaves(&original) {
            if !path.ends_with(".max-hops") {
                assert_eq!(
                    after.get(&path),
                    Some(&value),
                    "{name}: {path} kept\n{}",
                    w.text
                );
            }
        }
        // Nothing the original's sets did not have.
        let sets = |v: &serde_json::Value| -> Vec<String> {
            v["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|p| p["component"] == "federation-upstream-set")
                .map(|p| p["name"].to_string())
                .collect()
        };
        assert_eq!(sets(&kept), sets(&original), "{name}\n{}", w.text);
    }
    texts
}

#[test]
fn rabbitmq_definitions_written_onto_each_broker_keep_names_uris_and_every_key() {
    let ring = rabbitmq_onto_keeps(&[
        "rabbitmq-ring-a.json",
        "rabbitmq-ring-b.json",
        "rabbitmq-ring-c.json",
    ]);
    let ring = ring.join("\n");
    assert!(
        ring.contains("amqp://rabbit-c:5672") && !ring.contains("\"amqp://rabbit-c\""),
        "{ring}"
    );
    // In the order chosen, whatever it is.
    rabbitmq_onto_keeps(&[
        "rabbitmq-ring-c.json",
        "rabbitmq-ring-a.json",
        "rabbitmq-ring-b.json",
    ]);
    let shovels = rabbitmq_onto_keeps(&["rabbitmq-shovels-both-ways.json"]).join("");
    assert!(
        shovels.contains("\"a-to-b\"") && shovels.contains("on-publish"),
        "{shovels}"
    );
}

#[test]
fn a_policy_on_rabbitmq_s_own_set_all_gains_no_set_named_all() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/import");
    let texts: Vec<(String, String)> = ["a", "b", "c"]
        .iter()
        .map(|b| {
            let name = format!("rabbitmq-ring-{b}.json");
            let mut v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(dir.join(&name)).unwrap()).unwrap();
            v["parameters"]
                .as_array_mut()
                .unwrap()
                .retain(|p| p["component"] != "federation-upstream-set");
            v["policies"][0]["definition"]["federation-upstream-set"] = "all".into();
            (name, serde_json::to_string_pretty(&v).unwrap())
        })
        .collect();
    let inputs: Vec<Input> = texts.iter().map(|(n, t)| Input::new(n, t)).collect();
    let t = import(&inputs, None).unwrap().spec.topology;
    let done = hoplab_copiers::export_files(&t, Format::Rabbitmq, &inputs).unwrap();
    assert_eq!(done.len(), 3);
    for w in &done {
        assert!(
            !w.text
                .contains("federation-upstream-set\",\n      \"name\": \"all"),
            "{}",
            w.text
        );
        let v: serde_json::Value = serde_json::from_str(&w.text).unwrap();
        assert!(
            !v["parameters"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["component"] == "federation-upstream-set"),
            "{}",
            w.text
        );
        assert_eq!(
            v["policies"][0]["definition"]["federation-upstream-set"],
            "all"
        );
    }
}

/// The ring's files with each policy naming its one upstream (`federation-upstream`), no
/// set.
fn ring_of_single_upstreams() -> Vec<(String, String)> {
    ["a", "b", "c"]
        .iter()
        .map(|b| {
            let (name, text) = one(&format!("rabbitmq-ring-{b}.json"));
            let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
            let upstream = v["parameters"][0]["name"].clone();
            v["parameters"]
                .as_array_mut()
                .unwrap()
                .retain(|p| p["component"] != "federation-upstream-set");
            v["policies"][0]["definition"] = serde_json::json!({ "federation-upstream": upstream });
            (name, serde_json::to_string_pretty(&v).unwrap())
        })
        .collect()
}

#[test]
fn a_policy_naming_one_upstream_keeps_naming_it_and_names_a_set_once_it_has_two() {
    let files = ring_of_single_upstreams();
    let inputs: Vec<Input> = files.iter().map(|(n, t)| Input::new(n, t)).collect();
    let mut t = import(&inputs, None).unwrap().spec.topology;
    let done = hoplab_copiers::export_files(&t, Format::Rabbitmq, &inputs).unwrap();
    for (w, (name, text)) in done.iter().zip(&files) {
        let (v, o): (serde_json::Value, serde_json::Value) = (
            serde_json::from_str(&w.text).unwrap(),
            serde_json::from_str(text).unwrap(),
        );
        assert_eq!(v["policies"], o["policies"], "{name}\n{}", w.text);
        assert_eq!(v["parameters"], o["parameters"], "{name}\n{}", w.text);
    }
    // A second link into rabbit-a: its policy now names a set of both.
    let into_a = t.hops.iter().find(|h| h.to.site == "rabbit-a").unwrap();
    let mut more = into_a.clone();
    more.id = "from-b".into();
    more.from.site = "rabbit-b".into();
    t.hops.push(more);
    let done = hoplab_copiers::export_files(&t, Format::Rabbitmq, &inputs).unwrap();
    let a: serde_json::Value = serde_json::from_str(&done[0].text).unwrap();
    let set = a["policies"][0]["definition"]["federation-upstream-set"]
        .as_str()
        .unwrap_or_else(|| panic!("{}", done[0].text));
    assert!(a["policies"][0]["definition"]
        .get("federation-upstream")
        .is_none());
    let members = a["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["component"] == "federation-upstream-set" && p["name"] == set)
        .unwrap_or_else(|| panic!("{}", done[0].text))["value"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(members, 2, "{}", done[0].text);
    let again: Vec<Input> = done
        .iter()
        .map(|w| Input::new(w.name.as_deref().unwrap(), &w.text))
        .collect();
    let back = import(&again, Some(Format::Rabbitmq)).unwrap();
    assert_eq!(back.spec.topology.hops.len(), 4, "{:?}", done);
}

#[test]
fn a_rabbitmq_link_the_design_drops_is_left_out_and_its_budget_is_the_design_s() {
    let files: Vec<(String, String)> = [
        "rabbitmq-ring-a.json",
        "rabbitmq-ring-b.json",
        "rabbitmq-ring-c.json",
    ]
    .iter()
    .map(|n| one(n))
    .collect();
    let inputs: Vec<Input> = files.iter().map(|(n, t)| Input::new(n, t)).collect();
    let mut t = import(&inputs, None).unwrap().spec.topology;
    let dropped = t.hops.remove(0);
    for h in &mut t.hops {
        h.options.stamp = hoplab_model::spec::OriginStamp::HopBudget(2);
    }
    let done = hoplab_copiers::export_files(&t, Format::Rabbitmq, &inputs).unwrap();
    let all: Vec<&str> = done.iter().map(|w| w.text.as_str()).collect();
    let again: Vec<Input> = done
        .iter()
        .map(|w| Input::new(w.name.as_deref().unwrap(), &w.text))
        .collect();
    let again = import(&again, Some(Format::Rabbitmq)).unwrap();
    assert!(
        !again
            .spec
            .topology
            .hops
            .iter()
            .any(|h| h.from.site == dropped.from.site && h.to.site == dropped.to.site),
        "{all:?}"
    );
    assert_eq!(again.spec.topology.hops.len(), 2, "{all:?}");
    assert_eq!(
        all.iter().filter(|t| t.contains("\"max-hops\": 2")).count(),
        2,
        "{all:?}"
    );
}

#[test]
fn jetstream_streams_written_onto_their_domains_files_keep_every_setting() {
    for names in [
        vec!["nats-east.json", "nats-west.json"],
        vec!["nats-west.json", "nats-east.json"],
        vec!["nats-source-target.json"],
    ] {
        let files: Vec<(String, String)> = names.iter().map(|n| one(n)).collect();
        let inputs: Vec<Input> = files.iter().map(|(n, t)| Input::new(n, t)).collect();
        let first = import(&inputs, None).unwrap();
        let done =
            hoplab_copiers::export_files(&first.spec.topology, Format::Nats, &inputs).unwrap();
        let texts: Vec<&str> = done.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(done.len(), names.len(), "{texts:?}");
        let again: Vec<Input> = done
            .iter()
            .zip(&names)
            .map(|(w, n)| {
                assert_eq!(w.name.as_deref(), Some(*n));
                Input::new(n, &w.text)
            })
            .collect();
        let again = import(&again, Some(Format::Nats)).unwrap_or_else(|e| panic!("{e}\n{texts:?}"));
        assert_eq!(
            normalised(&first.spec.topology),
            normalised(&again.spec.topology),
            "{names:?}\n{texts:?}"
        );
        for (i, ((name, text), w)) in files.iter().zip(&done).enumerate() {
            assert_eq!(w.onto, Some(i));
            assert!(!w.text.contains("hoplab"), "{name}: {}", w.text);
            let original: serde_json::Value = serde_json::from_str(text).unwrap();
            let kept: serde_json::Value = serde_json::from_str(&w.text).unwrap();
            assert_eq!(
                original.is_array(),
                kept.is_array(),
                "{name}: its shape kept"
            );
            let streams = |v: serde_json::Value| match v {
                serde_json::Value::Array(a) => a,
                one => vec![one],
            };
            let (before, after) = (streams(original), streams(kept));
            assert_eq!(before.len(), after.len(), "{name}\n{}", w.text);
            for (s, kept) in before.iter().zip(&after) {
                let after = json_leaves(kept);
                for (path, value) in json_leaves(s) {
                    assert_eq!(
                        after.get(&path),
                        Some(&value),
                        "{name}: {path} kept\n{}",
                        w.text
                    );
                }
            }
        }
    }
}

#[test]
fn an_earlier_export_s_domain_metadata_is_not_written_back() {
    let text = r#"[{"name": "ORDERS", "subjects": ["o.>"], "storage": "file",
        "metadata": {"hoplab.domain": "east", "owner": "team-a"},
        "sources": [{"name": "ORDERS", "external": {"api": "$JS.west.API"}}]}]"#;
    let inputs = [Input::new("east.json", text)];
    let t = import(&inputs, None).unwrap().spec.topology;
    let done = hoplab_copiers::export_files(&t, Format::Nats, &inputs).unwrap();
    assert_eq!(done.len(), 1);
    assert!(!done[0].text.contains("hoplab"), "{}", done[0].text);
    assert!(done[0].text.contains("team-a"), "{}", done[0].text);
}
