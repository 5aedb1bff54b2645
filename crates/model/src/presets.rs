//! Named hop presets: what a real copier's defaults come to in this model's hop options.
//! Each is a plain [`HopOptions`] a user can inspect (and the designer can offer), with
//! the product it stands for, the card that explains it, the sources its facts were
//! checked against, and where the model only approximates the product.

mod checked;

pub use crate::spec::PresetId;

use crate::spec::{HopKind, HopOptions, HopSpec, OriginStamp};
use serde::Serialize;

/// One place a preset's facts were checked: the page or file, and the source's own words
/// (or the identifier in its code) for the fact it supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PresetSource {
    /// An `https://` address of the product's docs or source.
    pub url: &'static str,
    /// What the source itself says (quoted), or the identifier in its code.
    pub quote: &'static str,
}

/// One preset: a product's copier expressed as hop options.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Preset {
    pub id: PresetId,
    pub title: &'static str,
    /// The product (and setting) this stands for.
    pub product: &'static str,
    pub summary: &'static str,
    /// Slug of the card that explains the behaviour.
    pub card: &'static str,
    /// Where each fact was checked (product docs or source), each with its quote.
    pub sources: &'static [PresetSource],
    /// Where the model differs from the product.
    pub approximations: &'static [&'static str],
    pub options: HopOptions,
}

impl Preset {
    /// Gives `hop` this preset's options; with qualified names the target stream is
    /// renamed `<source site>.<stream>`, otherwise it keeps the source's name.
    pub fn apply_to(&self, hop: &mut HopSpec) {
        hop.options = self.options.clone();
        hop.to.stream = match self.options.stamp {
            OriginStamp::QualifiedName => format!("{}.{}", hop.from.site, hop.from.stream),
            _ => hop.from.stream.clone(),
        };
    }
}

/// Every preset, in the order a designer lists them.
pub fn all() -> Vec<Preset> {
    PresetId::ALL.into_iter().map(get).collect()
}

/// The preset with this id.
pub fn get(id: PresetId) -> Preset {
    match id {
        PresetId::Mm2Default => mm2_default(),
        PresetId::Mm2Identity => mm2_identity(),
        PresetId::OffsetPreservingMirror => offset_preserving_mirror(),
        PresetId::PulsarReplicatedMarker => pulsar_replicated_marker(),
        PresetId::RabbitmqFederationMaxHops => rabbitmq_max_hops(),
        PresetId::MskReplicatorIdentical => msk_identical_names(),
        PresetId::JetstreamMirror => checked::jetstream_mirror(),
        PresetId::JetstreamSource => checked::jetstream_source(),
        PresetId::RabbitmqShovel => checked::rabbitmq_shovel(),
        PresetId::KafkaClusterMirror => kafka_cluster_mirror(),
    }
}

