//! Why a group resumes where it does, in plain words, each with the card that explains it
//! and, for a Kafka defect, its JIRA.

use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    /// Stable, for tests and the JSON.
    pub code: &'static str,
    pub text: String,
    /// Slug of the question card (`content/cards/<slug>.md`).
    pub card: &'static str,
    /// The Kafka issue behind it, where a defect explains it (`KAFKA-15905`).
    pub jira: Option<&'static str>,
}

impl Note {
    pub fn new(code: &'static str, card: &'static str, text: String) -> Self {
        Note {
            code,
            text,
            card,
            jira: None,
        }
    }

    fn jira(mut self, id: &'static str) -> Self {
        self.jira = Some(id);
        self
    }
}

/// Every note code, with its card: a test checks each card exists.
pub const CODES: &[(&str, &str)] = &[
    ("filtered-out", "reader-resume"),
    ("never-committed", "reader-resume"),
    ("before-oldest-sync", "position-map"),
    ("no-syncs", "position-map"),
    ("sparse-syncs", "position-map"),
    ("would-go-backwards", "reader-resume"),
    ("active-on-target", "reader-resume"),
    ("identity-names", "echo-loop"),
    ("committed-since", "reader-resume"),
    ("no-checkpoint", "replay-or-gap"),
    ("distance-added", "position-map"),
    ("one-sync-kept", "position-map"),
    ("store-drops-syncs", "position-map"),
    ("restart-forgets", "position-map"),
];

fn card(code: &str) -> &'static str {
    CODES
        .iter()
        .find(|(c, _)| *c == code)
        .map_or("reader-resume", |(_, card)| card)
}

pub fn note(code: &'static str, text: String) -> Note {
    Note::new(code, card(code), text)
}

/// The defects of a release that explain a missing or wrong checkpoint.
pub fn known_defects(version: super::KafkaVersion, translated: bool) -> Vec<Note> {
    use super::version::Rule;
    let mut out = Vec::new();
    match version.rule() {
        Rule::AddTheDistance => out.push(
            note(
                "distance-added",
                format!("Kafka {version} translates by adding the distance from the newest sync, which can put a group past records not yet copied (they are skipped); fixed in 3.3.3 and 3.4.1"),
            )
            .jira("KAFKA-12468"),
        ),
        Rule::NewestSyncPlusOne => {}
        Rule::Store(hoplab_model::spec::MapStore::Kafka350) => out.push(
            note(
                "store-drops-syncs",
                format!("Kafka {version}'s store can drop many older syncs when one new sync arrives, so an older commit finds no sync to translate from; fixed in 3.5.2 and 3.6.0"),
            )
            .jira("KAFKA-15202"),
        ),
        Rule::Store(_) => {}
    }
    if matches!(
        version.rule(),
        Rule::AddTheDistance | Rule::NewestSyncPlusOne
    ) && !translated
    {
        out.push(
            note(
                "one-sync-kept",
                format!("Kafka {version} keeps only the newest sync per partition: a group that committed before it cannot be translated at all; 3.5.0 keeps 64"),
            )
            .jira("KAFKA-14666"),
        );
    }
    if !version.restart_keeps_history() && !translated {
        out.push(
            note(
                "restart-forgets",
                format!("after a restart of its checkpoint task, Kafka {version} translates only from syncs written since; 3.8.0 reads the offset-syncs topic back first"),
            )
            .jira("KAFKA-15905"),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_note_links_a_card_that_exists() {
        let cards = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/cards");
        for (code, card) in super::CODES {
            assert!(cards.join(format!("{card}.md")).exists(), "{code}: {card}");
        }
        assert!(super::CODES.len() >= 8);
    }
}
