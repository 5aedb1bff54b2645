//! The real copiers' typed ids: one per product `/copiers` compares, shared by its rows
//! (`content/copiers.toml`) and the importer's products. Spelt as the page's anchors have
//! always been (`/copiers#mirrormaker-2`); this table is the one place that spelling lives.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CopierId {
    MirrorMaker2,
    ClusterLinking,
    RedpandaShadowing,
    PulsarGeoReplication,
    JetstreamMirror,
    JetstreamSource,
    RabbitmqFederation,
    RabbitmqShovel,
    MskReplicator,
    EventHubsGeoReplication,
}

impl CopierId {
    pub const ALL: [CopierId; 10] = [
        CopierId::MirrorMaker2,
        CopierId::ClusterLinking,
        CopierId::RedpandaShadowing,
        CopierId::PulsarGeoReplication,
        CopierId::JetstreamMirror,
        CopierId::JetstreamSource,
        CopierId::RabbitmqFederation,
        CopierId::RabbitmqShovel,
        CopierId::MskReplicator,
        CopierId::EventHubsGeoReplication,
    ];

    /// The id as `/copiers#<id>` and `content/copiers.toml` spell it.
    pub const fn as_str(self) -> &'static str {
        match self {
            CopierId::MirrorMaker2 => "mirrormaker-2",
            CopierId::ClusterLinking => "cluster-linking",
            CopierId::RedpandaShadowing => "redpanda-shadowing",
            CopierId::PulsarGeoReplication => "pulsar-geo-replication",
            CopierId::JetstreamMirror => "jetstream-mirror",
            CopierId::JetstreamSource => "jetstream-source",
            CopierId::RabbitmqFederation => "rabbitmq-federation",
            CopierId::RabbitmqShovel => "rabbitmq-shovel",
            CopierId::MskReplicator => "msk-replicator",
            CopierId::EventHubsGeoReplication => "event-hubs-geo-replication",
        }
    }

    /// The copier spelt `name`, if `/copiers` has one.
    pub fn parse(name: &str) -> Option<CopierId> {
        Self::ALL.into_iter().find(|id| id.as_str() == name)
    }
}

impl fmt::Display for CopierId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for CopierId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for CopierId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        CopierId::parse(&name).ok_or_else(|| {
            serde::de::Error::custom(format!("'{name}' is not a copier /copiers compares"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_reads_back_and_an_unknown_one_is_refused() {
        for id in CopierId::ALL {
            assert_eq!(CopierId::parse(id.as_str()), Some(id));
            let json = serde_json::to_string(&id).unwrap();
            assert_eq!(serde_json::from_str::<CopierId>(&json).unwrap(), id);
        }
        assert!(serde_json::from_str::<CopierId>("\"kafka-connect\"").is_err());
    }
}
