//! MirrorMaker 2's dedicated-mode properties from a design.

use crate::export::{address, by_pair, patterns};
use crate::text::properties::{escape_value, Prop};
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

/// Every connector key [`flow_keys`] may write, with `enabled` and `topics`: the keys a
/// design decides for a flow. Any other key of a file is the estate's own.
pub const WRITTEN_FLOW_KEYS: &[&str] = &[
    "enabled",
    "topics",
    "replication.policy.class",
    "offset.lag.max",
    "emit.offset-syncs.enabled",
    "emit.checkpoints.enabled",
    "emit.checkpoints.interval.seconds",
    "emit.heartbeats.enabled",
    "emit.heartbeats.interval.seconds",
    "tasks.max",
];

/// What an original file's entry is to a design written onto it.
enum Entry<'a> {
    /// Decided by the design: left out, the design's block says it.
    Decided,
    /// The `clusters` line: written again with the design's sites.
    Clusters,
    /// A flow the design no longer has: `<source>-><target>`, to be switched off.
    GoneFlow(&'a str),
    /// The estate's own (addresses, replication factors, security, unknown keys): kept.
    Kept,
}

/// `clusters` names the original file's aliases: a key starting with one of them is that
/// cluster's setting.
fn entry<'a>(
    key: &'a str,
    sites: &[&str],
    clusters: &[&str],
    pairs: &[(String, String)],
) -> Entry<'a> {
    if key == "clusters" {
        return Entry::Clusters;
    }
    if WRITTEN_FLOW_KEYS.contains(&key) {
        return Entry::Decided;
    }
    if let Some((flow, rest)) = key.split_once('.').filter(|(f, _)| f.contains("->")) {
        let in_design = flow
            .split_once("->")
            .is_some_and(|(s, t)| pairs.iter().any(|(a, b)| a == s && b == t));
        return match (WRITTEN_FLOW_KEYS.contains(&rest), in_design) {
            (true, true) => Entry::Decided,
            (true, false) if rest == "enabled" => Entry::GoneFlow(flow),
            (true, false) => Entry::Decided,
            (false, _) => Entry::Kept,
        };
    }
    match key.split_once('.') {
        // A cluster the design dropped takes its settings with it.
        Some((site, _)) if clusters.contains(&site) && !sites.contains(&site) => Entry::Decided,
        Some((site, "consumer.auto.offset.reset")) if clusters.contains(&site) => Entry::Decided,
        _ => Entry::Kept,
    }
}

/// MirrorMaker 2's properties written onto the file the estate came in: every line of
/// `original` the design does not decide stays as it was (addresses, replication
/// factors, `sync.group.offsets.enabled`, security, comments, unknown keys), the
/// `clusters` line names the design's sites, and the flows follow as the design has them.
pub fn mm2_properties_onto(t: &Topology, original: &str) -> String {
    let sites: Vec<&str> = t.sites.iter().map(|s| s.name.as_str()).collect();
    let pairs: Vec<(String, String)> = by_pair(t).into_iter().map(|(p, _)| p).collect();
    let lines = crate::text::properties::lines(original);
    let props: Vec<Prop> = lines.iter().filter_map(|l| l.prop.clone()).collect();
    let clusters: Vec<&str> = crate::text::properties::last(&props, "clusters")
        .map(|p| p.value.split(',').map(str::trim).collect())
        .unwrap_or_default();
    let addressed: Vec<&str> = sites
        .iter()
        .copied()
        .filter(|s| {
            props
                .iter()
                .any(|p| p.key == format!("{s}.bootstrap.servers"))
        })
        .collect();
    let mut out = String::new();
    let mut gone = Vec::new();
    let mut wrote_clusters = false;
    for line in &lines {
        let Some(prop) = &line.prop else {
            out.push_str(&line.text);
            out.push('\n');
            continue;
        };
        match entry(&prop.key, &sites, &clusters, &pairs) {
            Entry::Kept => {
                out.push_str(&line.text);
                out.push('\n');
            }
            Entry::Clusters if !wrote_clusters => {
                wrote_clusters = true;
                let _ = writeln!(out, "clusters = {}", sites.join(", "));
            }
            Entry::GoneFlow(flow) => {
                if !gone.contains(&flow.to_string()) {
                    gone.push(flow.to_string());
                }
            }
            Entry::Clusters | Entry::Decided => {}
        }
    }
    if !wrote_clusters {
        let _ = writeln!(out, "clusters = {}", sites.join(", "));
    }
    let fresh = mm2_properties(t);
    let block: Vec<&str> = fresh
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("clusters ="))
        .filter(|l| {
            // A site the file gave an address keeps it; a new site gets a placeholder.
            !addressed
                .iter()
                .any(|s| l.starts_with(&format!("{s}.bootstrap.servers ")))
        })
        .collect();
    out.push_str(
        "\n# The copy flows as designed in Hoplab (the rest of this file is as it was).\n",
    );
    for flow in gone {
        let _ = writeln!(out, "{flow}.enabled = false");
    }
    for l in block {
        out.push_str(l);
        out.push('\n');
    }
    // Lines the design now says elsewhere leave gaps: one blank line between blocks.
    while out.contains("\n\n\n") {
        out = out.replace("\n\n\n", "\n\n");
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}
