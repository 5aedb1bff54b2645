//! The real copiers compared on `/copiers`: what each carries across and what it leaves
//! behind. Authored in `content/copiers.toml`, exported as `data/copiers.json`; with the
//! `authoring` feature, `parse` reads the file and `validate` checks it.

use serde::{Deserialize, Serialize};

use crate::card::Source;

/// How much of one kind of state a copier carries to the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Carried as it was, with no setup.
    Carried,
    /// Carried, but changed on the way (new numbers, a renamed stream, arrival times).
    Translated,
    /// Carried only when switched on.
    Optional,
    /// Part of it crosses, part stays behind.
    Partly,
    /// Stays on the source side.
    LeftBehind,
    /// The product has no such thing (a broker with no schema store, say).
    NotApplicable,
    /// The product's documentation does not say; test it before relying on it.
    Undocumented,
}

impl Verdict {
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Carried => "Carried",
            Verdict::Translated => "Translated",
            Verdict::Optional => "Optional",
            Verdict::Partly => "Partly",
            Verdict::LeftBehind => "Left behind",
            Verdict::NotApplicable => "Not applicable",
            Verdict::Undocumented => "Undocumented",
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Verdict::Carried => "carried",
            Verdict::Translated => "translated",
            Verdict::Optional => "optional",
            Verdict::Partly => "partly",
            Verdict::LeftBehind => "left-behind",
            Verdict::NotApplicable => "not-applicable",
            Verdict::Undocumented => "undocumented",
        }
    }
}

/// One cell: the verdict and a sentence saying how.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Carry {
    pub verdict: Verdict,
    pub note: String,
}

/// The eight kinds of state every row answers for. Every field is required, so a row that
/// leaves one out does not parse.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Carries {
    pub records: Carry,
    pub positions: Carry,
    pub reader_positions: Carry,
    pub timestamps: Carry,
    pub headers: Carry,
    pub schemas: Carry,
    pub access_rules: Carry,
    pub stream_settings: Carry,
}

impl Carries {
    /// The column headings, in table order.
    pub const LABELS: [&'static str; 8] = [
        "Records",
        "Positions",
        "Reader positions",
        "Timestamps",
        "Headers",
        "Schemas",
        "Access rules",
        "Stream settings",
    ];

    /// The cells in the order of [`Carries::LABELS`].
    pub fn cells(&self) -> [&Carry; 8] {
        [
            &self.records,
            &self.positions,
            &self.reader_positions,
            &self.timestamps,
            &self.headers,
            &self.schemas,
            &self.access_rules,
            &self.stream_settings,
        ]
    }
}

/// One real copier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CopierRow {
    /// Lower-case words joined by dashes; the row's anchor on the page.
    pub id: String,
    pub name: String,
    /// One sentence: what kind of copier it is.
    pub summary: String,
    pub carries: Carries,
    /// How it stops a record circling between sites.
    pub loops: String,
    /// The cards that discuss it.
    pub cards: Vec<String>,
    /// The designer presets that model it (none where the model has no preset for it).
    #[serde(default)]
    pub presets: Vec<String>,
    pub sources: Vec<Source>,
}

/// `content/copiers.toml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CopierTable {
    pub copiers: Vec<CopierRow>,
}

/// The designer presets rows may point at: the ids of `hoplab_model::presets::all()` (a
/// test keeps the two lists equal; the content crate does not depend on the model).
pub const PRESET_IDS: &[&str] = &[
    "mm2-default",
    "mm2-identity",
    "offset-preserving-mirror",
    "pulsar-replicated-marker",
    "rabbitmq-federation-max-hops",
    "msk-replicator-identical",
    "jetstream-source",
    "rabbitmq-shovel",
];

#[cfg(feature = "authoring")]
pub use authoring::{parse, validate};

#[cfg(feature = "authoring")]
mod authoring {
    use std::collections::HashSet;

    use super::{CopierTable, PRESET_IDS};
    use crate::evidence::check_sources;

    /// Parses `content/copiers.toml`; a missing column or unknown field is named.
    pub fn parse(text: &str) -> Result<CopierTable, String> {
        toml::from_str(text).map_err(|e| format!("copiers.toml: {e}"))
    }

    /// Every problem in the table, each naming the row. `card_slugs` are the cards that exist.
    pub fn validate(table: &CopierTable, card_slugs: &[&str]) -> Vec<String> {
        let mut problems = Vec::new();
        let mut ids = HashSet::new();
        for row in &table.copiers {
            let mut report = |message: String| problems.push(format!("{}: {message}", row.id));
            let well_formed = !row.id.is_empty()
                && row
                    .id
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
            if !well_formed {
                report("the id must be lower-case words joined by dashes".into());
            }
            if !ids.insert(row.id.as_str()) {
                report("the id is used by another row".into());
            }
            for (part, text) in [
                ("name", &row.name),
                ("summary", &row.summary),
                ("loops", &row.loops),
            ] {
                if text.trim().is_empty() {
                    report(format!("`{part}` is empty"));
                }
            }
            for (label, cell) in super::Carries::LABELS.iter().zip(row.carries.cells()) {
                if cell.note.trim().is_empty() {
                    report(format!("the `{label}` cell has no note"));
                }
            }
            if row.cards.is_empty() {
                report("links no cards".into());
            }
            for slug in &row.cards {
                if !card_slugs.contains(&slug.as_str()) {
                    report(format!("links card `{slug}`, which does not exist"));
                }
            }
            for preset in &row.presets {
                if !PRESET_IDS.contains(&preset.as_str()) {
                    report(format!(
                        "names preset `{preset}`, which is not a known preset"
                    ));
                }
            }
            if row.sources.is_empty() {
                report("lists no sources".into());
            }
            check_sources(&row.sources, "copiers.toml", &mut report);
        }
        problems
    }
}
