//! Redpanda Shadowing: a shadow link's configuration (read only).

pub mod read;

use super::{About, Files, FlowName, Vocabulary};
use hoplab_model::spec::{CopierId, PresetId};

pub const ABOUT: About = About {
    title: "Redpanda Shadowing",
    copier: CopierId::RedpandaShadowing,
    sources_at: &["redpanda"],
    kafka_like: true,
    keeps_positions: true,
    preset: |_| Some(PresetId::OffsetPreservingMirror),
    vocabulary: Vocabulary {
        hop: ["shadow link", "shadow links"],
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
    id: "redpanda-shadow",
    detect: |s| {
        !s.json_like
            && (s.text.contains("client_options:")
                || s.text.contains("topic_metadata_sync_options:"))
    },
    read: read::read,
    write: None,
    onto: None,
};
