//! The presets' typed ids. Files, URLs and fingerprints spell them as they always have
//! (`mm2-default`); this table is the one place that spelling lives.

use super::spelt_ids::spelt_ids;

spelt_ids! {
    /// One preset (`hoplab_copiers::presets`), by name (kept with the spec, which names a
    /// hop's product by it, so the spec does not depend on the presets). Spelt as files,
    /// URLs (`/designer/preset/<id>`) and `content/copiers.toml` spell it.
    PresetId, refused: "a preset the model knows",
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_id_reads_back_from_its_own_spelling_and_no_two_share_one() {
        for id in PresetId::ALL {
            assert_eq!(PresetId::parse(id.as_str()), Some(id));
            let json = serde_json::to_string(&id).unwrap();
            assert_eq!(json, format!("\"{id}\""));
            assert_eq!(serde_json::from_str::<PresetId>(&json).unwrap(), id);
        }
        let mut names: Vec<_> = PresetId::ALL.iter().map(|id| id.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), PresetId::ALL.len());
    }

    #[test]
    fn an_unknown_name_is_refused_with_the_name() {
        assert_eq!(PresetId::parse("mm2"), None);
        let err = serde_json::from_str::<PresetId>("\"mm2\"").unwrap_err();
        assert!(
            err.to_string()
                .contains("'mm2' is not a preset the model knows"),
            "{err}"
        );
    }
}
