//! The formats an import reads, their names on the command line, and detection.

use crate::text::properties;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
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

    pub fn id(self) -> &'static str {
        match self {
            Format::Mm2Properties => "mm2-properties",
            Format::Mm2Connect => "mm2-connect",
            Format::Strimzi => "strimzi",
            Format::Nats => "nats",
            Format::Rabbitmq => "rabbitmq",
            Format::Msk => "msk",
            Format::ClusterLink => "cluster-link",
            Format::RedpandaShadow => "redpanda-shadow",
            Format::ClusterMirror => "kafka-cluster-mirrors",
        }
    }

    pub fn parse(s: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.id() == s)
    }

    /// The formats a design can be written back to.
    pub fn can_export(self) -> bool {
        crate::products::files(self).write.is_some()
    }
}

fn json_kind(v: &serde_json::Value) -> Option<Format> {
    let first = match v {
        serde_json::Value::Array(a) => a.first()?,
        other => other,
    };
    let has = |k: &str| first.get(k).is_some();
    if has("ReplicationInfoList") || has("replicationInfoList") {
        return Some(Format::Msk);
    }
    if [
        "rabbit_version",
        "parameters",
        "policies",
        "exchanges",
        "queues",
        "vhosts",
    ]
    .iter()
    .any(|k| has(k))
    {
        return Some(Format::Rabbitmq);
    }
    let config = first.get("config").unwrap_or(first);
    if config.get("connector.class").is_some() || config.get("source.cluster.alias").is_some() {
        return Some(Format::Mm2Connect);
    }
    if has("mirror") || has("sources") || has("subjects") || (has("name") && has("storage")) {
        return Some(Format::Nats);
    }
    None
}

/// The format a text is in, from what it holds (the file name is not trusted).
pub fn detect(text: &str) -> Option<Format> {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    if t.starts_with('{') || t.starts_with('[') {
        return serde_json::from_str::<serde_json::Value>(t)
            .ok()
            .as_ref()
            .and_then(json_kind);
    }
    if t.contains("kind: KafkaMirrorMaker2") {
        return Some(Format::Strimzi);
    }
    if crate::products::cluster_mirror::read::mentions_the_tool(t) {
        return Some(Format::ClusterMirror);
    }
    if t.contains("client_options:") || t.contains("topic_metadata_sync_options:") {
        return Some(Format::RedpandaShadow);
    }
    let props = properties::parse(t);
    let has = |k: &str| props.iter().any(|p| p.key == k);
    if has("clusters") {
        return Some(Format::Mm2Properties);
    }
    let link_keys = [
        "link.mode",
        "cluster.link.prefix",
        "auto.create.mirror.topics.enable",
        "consumer.offset.sync.enable",
        "mirror.start.offset.spec",
        "bootstrap.servers",
    ];
    if link_keys.iter().any(|k| has(k)) {
        return Some(Format::ClusterLink);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_is_told_apart_by_what_it_holds() {
        assert_eq!(detect("clusters = A, B\n"), Some(Format::Mm2Properties));
        assert_eq!(
            detect("bootstrap.servers=a:9092\ncluster.link.prefix=a.\n"),
            Some(Format::ClusterLink)
        );
        assert_eq!(
            detect("apiVersion: kafka.strimzi.io/v1\nkind: KafkaMirrorMaker2\n"),
            Some(Format::Strimzi)
        );
        assert_eq!(
            detect("name: l\nclient_options:\n  bootstrap_servers: [a]\n"),
            Some(Format::RedpandaShadow)
        );
        assert_eq!(
            detect(r#"{"name":"M","mirror":{"name":"O"}}"#),
            Some(Format::Nats)
        );
        assert_eq!(
            detect(r#"{"rabbit_version":"3.13","parameters":[]}"#),
            Some(Format::Rabbitmq)
        );
        assert_eq!(detect(r#"{"ReplicationInfoList":[]}"#), Some(Format::Msk));
        assert_eq!(
            detect(
                r#"[{"name":"x","config":{"connector.class":"org.apache.kafka.connect.mirror.MirrorSourceConnector"}}]"#
            ),
            Some(Format::Mm2Connect)
        );
        assert_eq!(
            detect("#!/bin/sh\nbin/kafka-cluster-mirrors.sh --bootstrap-server b:9092 --list\n"),
            Some(Format::ClusterMirror)
        );
        assert_eq!(detect("hello"), None);
        for f in Format::ALL {
            assert_eq!(Format::parse(f.id()), Some(f));
        }
    }
}