/// The preset spelt `name` (a URL's or a form's value), if the model has one.
pub fn find(name: &str) -> Option<Preset> {
    PresetId::parse(name).map(get)
}

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
fn mm2_default() -> Preset {
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
fn mm2_identity() -> Preset {
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

/// Offset-preserving mirrors: Cluster Linking mirror topics are read-only, owned by the
/// link, offset-preserving, made writable by promote/failover; Redpanda Shadowing keeps
/// offsets and timestamps in read-only shadow topics until failover; a NATS JetStream
/// mirror keeps sequence numbers and timestamps and clients cannot write to it.
///
/// Sources:
/// - <https://docs.confluent.io/cloud/current/multi-cloud/cluster-linking/mirror-topics-cc.html>
/// - <https://docs.confluent.io/platform/7.6/multi-dc-deployments/cluster-linking/mirror-topics-cp.html>
/// - <https://docs.confluent.io/confluent-cli/current/command-reference/kafka/mirror/confluent_kafka_mirror_promote.html>
/// - <https://docs.redpanda.com/current/manage/disaster-recovery/shadowing/overview/>
/// - <https://docs.redpanda.com/current/manage/disaster-recovery/shadowing/failover/>
/// - nats-io/nats.docs `nats-concepts/jetstream/source_and_mirror.md`
fn offset_preserving_mirror() -> Preset {
    Preset {
        id: PresetId::OffsetPreservingMirror,
        title: "Offset-preserving mirror",
        product: "Confluent Cluster Linking mirror topics, Redpanda Shadowing, NATS JetStream mirrors",
        summary: "Every record keeps its source position and timestamp, so a reader moves with the same number and no map is needed. The target is read-only until promoted: it takes no local writes and copies one source stream, never a merge of several (a JetStream mirror may still filter by subject).",
        card: "position-map",
        sources: &[
            PresetSource {
                url: "https://docs.confluent.io/cloud/current/multi-cloud/cluster-linking/mirror-topics-cc.html",
                quote: "A mirror topic is a read-only topic that a cluster link creates and owns on a destination cluster, and that receives a byte-for-byte, offset-preserving copy of a source topic.",
            },
            PresetSource {
                url: "https://docs.confluent.io/platform/7.6/multi-dc-deployments/cluster-linking/mirror-topics-cp.html",
                quote: "You can convert a mirror topic to a regular topic and permanently stop the mirroring relationship, using the Cluster Linking promote and failover commands.",
            },
            PresetSource {
                url: "https://docs.confluent.io/confluent-cli/current/command-reference/kafka/mirror/confluent_kafka_mirror_promote.html",
                quote: "Promote mirror topics.",
            },
            PresetSource {
                url: "https://docs.redpanda.com/current/manage/disaster-recovery/shadowing/overview/",
                quote: "Shadowing copies data at the byte level, ensuring shadow topics contain identical copies of source topics with preserved offsets and timestamps.",
            },
            PresetSource {
                url: "https://docs.redpanda.com/current/manage/disaster-recovery/shadowing/failover/",
                quote: "Failover topics: Converts read-only shadow topics into regular, writable topics",
            },
            PresetSource {
                url: "https://github.com/nats-io/nats.docs/blob/master/nats-concepts/jetstream/source_and_mirror.md",
                quote: "Mirrored messages retains the sequence numbers and timestamps of the origin stream.",
            },
        ],
        approximations: &[
            "Consumer-group offsets are not synced separately: a group moved by the same number resumes where it stood at the move.",
            "A NATS JetStream mirror may filter by subject; the model's mirror copies every record of a part, so a filtered mirror is not modelled.",
        ],
        options: HopOptions {
            kind: HopKind::Mirror,
            map_every: None,
            ..HopOptions::default()
        },
    }
}

/// Pulsar geo-replication: the replicator discards messages that were themselves
/// replicated into its cluster (a marker on the message), and replicated subscriptions
/// take a snapshot every `replicatedSubscriptionsSnapshotFrequencyMillis` (1,000 ms).
///
/// Sources:
/// - apache/pulsar `pulsar-broker/src/main/java/org/apache/pulsar/broker/service/persistent/GeoPersistentReplicator.java` (`replicateEntries`: `if (msg.isReplicated())`: "Discard messages that were already replicated into this region")
/// - apache/pulsar `pulsar-broker-common/src/main/java/org/apache/pulsar/broker/ServiceConfiguration.java` (`replicatedSubscriptionsSnapshotFrequencyMillis = 1_000`)
fn pulsar_replicated_marker() -> Preset {
    Preset {
        id: PresetId::PulsarReplicatedMarker,
        title: "Pulsar-style replicated marker",
        product: "Apache Pulsar geo-replication with replicated subscriptions",
        summary: "Each copy carries a marker saying it was replicated, and the replicator forwards only records that began on its own side, so two-way copying into the same stream does not echo. Subscription snapshots every second let a group resume near its place on the other cluster.",
        card: "echo-loop",
        sources: &[
            PresetSource {
                url: "https://github.com/apache/pulsar/blob/master/pulsar-broker/src/main/java/org/apache/pulsar/broker/service/persistent/GeoPersistentReplicator.java",
                quote: "Discard messages that were already replicated into this region",
            },
            PresetSource {
                url: "https://github.com/apache/pulsar/blob/master/pulsar-broker-common/src/main/java/org/apache/pulsar/broker/ServiceConfiguration.java",
                quote: "private int replicatedSubscriptionsSnapshotFrequencyMillis = 1_000;",
            },
        ],
        approximations: &[
            "Pulsar's snapshots are taken by time (every second) and correlate positions across clusters; the model pairs positions as MirrorMaker 2 does (once the copy is more than 100 past the last pair, every 101 records in steady copying) and checkpoints every second.",
        ],
        options: HopOptions {
            stamp: OriginStamp::Marker,
            forward_only_local: true,
            map_every: Some(100),
            checkpoint_every_ms: Some(1_000),
            ..HopOptions::default()
        },
    }
}

/// RabbitMQ exchange federation: `max-hops` (default 1) is how many federation links a
/// message may cross before it is discarded, and a message never visits the same node
/// twice.
///
/// Sources:
/// - rabbitmq/rabbitmq-website `docs/federation-reference.md` (upstream parameters applying to federated exchanges: `max-hops`)
/// - <https://www.rabbitmq.com/docs/federated-exchanges>
fn rabbitmq_max_hops() -> Preset {
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

/// Amazon MSK Replicator with identical topic names ("Keep the same topics name"): the
/// replicator marks what it writes with `__mskmr` headers and filters them out to avoid
/// cyclic replication, paying to read every record twice in active-active setups.
///
/// Sources:
/// - <https://docs.aws.amazon.com/msk/latest/developerguide/msk-replicator-topic-naming.html>
/// - the same page: "MSK Replicator embeds identifiers for source cluster and topic into the header of each record being replicated (`__mskmr`)"
/// - <https://docs.amazonaws.cn/en_us/msk/latest/developerguide/msk-replicator-active-active.html> (prefixed names for active-active "avoids additional data processing charges")
fn msk_identical_names() -> Preset {
    Preset {
        id: PresetId::MskReplicatorIdentical,
        title: "MSK Replicator, identical topic names",
        product: "Amazon MSK Replicator (Identical topic name replication)",
        summary: "Copies keep the source's stream name, and a header on each copy lets the replicator skip records that did not start on its source side, so two-way copying into one stream does not loop. Readers keep their stream names across a failover.",
        card: "echo-loop",
        sources: &[
            PresetSource {
                url: "https://docs.aws.amazon.com/msk/latest/developerguide/msk-replicator-topic-naming.html",
                quote: "MSK Replicator embeds identifiers for source cluster and topic into the header of each record being replicated (`__mskmr`).",
            },
            PresetSource {
                url: "https://docs.amazonaws.cn/en_us/msk/latest/developerguide/msk-replicator-active-active.html",
                quote: "We recommend using Prefixed topic name replication (Add prefix to topics name in console) for active-active setups. This requires reconfiguring your consumers to read the replicated topics, but avoids additional data processing charges.",
            },
        ],
        approximations: &[
            "MSK Replicator also syncs consumer-group offsets; how often is not documented, so the model translates a group's live position when it moves, with its default map density (a pair once the copy is more than 100 records past the last, every 101 records in steady copying).",
        ],
        options: HopOptions {
            stamp: OriginStamp::Marker,
            forward_only_local: true,
            map_every: Some(100),
            ..HopOptions::default()
        },
    }
}

/// Kafka's proposed cluster mirroring (KIP-1279, under discussion on the dev list since
/// February 2026, in no release): brokers of the destination fetch the source's partitions
/// byte for byte into read-only mirror topics of the same name and topic id, and sync
/// group offsets 1:1. Read from the KIP's discussion on dev@kafka.apache.org (the KIP page
/// itself could not be read here); see `content/evidence/kip-1279-*.toml`.
fn kafka_cluster_mirror() -> Preset {
    Preset {
        id: PresetId::KafkaClusterMirror,
        title: "Kafka cluster mirroring (KIP-1279, proposed)",
        product: "Apache Kafka cluster mirroring, as proposed in KIP-1279 (under discussion, not released)",
        summary: "The destination's own brokers copy each source partition from offset 0, batch for batch, into a read-only mirror topic with the same name: positions match, so group offsets are copied as they are, with no map. One way only; stopping the mirror (the failover) makes the topics writable.",
        card: "position-map",
        sources: &[
            PresetSource {
                url: "https://www.mail-archive.com/dev@kafka.apache.org/msg154434.html",
                quote: "Then, data is replicated starting from offset 0 with byte-for-byte batch copying, so destination offsets always match source offsets.",
            },
            PresetSource {
                url: "https://mail-archive.com/dev@kafka.apache.org/msg156393.html",
                quote: "The coordinator periodically syncs consumer and share group offsets from the source cluster to the destination for all mirrored topics.",
            },
            PresetSource {
                url: "https://www.mail-archive.com/dev@kafka.apache.org/msg155058.html",
                quote: "During the mirror stopping transition, the MirrorCoordinator performs a log truncation operation that resets each mirror partition to its LSO.",
            },
            PresetSource {
                url: "https://www.mail-archive.com/dev@kafka.apache.org/msg154433.html",
                quote: "We only support unidirectional and asynchronous cross-cluster replication, but in a way that can be extended to support synchronous cross-cluster replication.",
            },
        ],
        approximations: &[
            "A proposal: the names, commands and keys follow the KIP's discussion up to June 2026 and its prototype, and may change before any release.",
            "Group offsets are not synced separately: a group moved by the same number resumes where it stood at the move. The KIP skips groups with active members on the destination and clamps a synced offset to what the destination holds.",
            "At a stop the KIP truncates each mirror partition to its last stable offset (records of open transactions go); the model has no transactions, so nothing is truncated.",
        ],
        options: HopOptions {
            kind: HopKind::Mirror,
            map_every: None,
            product: Some(PresetId::KafkaClusterMirror),
            ..HopOptions::default()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::kit::*;
    use crate::spec::Topology;

    #[test]
    fn ids_are_unique_and_get_finds_each() {
        let all = all();
        for p in &all {
            assert_eq!(&get(p.id), p);
            assert!(!p.sources.is_empty() && !p.summary.is_empty(), "{}", p.id);
        }
        let mut ids: Vec<_> = all.iter().map(|p| p.id).collect();
        ids.dedup();
        assert_eq!(ids.len(), all.len());
        assert!(find("nope").is_none());
        assert_eq!(
            find("mm2-default").map(|p| p.id),
            Some(PresetId::Mm2Default)
        );
    }

    #[test]
    fn every_preset_source_is_https_and_carries_a_quote() {
        for p in all() {
            for src in p.sources {
                assert!(src.url.starts_with("https://"), "{}: {}", p.id, src.url);
                assert!(
                    !src.quote.trim().is_empty(),
                    "{}: {} has no quote",
                    p.id,
                    src.url
                );
            }
        }
    }

    #[test]
    fn a_source_serialises_with_its_quote() {
        let p = get(PresetId::PulsarReplicatedMarker);
        let json = serde_json::to_string(&p).unwrap();
        assert!(json.contains("GeoPersistentReplicator.java"), "{json}");
        assert!(json.contains("\"quote\":\"Discard messages"), "{json}");
    }

    #[test]
    fn every_preset_builds_a_valid_two_site_hop_and_serialises() {
        for p in all() {
            let mut h = hop(
                "h",
                at("A", "orders"),
                at("B", "orders"),
                HopOptions::default(),
            );
            p.apply_to(&mut h);
            let t = Topology {
                sites: sites(&["A", "B"]),
                streams: vec![stream("A", "orders", 2), stream("B", "orders", 2)],
                hops: vec![h],
                writers: vec![writer("w", "A", "orders", 10.0)],
                ..Topology::default()
            };
            spec(p.id.as_str(), t, vec![], 1_000)
                .validate()
                .unwrap_or_else(|e| panic!("{}: {e}", p.id));
            let json = serde_json::to_string(&p).unwrap();
            assert!(json.contains(p.id.as_str()) && json.contains("\"options\""));
        }
    }

    #[test]
    fn approximations_are_whole_sentences_a_page_can_run_together() {
        for p in all() {
            for a in p.approximations {
                let first = a.chars().next().unwrap();
                assert!(first.is_uppercase() && a.ends_with('.'), "{}: {a}", p.id);
            }
        }
    }

    #[test]
    fn the_mm2_presets_carry_mirrormaker_defaults() {
        let d = get(PresetId::Mm2Default).options;
        assert_eq!(d.stamp, OriginStamp::QualifiedName);
        assert_eq!(
            (d.map_every, d.checkpoint_every_ms),
            (Some(100), Some(60_000))
        );
        assert_eq!(get(PresetId::Mm2Identity).options.stamp, OriginStamp::None);
        let rabbit = get(PresetId::RabbitmqFederationMaxHops).options;
        assert_eq!(rabbit.stamp, OriginStamp::HopBudget(1));
    }
}
