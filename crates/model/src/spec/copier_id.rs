//! The real copiers' typed ids: one per product `/copiers` compares, shared by its rows
//! (`content/copiers.toml`) and the importer's products. Spelt as the page's anchors have
//! always been (`/copiers#mirrormaker-2`); this table is the one place that spelling lives.

use super::spelt_ids::spelt_ids;

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
