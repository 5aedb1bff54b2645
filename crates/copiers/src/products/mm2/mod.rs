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
use crate::presets::{Preset, PresetSource};
use crate::{CopierId, PresetId};
use hoplab_model::spec::{HopOptions, OriginStamp};

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

// Its presets: the copier in the model's hop options.

/// MirrorMaker 2's defaults: `DefaultReplicationPolicy` names remote topics
/// `<source alias>.<topic>`; a new offset sync once the target position is
/// `offset.lag.max` (100) or more past one beyond the last sync, so more than 100 past the
/// sync itself (every 101 records in steady copying); checkpoints every
/// `emit.checkpoints.interval.seconds` (60).
///
/// Sources:
/// - apache/kafka `connect/mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorSourceConfig.java` (`OFFSET_LAG_MAX_DEFAULT = 100L`)
/// - apache/kafka `connect/mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorCheckpointConfig.java` (`EMIT_CHECKPOINTS_INTERVAL_SECONDS_DEFAULT = 60`, `SYNC_GROUP_OFFSETS_ENABLED_DEFAULT = false`)
/// - apache/kafka `connect/mirror-client/src/main/java/org/apache/kafka/connect/mirror/DefaultReplicationPolicy.java` (`formatRemoteTopic`: alias, separator ".", topic)
pub(crate) fn mm2_default() -> Preset {
    Preset {
        id: PresetId::Mm2Default,
        title: "MirrorMaker 2, default policy",
        product: "Apache Kafka MirrorMaker 2 (DefaultReplicationPolicy)",
        summary: "Copies land in a stream named after the source site (A.orders on B), so a copy is never copied back. A new position-map pair once a part's copy is 101 records past the last pair's (a pair every 101 records in steady copying); reader positions are translated and checkpointed to the target every 60 s.",
        card: "position-map",
        sources: &[
            PresetSource {
                url: "https://github.com/apache/kafka/blob/trunk/connect/mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorSourceConfig.java",
                quote: "OFFSET_LAG_MAX_DEFAULT = 100L",
            },
            PresetSource {
                url: "https://github.com/apache/kafka/blob/trunk/connect/mirror/src/main/java/org/apache/kafka/connect/mirror/OffsetSyncWriter.java",
                quote: "boolean translatedOffsetTooStale = downstreamOffset - (lastSyncDownstreamOffset + 1) >= maxOffsetLag;",
            },
            PresetSource {
                url: "https://github.com/apache/kafka/blob/trunk/connect/mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorCheckpointConfig.java",
                quote: "EMIT_CHECKPOINTS_INTERVAL_SECONDS_DEFAULT = 60",
            },
            PresetSource {
                url: "https://github.com/apache/kafka/blob/trunk/connect/mirror-client/src/main/java/org/apache/kafka/connect/mirror/DefaultReplicationPolicy.java",
                quote: "return sourceClusterAlias + separator + topic;",
            },
        ],
        approximations: &[
            "Checkpoints are applied to the group when it is moved; MirrorMaker 2 writes them to the target and applies them to the group's offsets only with sync.group.offsets.enabled (off by default).",
            "The position map keeps its pairs as MirrorMaker 2 in Kafka 3.6.0 and later (and 3.5.2) does (map_store kafka-3.6); Kafka 3.4.1, 3.5.0 and 3.5.1 kept fewer of them when pairs come unevenly spaced (map_store kafka-3.5.0, KAFKA-15202).",
        ],
        options: HopOptions {
            stamp: OriginStamp::QualifiedName,
            map_every: Some(100),
            checkpoint_every_ms: Some(60_000),
            ..HopOptions::default()
        },
    }
}

/// MirrorMaker 2 with `IdentityReplicationPolicy`: names unchanged, and (its own javadoc)
/// MirrorMaker cannot prevent cycles with it.
///
/// Sources:
/// - apache/kafka `connect/mirror-client/src/main/java/org/apache/kafka/connect/mirror/IdentityReplicationPolicy.java` ("MirrorMaker is not able to prevent cycles when using this replication policy")
/// - the two config files cited for [`mm2_default`]
pub(crate) fn mm2_identity() -> Preset {
    Preset {
        id: PresetId::Mm2Identity,
        title: "MirrorMaker 2, identity policy",
        product: "Apache Kafka MirrorMaker 2 (IdentityReplicationPolicy)",
        summary: "Copies keep the source's stream name and carry no stamp: fine for one-way copying, but two-way or ring copying sends every record round again without end.",
        card: "echo-loop",
        sources: &[
            PresetSource {
                url: "https://github.com/apache/kafka/blob/trunk/connect/mirror-client/src/main/java/org/apache/kafka/connect/mirror/IdentityReplicationPolicy.java",
                quote: "MirrorMaker is not able to prevent cycles when using this replication policy",
            },
            PresetSource {
                url: "https://github.com/apache/kafka/blob/trunk/connect/mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorSourceConfig.java",
                quote: "OFFSET_LAG_MAX_DEFAULT = 100L",
            },
            PresetSource {
                url: "https://github.com/apache/kafka/blob/trunk/connect/mirror/src/main/java/org/apache/kafka/connect/mirror/OffsetSyncWriter.java",
                quote: "boolean translatedOffsetTooStale = downstreamOffset - (lastSyncDownstreamOffset + 1) >= maxOffsetLag;",
            },
            PresetSource {
                url: "https://github.com/apache/kafka/blob/trunk/connect/mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorCheckpointConfig.java",
                quote: "EMIT_CHECKPOINTS_INTERVAL_SECONDS_DEFAULT = 60",
            },
        ],
        approximations: &[
            "The position map keeps its pairs as MirrorMaker 2 in Kafka 3.6.0 and later (and 3.5.2) does (map_store kafka-3.6); Kafka 3.4.1, 3.5.0 and 3.5.1 kept fewer of them when pairs come unevenly spaced (map_store kafka-3.5.0, KAFKA-15202).",
        ],
        options: HopOptions {
            stamp: OriginStamp::None,
            map_every: Some(100),
            checkpoint_every_ms: Some(60_000),
            ..HopOptions::default()
        },
    }
}
