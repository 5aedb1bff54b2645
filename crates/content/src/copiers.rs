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
    /// The copier's typed id (shared with the importer's products); spelt as the row's
    /// anchor on the page.
    pub id: hoplab_copiers::CopierId,
    pub name: String,
    /// One sentence: what kind of copier it is.
    pub summary: String,
    /// For a copier no release has yet: where the proposal stands and since when
    /// ("KIP-1279, under discussion since February 2026"). Shown beside its name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proposal: Option<String>,
    pub carries: Carries,
    /// How it stops a record circling between sites.
    pub loops: String,
    /// The cards that discuss it.
    pub cards: Vec<String>,
    /// The designer presets that model it (none where the model has no preset for it).
    #[serde(default)]
    pub presets: Vec<hoplab_copiers::PresetId>,
    pub sources: Vec<Source>,
    /// What the real-copiers layer found when it ran this copier's cases: filled in at
    /// export from `content/real-copiers.json` ([`attach_real_runs`]), never authored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<RealRun>,
    /// The newer behaviours those cases could not check because the server they ran on is
    /// older (`[[copiers.unchecked]]`): only on a row with a real run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unchecked: Vec<Unchecked>,
}

/// A newer server behaviour no real-copier case of a row checks (no case covers it, or the
/// servers they ran on are older): authored in `content/copiers.toml` as
/// `[[copiers.unchecked]]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unchecked {
    /// The product and the version that brought it: `nats-server 2.12`.
    pub since: String,
    /// What the newer server does, in a sentence.
    pub what: String,
    /// Where that is said (release notes, the pull request): an `https://` address.
    pub url: String,
    /// The source's own words for it, copied exactly (passages joined with " … ").
    pub quote: String,
}

/// One copier's cases on its real server (`crates/real-copiers`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RealRun {
    /// The server's package name and version: `nats-server 2.9.10`.
    pub server: String,
    /// When the cases ran (YYYY-MM-DD).
    pub ran_on: String,
    pub cases: Vec<RealCase>,
}

impl RealRun {
    pub fn agreeing(&self) -> usize {
        self.cases.iter().filter(|c| c.agrees).count()
    }
}

/// One case: an estate run on the server and, through a preset, in the model.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RealCase {
    pub id: String,
    pub title: String,
    pub preset: hoplab_copiers::PresetId,
    /// Whether the server and the model read the same on every fact compared (on every
    /// release it ran on).
    pub agrees: bool,
    /// Each server release the case ran on and whether the model agreed there (a JetStream
    /// case runs on every nats-server release); empty for a case run on one server.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub releases: Vec<ReleaseVerdict>,
}

/// One case on one server release.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReleaseVerdict {
    /// The server's version: `2.12.8`.
    pub release: String,
    pub agrees: bool,
}

/// `content/copiers.toml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CopierTable {
    pub copiers: Vec<CopierRow>,
}

#[cfg(feature = "authoring")]
pub use authoring::{attach_real_runs, parse, validate};

#[cfg(feature = "authoring")]
mod authoring {
    use std::collections::HashSet;

    use super::CopierTable;
    use crate::evidence::{check_sources, is_public_https};

    /// Gives each row its cases from `content/real-copiers.json` (the file the
    /// real-copiers layer writes). A case naming a copier with no row is an error.
    pub fn attach_real_runs(table: &mut CopierTable, json: &str) -> Result<(), String> {
        let doc: serde_json::Value =
            serde_json::from_str(json).map_err(|e| format!("real-copiers.json: {e}"))?;
        let ran_on = doc["ran_on"].as_str().unwrap_or_default().to_string();
        for case in doc["cases"].as_array().into_iter().flatten() {
            let field = |f: &str| case[f].as_str().unwrap_or_default().to_string();
            let copier = field("copier");
            let Some(row) = table.copiers.iter_mut().find(|r| r.id.as_str() == copier) else {
                return Err(format!(
                    "real-copiers.json: case {} names copier `{copier}`, which has no row",
                    field("id")
                ));
            };
            let server = field("server");
            let version = doc["servers"][server.as_str()]
                .as_str()
                .unwrap_or("unknown");
            let run = row.checked.get_or_insert_with(|| super::RealRun {
                server: format!("{server} {version}"),
                ran_on: ran_on.clone(),
                cases: Vec::new(),
            });
            let preset = hoplab_copiers::PresetId::parse(&field("preset")).ok_or_else(|| {
                format!(
                    "real-copiers.json: case {} names preset `{}`, which Hoplab does not have",
                    field("id"),
                    field("preset")
                )
            })?;
            run.cases.push(super::RealCase {
                id: field("id"),
                title: field("title"),
                preset,
                agrees: case["agrees"] == true,
                releases: case["releases"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|r| super::ReleaseVerdict {
                        release: r["release"].as_str().unwrap_or_default().to_string(),
                        agrees: r["agrees"] == true,
                    })
                    .collect(),
            });
        }
        Ok(())
    }

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
            if row.sources.is_empty() {
                report("lists no sources".into());
            }
            check_sources(&row.sources, "copiers.toml", &mut report);
            check_unchecked(row, &mut report);
        }
        problems
    }

    /// A row's `[[copiers.unchecked]]` entries: only on a row with a real run, each naming
    /// a version newer than the server the cases ran on, saying what it is, and quoting an
    /// `https://` source.
    fn check_unchecked(row: &super::CopierRow, report: &mut impl FnMut(String)) {
        if row.unchecked.is_empty() {
            return;
        }
        if row.checked.is_none() {
            report(
                "lists `[[copiers.unchecked]]` behaviours but has no real run: they say what the real-copier cases could not check on an older server, so they belong on a row that content/real-copiers.json gives cases to".into(),
            );
        }
        let ran_on = row.checked.as_ref().map(|run| run.server.as_str());
        for (i, entry) in row.unchecked.iter().enumerate() {
            let n = i + 1;
            match (version_in(&entry.since), ran_on.and_then(version_in)) {
                (None, _) => report(format!(
                    "unchecked behaviour {n} has `since` `{}`; name the product and the version that brought it (`nats-server 2.12`)",
                    entry.since
                )),
                (Some(since), Some(server)) if since <= server => report(format!(
                    "unchecked behaviour {n} (since {}) is not newer than {}, the server the cases ran on",
                    entry.since,
                    ran_on.unwrap_or_default()
                )),
                _ => {}
            }
            if entry.what.trim().is_empty() {
                report(format!("unchecked behaviour {n} has an empty `what`"));
            }
            if entry.quote.trim().is_empty() {
                report(format!(
                    "unchecked behaviour {n} has no `quote`; add the source's own words for it"
                ));
            }
            if !is_public_https(&entry.url) {
                report(format!(
                    "unchecked behaviour {n} has url `{}`; it must be an https:// address",
                    entry.url
                ));
            }
        }
    }

    /// The first word of `text` that starts with a digit, as version parts: `[2, 12]` for
    /// `nats-server 2.12`, `[3, 10, 8]` for `rabbitmq-server 3.10.8`.
    fn version_in(text: &str) -> Option<Vec<u32>> {
        let word = text
            .split_whitespace()
            .find(|w| w.starts_with(|c: char| c.is_ascii_digit()))?;
        Some(word.split('.').map_while(|p| p.parse().ok()).collect())
    }
}
