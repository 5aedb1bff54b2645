//! NATS JetStream: stream configurations with `sources` and `mirror`, one file per domain.

pub mod lint;
pub mod read;
pub mod runbook;
pub mod write;

use super::{About, Files, FlowName, Menu, Vocabulary};
use hoplab_model::spec::{CopierId, PresetId};

const WORDS: &[(&str, &str)] = &[
    ("position map", "map of sequence numbers"),
    ("reader position", "consumer's sequence"),
    ("reader groups", "consumers"),
    ("reader group", "consumer"),
    ("an origin stamp", "a header naming the origin"),
    ("origin stamp", "header naming the origin"),
    ("sites", "domains"),
    ("site", "domain"),
    ("records", "messages"),
    ("record", "message"),
    ("writers", "publishers"),
    ("writer", "publisher"),
];

/// A stream's `sources`.
pub const SOURCE: About = About {
    title: "JetStream source",
    copier: CopierId::JetstreamSource,
    sources_at: &["github.com/nats-io/"],
    kafka_like: false,
    keeps_positions: true,
    preset: |_| Some(PresetId::JetstreamSource),
    vocabulary: Vocabulary {
        hop: ["source", "sources"],
        terms: WORDS,
        streams: None,
    },
    flow_name: FlowName::StreamFromStream,
    runbooks: &[(PresetId::JetstreamSource, &runbook::SOURCE)],
};

/// A stream's `mirror`.
pub const MIRROR: About = About {
    title: "JetStream mirror",
    copier: CopierId::JetstreamMirror,
    preset: |_| Some(PresetId::JetstreamMirror),
    vocabulary: Vocabulary {
        hop: ["mirror", "mirrors"],
        terms: WORDS,
        streams: None,
    },
    runbooks: &[(PresetId::JetstreamMirror, &runbook::MIRROR)],
    ..SOURCE
};

/// Stream configurations, one file per domain (each written onto its own: `export`).
pub const FILES: Files = Files {
    id: "nats",
    described: "JetStream stream configurations",
    menu: Some(Menu {
        label: "JetStream streams",
        suffix: ".nats.json",
        mime: "application/json",
    }),
    detect: |s| {
        ["mirror", "sources", "subjects"]
            .iter()
            .any(|k| s.json_has(k))
            || (s.json_has("name") && s.json_has("storage"))
    },
    read: read::read,
    write: Some(write::streams),
    onto: None,
};
