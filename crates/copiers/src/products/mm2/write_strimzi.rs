//! Strimzi `KafkaMirrorMaker2` resources (the `v1` layout: one resource per target) from
//! a design. `v1` runs no heartbeat connector, so heartbeats are not written.

use super::write::{flow_keys, WRITTEN_FLOW_KEYS};
use crate::export::{address, by_pair, patterns};
use crate::text::yaml::{self, quote, Node, Value};
use hoplab_model::spec::{HopSpec, StartFrom, Topology};
use std::fmt::Write;

pub fn resources(t: &Topology) -> String {
    let pairs = by_pair(t);
    let mut targets: Vec<&str> = Vec::new();
    for ((_, tgt), _) in &pairs {
        if !targets.contains(&tgt.as_str()) {
            targets.push(tgt);
        }
    }
    let mut out = String::new();
    for tgt in targets {
        let _ = writeln!(out, "---\napiVersion: kafka.strimzi.io/v1\nkind: KafkaMirrorMaker2\nmetadata:\n  name: {}\nspec:\n  replicas: 1\n  target:\n    alias: {}\n    bootstrapServers: {}\n  mirrors:",
            quote(&format!("mirror-maker-2-to-{}", tgt.to_ascii_lowercase())), quote(tgt), quote(&address(tgt)));
        for ((src, _), hops) in pairs.iter().filter(|((_, t), _)| t == tgt) {
            let o = &hops[0].options;
            let keys: Vec<_> = flow_keys(o)
                .into_iter()
                .filter(|(k, _)| !k.starts_with("emit.heartbeats") && *k != "tasks.max")
                .collect();
            let _ = writeln!(
                out,
                "  - source:\n      alias: {}\n      bootstrapServers: {}",
                quote(src),
                quote(&address(src))
            );
            let _ = writeln!(
                out,
                "    sourceConnector:\n      tasksMax: {}\n      config:",
                o.workers
            );
            for (k, v) in keys
                .iter()
                .filter(|(k, _)| !k.starts_with("emit.checkpoints"))
            {
                let _ = writeln!(out, "        {k}: {}", quote(v));
            }
            if o.start_from == StartFrom::Latest {
                let _ = writeln!(out, "        source.consumer.auto.offset.reset: latest");
            }
            if o.checkpoint_every_ms.is_some() && o.map_every.is_some() {
                let _ = writeln!(
                    out,
                    "    checkpointConnector:\n      tasksMax: 1\n      config:"
                );
                for (k, v) in keys.iter().filter(|(k, _)| {
                    *k == "replication.policy.class" || k.starts_with("emit.checkpoints")
                }) {
                    let _ = writeln!(out, "        {k}: {}", quote(v));
                }
            }
            let _ = writeln!(
                out,
                "    topicsPattern: {}",
                quote(&patterns(t, hops).join(", "))
            );
        }
    }
    out
}

/// The layout of an original resource.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// `clusters`, `connectCluster`, `mirrors[].sourceCluster/targetCluster`.
    V1beta2,
    /// `target`, `mirrors[].source`.
    V1,
}

fn text(s: &str) -> Value {
    Value::Quoted(s.to_string())
}

/// The connector keys a design decides, and where Strimzi keeps two of them itself.
fn is_decided(key: &str) -> bool {
    WRITTEN_FLOW_KEYS.contains(&key) || key == "source.consumer.auto.offset.reset"
}

/// A connector's `config` with the design's keys in place of the file's.
fn set_config(connector: &mut Node, keys: &[(&str, String)]) {
    if connector.get("config").is_none() {
        connector.set("config", Value::Map(Vec::new()));
    }
    let Some(config) = connector.get_mut("config") else {
        return;
    };
    if let Value::Map(m) = &mut config.value {
        m.retain(|(k, _)| !is_decided(k));
    }
    for (k, v) in keys {
        config.set(k, text(v));
    }
}

/// A mirror of the file, its flow as the design has it; every other key kept.
fn update_mirror(mirror: &mut Node, t: &Topology, hops: &[&HopSpec]) {
    let o = &hops[0].options;
    let keys = flow_keys(o);
    let mut source_keys: Vec<(&str, String)> = keys
        .iter()
        .filter(|(k, _)| {
            !k.starts_with("emit.heartbeats")
                && !k.starts_with("emit.checkpoints")
                && *k != "tasks.max"
        })
        .cloned()
        .collect();
    if o.start_from == StartFrom::Latest {
        source_keys.push(("source.consumer.auto.offset.reset", "latest".into()));
    }
    if mirror.get("sourceConnector").is_none() {
        mirror.set("sourceConnector", Value::Map(Vec::new()));
    }
    if let Some(source) = mirror.get_mut("sourceConnector") {
        source.set("tasksMax", Value::Scalar(o.workers.to_string()));
        set_config(source, &source_keys);
    }
    if o.checkpoint_every_ms.is_some() && o.map_every.is_some() {
        let checkpoint_keys: Vec<(&str, String)> = keys
            .iter()
            .filter(|(k, _)| *k == "replication.policy.class" || k.starts_with("emit.checkpoints"))
            .cloned()
            .collect();
        if mirror.get("checkpointConnector").is_none() {
            mirror.set("checkpointConnector", Value::Map(Vec::new()));
        }
        if let Some(checkpoint) = mirror.get_mut("checkpointConnector") {
            if checkpoint.get("tasksMax").is_none() {
                checkpoint.set("tasksMax", Value::Scalar("1".into()));
            }
            set_config(checkpoint, &checkpoint_keys);
        }
    } else {
        mirror.remove("checkpointConnector");
    }
    mirror.set("topicsPattern", text(&patterns(t, hops).join(", ")));
}

