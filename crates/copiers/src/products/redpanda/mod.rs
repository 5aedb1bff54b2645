//! Redpanda Shadowing: a shadow link's configuration (read only).

pub mod read;

use super::{About, Files, Vocabulary};
use crate::CopierId;

/// An offset-preserving mirror like a cluster link: only its name, row, sources and
/// word for a link differ.
pub const ABOUT: About = About {
    title: "Redpanda Shadowing",
    copier: CopierId::RedpandaShadowing,
    sources_at: &["redpanda"],
    vocabulary: Vocabulary {
        hop: ["shadow link", "shadow links"],
        terms: &[("position map", "consumer offset sync")],
        streams: None,
    },
    ..super::cluster_link::ABOUT
};

pub const FILES: Files = Files {
    id: "redpanda-shadow",
    described: "a Redpanda shadow link",
    menu: None,
    detect: |s| {
        !s.json_like
            && (s.text.contains("client_options:")
                || s.text.contains("topic_metadata_sync_options:"))
    },
    read: read::read,
    write: None,
    onto: None,
    per_site: None,
};
