//! The rules every card must keep (see `content/README.md`). Each problem names the card
//! and the part, so an author knows what to fix. The rules about sources and raw HTML live
//! in `evidence`.

use std::collections::{BTreeSet, HashSet};
use std::fmt;
use std::path::Path;

use crate::evidence::{check_card_sources, check_no_raw_html};
use crate::render::{all_markdown, plain_text};
use crate::source::{CardSource, ContentSource};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub card: String,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.card, self.message)
    }
}

/// How many words in a row may match a source document before it counts as copied.
pub const COPIED_RUN_WORDS: usize = 10;

/// The longest spoken answers: the 20-second `basics` and the 50-second `solid` (the
/// seeds' own 50-second answers run to about 160 words at speaking pace).
pub const BASICS_MAX_WORDS: usize = 55;
pub const SOLID_MAX_WORDS: usize = 160;

/// What the rules check against: the lab's scenario names and, when available, the
/// source documents whose sentences must not be reused.
pub struct Checks<'a> {
    pub scenario_names: &'a [&'a str],
    pub seeds: &'a [String],
}

pub fn validate(content: &ContentSource, checks: &Checks) -> Vec<Problem> {
    let mut problems = Vec::new();
    let slugs: HashSet<&str> = content.cards.iter().map(|(_, c)| c.slug.as_str()).collect();
    let seed_runs = word_runs(checks.seeds.iter().map(String::as_str), COPIED_RUN_WORDS);

    let mut seen = HashSet::new();
    for (path, card) in &content.cards {
        let mut report = |message: String| {
            problems.push(Problem {
                card: card.slug.clone(),
                message,
            })
        };
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        if stem != card.slug {
            report(format!(
                "slug `{}` differs from the file name `{stem}.md`",
                card.slug
            ));
        }
        if !seen.insert(card.slug.as_str()) {
            report("slug is used by another card".into());
        }
        check_parts(card, &mut report);
        check_spoken_lengths(path, card, &mut report);
        check_card_sources(path, card, &mut report);
        check_no_raw_html(path, card, &mut report);
        for related in &card.related {
            if related == &card.slug {
                report("`related` names the card itself".into());
            } else if !slugs.contains(related.as_str()) {
                report(format!("`related` names `{related}`, which is not a card"));
            }
        }
        if !checks.scenario_names.contains(&card.scenario.as_str()) {
            report(format!(
                "`scenario` `{}` is not in the lab's scenario library",
                card.scenario
            ));
        }
        for run in copied_runs(card, &seed_runs) {
            report(format!(
                "copies ten words in a row from a source document: \"{run}\""
            ));
        }
    }
    check_tree(content, &slugs, &mut problems);
    problems
}

fn check_parts(card: &CardSource, report: &mut impl FnMut(String)) {
    let required = [
        ("question", &card.question),
        ("basics", &card.basics),
        ("solid", &card.solid),
        ("analogy", &card.analogy),
        ("explanation", &card.explanation),
        (
            "platforms.partitioned_logs",
            &card.platforms.partitioned_logs,
        ),
        ("platforms.queue_brokers", &card.platforms.queue_brokers),
        (
            "platforms.time_based_resume",
            &card.platforms.time_based_resume,
        ),
    ];
    for (part, text) in required {
        if text.trim().is_empty() {
            report(format!("`{part}` is empty"));
        }
    }
    for (level, text) in card.depth.all() {
        if text.trim().is_empty() {
            report(format!("`depth.{level}` is empty"));
        }
    }
    count_in("outline", card.outline.len(), 3, 6, report);
    count_in("follow_ups", card.follow_ups.len(), 2, 4, report);
    count_in("red_flags", card.red_flags.len(), 3, 8, report);
    let blanks = card
        .outline
        .iter()
        .chain(&card.red_flags)
        .filter(|s| s.trim().is_empty());
    if blanks.count() > 0 {
        report("an outline cue or red flag is empty".into());
    }
    for (i, follow_up) in card.follow_ups.iter().enumerate() {
        if follow_up.question.trim().is_empty() || follow_up.answer.trim().is_empty() {
            report(format!(
                "follow-up {} needs both a question and an answer",
                i + 1
            ));
        }
    }
    check_depth_tabs_differ(card, report);
    check_explanation_shape(&card.explanation, report);
    for text in all_markdown(card) {
        if mentions_invented_statistic(text) {
            report("quotes a percentage about interviews; the project measured none".into());
        }
    }
}

/// A spoken answer must fit the time its label promises: the words a reader would say
/// (Markdown dropped) are counted, and the problem names the file and the field.
fn check_spoken_lengths(path: &Path, card: &CardSource, report: &mut impl FnMut(String)) {
    let answers = [
        ("basics", "20-second", &card.basics, BASICS_MAX_WORDS),
        ("solid", "50-second", &card.solid, SOLID_MAX_WORDS),
    ];
    for (field, label, text, max) in answers {
        let n = spoken_words(text);
        if n > max {
            report(format!(
                "{}: `{field}` has {n} words; a {label} answer may have at most {max}",
                path.display()
            ));
        }
    }
}

/// The words of a spoken answer, as a reader would say them.
pub fn spoken_words(markdown: &str) -> usize {
    plain_text(markdown).split_whitespace().count()
}

