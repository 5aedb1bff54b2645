//! Named hop presets: what a real copier's defaults come to in the model's hop options.
//! Each product's own are in its folder (`products::<product>`, listed in
//! `products::PRESETS`); the two here stand for several products or for one whose
//! files Hoplab does not read.
//! Each is a plain [`HopOptions`] a user can inspect (and the designer can offer), with
//! the product it stands for, the card that explains it, the sources its facts were
//! checked against, and where the model only approximates the product.

pub use crate::products::PresetId;

use hoplab_model::spec::{HopKind, HopOptions, HopSpec, OriginStamp};
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
    /// This preset's options onto a hop's `current` ones, changing only what makes the
    /// preset (the options the model's table marks as a preset's: kind, stamp, marker
    /// forwarding, whether there is a map and group positions cross, the map's store, the
    /// product). The rest stays the hop's own: its link, start, workers, reads. Where the
    /// hop already stands for the same product (MirrorMaker 2's identity policy to its
    /// default one), its intervals and heartbeats stay too, as the product's own file keeps
    /// them when only `replication.policy.class` changes; from another product they are
    /// this product's defaults.
    pub fn onto(&self, current: &HopOptions) -> HopOptions {
        use hoplab_model::spec::hop_option_table::{ForPresets, HOP_OPTIONS};
        let same_product = matching(current).is_some_and(|p| same_copier(p.id, self.id));
        let mut out = current.clone();
        for d in HOP_OPTIONS {
            let take = match d.presets {
                ForPresets::Kept => false,
                ForPresets::Set | ForPresets::Named => true,
                ForPresets::Whether => {
                    let off = |o| {
                        (d.get)(o) == hoplab_model::spec::hop_option_table::Value::MaybeNumber(None)
                    };
                    !same_product || off(&self.options) != off(current)
                }
            };
            if take {
                (d.set)(&mut out, (d.get)(&self.options));
            }
        }
        if !same_product {
            out.heartbeat_every_ms = self.options.heartbeat_every_ms;
        }
        out
    }

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

/// Every preset, in the order a designer lists them (`PresetId::ALL`'s).
pub fn all() -> Vec<Preset> {
    PresetId::ALL.into_iter().map(get).collect()
}

/// The preset with this id.
pub fn get(id: PresetId) -> Preset {
    crate::products::PRESETS
        .iter()
        .map(|preset| preset())
        .find(|p| p.id == id)
        .expect("every preset id has its preset in products::PRESETS (a test)")
}

/// The preset spelt `name` (a URL's or a form's value), if the model has one.
pub fn find(name: &str) -> Option<Preset> {
    PresetId::parse(name).map(get)
}

/// The preset whose options these are, if any: every option a preset sets agrees (the
/// model's option table says which; a hop's link, start and own intervals are not
/// compared). A hop an import marked as a preset's product matches that preset as well.
pub fn matching(o: &HopOptions) -> Option<Preset> {
    use hoplab_model::spec::hop_option_table::HOP_OPTIONS;
    all().into_iter().find(|p| {
        HOP_OPTIONS
            .iter()
            .all(|d| d.agrees(&p.options, o, &p.id.name()))
    })
}

/// The preset these options are exactly, intervals included: what a design of the model's
/// own must match to be spoken of in a product's words (a generic hop with qualified names
/// and 10 s checkpoints is no MirrorMaker 2 for the runbook), where [`matching`] lets a
/// hop keep its own intervals under the preset.
pub fn matching_exactly(o: &HopOptions) -> Option<Preset> {
    use hoplab_model::spec::hop_option_table::{ForPresets, HOP_OPTIONS};
    matching(o).filter(|p| {
        HOP_OPTIONS
            .iter()
            .filter(|d| d.presets == ForPresets::Whether)
            .all(|d| (d.get)(&p.options) == (d.get)(o))
    })
}

/// Whether two presets stand for the same copier (MirrorMaker 2's two policies).
fn same_copier(a: PresetId, b: PresetId) -> bool {
    let copier = |id| crate::products::about_preset(id).map(|about| about.copier);
    a == b || copier(a).is_some_and(|c| Some(c) == copier(b))
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
pub(crate) fn offset_preserving_mirror() -> Preset {
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
            "The preset syncs no consumer-group positions (Cluster Linking syncs them only when consumer.offset.sync.enable is set; a JetStream mirror carries no consumer state): a group moved by the same number while its source answers resumes where it stood, and one moved off a lost source starts as a new group does. Set “sync group positions every” for a link that syncs them.",
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
pub(crate) fn pulsar_replicated_marker() -> Preset {
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

#[cfg(test)]
mod tests {
    use super::*;
    use hoplab_model::spec::kit::*;
    use hoplab_model::spec::Topology;

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
