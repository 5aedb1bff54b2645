//! The estate a file describes, in the products' common terms: clusters, and directed
//! flows between them over a stream selector, with what each flow does about naming,
//! positions, groups, start and heartbeats. Readers produce it; the lint reads it; the
//! model's topology is built from it (`build`).

use hoplab_model::spec::HopOptions;
use serde::Serialize;

pub use crate::products::Product;

impl Product {
    /// What the crate knows of it: `crate::products`' table.
    pub fn about(self) -> &'static crate::products::About {
        crate::products::about(self)
    }

    /// Its row on `/copiers` (both kinds of RabbitMQ federation share one).
    pub fn copier(self) -> crate::CopierId {
        self.about().copier
    }

    pub fn title(self) -> &'static str {
        self.about().title
    }

    /// Kafka-like copiers pick topics by a selector and name copies by a policy.
    pub fn selects_by_pattern(self) -> bool {
        self.about().kafka_like
    }
}

/// A cluster (MirrorMaker 2 alias, JetStream domain, RabbitMQ broker) and where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cluster {
    pub name: String,
    /// host:port (or host) of every address the files give for it.
    pub addresses: Vec<String>,
    pub file: String,
}

/// How a copy's stream is named on the target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Naming {
    /// `<source alias><separator><name>` (MirrorMaker 2's default policy, MSK's
    /// PREFIXED_WITH_SOURCE_CLUSTER_ALIAS).
    Prefixed { separator: String },
    /// The source's own name.
    Identity,
    /// A fixed prefix (Cluster Linking's `cluster.link.prefix`).
    FixedPrefix(String),
}

impl Naming {
    /// The copy's name on the target, as the model names it (`.` as the separator: the
    /// model's qualified names use it; another separator is reported as approximated).
    pub fn remote(&self, source: &str, stream: &str) -> String {
        match self {
            Naming::Prefixed { .. } => format!("{source}.{stream}"),
            Naming::Identity => stream.to_string(),
            Naming::FixedPrefix(p) => format!("{p}{stream}"),
        }
    }
}

/// Which streams a flow copies: include and exclude patterns (regexes or literal names,
/// as the product reads them).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Selector {
    pub include: Vec<String>,
    pub exclude: Vec<String>,
}

/// What a flow does beyond moving records, as the lint needs it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FlowFacts {
    /// Translated group positions written into the target's groups.
    pub group_sync: bool,
    pub groups: Vec<String>,
    /// A position map is written (MirrorMaker 2 offset syncs).
    pub offset_syncs: bool,
    /// Translated positions are checkpointed on the target.
    pub checkpoints: bool,
    pub heartbeats: bool,
    /// New streams are read from their newest record, not their oldest.
    pub start_latest: bool,
    /// How often new streams are looked for.
    pub discovery_ms: Option<u64>,
    /// Keys the checkpoint connector sets differently from the source connector:
    /// (key, source connector's value, checkpoint connector's value).
    pub mismatched: Vec<(String, String, String)>,
    /// RabbitMQ's `ack-mode`.
    pub ack_mode: Option<String>,
    /// JetStream: the domain named by `external.api`, when the source is external.
    pub external_domain: Option<String>,
    /// Strimzi v1beta2: the `connectCluster` the mirror runs on, when not its target.
    pub connect_cluster: Option<String>,
    /// How a MirrorMaker 2 flow is configured (none for other products): its advice is
    /// spelt in what that file can say.
    pub mm2_layout: Option<Mm2Layout>,
}

/// The file a MirrorMaker 2 flow comes from, for advice it can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Mm2Layout {
    /// `connect-mirror-maker.properties`: the flow's `A->B.` keys over top-level ones.
    Properties,
    /// Connectors posted to Kafka Connect, each with its own configuration.
    Connect,
    /// Strimzi `KafkaMirrorMaker2` `v1beta2`: a mirror's connectors, the heartbeat one
    /// included (`spec.mirrors[].heartbeatConnector`, deprecated).
    StrimziV1beta2,
    /// Strimzi `KafkaMirrorMaker2` `v1`: no heartbeat connector.
    StrimziV1,
}