fn count_in(part: &str, n: usize, min: usize, max: usize, report: &mut impl FnMut(String)) {
    if n < min || n > max {
        report(format!("`{part}` has {n} entries; it needs {min} to {max}"));
    }
}

/// Two tabs that share most of their words are not saying different things.
fn check_depth_tabs_differ(card: &CardSource, report: &mut impl FnMut(String)) {
    let tabs = card.depth.all();
    for (i, (a_level, a)) in tabs.iter().enumerate() {
        for (b_level, b) in &tabs[i + 1..] {
            if word_overlap(a, b) > 0.8 {
                report(format!(
                    "`depth.{a_level}` and `depth.{b_level}` say nearly the same"
                ));
            }
        }
    }
}

fn words(text: &str) -> Vec<String> {
    plain_text(text)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Jaccard similarity of the two texts' word sets.
fn word_overlap(a: &str, b: &str) -> f64 {
    let a: BTreeSet<String> = words(a).into_iter().collect();
    let b: BTreeSet<String> = words(b).into_iter().collect();
    let union = a.union(&b).count();
    if union == 0 {
        return 1.0;
    }
    a.intersection(&b).count() as f64 / union as f64
}

fn check_explanation_shape(markdown: &str, report: &mut impl FnMut(String)) {
    let sections = markdown.lines().filter(|l| l.starts_with("## ")).count();
    if sections < 3 {
        report(format!(
            "the explanation has {sections} `##` sections; it needs at least 3"
        ));
    }
    let numbered = markdown.lines().any(|l| l.trim_start().starts_with("1. "));
    if !numbered {
        report("the explanation has no numbered walk-through".into());
    }
    let table = markdown.lines().any(|l| {
        let l = l.trim();
        l.starts_with('|') && l.contains("---")
    });
    if !table {
        report("the explanation has no table".into());
    }
}

fn mentions_invented_statistic(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower.split(['.', '\n']).any(|sentence| {
        sentence.contains('%') && (sentence.contains("interview") || sentence.contains("freq"))
    })
}

/// Every run of `n` consecutive words in the texts, normalised.
fn word_runs<'a>(texts: impl Iterator<Item = &'a str>, n: usize) -> HashSet<String> {
    texts
        .flat_map(|text| {
            let words = words(text);
            words.windows(n).map(|w| w.join(" ")).collect::<Vec<_>>()
        })
        .collect()
}

fn copied_runs(card: &CardSource, seed_runs: &HashSet<String>) -> Vec<String> {
    if seed_runs.is_empty() {
        return Vec::new();
    }
    let mut found: Vec<String> = all_markdown(card)
        .into_iter()
        .flat_map(|text| {
            let words = words(text);
            words
                .windows(COPIED_RUN_WORDS)
                .map(|w| w.join(" "))
                .filter(|run| seed_runs.contains(run))
                .collect::<Vec<_>>()
        })
        .collect();
    found.dedup();
    found
}

/// Runs of ten words in `texts` that also stand in `seeds`: the copied-words rule, for
/// content other than cards (the course's lessons).
pub fn copied_from_seeds<'a>(
    texts: impl IntoIterator<Item = &'a str>,
    seeds: &[String],
) -> Vec<String> {
    let seed_runs = word_runs(seeds.iter().map(String::as_str), COPIED_RUN_WORDS);
    let mut found: Vec<String> = texts
        .into_iter()
        .flat_map(|text| word_runs(std::iter::once(text), COPIED_RUN_WORDS))
        .filter(|run| seed_runs.contains(run))
        .collect();
    found.sort();
    found.dedup();
    found
}

fn check_tree(content: &ContentSource, slugs: &HashSet<&str>, problems: &mut Vec<Problem>) {
    let mut in_tree = HashSet::new();
    for section in &content.tree.sections {
        for slug in &section.cards {
            if !in_tree.insert(slug.as_str()) {
                problems.push(Problem {
                    card: slug.clone(),
                    message: "listed twice in tree.toml".into(),
                });
            }
            if !slugs.contains(slug.as_str()) {
                problems.push(Problem {
                    card: slug.clone(),
                    message: format!("tree.toml lists it, but cards/{slug}.md does not exist"),
                });
            }
        }
    }
    for slug in slugs {
        if !in_tree.contains(slug) {
            problems.push(Problem {
                card: slug.to_string(),
                message: "not listed in any section of tree.toml".into(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlap_of_identical_texts_is_one_and_of_disjoint_is_zero() {
        assert_eq!(word_overlap("a b c", "c b a"), 1.0);
        assert_eq!(word_overlap("a b", "c d"), 0.0);
    }

    #[test]
    fn spots_an_interview_percentage() {
        assert!(mentions_invented_statistic("Asked in 48% of interviews."));
        assert!(!mentions_invented_statistic(
            "Lag fell by 40% after the change."
        ));
    }

    #[test]
    fn word_runs_ignore_case_and_punctuation() {
        let runs = word_runs(
            ["One, two three four five six seven eight nine TEN."].into_iter(),
            10,
        );
        assert!(runs.contains("one two three four five six seven eight nine ten"));
    }
}
