//! Presets whose behaviour the real-copiers layer (`crates/real-copiers`) runs against the
//! real server on every test run: what they say was seen, not only read.

use super::{Preset, PresetId, PresetSource};
use crate::spec::{HopKind, HopOptions, OriginStamp};

/// NATS JetStream sources: a stream that sources another copies its messages
/// asynchronously, keeps their order but not their sequence numbers, takes local writes
/// beside them, and marks each copy with the stream it came from.
pub(super) fn jetstream_source() -> Preset {
    Preset {
        id: PresetId::JetstreamSource,
        title: "NATS JetStream source",
        product: "NATS JetStream stream sources (nats-server 2.9)",
        summary: "The receiving stream copies each message of the streams it sources and also takes its own writers' messages, so copies are numbered by the receiving stream (the origin's order kept, its sequence numbers not). A copy's Nats-Stream-Source header names the stream it was last sourced from, which stops nothing: the server refuses a cycle of sources it can see inside one domain when the stream is configured, but streams in two domains sourcing each other copy every message round without end.",
        card: "echo-loop",
        sources: &[
            PresetSource {
                url: "https://github.com/nats-io/nats.docs/blob/master/nats-concepts/jetstream/source_and_mirror.md",
                quote: "Sourcing messages does not retain sequence numbers.",
            },
            PresetSource {
                url: "https://github.com/nats-io/nats.docs/blob/master/nats-concepts/jetstream/source_and_mirror.md",
                quote: "A stream with sources can still act as a regular stream allowing direct write/publish by local clients to the stream.",
            },
        ],
        approximations: &[
            "The model copies in batches after a fetch round trip; JetStream pushes sourced messages to the receiving stream with flow control.",
            "The model keeps no duplicate window: JetStream drops a repeat of a Nats-Msg-Id inside the receiving stream's window (two minutes by default), which the cases here do not set.",
        ],
        options: HopOptions {
            stamp: OriginStamp::None,
            map_every: None,
            product: Some(PresetId::JetstreamSource),
            ..HopOptions::default()
        },
    }
}

/// NATS JetStream mirrors: a stream that mirrors another keeps the origin's sequence
/// numbers and timestamps, refuses its own clients' writes, and copies only what the
/// origin still holds when the mirror starts.
pub(super) fn jetstream_mirror() -> Preset {
    Preset {
        id: PresetId::JetstreamMirror,
        title: "NATS JetStream mirror",
        product: "NATS JetStream mirrors (nats-server 2.9)",
        summary: "The mirror copies one origin stream and keeps each message's sequence number and timestamp, so a consumer moved to it resumes from the same sequence with no map. It takes no writes of its own until it is promoted, which from nats-server 2.12 is an update of its configuration with `mirror` removed; a mirror created after the origin aged messages out starts at the first sequence the origin still holds.",
        card: "position-map",
        sources: &[
            PresetSource {
                url: "https://github.com/nats-io/nats.docs/blob/master/nats-concepts/jetstream/source_and_mirror.md",
                quote: "Mirrored messages retains the sequence numbers and timestamps of the origin stream.",
            },
            PresetSource {
                url: "https://github.com/nats-io/nats-server/blob/main/server/jetstream_errors_generated.go",
                quote: "JSStreamMirrorNotUpdatableErr stream mirror configuration can not be updated",
            },
        ],
        approximations: &[
            "A JetStream mirror may filter by subject; the model's mirror copies every record of a part.",
            "The model copies in batches after a fetch round trip; JetStream pushes mirrored messages with flow control.",
        ],
        options: HopOptions {
            kind: HopKind::Mirror,
            map_every: None,
            product: Some(PresetId::JetstreamMirror),
            ..HopOptions::default()
        },
    }
}

/// RabbitMQ dynamic shovels: a shovel consumes from a queue and republishes to an
/// exchange or queue elsewhere, acknowledging at the source once the destination
/// confirmed (`ack-mode` `on-confirm`, the default); it marks nothing that stops a loop.
pub(super) fn rabbitmq_shovel() -> Preset {
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
            product: Some(PresetId::RabbitmqShovel),
            ..HopOptions::default()
        },
    }
}
