//! Apache Kafka's proposed cluster mirroring (KIP-1279, under discussion since February
//! 2026, in no release): the destination's brokers mirror source topics into read-only
//! mirror topics of the same name, offsets and group offsets kept. Read and written as the
//! `kafka-cluster-mirrors.sh` set-up script of the KIP's prototype.

pub mod lint;
pub mod read;
pub mod write;

use super::{About, Files, FlowName, Menu, Vocabulary};
use crate::presets::{Preset, PresetSource};
use crate::products::runbook::{re, reverse, Ends, Runbook};
use crate::{CopierId, PresetId};
use hoplab_model::spec::{HopKind, HopOptions};

pub const ABOUT: About = About {
    title: "Kafka cluster mirroring (KIP-1279, proposed)",
    copier: CopierId::KafkaClusterMirroring,
    sources_at: &["dev@kafka.apache.org"],
    kafka_like: true,
    keeps_positions: true,
    preset: |_| Some(PresetId::KafkaClusterMirror),
    vocabulary: Vocabulary {
        hop: ["cluster mirror", "cluster mirrors"],
        terms: &[
            ("position map", "group offset sync"),
            ("promoted", "stopped"),
            ("promote", "stop it"),
        ],
        streams: None,
    },
    flow_name: FlowName::Directed,
    runbooks: &[(PresetId::KafkaClusterMirror, &RUNBOOK)],
};

/// The `kafka-cluster-mirrors.sh` set-up script.
pub const FILES: Files = Files {
    id: "kafka-cluster-mirrors",
    described: "a kafka-cluster-mirrors.sh set-up script (KIP-1279, proposed)",
    menu: Some(Menu {
        label: "Cluster mirroring script (KIP-1279)",
        suffix: ".cluster-mirrors.sh",
        mime: "text/plain",
    }),
    detect: |s| !s.json_like && read::mentions_the_tool(s.text),
    read: read::read,
    write: Some(write::script),
    onto: Some(write::script_onto),
    per_site: None,
};

// Its preset: the copier in the model's hop options.

/// Kafka's proposed cluster mirroring (KIP-1279, under discussion on the dev list since
/// February 2026, in no release): brokers of the destination fetch the source's partitions
/// byte for byte into read-only mirror topics of the same name and topic id, and sync
/// group offsets 1:1. Read from the KIP's discussion on dev@kafka.apache.org (the KIP page
/// itself could not be read here); see `content/evidence/kip-1279-*.toml`.
pub(crate) fn kafka_cluster_mirror() -> Preset {
    Preset {
        id: PresetId::KafkaClusterMirror,
        title: "Kafka cluster mirroring (KIP-1279, proposed)",
        product: "Apache Kafka cluster mirroring, as proposed in KIP-1279 (under discussion, not released)",
        summary: "The destination's own brokers copy each source partition from offset 0, batch for batch, into a read-only mirror topic with the same name: positions match, so group offsets are copied as they are, with no map. One way only; stopping the mirror (the failover) makes the topics writable.",
        card: "position-map",
        sources: &[
            PresetSource {
                url: "https://www.mail-archive.com/dev@kafka.apache.org/msg154434.html",
                quote: "Then, data is replicated starting from offset 0 with byte-for-byte batch copying, so destination offsets always match source offsets.",
            },
            PresetSource {
                url: "https://mail-archive.com/dev@kafka.apache.org/msg156393.html",
                quote: "The coordinator periodically syncs consumer and share group offsets from the source cluster to the destination for all mirrored topics.",
            },
            PresetSource {
                url: "https://www.mail-archive.com/dev@kafka.apache.org/msg155058.html",
                quote: "During the mirror stopping transition, the MirrorCoordinator performs a log truncation operation that resets each mirror partition to its LSO.",
            },
            PresetSource {
                url: "https://www.mail-archive.com/dev@kafka.apache.org/msg154433.html",
                quote: "We only support unidirectional and asynchronous cross-cluster replication, but in a way that can be extended to support synchronous cross-cluster replication.",
            },
        ],
        approximations: &[
            "A proposal: the names, commands and keys follow the KIP's discussion up to June 2026 and its prototype, and may change before any release.",
            "The preset syncs no group offsets: a group moved by the same number while its source answers resumes where it stood, and one moved off a lost source starts as a new group does; set “sync group positions every” for the KIP's group offset sync. The KIP skips groups with active members on the destination and clamps a synced offset to what the destination holds, as the model's mirror sync does.",
            "At a stop the KIP truncates each mirror partition to its last stable offset (records of open transactions go); the model has no transactions, so nothing is truncated.",
        ],
        options: HopOptions {
            kind: HopKind::Mirror,
            map_every: None,
            product: Some(PresetId::KafkaClusterMirror.name()),
            ..HopOptions::default()
        },
    }
}

// Its runbook words.
// Kafka cluster mirroring's failover and failback (KIP-1279, a proposal; its discussion on
// dev@kafka.apache.org, `content/evidence/kip-1279-*.toml`): mirror topics keep names,
// topic ids and offsets and refuse writes until `kafka-cluster-mirrors.sh --stop`, which
// truncates to the last stable offset; group offsets are synced 1:1 except into groups
// active on the destination; failing back truncates to the last mirrored offset and
// mirrors the rest.

pub const RUNBOOK: Runbook = Runbook {
    keeps_positions: true,
    failover: mirror_failover,
    failback: Some(mirror_failback),
};

fn mirror_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, c } = e;
    vec![
            format!("Kafka cluster mirroring (KIP-1279, proposed): {c} at {b} is a read-only mirror topic of {a}/{s}, with its name, topic id and offsets. Stop the mirror for it at {b} (kafka-cluster-mirrors.sh --bootstrap-server <{b}> --stop --mirror <mirror> --topics {}): the stop truncates each partition to its last stable offset, so transactions still open at {a} are not there, and makes {c} writable", re(s)),
            format!("Consumer groups moved to {b} keep their offsets (the mirror synced them as they are), except groups that had members at {b} while it mirrored: those keep what they committed there. Start them at {b} only after the stop"),
        ]
}

fn mirror_failback(e: &Ends, reverse_exists: bool) -> Vec<String> {
    let Ends { a, s, b, c: to } = e;
    vec![
            format!("KIP-1279 mirrors one way, so {a} comes back as a mirror of {b}: create a mirror at {a} from {b} and start it for {to} ({}); {a}'s partitions are truncated to the last offset mirrored before the stop (or to zero) and only the rest is mirrored", reverse(reverse_exists)),
            format!("Once it has no lag, stop writers at {b}, stop the mirror at {a} (which makes {s} writable there), move writers and groups back, then start {a}->{b} again"),
        ]
}
