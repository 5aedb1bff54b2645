//! RabbitMQ federation and shovels: a broker's definitions file, one per broker.

pub mod lint;
pub mod read;
pub mod runbook;
pub mod write;

use super::{About, Files, FlowName, Menu, Vocabulary};
use crate::presets::{Preset, PresetSource};
use crate::{CopierId, PresetId};
use hoplab_model::spec::{HopOptions, OriginStamp};

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

// Its presets: the copier in the model's hop options.

/// RabbitMQ exchange federation: `max-hops` (default 1) is how many federation links a
/// message may cross before it is discarded, and a message never visits the same node
/// twice.
///
/// Sources:
/// - rabbitmq/rabbitmq-website `docs/federation-reference.md` (upstream parameters applying to federated exchanges: `max-hops`)
/// - <https://www.rabbitmq.com/docs/federated-exchanges>
pub(crate) fn rabbitmq_max_hops() -> Preset {
    Preset {
        id: PresetId::RabbitmqFederationMaxHops,
        title: "RabbitMQ exchange federation, max-hops 1",
        product: "RabbitMQ federated exchanges (max-hops = 1, the default)",
        summary: "Every record carries how many links it has crossed; a link does not forward a record that has used its budget or that would return to the site it started at. With a budget of 1 each site receives its neighbours' own records once and forwards nothing further.",
        card: "echo-loop",
        sources: &[
            PresetSource {
                url: "https://github.com/rabbitmq/rabbitmq-website/blob/main/docs/federation-reference.md",
                quote: "The maximum number of federation links that a message published to a federated exchange can traverse before it is discarded. Default is 1.",
            },
            PresetSource {
                url: "https://www.rabbitmq.com/docs/federated-exchanges",
                quote: "there is a limit placed on the number of times a message can be copied over a link",
            },
        ],
        approximations: &[
            "RabbitMQ records every cluster a message passed through; the model checks only the hop count and the site the record started at.",
            "Exchanges have no positions to translate, so the preset writes no position map.",
        ],
        options: HopOptions {
            stamp: OriginStamp::HopBudget(1),
            map_every: None,
            ..HopOptions::default()
        },
    }
}

/// RabbitMQ dynamic shovels: a shovel consumes from a queue and republishes to an
/// exchange or queue elsewhere, acknowledging at the source once the destination
/// confirmed (`ack-mode` `on-confirm`, the default); it marks nothing that stops a loop.
pub(crate) fn rabbitmq_shovel() -> Preset {
    Preset {
        id: PresetId::RabbitmqShovel,
        title: "RabbitMQ dynamic shovel",
        product: "RabbitMQ dynamic shovels (AMQP 0-9-1, ack-mode on-confirm)",
        summary: "A shovel takes each message off a queue at one broker and publishes it to an exchange at another, acknowledging it at the source only after the destination confirmed it, so a restart copies the unconfirmed ones again. Forward headers (x-shovelled) are off by default and are a record, not a guard: two shovels each way between the same exchanges move every message back and forth without end.",
        card: "echo-loop",
        sources: &[
            PresetSource {
                url: "https://github.com/rabbitmq/rabbitmq-website/blob/main/docs/shovel-dynamic.md",
                quote: "If set to on-confirm (the default), messages are acknowledged to the source broker after they have been confirmed by the destination.",
            },
            PresetSource {
                url: "https://github.com/rabbitmq/rabbitmq-website/blob/main/docs/shovel-dynamic.md",
                quote: "Whether to add x-shovelled headers to the shovelled messages indicating where they have been shovelled from and to. Default is false.",
            },
        ],
        approximations: &[
            "A shovel moves messages off its source queue; the model copies a stream and leaves the source as it was, so the site a shovel reads from keeps what it published in its own store queue only.",
            "Queues have no positions to translate, so the preset writes no position map.",
            "The shovel acknowledges messages as the destination confirms them; the model commits its read progress after every delivered batch (commit_interval_ms 1), so a restart repeats only what was in flight.",
        ],
        options: HopOptions {
            stamp: OriginStamp::None,
            map_every: None,
            commit_interval_ms: 1,
            product: Some(PresetId::RabbitmqShovel.name()),
            ..HopOptions::default()
        },
    }
}
