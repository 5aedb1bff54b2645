//! MirrorMaker 2's dedicated-mode properties from a design.

use super::{address, by_pair, patterns};
use crate::text::properties::escape_value;
use hoplab_model::spec::{HopOptions, OriginStamp, StartFrom, Topology};
use std::fmt::Write;

pub const IDENTITY_POLICY: &str = "org.apache.kafka.connect.mirror.IdentityReplicationPolicy";

/// The connector keys one flow's options come to (shared with Strimzi's writer).
pub fn flow_keys(o: &HopOptions) -> Vec<(&'static str, String)> {
    let mut k = Vec::new();
    if o.stamp != OriginStamp::QualifiedName {
        k.push(("replication.policy.class", IDENTITY_POLICY.to_string()));
    }
    match o.map_every {
        Some(n) => k.push(("offset.lag.max", n.to_string())),
        None => k.push(("emit.offset-syncs.enabled", "false".into())),
    }
    match (o.map_every, o.checkpoint_every_ms) {
        (Some(_), Some(ms)) => k.push((
            "emit.checkpoints.interval.seconds",
            (ms / 1000).max(1).to_string(),
        )),
        _ => k.push(("emit.checkpoints.enabled", "false".into())),
    }
    match o.heartbeat_every_ms {
        Some(ms) => k.push((
            "emit.heartbeats.interval.seconds",
            (ms / 1000).max(1).to_string(),
        )),
        None => k.push(("emit.heartbeats.enabled", "false".into())),
    }
    if o.workers != 1 {
        k.push(("tasks.max", o.workers.to_string()));
    }
    k
}

pub fn mm2_properties(t: &Topology) -> String {
    let mut out =
        String::from("# MirrorMaker 2 (dedicated mode), written by hoplab export-config.\n");
    // Every site, linked or not, so a design's clusters come back whole.
    let sites: Vec<&str> = t.sites.iter().map(|s| s.name.as_str()).collect();
    let _ = writeln!(out, "clusters = {}", sites.join(", "));
    for s in &sites {
        let _ = writeln!(out, "{s}.bootstrap.servers = {}", address(s));
        let latest = t
            .hops
            .iter()
            .any(|h| h.from.site == *s && h.options.start_from == StartFrom::Latest);
        if latest {
            let _ = writeln!(out, "{s}.consumer.auto.offset.reset = latest");
        }
    }
    for ((src, tgt), hops) in by_pair(t) {
        let _ = writeln!(out, "\n{src}->{tgt}.enabled = true");
        let _ = writeln!(
            out,
            "{src}->{tgt}.topics = {}",
            escape_value(&patterns(t, &hops).join(", "))
        );
        for (k, v) in flow_keys(&hops[0].options) {
            let _ = writeln!(out, "{src}->{tgt}.{k} = {}", escape_value(&v));
        }
    }
    out
}
