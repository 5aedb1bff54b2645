//! RabbitMQ federation and shovels: a broker's definitions file, one per broker.

pub mod lint;
pub mod read;
pub mod runbook;
pub mod write;

use super::{About, Files, FlowName, Menu, Vocabulary};
use hoplab_model::spec::{CopierId, PresetId};

/// RabbitMQ's words; a stream is an exchange or a queue, by the product.
const WORDS: &[(&str, &str)] = &[
    ("origin stamp", "x-received-from header"),
    ("set the budget to", "set max-hops to"),
    ("reader groups", "consumers"),
    ("reader group", "consumer"),
    ("sites", "brokers"),
    ("site", "broker"),
    ("records", "messages"),
    ("record", "message"),
    ("writers", "publishers"),
    ("writer", "publisher"),
];

pub const EXCHANGE_FEDERATION: About = About {
    title: "RabbitMQ exchange federation",
    copier: CopierId::RabbitmqFederation,
    sources_at: &["rabbitmq"],
    kafka_like: false,
    keeps_positions: false,
    preset: |_| Some(PresetId::RabbitmqFederationMaxHops),
    vocabulary: Vocabulary {
        hop: ["federation link", "federation links"],
        terms: WORDS,
        streams: Some(["exchange", "exchanges"]),
    },
    flow_name: FlowName::Directed,
    runbooks: &[(PresetId::RabbitmqFederationMaxHops, &runbook::FEDERATION)],
};

pub const QUEUE_FEDERATION: About = About {
    title: "RabbitMQ queue federation",
    // Queue federation moves messages to consumers: no preset stands for it.
    preset: |_| None,
    runbooks: &[],
    vocabulary: Vocabulary {
        hop: ["federation link", "federation links"],
        terms: WORDS,
        streams: Some(["queue", "queues"]),
    },
    ..EXCHANGE_FEDERATION
};

pub const SHOVEL: About = About {
    title: "RabbitMQ shovel",
    copier: CopierId::RabbitmqShovel,
    preset: |_| Some(PresetId::RabbitmqShovel),
    vocabulary: Vocabulary {
        hop: ["shovel", "shovels"],
        terms: WORDS,
        streams: Some(["queue", "queues"]),
    },
    runbooks: &[(PresetId::RabbitmqShovel, &runbook::SHOVEL)],
    ..EXCHANGE_FEDERATION
};

/// Definitions, one file per broker (each written onto its own: `export`).
pub const FILES: Files = Files {
    id: "rabbitmq",
    described: "RabbitMQ definitions (one file per broker)",
    menu: Some(Menu {
        label: "RabbitMQ definitions",
        suffix: ".rabbitmq.json",
        mime: "application/json",
    }),
    detect: |s| {
        [
            "rabbit_version",
            "parameters",
            "policies",
            "exchanges",
            "queues",
            "vhosts",
        ]
        .iter()
        .any(|k| s.json_has(k))
    },
    read: read::read,
    write: Some(write::definitions),
    onto: None,
};
