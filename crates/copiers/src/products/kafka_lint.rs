//! Rules over Kafka-like flows (MirrorMaker 2, Strimzi, MSK Replicator, links).

use crate::estate::{Estate, Product};
use crate::lint::ImportFinding;
use hoplab_model::spec::Topology;

/// Two cluster names sharing an address.
pub fn one_cluster_two_aliases(e: &Estate, out: &mut Vec<ImportFinding>) {
    for (i, a) in e.clusters.iter().enumerate() {
        for b in &e.clusters[i + 1..] {
            if let Some(addr) = a.addresses.iter().find(|x| b.addresses.contains(x)) {
                out.push(ImportFinding::new(
                    "one-cluster-two-aliases",
                    format!("{},{}", a.name, b.name),
                    format!(
                        "{} and {} are one cluster ({addr} is in both): MirrorMaker 2 tells clusters apart by alias only, so copies of copies come back under new names ({}.{}.topic ...); give each cluster one alias",
                        a.name, b.name, a.name, b.name
                    ),
                ));
            }
        }
    }
}

pub fn connect_cluster_not_target(e: &Estate, out: &mut Vec<ImportFinding>) {
    for f in &e.flows {
        if let Some(cc) = &f.facts.connect_cluster {
            out.push(ImportFinding::new(
                "strimzi-connect-cluster-not-target",
                format!("{}->{}", f.source, f.target),
                format!(
                    "{}: the mirror {} -> {} runs on connectCluster {cc}, not on its target: Strimzi's Connect cluster must be the target, or the connectors' internal topics and the copies land on the wrong side",
                    f.file, f.source, f.target
                ),
            ));
        }
    }
}

fn overlap(a: &[String], b: &[String]) -> bool {
    a.iter().any(|x| {
        b.iter()
            .any(|y| crate::selector::matches(x, y) || crate::selector::matches(y, x))
    })
}

/// Group sync both ways between two clusters over the same groups.
pub fn group_sync_into_active_groups(e: &Estate, out: &mut Vec<ImportFinding>) {
    for (i, f) in e.flows.iter().enumerate() {
        if !f.facts.group_sync {
            continue;
        }
        for g in &e.flows[i + 1..] {
            if g.facts.group_sync
                && g.source == f.target
                && g.target == f.source
                && overlap(&f.facts.groups, &g.facts.groups)
            {
                out.push(ImportFinding::for_products(
                    "group-sync-into-active-groups",
                    format!("{}<->{}", f.source, f.target),
                    format!(
                        "group offsets are synced both ways between {} and {} for the same groups ({} / {}): a group that reads on both sides is active on each target, and the copier writes offsets only into groups with no members there, so after a failover those groups find no translated position; give each side its own group ids",
                        f.source, f.target, f.facts.groups.join(", "), g.facts.groups.join(", ")
                    ),
                    &[f.product, g.product],
                ));
            }
        }
    }
}

pub fn checkpoint_source_mismatch(e: &Estate, out: &mut Vec<ImportFinding>) {
    for f in &e.flows {
        for (key, src, cp) in &f.facts.mismatched {
            out.push(ImportFinding::new(
                "checkpoint-source-mismatch",
                format!("{}->{}: {key}", f.source, f.target),
                format!(
                    "{}: {} -> {}: the source connector has {key} = {src} and the checkpoint connector {key} = {cp}: positions are translated for topics under other names, or read from an offset-syncs topic that is not there; set it the same in both",
                    f.file, f.source, f.target
                ),
            ));
        }
    }
}

pub fn failover_without_position_map(e: &Estate, out: &mut Vec<ImportFinding>) {
    for f in &e.flows {
        let what = match f.product {
            Product::MirrorMaker2 if f.facts.group_sync && !(f.facts.checkpoints && f.facts.offset_syncs) => {
                "asks for sync.group.offsets.enabled while checkpoints or offset syncs are off: MirrorMaker 2 refuses to run its checkpoint connector so, and no group gets a position"
            }
            Product::MirrorMaker2 if f.facts.offset_syncs && !f.facts.checkpoints => {
                "writes offset syncs but no checkpoints: nothing on the target says where any group stood, so a failover restarts every group by guesswork"
            }
            Product::MskReplicator if !f.facts.group_sync => {
                "does not synchronise consumer group offsets: after a failover no group has a translated position on the target"
            }
            _ => continue,
        };
        out.push(ImportFinding::for_flow(
            "failover-without-position-map",
            f,
            format!("{}: {} -> {} {what}", f.file, f.source, f.target),
        ));
    }
}

