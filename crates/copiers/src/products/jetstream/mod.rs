//! NATS JetStream: stream configurations with `sources` and `mirror`, one file per domain.

pub mod lint;
pub mod read;
pub mod write;

use super::{About, Files, FlowName, Menu, PerSite, Vocabulary};
use crate::presets::{Preset, PresetSource};
use crate::products::runbook::{Ends, Runbook};
use crate::{CopierId, PresetId};
use hoplab_model::spec::{HopKind, HopOptions, OriginStamp};

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
    runbooks: &[(PresetId::JetstreamSource, &SOURCE_RUNBOOK)],
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
    runbooks: &[(PresetId::JetstreamMirror, &MIRROR_RUNBOOK)],
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
    write: None,
    onto: None,
    per_site: Some(PerSite {
        unit: "domain",
        pointers: read::pointers,
        unnamed: |_, _| read::DEFAULT_DOMAIN.to_string(),
        write: write::per_domain,
    }),
};

// Its presets: the copier in the model's hop options.

/// NATS JetStream sources: a stream that sources another copies its messages
/// asynchronously, keeps their order but not their sequence numbers, takes local writes
/// beside them, and marks each copy with the stream it came from.
pub(crate) fn jetstream_source() -> Preset {
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
            product: Some(PresetId::JetstreamSource.name()),
            ..HopOptions::default()
        },
    }
}

/// NATS JetStream mirrors: a stream that mirrors another keeps the origin's sequence
/// numbers and timestamps, refuses its own clients' writes, and copies only what the
/// origin still holds when the mirror starts.
pub(crate) fn jetstream_mirror() -> Preset {
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
            product: Some(PresetId::JetstreamMirror.name()),
            ..HopOptions::default()
        },
    }
}

// Its runbook words.
// JetStream's failover and failback, in its words. Facts (nats-io/nats-server
// `1787eee035cf`, `server/stream.go`): a mirror refuses client writes and cannot have
// subjects; an update may remove `mirror` ("promote" the mirror, from 2.12) but not add or
// change it ("stream mirror configuration can not be updated"); a mirror keeps the
// origin's sequence numbers, a source does not (the origin's are in `Nats-Stream-Source`);
// the cycle check skips external sources.

pub const MIRROR_RUNBOOK: Runbook = Runbook {
    keeps_positions: true,
    failover: mirror_failover,
    failback: Some(mirror_failback),
};

fn mirror_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, c } = e;
    vec![
            format!("JetStream: {c} at {b} mirrors {s} from {a} and refuses writes. Promote it (nats-server 2.12 and later): update the stream's configuration with `mirror` removed and the subjects writers publish to added (a mirror cannot have subjects). Earlier servers refuse the update (\"stream mirror configuration can not be updated\"): create a new stream with those subjects instead, whose sequence numbers start again"),
            format!("Consumers moved to {b} are created on {c} from the sequence after their last acknowledged one (`deliver_policy: by_start_sequence`, `opt_start_seq`): the mirror kept {s}'s sequence numbers"),
        ]
}

fn mirror_failback(e: &Ends, _: bool) -> Vec<String> {
    let Ends { a, s, b, c: to } = e;
    vec![format!(
            "JetStream: {s} at {a} has subjects, so it cannot become a mirror (an update cannot add `mirror`): recreate it at {a} as a mirror of {to} (`mirror: {{name: {to}, external: {{api: \"$JS.{b}.API\"}}}}`), let it catch up, stop the writers at {b}, promote it (remove `mirror`, add the subjects), then recreate {to} at {b} as a mirror of {s} again"
        )]
}

pub const SOURCE_RUNBOOK: Runbook = Runbook {
    keeps_positions: true,
    failover: source_failover,
    failback: Some(source_failback),
};

fn source_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, c } = e;
    vec![format!(
            "JetStream: {c} at {b} sources {s} from {a} and numbers its messages itself (the origin's sequence is in each copy's Nats-Stream-Source header): consumers moved there start by time (`deliver_policy: by_start_time`) or from that header, not from {s}'s sequence; {c} takes writers' messages once it has their subjects"
        )]
}

fn source_failback(e: &Ends, _: bool) -> Vec<String> {
    let Ends { a, s, b, c: to } = e;
    vec![format!(
            "JetStream: to bring {b}'s writes back, {s} at {a} sources {to} from {b} (`sources` with `external.api` \"$JS.{b}.API\"), with `filter_subject` limited to the subjects written at {b}: the server's cycle check skips external sources, so two streams sourcing each other unfiltered copy every message round without end"
        )]
}
