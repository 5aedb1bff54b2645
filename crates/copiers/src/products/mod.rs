//! The products, one folder each: in its `mod.rs` what the rest of the crate asks of a
//! product (its [`About`]: title, row on `/copiers`, whose sources are its own, its words,
//! its preset, its runbook words), how its files are read and written (its [`Files`]) and
//! its presets; its file reader (`read`), its writer (`write`) and its own lint rules
//! (`lint`). This file is the catalog: the products' typed ids and the tables below are the
//! only places that list them. What several share (the text readers, the report, the lint's
//! engine and rule table) stays beside this folder.

pub mod cluster_link;
pub mod cluster_mirror;
pub mod jetstream;
/// Rules for the Kafka-protocol copiers (MirrorMaker 2, MSK Replicator) and where a rule's
/// advice differs by product.
pub mod kafka_lint;
pub mod mm2;
pub mod msk;
pub mod rabbitmq;
pub mod redpanda;
pub mod runbook;

use crate::estate::{Estate, Naming};
use crate::format::Sniffed;
use crate::report::Report;
use crate::{ImportError, Input};
use serde::Serialize;

/// The real copier a flow stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Product {
    MirrorMaker2,
    MskReplicator,
    ClusterLink,
    RedpandaShadow,
    JetStreamSource,
    JetStreamMirror,
    FederatedExchange,
    FederatedQueue,
    Shovel,
    /// Kafka's proposed cluster mirroring (KIP-1279).
    ClusterMirror,
}

impl Product {
    pub const ALL: [Product; 10] = [
        Product::MirrorMaker2,
        Product::MskReplicator,
        Product::ClusterLink,
        Product::RedpandaShadow,
        Product::JetStreamSource,
        Product::JetStreamMirror,
        Product::FederatedExchange,
        Product::FederatedQueue,
        Product::Shovel,
        Product::ClusterMirror,
    ];
}

/// The file formats an import reads (each product's, in its folder's `Files`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `connect-mirror-maker.properties`.
    Mm2Properties,
    /// MirrorMaker 2 connectors' JSON for a Kafka Connect cluster (one or an array).
    Mm2Connect,
    /// A Strimzi `KafkaMirrorMaker2` resource, `v1beta2` or `v1`.
    Strimzi,
    /// JetStream stream configurations (one or an array).
    Nats,
    /// A RabbitMQ definitions export.
    Rabbitmq,
    /// An MSK Replicator `CreateReplicator` request.
    Msk,
    /// A Confluent cluster link's configuration (properties).
    ClusterLink,
    /// A Redpanda shadow link (`rpk shadow create --config-file`).
    RedpandaShadow,
    /// A `kafka-cluster-mirrors.sh` set-up script (KIP-1279, proposed).
    ClusterMirror,
}

impl Format {
    pub const ALL: [Format; 9] = [
        Format::Mm2Properties,
        Format::Mm2Connect,
        Format::Strimzi,
        Format::Nats,
        Format::Rabbitmq,
        Format::Msk,
        Format::ClusterLink,
        Format::RedpandaShadow,
        Format::ClusterMirror,
    ];
}

/// Which format's test is asked first: the more particular before the more general (an
/// MSK request before any JSON, MirrorMaker 2's `clusters` before a bare
/// `bootstrap.servers`).
pub const DETECTION_ORDER: [Format; 9] = [
    Format::Msk,
    Format::Rabbitmq,
    Format::Mm2Connect,
    Format::Nats,
    Format::Strimzi,
    Format::ClusterMirror,
    Format::RedpandaShadow,
    Format::Mm2Properties,
    Format::ClusterLink,
];
use crate::spelt_ids::spelt_ids;
use hoplab_model::spec::{HopOptions, ProductName, Topology};

// The products' typed ids: the one place each is spelt.

spelt_ids! {
    /// One copier of `/copiers`, spelt as its anchor and its row's id.
    CopierId, refused: "a copier /copiers compares",
    {
        MirrorMaker2 => "mirrormaker-2",
        ClusterLinking => "cluster-linking",
        RedpandaShadowing => "redpanda-shadowing",
        PulsarGeoReplication => "pulsar-geo-replication",
        JetstreamMirror => "jetstream-mirror",
        JetstreamSource => "jetstream-source",
        RabbitmqFederation => "rabbitmq-federation",
        RabbitmqShovel => "rabbitmq-shovel",
        MskReplicator => "msk-replicator",
        EventHubsGeoReplication => "event-hubs-geo-replication",
        KafkaClusterMirroring => "kafka-cluster-mirroring",
    }
}

spelt_ids! {
    /// One preset ([`crate::presets`]), by name. Spelt as files (a hop's `product`), URLs
    /// (`/designer/preset/<id>`) and `content/copiers.toml` spell it.
    PresetId, refused: "a preset Hoplab knows",
    {
        Mm2Default => "mm2-default",
        Mm2Identity => "mm2-identity",
        OffsetPreservingMirror => "offset-preserving-mirror",
        PulsarReplicatedMarker => "pulsar-replicated-marker",
        RabbitmqFederationMaxHops => "rabbitmq-federation-max-hops",
        MskReplicatorIdentical => "msk-replicator-identical",
        JetstreamMirror => "jetstream-mirror",
        JetstreamSource => "jetstream-source",
        RabbitmqShovel => "rabbitmq-shovel",
        KafkaClusterMirror => "kafka-cluster-mirror",
    }
}

