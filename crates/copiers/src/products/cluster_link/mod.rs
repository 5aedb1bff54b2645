//! Confluent Cluster Linking: a link's properties file (read only).

pub mod read;

use super::{About, Files, FlowName, Vocabulary};
use crate::{CopierId, PresetId};

pub const ABOUT: About = About {
    title: "Confluent Cluster Linking",
    copier: CopierId::ClusterLinking,
    sources_at: &["confluent"],
    kafka_like: true,
    keeps_positions: true,
    preset: |_| Some(PresetId::OffsetPreservingMirror),
    vocabulary: Vocabulary {
        hop: ["cluster link", "cluster links"],
        terms: &[("position map", "consumer offset sync")],
        streams: None,
    },
    flow_name: FlowName::Directed,
    runbooks: &[(
        PresetId::OffsetPreservingMirror,
        &super::runbook::READ_ONLY_MIRROR,
    )],
};

pub const FILES: Files = Files {
    id: "cluster-link",
    described: "a Confluent cluster link",
    menu: None,
    detect: |s| {
        !s.json_like
            && [
                "link.mode",
                "cluster.link.prefix",
                "auto.create.mirror.topics.enable",
                "consumer.offset.sync.enable",
                "mirror.start.offset.spec",
                "bootstrap.servers",
            ]
            .iter()
            .any(|k| s.sets(k))
    },
    read: read::read,
    write: None,
    onto: None,
    per_site: None,
};
