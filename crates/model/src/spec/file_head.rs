//! The one field a scenario file is read for before the rest: its `version`.

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

/// A file's top level, read for `version` only (every other field is skipped unread).
#[derive(Deserialize)]
pub(super) struct FileHead {
    pub version: Option<FileVersion>,
}

/// The `version` value: `Some` when it is a whole number, `None` when it is anything else.
/// (Anything else is no error here: the caller says what to write instead.)
pub(super) struct FileVersion(pub Option<u64>);

impl<'de> Deserialize<'de> for FileVersion {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(VersionVisitor)
    }
}

struct VersionVisitor;

impl<'de> Visitor<'de> for VersionVisitor {
    type Value = FileVersion;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<FileVersion, E> {
        Ok(FileVersion(Some(v)))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<FileVersion, E> {
        Ok(FileVersion(u64::try_from(v).ok()))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<FileVersion, E> {
        Ok(FileVersion(None))
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<FileVersion, E> {
        Ok(FileVersion(None))
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<FileVersion, E> {
        Ok(FileVersion(None))
    }

    fn visit_unit<E: de::Error>(self) -> Result<FileVersion, E> {
        Ok(FileVersion(None))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<FileVersion, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(FileVersion(None))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<FileVersion, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(FileVersion(None))
    }
}
