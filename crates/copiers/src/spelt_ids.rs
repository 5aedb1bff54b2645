//! A table of typed ids, each with the one spelling files, URLs and anchors use: the enum,
//! `ALL`, `as_str`, `parse`, `Display`, and serde as that spelling (an unknown one refused
//! with the name and what it was meant to be). `PresetId` and `CopierId` are such tables.

macro_rules! spelt_ids {
    (
        $(#[$doc:meta])*
        $name:ident, refused: $what:literal,
        { $($(#[$vdoc:meta])* $variant:ident => $spelling:literal,)+ }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant,)+
        }

        impl $name {
            /// Every id, in the table's order.
            pub const ALL: [$name; [$($spelling),+].len()] = [$($name::$variant),+];

            /// The id as it is spelt in files, URLs and anchors.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $spelling,)+
                }
            }

            /// The id spelt `name`, if the table has one.
            pub fn parse(name: &str) -> Option<$name> {
                Self::ALL.into_iter().find(|id| id.as_str() == name)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let name = String::deserialize(deserializer)?;
                $name::parse(&name).ok_or_else(|| {
                    serde::de::Error::custom(format!(concat!("'{}' is not ", $what), name))
                })
            }
        }
    };
}

pub(crate) use spelt_ids;

#[cfg(test)]
mod preset_id_tests {
    use crate::products::PresetId;

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
                .contains("'mm2' is not a preset Hoplab knows"),
            "{err}"
        );
    }
}

#[cfg(test)]
mod copier_id_tests {
    use crate::products::CopierId;

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
