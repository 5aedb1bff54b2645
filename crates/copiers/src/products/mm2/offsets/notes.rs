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
    ("no-syncs-given", "position-map"),
    ("sparse-syncs", "position-map"),
    ("would-go-backwards", "reader-resume"),
    ("active-on-target", "reader-resume"),
    ("identity-names", "echo-loop"),
    ("committed-since", "reader-resume"),
    ("no-checkpoint", "replay-or-gap"),
    ("rewound-since-checkpoint", "replay-or-gap"),
    ("distance-added", "position-map"),
    ("one-sync-kept", "position-map"),
    ("store-drops-syncs", "position-map"),
    ("restart-forgets", "position-map"),
    ("restart-keeps-newest", "position-map"),
    ("copied-again", "replay-or-gap"),
    ("quiet-topic-lag", "position-map"),
    ("source-offset-copied", "position-map"),
    ("null-offset-drops-batch", "reader-resume"),
    ("zero-offset-dropped", "replay-or-gap"),
    ("not-copied", "what-crosses"),
    ("unnamed-group", "reader-resume"),
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

/// What a partition's answer knows when the release's defects are weighed.
pub struct Seen {
    /// The commit translated now.
    pub translated: bool,
    pub has_checkpoint: bool,
    /// The group never committed on some partition (the table prints `-`).
    pub group_has_uncommitted: bool,
    /// The commit is at the end of the source partition.
    pub at_the_end: bool,
    /// The partition has no syncs in the dump given.
    pub no_syncs: bool,
    /// An offset-syncs dump was given (without one, nothing is known of the syncs).
    pub syncs_given: bool,
    pub committed_zero: bool,
}

/// The Kafka defects of a release that explain a missing or wrong checkpoint here, each
/// with its JIRA and the release that fixed it (from `docs/mm2-offset-data-formats.md`).
pub fn known_defects(version: super::KafkaVersion, seen: &Seen) -> Vec<Note> {
    let mut out = Vec::new();
    let mut add = |applies: bool, jira: &'static str, code: &'static str, text: String| {
        if applies {
            out.push(note(code, text).jira(jira));
        }
    };
    let before = |v: (u32, u32, u32)| version.between((0, 0, 0), v);
    add(
        before((3, 4, 1)) && seen.translated,
        "KAFKA-12468",
        "distance-added",
        format!("Kafka {version} translates by adding the distance from the newest sync, which can put a group past records not yet copied (it skips them) and show negative lag on the target; fixed in 3.4.1 and 3.5.0"),
    );
    add(
        before((3, 4, 1)) && seen.syncs_given && !seen.translated && !seen.no_syncs,
        "KAFKA-14666",
        "one-sync-kept",
        format!("Kafka {version} keeps only the newest sync per partition: a group that committed before it gets no checkpoint until it catches up; 3.4.1 and 3.5.0 keep 64"),
    );
    add(
        version.between((3, 4, 1), (3, 5, 2)) && seen.has_checkpoint,
        "KAFKA-15202",
        "store-drops-syncs",
        format!("Kafka {version}'s store can drop many older syncs when one new one arrives, so checkpoints point earlier than needed and a failover re-reads more; fixed in 3.5.2 and 3.6.0"),
    );
    add(
        version.between((3, 4, 1), (3, 7, 0)) && seen.at_the_end,
        "KAFKA-15906",
        "quiet-topic-lag",
        format!("in Kafka {version} translation may not reach the end of a quiet topic after the group commits at its end: a lag of up to offset.lag.max stays; fixed in 3.7.0"),
    );
    add(
        !version.restart_keeps_history() && seen.syncs_given && !seen.translated && !seen.no_syncs,
        "KAFKA-15905",
        "restart-forgets",
        format!("after a restart of its checkpoint task, Kafka {version} writes no checkpoint for a group behind the newest sync until it passes it; 3.7.1 and 3.8.0 read the checkpoints topic back first (with READ on it)"),
    );
    add(
        before((3, 3, 0)) && seen.no_syncs,
        "KAFKA-12635",
        "source-offset-copied",
        format!("Kafka {version} checkpoints a partition with no sync at the source offset unchanged, which the target reads as negative lag; 3.3.0 writes no checkpoint instead"),
    );
    add(
        before((3, 4, 1)) && seen.group_has_uncommitted && !seen.has_checkpoint,
        "KAFKA-14545",
        "null-offset-drops-batch",
        format!("in Kafka {version} a group with a partition it never committed on makes the checkpoint task fail its poll (\"Failure polling consumer state for checkpoints.\"), dropping the whole batch; fixed in 3.4.1 and 3.5.0"),
    );
    add(
        before((2, 7, 0)) && seen.committed_zero && !seen.has_checkpoint,
        "KAFKA-10048",
        "zero-offset-dropped",
        format!("Kafka {version} drops a checkpoint whose translated offset is 0, so a group at the start of a partition falls back to auto.offset.reset; fixed in 2.7.0"),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // The release ranges checked against apache/kafka's tags: KAFKA-12468's "+1 past the
    // sync" (175a342580a) is first in 3.4.1, so a quiet topic's lag (KAFKA-15906, fixed by
    // 75ad8841611, first in 3.7.0) shows from 3.4.1; KAFKA-10048 (6b95f1ec57c, `>= 0`)
    // is first in 2.7.0, not in any 2.6.x.
    #[test]
    fn each_defect_holds_for_the_releases_it_was_in() {
        let seen = |at_the_end, committed_zero| Seen {
            translated: true,
            has_checkpoint: false,
            group_has_uncommitted: false,
            at_the_end,
            no_syncs: false,
            syncs_given: true,
            committed_zero,
        };
        let codes = |v: &str, s: &Seen| -> Vec<&'static str> {
            known_defects(super::super::KafkaVersion::parse(v).unwrap(), s)
                .into_iter()
                .map(|n| n.code)
                .collect()
        };
        let quiet = |v| codes(v, &seen(true, false)).contains(&"quiet-topic-lag");
        assert_eq!(
            [
                quiet("3.4.0"),
                quiet("3.4.1"),
                quiet("3.6.2"),
                quiet("3.7.0")
            ],
            [false, true, true, false]
        );
        let zero = |v| codes(v, &seen(false, true)).contains(&"zero-offset-dropped");
        assert_eq!([zero("2.6.3"), zero("2.7.0")], [true, false]);
    }

    #[test]
    fn every_note_links_a_card_that_exists() {
        let cards = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/cards");
        for (code, card) in super::CODES {
            assert!(cards.join(format!("{card}.md")).exists(), "{code}: {card}");
        }
        assert!(super::CODES.len() >= 8);
    }
}
