//! Apache Kafka MirrorMaker 2, in its three deployments: dedicated mode, connectors on a
//! Connect cluster, and Strimzi's custom resource. All three end in `settings::flow`.

pub mod connect;
pub mod dedicated;
pub mod keys;
pub mod offsets;
pub mod settings;
pub mod strimzi;
pub mod write;
pub mod write_strimzi;

use super::{About, Files, FlowName, Menu, Vocabulary};
use crate::estate::Naming;
use crate::presets::{Preset, PresetSource};
use crate::products::runbook::{re, reverse, Ends, Runbook};
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
        (PresetId::Mm2Default, &PREFIXED_RUNBOOK),
        (PresetId::Mm2Identity, &IDENTITY_RUNBOOK),
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
    per_site: None,
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
    per_site: None,
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
    per_site: None,
};

// Its presets: the copier in the model's hop options.

/// MirrorMaker 2's defaults: `DefaultReplicationPolicy` names remote topics
/// `<source alias>.<topic>`; a new offset sync once the target position is
/// `offset.lag.max` (100) or more past one beyond the last sync, so more than 100 past the
/// sync itself (every 101 records in steady copying); checkpoints every
/// `emit.checkpoints.interval.seconds` (60); heartbeats every
/// `emit.heartbeats.interval.seconds` (1), `emit.heartbeats.enabled` being true unless set.
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
                url: "https://github.com/apache/kafka/blob/trunk/connect/mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorHeartbeatConfig.java",
                quote: "public static final boolean EMIT_HEARTBEATS_ENABLED_DEFAULT = true;",
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
            // emit.heartbeats.enabled true, every 1 s (MirrorHeartbeatConfig).
            heartbeat_every_ms: Some(1_000),
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
            PresetSource {
                url: "https://github.com/apache/kafka/blob/trunk/connect/mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorHeartbeatConfig.java",
                quote: "public static final boolean EMIT_HEARTBEATS_ENABLED_DEFAULT = true;",
            },
        ],
        approximations: &[
            "The position map keeps its pairs as MirrorMaker 2 in Kafka 3.6.0 and later (and 3.5.2) does (map_store kafka-3.6); Kafka 3.4.1, 3.5.0 and 3.5.1 kept fewer of them when pairs come unevenly spaced (map_store kafka-3.5.0, KAFKA-15202).",
        ],
        options: HopOptions {
            stamp: OriginStamp::None,
            map_every: Some(100),
            checkpoint_every_ms: Some(60_000),
            // emit.heartbeats.enabled true, every 1 s (MirrorHeartbeatConfig).
            heartbeat_every_ms: Some(1_000),
            ..HopOptions::default()
        },
    }
}

// Its runbook words.
// MirrorMaker 2's failover and failback, in its words. Facts (apache/kafka
// `1eb7644349cb`): `DefaultReplicationPolicy` names a copy `<source alias>.<topic>`;
// `MirrorSourceConnector.isCycle` skips a topic whose alias chain names the target;
// checkpoints go to `<source alias>.checkpoints.internal` on the target
// (`ReplicationPolicy.checkpointsTopic`), read by `RemoteClusterUtils.translateOffsets`;
// `sync.group.offsets.enabled` writes them into groups with no members there;
// `IdentityReplicationPolicy` cannot prevent cycles.

pub const PREFIXED_RUNBOOK: Runbook = Runbook {
    keeps_positions: true,
    failover: prefixed_failover,
    failback: Some(prefixed_failback),
};

fn prefixed_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, c } = e;
    vec![
            format!("MirrorMaker 2 {a}->{b} (DefaultReplicationPolicy, separator \".\"): {s} from {a} is the topic {c} at {b}. Readers moved to {b} read {c}; writers moved to {b} write {s} there, a topic of its own (only the copier writes {c})"),
            format!("Before a group starts at {b}, give it its translated position in {c}: from the checkpoints in {a}.checkpoints.internal at {b} (MirrorClient: RemoteClusterUtils.translateOffsets), or let sync.group.offsets.enabled on {a}->{b} write them into the group while it has no members at {b}"),
        ]
}

fn prefixed_failback(e: &Ends, reverse_exists: bool) -> Vec<String> {
    let Ends { a, s, b, c: to } = e;
    vec![
            format!("MirrorMaker 2 will not copy {b}/{to} back to {a}: the name's alias chain already names {a} (its cycle check, isCycle), so a rebuilt {a} does not get its old records back that way. What writers wrote to {s} at {b} comes over the reverse flow {b}->{a} ({b}->{a}.enabled = true, its topics including {s}; {}), as {b}.{s} at {a}", reverse(reverse_exists)),
            format!("Readers at {a} read both {s} and {b}.{s} (a pattern such as ^({}\\.)?{}$): the records written during the failover are only in {b}.{s}. Translate their positions from the checkpoints in {b}.checkpoints.internal at {a} (RemoteClusterUtils.translateOffsets), or with sync.group.offsets.enabled on {b}->{a}", re(b), re(s)),
            format!("Move writers back to {s} at {a} once {b}->{a} has no lag; {a}->{b} copies their new records to {to} at {b} again"),
        ]
}

pub const IDENTITY_RUNBOOK: Runbook = Runbook {
    keeps_positions: true,
    failover: identity_failover,
    failback: Some(identity_failback),
};

fn identity_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, .. } = e;
    vec![
            format!("MirrorMaker 2 {a}->{b} (IdentityReplicationPolicy): {s} keeps its name at {b}, so readers and writers moved there use {s}; translate each group's position from the checkpoints in {a}.checkpoints.internal at {b} (RemoteClusterUtils.translateOffsets) before it starts"),
            format!("Stop the {a}->{b} flow ({a}->{b}.enabled = false) before writers write {s} at {b}: with identity names MirrorMaker 2 cannot tell its copies from their writes"),
        ]
}

fn identity_failback(e: &Ends, _: bool) -> Vec<String> {
    let Ends { a, s, b, .. } = e;
    vec![format!(
            "MirrorMaker 2 with IdentityReplicationPolicy: the reverse flow {b}->{a} writes into {a}'s own {s}, and MirrorMaker 2 is not able to prevent cycles with this policy. Enable {b}->{a} only while {a}->{b} is stopped, let it drain, then stop it before {a}->{b} starts again"
        )]
}
