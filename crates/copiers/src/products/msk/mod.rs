//! Amazon MSK Replicator: the CreateReplicator request.

pub mod read;
pub mod runbook;
pub mod write;

use super::{About, Files, FlowName, Menu, Vocabulary};
use crate::estate::Naming;
use hoplab_model::spec::{CopierId, PresetId};

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
    runbooks: &[(PresetId::MskReplicatorIdentical, &runbook::RUNBOOK)],
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
};
