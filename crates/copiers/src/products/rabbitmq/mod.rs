//! RabbitMQ federation and shovels: a broker's definitions file, one per broker.

pub mod lint;
pub mod read;
pub mod write;

use super::{About, Files, FlowName, Menu, PerSite, Vocabulary};
use crate::presets::{Preset, PresetSource};
use crate::products::runbook::{reverse, Ends, Runbook};
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
    runbooks: &[(PresetId::RabbitmqFederationMaxHops, &FEDERATION_RUNBOOK)],
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
    runbooks: &[(PresetId::RabbitmqShovel, &SHOVEL_RUNBOOK)],
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
    write: None,
    onto: None,
    per_site: Some(PerSite {
        unit: "broker",
        pointers: read::pointers,
        unnamed: read::own_name,
        write: write::per_broker,
    }),
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

// Its runbook words.
// RabbitMQ's failover and failback, in its words. Facts (`/work/shared/CONFIG-FORMATS.md`
// §5): the downstream's policy applies `federation-upstream` / `federation-upstream-set`,
// the upstream is unaware of it; `max-hops` (1) and `x-received-from` stop a message
// visiting a broker twice; shovels detect no loops. Queues keep no positions.

pub const FEDERATION_RUNBOOK: Runbook = Runbook {
    keeps_positions: false,
    failover: federation_failover,
    failback: Some(federation_failback),
};

fn federation_failover(e: &Ends) -> Vec<String> {
    let Ends { a, b, c, .. } = e;
    vec![format!(
            "RabbitMQ: exchange {c} at {b} receives {a}'s messages through the federation upstream its policy applies (`federation-upstream` or `federation-upstream-set`). Publishers moved to {b} publish to {c} there; consumers read the queues bound to it at {b} (there are no positions to translate); what {a}'s upstream queue still held stays there until {a} is back"
        )]
}

fn federation_failback(e: &Ends, reverse_exists: bool) -> Vec<String> {
    let Ends { a, s, b, .. } = e;
    vec![format!(
            "RabbitMQ: the upstream does not know its downstream, so {a} receives what was published at {b} only through a federation upstream of its own: a `federation-upstream` parameter at {a} with {b}'s URI and a policy matching {s} that applies it ({}); keep max-hops 1 with links both ways, so x-received-from stops a message coming back", reverse(reverse_exists)
        )]
}

pub const SHOVEL_RUNBOOK: Runbook = Runbook {
    keeps_positions: false,
    failover: shovel_failover,
    failback: Some(shovel_failback),
};

fn shovel_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, c } = e;
    vec![format!(
            "RabbitMQ: delete (or stop) the shovel {a}/{s} -> {b}/{c} before publishers move to {b}; it detects no loops, and what it had not moved stays in {a}'s queue"
        )]
}

fn shovel_failback(e: &Ends, _: bool) -> Vec<String> {
    let Ends { a, s, b, c: to } = e;
    vec![format!(
            "RabbitMQ: a shovel {b}/{to} -> {a}/{s} moves back what was published at {b}; delete it before the {a} -> {b} shovel starts again, or the two move messages back and forth without end"
        )]
}
