//! Apache Kafka's proposed cluster mirroring (KIP-1279, under discussion since February
//! 2026, in no release): the destination's brokers mirror source topics into read-only
//! mirror topics of the same name, offsets and group offsets kept. Read and written as the
//! `kafka-cluster-mirrors.sh` set-up script of the KIP's prototype.

pub mod lint;
pub mod read;
pub mod runbook;
mod script;
pub mod write;

use super::{About, Files, FlowName, Menu, Vocabulary};
use hoplab_model::spec::{CopierId, PresetId};

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
    runbooks: &[(PresetId::KafkaClusterMirror, &runbook::RUNBOOK)],
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
};