/// One directed copy from a cluster to another.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Flow {
    pub product: Product,
    pub file: String,
    pub line: Option<u32>,
    pub source: String,
    pub target: String,
    pub selector: Selector,
    pub naming: Naming,
    /// (source stream, target stream) pairs the file names outright (JetStream,
    /// RabbitMQ); empty for pattern-selecting copiers, whose pairs `build` expands.
    pub pairs: Vec<(String, String)>,
    pub options: HopOptions,
    pub facts: FlowFacts,
}

/// Everything the files said.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Estate {
    pub clusters: Vec<Cluster>,
    pub flows: Vec<Flow>,
    /// (cluster, stream) the files say take their own writes (JetStream streams with
    /// subjects, RabbitMQ upstream exchanges); pattern-selecting flows add theirs in `build`.
    pub origins: Vec<(String, String)>,
    /// (cluster, stream, ms) the files say a stream keeps its records (JetStream
    /// `max_age`).
    pub max_ages: Vec<(String, String, u64)>,
}

impl Estate {
    /// Adds a cluster, or the addresses to the one of that name.
    pub fn cluster(&mut self, name: &str, addresses: &[String], file: &str) {
        match self.clusters.iter_mut().find(|c| c.name == name) {
            Some(c) => {
                for a in addresses {
                    if !c.addresses.contains(a) {
                        c.addresses.push(a.clone());
                    }
                }
            }
            None => self.clusters.push(Cluster {
                name: name.into(),
                addresses: addresses.to_vec(),
                file: file.into(),
            }),
        }
    }

    pub fn extend(&mut self, other: Estate) {
        for c in other.clusters {
            self.cluster(&c.name, &c.addresses, &c.file);
        }
        self.flows.extend(other.flows);
        for o in other.origins {
            self.origin(&o.0, &o.1);
        }
        self.max_ages.extend(other.max_ages);
    }

    pub fn origin(&mut self, cluster: &str, stream: &str) {
        let o = (cluster.to_string(), stream.to_string());
        if !self.origins.contains(&o) {
            self.origins.push(o);
        }
    }
}

/// The host of `scheme://user@host:port/path` (or of a bare `host:port`), lower-cased.
pub fn host_of(uri: &str) -> String {
    let rest = uri.split_once("://").map_or(uri, |(_, r)| r);
    let rest = rest.rsplit_once('@').map_or(rest, |(_, r)| r);
    let host = rest.split(['/', '?']).next().unwrap_or("");
    let host = if host.starts_with('[') {
        host.split(']').next().unwrap_or("").trim_start_matches('[')
    } else {
        host.split(':').next().unwrap_or("")
    };
    // Case kept: a design's site names come back as they were written.
    host.trim().to_string()
}

/// `host:port` addresses of a comma-separated bootstrap list.
pub fn addresses(list: &str) -> Vec<String> {
    list.split(',')
        .map(|s| s.trim().to_ascii_lowercase())
        .filter(|s| !s.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_come_out_of_every_uri_shape() {
        assert_eq!(host_of("amqp://guest:pw@Rabbit-B:5672/%2f"), "Rabbit-B");
        assert_eq!(host_of("amqps://b.example.com"), "b.example.com");
        assert_eq!(host_of("amqp://"), "");
        assert_eq!(host_of("kafka-a:9092"), "kafka-a");
        assert_eq!(host_of("amqp://[::1]:5672"), "::1");
    }

    #[test]
    fn naming_gives_the_model_s_stream_names() {
        let p = Naming::Prefixed {
            separator: "_".into(),
        };
        assert_eq!(p.remote("A", "orders"), "A.orders");
        assert_eq!(Naming::Identity.remote("A", "orders"), "orders");
        assert_eq!(
            Naming::FixedPrefix("dr-".into()).remote("A", "orders"),
            "dr-orders"
        );
    }
}
