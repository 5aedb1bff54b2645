//! Strimzi `KafkaMirrorMaker2` resources (the `v1` layout: one resource per target) from
//! a design. `v1` runs no heartbeat connector, so heartbeats are not written.

use super::kafka::flow_keys;
use super::{address, by_pair, patterns};
use crate::text::yaml::quote;
use hoplab_model::spec::{StartFrom, Topology};
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