/// How the product is made to start from its source's earliest record, in its own terms.
fn start_from_the_earliest(product: Product, source: &str) -> String {
    match product {
        Product::MirrorMaker2 => format!("set the source consumer's auto.offset.reset to earliest ({source}.consumer.auto.offset.reset in dedicated mode, source.consumer.auto.offset.reset in a connector's configuration)"),
        Product::MskReplicator => "give it StartingPosition EARLIEST; the starting position is fixed when a replicator is created, so that takes a new replicator".into(),
        Product::Shovel => "a shovel from an exchange declares its own queue when it starts and sees only what is published after; shovel from a durable queue (src-queue) bound to the exchange before publishers start instead".into(),
        _ => "start it at the earliest record".into(),
    }
}

pub fn head_lost_at_start(e: &Estate, out: &mut Vec<ImportFinding>) {
    for f in e.flows.iter().filter(|f| f.facts.start_latest) {
        let discovery = f
            .facts
            .discovery_ms
            .map(|ms| {
                format!(
                    " (new streams are looked for every {} s, so up to that much of each new one)",
                    ms / 1000
                )
            })
            .unwrap_or_default();
        out.push(ImportFinding::for_flow(
            "head-lost-at-start",
            f,
            format!(
                "{}: {} {} -> {} starts at the newest record: everything written before it started{discovery} is never copied; {}",
                f.file,
                f.product.title(),
                f.source,
                f.target,
                start_from_the_earliest(f.product, &f.source)
            ),
        ));
    }
}

/// MirrorMaker 2 flows that look for new topics less often than a copied source stream
/// keeps its records: a new topic's first records can age out before the flow finds it.
pub fn head_aged_out_before_discovery(e: &Estate, t: &Topology, out: &mut Vec<ImportFinding>) {
    for f in e
        .flows
        .iter()
        .filter(|f| f.product == Product::MirrorMaker2)
    {
        let Some(discovery) = f.facts.discovery_ms else {
            continue;
        };
        let mut seen: Vec<&str> = Vec::new();
        for h in t
            .hops
            .iter()
            .filter(|h| h.from.site == f.source && h.to.site == f.target)
        {
            let Some(age) = t
                .streams
                .iter()
                .find(|s| s.site == h.from.site && s.name == h.from.stream)
                .and_then(|s| s.retention.max_age_ms)
            else {
                continue;
            };
            if age >= discovery || seen.contains(&h.from.stream.as_str()) {
                continue;
            }
            seen.push(&h.from.stream);
            out.push(ImportFinding::new(
                "head-aged-out-before-discovery",
                format!("{}->{}: {}", f.source, f.target, h.from.stream),
                format!(
                    "{}: {} keeps records {} s at {} but MirrorMaker 2 {} -> {} looks for new topics only every {} s (refresh.topics.interval.seconds): the first records of a new topic there can age out before the flow ever reads them; lower refresh.topics.interval.seconds below the retention, or keep records longer",
                    f.file,
                    h.from.stream,
                    age / 1000,
                    f.source,
                    f.source,
                    f.target,
                    discovery / 1000
                ),
            ));
        }
    }
}

/// Clusters MirrorMaker 2 copies into with every inbound flow's heartbeats off.
pub fn heartbeats_off(e: &Estate, out: &mut Vec<ImportFinding>) {
    let mut targets: Vec<&str> = Vec::new();
    for f in e
        .flows
        .iter()
        .filter(|f| f.product == Product::MirrorMaker2)
    {
        if !targets.contains(&f.target.as_str()) {
            targets.push(&f.target);
        }
    }
    for t in targets {
        let inbound: Vec<_> = e
            .flows
            .iter()
            .filter(|f| f.product == Product::MirrorMaker2 && f.target == t)
            .collect();
        if inbound.iter().all(|f| !f.facts.heartbeats) {
            let from: Vec<&str> = inbound.iter().map(|f| f.source.as_str()).collect();
            out.push(ImportFinding::new(
                "heartbeats-off",
                t.to_string(),
                format!(
                    "no heartbeats reach {t} from {}: a dashboard there cannot tell a quiet stream from a stuck copier, and MirrorClient (RemoteClusterUtils) finds no upstream cluster; keep emit.heartbeats.enabled",
                    from.join(", ")
                ),
            ));
        }
    }
}
