//! The real copier a hop's options stand for, by its preset's name (`jetstream-source`).
//! The model runs no product's rules: it carries the name, and the copiers crate, which
//! lists the presets (`hoplab_copiers::presets::PresetId`), reads it back typed.

use std::borrow::Cow;

/// The longest name a file may give.
const MAX_LEN: usize = 64;

/// A preset's name, as files spell it: lowercase letters and digits in words joined by
/// single hyphens.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProductName(Cow<'static, str>);

impl ProductName {
    /// A name the program spells itself (the copiers crate's preset table).
    pub const fn known(name: &'static str) -> ProductName {
        ProductName(Cow::Borrowed(name))
    }

    /// A name read from a file, refused unless it is spelt as names are.
    pub fn parse(name: &str) -> Result<ProductName, String> {
        let words_ok = name.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        });
        if name.len() <= MAX_LEN && words_ok {
            Ok(ProductName(Cow::Owned(name.to_string())))
        } else {
            Err(format!(
                "'{name}' is not a product's name: lowercase words joined by hyphens, as mm2-default, at most {MAX_LEN} characters"
            ))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for ProductName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for ProductName {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for ProductName {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        ProductName::parse(&name).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_reads_back_as_it_was_spelt() {
        let name: ProductName = serde_json::from_str("\"jetstream-source\"").unwrap();
        assert_eq!(name, ProductName::known("jetstream-source"));
        assert_eq!(
            serde_json::to_string(&name).unwrap(),
            "\"jetstream-source\""
        );
    }

    #[test]
    fn a_name_not_spelt_as_names_are_is_refused_naming_it() {
        for bad in ["", "MM2", "mm2--default", "-mm2", "mm2 default", "<b>"] {
            let err = ProductName::parse(bad).unwrap_err();
            assert!(err.contains(&format!("'{bad}'")), "{err}");
        }
        assert!(ProductName::parse(&"a".repeat(65)).is_err());
        assert!(ProductName::parse(&"a".repeat(64)).is_ok());
    }
}