impl PresetId {
    /// The name a hop's options carry for this preset's product.
    pub const fn name(self) -> ProductName {
        ProductName::known(self.as_str())
    }

    /// The preset whose product a hop's options name, if Hoplab knows it.
    pub fn of(o: &HopOptions) -> Option<PresetId> {
        o.product
            .as_ref()
            .and_then(|name| PresetId::parse(name.as_str()))
    }
}

/// How one product names what the model calls a hop, a site, a stream and the rest.
pub struct Vocabulary {
    /// What a hop is called when a message names one ("flow", "federation link").
    pub hop: [&'static str; 2],
    /// (model's word, product's word), singular and plural each, matched as whole words.
    pub terms: &'static [(&'static str, &'static str)],
    /// What a stream is called where the product names it apart (an exchange, a queue).
    pub streams: Option<[&'static str; 2]>,
}

/// How a message names one of the product's copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlowName {
    /// MirrorMaker 2's own "A->B (orders)".
    Arrow,
    /// "A → B (orders)".
    Directed,
    /// JetStream's "ORDERS in east from ORDERS in west".
    StreamFromStream,
}

/// What the crate asks of a product.
pub struct About {
    pub title: &'static str,
    /// Its row on `/copiers`.
    pub copier: CopierId,
    /// Where its own sources are published (parts of their addresses): a finding about
    /// its flows quotes only these.
    pub sources_at: &'static [&'static str],
    /// A Kafka-protocol copier: picks topics by a selector, names copies by a policy, and
    /// speaks of clusters, topics, partitions, producers and consumer groups.
    pub kafka_like: bool,
    /// Whether readers of its copies have positions (a queue has none).
    pub keeps_positions: bool,
    /// The preset that names its copier, by how a flow names its copies.
    pub preset: fn(&Naming) -> Option<PresetId>,
    pub vocabulary: Vocabulary,
    pub flow_name: FlowName,
    /// Its runbook words, by the preset a hop names it with.
    pub runbooks: &'static [(PresetId, &'static runbook::Runbook)],
}

/// Each product's lint rules (the ones no product owns are `crate::lint::rules::SHARED`).
pub const RULES: &[&[crate::lint::Rule]] = &[
    kafka_lint::RULES,
    jetstream::lint::RULES,
    rabbitmq::lint::RULES,
    cluster_mirror::lint::RULES,
];

/// Every product's presets (`crate::presets` holds the two no one product owns); their
/// order is `PresetId::ALL`'s, not this table's.
pub const PRESETS: &[fn() -> crate::presets::Preset] = &[
    mm2::mm2_default,
    mm2::mm2_identity,
    crate::presets::offset_preserving_mirror,
    crate::presets::pulsar_replicated_marker,
    rabbitmq::rabbitmq_max_hops,
    msk::msk_identical_names,
    jetstream::jetstream_mirror,
    jetstream::jetstream_source,
    rabbitmq::rabbitmq_shovel,
    cluster_mirror::kafka_cluster_mirror,
];

/// Each product's rules over a design's hops (those whose options name it), run after the
/// model's own by [`crate::lint::design_lint`] (with the one rule all products share,
/// `lint::no_positions_to_map`).
pub const DESIGN_RULES: &[hoplab_model::ProductRule] = &[
    jetstream::lint::cycles,
    rabbitmq::lint::shovels_both_ways,
    cluster_mirror::lint::mirrors_both_ways,
];

/// The product whose [`About`] names preset `id` among its runbooks' presets.
pub fn about_preset(id: PresetId) -> Option<&'static About> {
    Product::ALL
        .into_iter()
        .map(about)
        .find(|a| a.runbooks.iter().any(|(preset, _)| *preset == id))
}

/// The product's [`About`].
pub fn about(p: Product) -> &'static About {
    match p {
        Product::MirrorMaker2 => &mm2::ABOUT,
        Product::MskReplicator => &msk::ABOUT,
        Product::ClusterLink => &cluster_link::ABOUT,
        Product::RedpandaShadow => &redpanda::ABOUT,
        Product::JetStreamSource => &jetstream::SOURCE,
        Product::JetStreamMirror => &jetstream::MIRROR,
        Product::FederatedExchange => &rabbitmq::EXCHANGE_FEDERATION,
        Product::FederatedQueue => &rabbitmq::QUEUE_FEDERATION,
        Product::Shovel => &rabbitmq::SHOVEL,
        Product::ClusterMirror => &cluster_mirror::ABOUT,
    }
}