/// A new mirror for a flow the file did not have, in the file's layout.
fn new_mirror(t: &Topology, (src, tgt): (&str, &str), hops: &[&HopSpec], layout: Layout) -> Node {
    let mut mirror = Node {
        line: 0,
        value: Value::Map(Vec::new()),
    };
    match layout {
        Layout::V1beta2 => {
            mirror.set("sourceCluster", text(src));
            mirror.set("targetCluster", text(tgt));
        }
        Layout::V1 => mirror.set(
            "source",
            Value::Map(vec![
                ("alias".into(), leaf(text(src))),
                ("bootstrapServers".into(), leaf(text(&address(src)))),
            ]),
        ),
    }
    update_mirror(&mut mirror, t, hops);
    mirror
}

fn leaf(value: Value) -> Node {
    Node { line: 0, value }
}

fn layout_of(spec: &Node) -> Layout {
    if spec.get("clusters").is_some() {
        Layout::V1beta2
    } else {
        Layout::V1
    }
}

fn target_of(spec: &Node, layout: Layout) -> Option<String> {
    match layout {
        Layout::V1beta2 => spec.get("connectCluster")?.str().map(String::from),
        Layout::V1 => spec.get("target")?.get("alias")?.str().map(String::from),
    }
}

/// Strimzi `KafkaMirrorMaker2` resources written onto the ones the estate came in: each
/// resource keeps its API version, name, Kafka version, target (`groupId` and storage
/// topics), clusters' addresses and every connector key the design does not decide; its
/// mirrors follow the design (a flow it dropped goes, a new flow into its target is added
/// in its layout). A flow into a target no resource has is written afresh after them.
/// None when the original does not read as YAML.
pub fn resources_onto(t: &Topology, original: &str) -> Option<String> {
    let mut docs = yaml::parse(original).ok()?;
    let pairs = by_pair(t);
    let mut covered: Vec<(String, String)> = Vec::new();
    for doc in &mut docs {
        if doc.get("kind").and_then(Node::str) != Some("KafkaMirrorMaker2") {
            continue;
        }
        let Some(spec) = doc.get_mut("spec") else {
            continue;
        };
        let layout = layout_of(spec);
        let target = target_of(spec, layout);
        let mut mirrors: Vec<Node> = Vec::new();
        for mirror in spec.get("mirrors").map(Node::seq).unwrap_or_default() {
            // Each mirror's own ends: a v1beta2 mirror names its target, which may differ
            // from the Connect cluster it runs on.
            let ends = match layout {
                Layout::V1beta2 => mirror.get("sourceCluster").and_then(Node::str).zip(
                    mirror
                        .get("targetCluster")
                        .and_then(Node::str)
                        .or(target.as_deref()),
                ),
                Layout::V1 => mirror
                    .get("source")
                    .and_then(|s| s.get("alias"))
                    .and_then(Node::str)
                    .zip(target.as_deref()),
            };
            let Some((source, mirror_target)) = ends else {
                // A mirror this writer cannot place is kept as it was.
                mirrors.push(mirror.clone());
                continue;
            };
            let Some(((src, tgt), hops)) = pairs
                .iter()
                .find(|((a, b), _)| a == source && b == mirror_target)
            else {
                continue;
            };
            let mut mirror = mirror.clone();
            update_mirror(&mut mirror, t, hops);
            mirrors.push(mirror);
            covered.push((src.clone(), tgt.clone()));
        }
        // New flows into this resource's target join it, in its layout.
        if let Some(target) = &target {
            for ((src, tgt), hops) in pairs.iter().filter(|((_, b), _)| b == target) {
                if covered.contains(&(src.clone(), tgt.clone())) {
                    continue;
                }
                mirrors.push(new_mirror(t, (src, tgt), hops, layout));
                covered.push((src.clone(), tgt.clone()));
                if layout == Layout::V1beta2 {
                    add_cluster(spec, src);
                }
            }
        }
        spec.set("mirrors", Value::Seq(mirrors));
    }
    // The file's opening comments stay on top (the tree keeps no comments).
    let mut out: String = original
        .lines()
        .take_while(|l| l.trim_start().starts_with('#') || l.trim().is_empty())
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    out.push_str(&yaml::write(&docs));
    let rest = Topology {
        hops: t
            .hops
            .iter()
            .filter(|h| !covered.contains(&(h.from.site.clone(), h.to.site.clone())))
            .cloned()
            .collect(),
        ..t.clone()
    };
    if !rest.hops.is_empty() {
        out.push_str(&resources(&rest));
    }
    Some(out)
}

/// A `clusters` entry for a source a v1beta2 resource did not list, with an address to fill in.
fn add_cluster(spec: &mut Node, alias: &str) {
    let Some(clusters) = spec.get_mut("clusters") else {
        return;
    };
    if let Value::Seq(list) = &mut clusters.value {
        if !list
            .iter()
            .any(|c| c.get("alias").and_then(Node::str) == Some(alias))
        {
            list.push(leaf(Value::Map(vec![
                ("alias".into(), leaf(text(alias))),
                ("bootstrapServers".into(), leaf(text(&address(alias)))),
            ])));
        }
    }
}
