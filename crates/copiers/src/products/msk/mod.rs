//! Amazon MSK Replicator: the CreateReplicator request.

pub mod read;
pub mod write;

use super::{About, Files, FlowName, Menu, Vocabulary};
use crate::estate::Naming;
use crate::presets::{Preset, PresetSource};
use crate::products::runbook::{reverse, Ends, Runbook};
use crate::{CopierId, PresetId};
use hoplab_model::spec::{HopOptions, OriginStamp};

pub const ABOUT: About = About {
    title: "MSK Replicator",
    copier: CopierId::MskReplicator,
    sources_at: &["docs.aws.amazon.com/msk/"],
    kafka_like: true,
    keeps_positions: true,
    // Prefixed names have no preset of their own.
    preset: |naming| (*naming == Naming::Identity).then_some(PresetId::MskReplicatorIdentical),
    vocabulary: Vocabulary {
        hop: ["replication", "replications"],
        terms: &[("position map", "consumer group offset sync")],
        streams: None,
    },
    flow_name: FlowName::Directed,
    runbooks: &[(PresetId::MskReplicatorIdentical, &RUNBOOK)],
};

pub const FILES: Files = Files {
    id: "msk",
    described: "an MSK Replicator request",
    menu: Some(Menu {
        label: "MSK Replicator request",
        suffix: ".msk.json",
        mime: "application/json",
    }),
    detect: |s| s.json_has("ReplicationInfoList") || s.json_has("replicationInfoList"),
    read: |input, report| read::read(input.name, input.text, report),
    write: Some(write::request),
    onto: Some(|t, original| write::request_onto(t, original.text)),
    per_site: None,
};

// Its preset: the copier in the model's hop options.

/// Amazon MSK Replicator with identical topic names ("Keep the same topics name"): the
/// replicator marks what it writes with `__mskmr` headers and filters them out to avoid
/// cyclic replication, paying to read every record twice in active-active setups.
///
/// Sources:
/// - <https://docs.aws.amazon.com/msk/latest/developerguide/msk-replicator-topic-naming.html>
/// - the same page: "MSK Replicator embeds identifiers for source cluster and topic into the header of each record being replicated (`__mskmr`)"
/// - <https://docs.amazonaws.cn/en_us/msk/latest/developerguide/msk-replicator-active-active.html> (prefixed names for active-active "avoids additional data processing charges")
pub(crate) fn msk_identical_names() -> Preset {
    Preset {
        id: PresetId::MskReplicatorIdentical,
        title: "MSK Replicator, identical topic names",
        product: "Amazon MSK Replicator (Identical topic name replication)",
        summary: "Copies keep the source's stream name, and a header on each copy lets the replicator skip records that did not start on its source side, so two-way copying into one stream does not loop. Readers keep their stream names across a failover.",
        card: "echo-loop",
        sources: &[
            PresetSource {
                url: "https://docs.aws.amazon.com/msk/latest/developerguide/msk-replicator-topic-naming.html",
                quote: "MSK Replicator embeds identifiers for source cluster and topic into the header of each record being replicated (`__mskmr`).",
            },
            PresetSource {
                url: "https://docs.amazonaws.cn/en_us/msk/latest/developerguide/msk-replicator-active-active.html",
                quote: "We recommend using Prefixed topic name replication (Add prefix to topics name in console) for active-active setups. This requires reconfiguring your consumers to read the replicated topics, but avoids additional data processing charges.",
            },
        ],
        approximations: &[
            "MSK Replicator also syncs consumer-group offsets; how often is not documented, so the preset syncs none: a group moved while its source answers is translated over the map (a pair once the copy is more than 100 records past the last, every 101 records in steady copying), and one moved off a lost source starts as a new group does. Set “sync group positions every” to the cadence you observe.",
        ],
        options: HopOptions {
            stamp: OriginStamp::Marker,
            forward_only_local: true,
            map_every: Some(100),
            ..HopOptions::default()
        },
    }
}

// Its runbook words.
// MSK Replicator's failover and failback (identical topic names), in its words.

pub const RUNBOOK: Runbook = Runbook {
    keeps_positions: true,
    failover: replicator_failover,
    failback: Some(replicator_failback),
};

fn replicator_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, c } = e;
    vec![
            format!("MSK Replicator {a}->{b} (identical topic names): {s} is {c} at {b}. Consumer groups moved to {b} resume from the offsets the replicator translated and committed at {b}, but only if consumer group offset synchronization was turned on when it was created, and only for groups with no active consumers at {b}: start a group there only once it has moved"),
            format!("The translated offsets are approximate (the replicator samples its offset mapping): expect a group moved to {b} to read a few records again"),
        ]
}

fn replicator_failback(e: &Ends, reverse_exists: bool) -> Vec<String> {
    let Ends { a, b, .. } = e;
    vec![
            format!("MSK Replicator: one replicator copies one way, so {b}'s writes come back to {a} through a replicator {b}->{a} ({}); its starting position is fixed when it is created", reverse(reverse_exists)),
            format!("With LEGACY offset synchronization (the default) no offsets are translated back from {b} to {a}: groups returning to {a} need the bidirectional set-up with ENHANCED offset synchronization, a replicator each way"),
        ]
}