/// How a format's files are told apart, read and written.
pub struct Files {
    /// The command line's name for it (`mm2-properties`).
    pub id: &'static str,
    /// How the import panel names it, in a list of what it reads.
    pub described: &'static str,
    /// How the designer's export menu offers it; none where Hoplab does not write it.
    pub menu: Option<Menu>,
    /// Whether a text is in this format (asked in [`DETECTION_ORDER`]).
    pub detect: fn(&Sniffed) -> bool,
    pub read: fn(&Input, &mut Report) -> Result<Estate, ImportError>,
    /// Writes a design afresh as one file; none where Hoplab does not write the format
    /// or writes it one file per broker or domain ([`PerSite`]).
    pub write: Option<fn(&Topology) -> String>,
    /// Writes a design onto the file it came from, keeping what the design does not
    /// decide; none where the format is written afresh or [`PerSite`].
    pub onto: Option<fn(&Topology, &Input) -> Option<String>>,
    /// For a format whose files are one broker or domain each: how they are told apart
    /// and written back, each onto its own. None where a file names both ends of every
    /// link itself.
    pub per_site: Option<PerSite>,
}

/// How the files of a one-file-per-broker format (JSON) are told apart and written back.
#[derive(Clone, Copy)]
pub struct PerSite {
    /// What one file stands for, in a message ("broker", "domain").
    pub unit: &'static str,
    /// What a file says of itself and of the brokers or domains it points at.
    pub pointers: fn(&serde_json::Value) -> crate::sites::Pointers,
    /// The site a file stands for where neither the person nor the others name it.
    pub unnamed: fn(&Input, &serde_json::Value) -> String,
    /// Writes a design as one file per broker or domain, onto each site's file (none
    /// given: afresh). None where an original is not the format's JSON.
    pub write: fn(&Topology, &[SiteFile]) -> Option<SiteFiles>,
}

/// One broker's or domain's file: the site it stands for and its text.
pub type SiteFile<'a> = (String, &'a str);

/// What a [`PerSite`] writer gives: each original written onto, in the order given, and
/// a file afresh for each broker or domain the design needs one for that none of the
/// originals is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SiteFiles {
    pub onto: Vec<String>,
    /// (site, text).
    pub fresh: Vec<(String, String)>,
}

/// A written format in the designer's export menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Menu {
    pub label: &'static str,
    /// What the file name ends with.
    pub suffix: &'static str,
    pub mime: &'static str,
}

/// A format as a page names it: data only, taken from its [`Files`] when the crate is
/// compiled, so that a page can list the formats without their readers and writers
/// (which come with the designer's import chunk).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Named {
    pub id: &'static str,
    pub described: &'static str,
    pub menu: Option<Menu>,
}

const fn named(files: &Files) -> Named {
    Named {
        id: files.id,
        described: files.described,
        menu: files.menu,
    }
}

/// Every format, in [`Format::ALL`]'s order, as pages name it.
pub const NAMES: [Named; 9] = [
    named(&mm2::PROPERTIES),
    named(&mm2::CONNECT),
    named(&mm2::STRIMZI),
    named(&jetstream::FILES),
    named(&rabbitmq::FILES),
    named(&msk::FILES),
    named(&cluster_link::FILES),
    named(&redpanda::FILES),
    named(&cluster_mirror::FILES),
];

/// What an import reads, in words (the import panel's, an unread file's message): "a
/// MirrorMaker 2 properties file, …, or a kafka-cluster-mirrors.sh set-up script".
pub fn formats_in_words() -> String {
    let all: Vec<&str> = NAMES.iter().map(|n| n.described).collect();
    match all.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.to_string(),
        None => String::new(),
    }
}

/// The format's [`Files`].
pub fn files(f: Format) -> &'static Files {
    match f {
        Format::Mm2Properties => &mm2::PROPERTIES,
        Format::Mm2Connect => &mm2::CONNECT,
        Format::Strimzi => &mm2::STRIMZI,
        Format::Nats => &jetstream::FILES,
        Format::Rabbitmq => &rabbitmq::FILES,
        Format::Msk => &msk::FILES,
        Format::ClusterLink => &cluster_link::FILES,
        Format::RedpandaShadow => &redpanda::FILES,
        Format::ClusterMirror => &cluster_mirror::FILES,
    }
}

/// The Kafka-protocol copiers' words for the model's (besides each product's own).
pub const KAFKA_TERMS: &[(&str, &str)] = &[
    ("reader groups", "consumer groups"),
    ("reader group", "consumer group"),
    ("reader position", "consumer group offset"),
    ("sites", "clusters"),
    ("site", "cluster"),
    ("streams", "topics"),
    ("stream", "topic"),
    ("parts", "partitions"),
    ("part", "partition"),
    ("writers", "producers"),
    ("writer", "producer"),
];

#[cfg(test)]
mod names_tests {
    use super::*;

    #[test]
    fn each_format_is_named_in_order_and_offered_for_export_exactly_when_it_is_written() {
        for (f, n) in Format::ALL.into_iter().zip(NAMES) {
            let files = files(f);
            assert_eq!(n.id, files.id);
            assert_eq!(n.menu.is_some(), f.can_export(), "{}", n.id);
            assert!(
                files.write.is_none() || files.per_site.is_none(),
                "{}",
                n.id
            );
        }
    }
}
