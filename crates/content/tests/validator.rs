//! The validator catches each kind of broken card (so the cards test can fail).

use std::path::Path;

use hoplab_content::source::{parse_card, ContentSource, SectionSource, TreeSource};
use hoplab_content::validate::{validate, Checks};

const GOOD: &str = r#"+++
slug = "alpha"
question = "Why?"
level = "junior"
importance = "must-know"
outline = ["one", "two", "three"]
basics = "Short."
solid = "Longer."
analogy = "A picture."
red_flags = ["wrong one", "wrong two", "wrong three"]
scenario = "echo-loop"
related = ["beta"]
[depth]
junior = "recall the headline fact"
middle = "explain the mechanism behind it"
senior = "production judgment about monitoring"
principal = "organisational cost framing for budgets"
[platforms]
partitioned_logs = "logs"
queue_brokers = "queues"
time_based_resume = "time"
[[follow_ups]]
question = "q1"
answer = "a1"
[[follow_ups]]
question = "q2"
answer = "a2"
+++
## One
1. step
## Two
| a | b |
|---|---|
| 1 | 2 |
## Three
text
"#;

fn content(cards: &[(&str, String)]) -> ContentSource {
    ContentSource {
        tree: TreeSource {
            title: "t".into(),
            sections: vec![SectionSource {
                title: "s".into(),
                cards: cards.iter().map(|(slug, _)| slug.to_string()).collect(),
            }],
        },
        cards: cards
            .iter()
            .map(|(slug, text)| {
                let path = Path::new("cards").join(format!("{slug}.md"));
                let card = parse_card(&path, text).unwrap();
                (path, card)
            })
            .collect(),
    }
}

fn problems_for(alpha: &str, seeds: &[String]) -> Vec<String> {
    let beta = GOOD
        .replace("\"alpha\"", "\"beta\"")
        .replace("[\"beta\"]", "[\"alpha\"]");
    let content = content(&[("alpha", alpha.to_string()), ("beta", beta)]);
    let checks = Checks {
        scenario_names: &["echo-loop"],
        seeds,
    };
    validate(&content, &checks)
        .iter()
        .map(|p| p.to_string())
        .collect()
}

#[test]
fn a_good_card_passes() {
    assert_eq!(problems_for(GOOD, &[]), Vec::<String>::new());
}

#[test]
fn catches_an_unknown_scenario() {
    let bad = GOOD.replace("scenario = \"echo-loop\"", "scenario = \"nope\"");
    let problems = problems_for(&bad, &[]);
    assert!(
        problems.iter().any(|p| p.contains("`nope`")),
        "{problems:?}"
    );
}

#[test]
fn catches_a_dangling_related_link() {
    let bad = GOOD.replace("related = [\"beta\"]", "related = [\"gamma\"]");
    let problems = problems_for(&bad, &[]);
    assert!(
        problems.iter().any(|p| p.contains("`gamma`")),
        "{problems:?}"
    );
}

#[test]
fn catches_too_few_outline_cues() {
    let bad = GOOD.replace("[\"one\", \"two\", \"three\"]", "[\"one\"]");
    let problems = problems_for(&bad, &[]);
    assert!(
        problems.iter().any(|p| p.contains("`outline` has 1")),
        "{problems:?}"
    );
}

#[test]
fn catches_identical_depth_tabs() {
    let bad = GOOD.replace(
        "explain the mechanism behind it",
        "recall the headline fact",
    );
    let problems = problems_for(&bad, &[]);
    assert!(
        problems.iter().any(|p| p.contains("nearly the same")),
        "{problems:?}"
    );
}

#[test]
fn catches_an_empty_part() {
    let bad = GOOD.replace("analogy = \"A picture.\"", "analogy = \"  \"");
    let problems = problems_for(&bad, &[]);
    assert!(
        problems.iter().any(|p| p.contains("`analogy` is empty")),
        "{problems:?}"
    );
}

#[test]
fn catches_an_explanation_without_a_table() {
    let bad = GOOD.replace("|---|---|", "");
    let problems = problems_for(&bad, &[]);
    assert!(
        problems.iter().any(|p| p.contains("no table")),
        "{problems:?}"
    );
}

#[test]
fn catches_ten_words_copied_from_a_seed() {
    let seed = "The quick brown fox jumps over the lazy dog again and again".to_string();
    let bad = GOOD.replace(
        "Short.",
        "the quick brown fox jumps over the lazy dog again today",
    );
    let problems = problems_for(&bad, &[seed]);
    assert!(
        problems.iter().any(|p| p.contains("copies ten words")),
        "{problems:?}"
    );
}
