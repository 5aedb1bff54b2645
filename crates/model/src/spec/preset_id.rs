//! The presets' typed ids. Files, URLs and fingerprints spell them as they always have
//! (`mm2-default`); this table is the one place that spelling lives.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// One preset of [`crate::presets::all`], by name (kept with the spec, which names a
/// hop's product by it, so the spec does not depend on the presets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PresetId {
    Mm2Default,
    Mm2Identity,
    OffsetPreservingMirror,
    PulsarReplicatedMarker,
    RabbitmqFederationMaxHops,
    MskReplicatorIdentical,
    JetstreamMirror,
    JetstreamSource,
    RabbitmqShovel,
}

impl PresetId {
    /// Every preset, in the order a designer lists them.
    pub const ALL: [PresetId; 9] = [
        PresetId::Mm2Default,
        PresetId::Mm2Identity,
        PresetId::OffsetPreservingMirror,
        PresetId::PulsarReplicatedMarker,
        PresetId::RabbitmqFederationMaxHops,
        PresetId::MskReplicatorIdentical,
        PresetId::JetstreamMirror,
        PresetId::JetstreamSource,
        PresetId::RabbitmqShovel,
    ];

    /// The id as files, URLs (`/designer/preset/<id>`) and `content/copiers.toml` spell it.
    pub const fn as_str(self) -> &'static str {
        match self {
            PresetId::Mm2Default => "mm2-default",
            PresetId::Mm2Identity => "mm2-identity",
            PresetId::OffsetPreservingMirror => "offset-preserving-mirror",
            PresetId::PulsarReplicatedMarker => "pulsar-replicated-marker",
            PresetId::RabbitmqFederationMaxHops => "rabbitmq-federation-max-hops",
            PresetId::MskReplicatorIdentical => "msk-replicator-identical",
            PresetId::JetstreamMirror => "jetstream-mirror",
            PresetId::JetstreamSource => "jetstream-source",
            PresetId::RabbitmqShovel => "rabbitmq-shovel",
        }
    }

    /// The preset spelt `name`, if the model has one.
    pub fn parse(name: &str) -> Option<PresetId> {
        Self::ALL.into_iter().find(|id| id.as_str() == name)
    }
}

impl fmt::Display for PresetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for PresetId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for PresetId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        PresetId::parse(&name).ok_or_else(|| {
            serde::de::Error::custom(format!("'{name}' is not a preset the model knows"))
        })
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
