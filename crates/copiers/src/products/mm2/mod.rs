//! Apache Kafka MirrorMaker 2, in its three deployments: dedicated mode, connectors on a
//! Connect cluster, and Strimzi's custom resource. All three end in `settings::flow`.

pub mod connect;
pub mod dedicated;
pub mod keys;
pub mod offsets;
pub mod runbook;
pub mod settings;
pub mod strimzi;
pub mod write;
pub mod write_strimzi;

use super::{About, Files, FlowName, Menu, Vocabulary};
use crate::estate::Naming;
use hoplab_model::spec::{CopierId, PresetId};

pub const ABOUT: About = About {
    title: "MirrorMaker 2",
    copier: CopierId::MirrorMaker2,
    sources_at: &["github.com/apache/kafka/", "github.com/strimzi/"],
    kafka_like: true,
    keeps_positions: true,
    preset: |naming| {
        Some(match naming {
            Naming::Identity => PresetId::Mm2Identity,
            _ => PresetId::Mm2Default,
        })
    },
    vocabulary: Vocabulary {
        hop: ["flow", "flows"],
        terms: &[
            ("position map", "offset syncs"),
            ("an origin stamp", "a source-alias prefix"),
            ("origin stamp", "source-alias prefix"),
        ],
        streams: None,
    },
    flow_name: FlowName::Arrow,
    runbooks: &[
        (PresetId::Mm2Default, &runbook::PREFIXED),
        (PresetId::Mm2Identity, &runbook::IDENTITY),
    ],
};

/// `connect-mirror-maker.properties` (dedicated mode).
pub const PROPERTIES: Files = Files {
    id: "mm2-properties",
    described: "a MirrorMaker 2 properties file",
    menu: Some(Menu {
        label: "MirrorMaker 2 properties",
        suffix: ".mm2.properties",
        mime: "text/plain",
    }),
    detect: |s| !s.json_like && s.sets("clusters"),
    read: |input, report| dedicated::read(input.name, input.text, report),
    write: Some(write::mm2_properties),
    onto: Some(|t, original| Some(write::mm2_properties_onto(t, original.text))),
};

/// Connectors' JSON for a Kafka Connect cluster (read only).
pub const CONNECT: Files = Files {
    id: "mm2-connect",
    described: "connector JSON",
    menu: None,
    detect: |s| {
        let config = s.json.as_ref().map(|v| v.get("config").unwrap_or(v));
        config.is_some_and(|c| {
            c.get("connector.class").is_some() || c.get("source.cluster.alias").is_some()
        })
    },
    read: |input, report| connect::read(input.name, input.text, report),
    write: None,
    onto: None,
};

/// Strimzi's `KafkaMirrorMaker2` resource.
pub const STRIMZI: Files = Files {
    id: "strimzi",
    described: "a Strimzi KafkaMirrorMaker2 resource",
    menu: Some(Menu {
        label: "Strimzi KafkaMirrorMaker2",
        suffix: ".strimzi.yaml",
        mime: "application/yaml",
    }),
    detect: |s| !s.json_like && s.text.contains("kind: KafkaMirrorMaker2"),
    read: |input, report| strimzi::read(input.name, input.text, report),
    write: Some(write_strimzi::resources),
    onto: Some(|t, original| write_strimzi::resources_onto(t, original.text)),
};
