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

#[test]
fn an_over_long_spoken_answer_is_refused_with_file_and_field() {
    let long = |n: usize| vec!["word"; n].join(" ");
    let bad = GOOD
        .replace("basics = \"Short.\"", &format!("basics = \"{}\"", long(56)))
        .replace("solid = \"Longer.\"", &format!("solid = \"{}\"", long(161)));
    let problems = problems_for(&bad, &[]);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("cards/alpha.md: `basics` has 56 words")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("cards/alpha.md: `solid` has 161 words")),
        "{problems:?}"
    );
    let at_limit = GOOD
        .replace("basics = \"Short.\"", &format!("basics = \"{}\"", long(55)))
        .replace("solid = \"Longer.\"", &format!("solid = \"{}\"", long(160)));
    assert_eq!(problems_for(&at_limit, &[]), Vec::<String>::new());
}

const SOURCE: &str = r#"
[[sources]]
title = "Kafka documentation"
url = "https://kafka.apache.org/documentation/"
kind = "docs"
supports = "the claim"
quote = "the page's own words"
"#;

/// GOOD with `extra` added to the front matter, just before its closing line.
fn with_front_matter(extra: &str) -> String {
    let end = GOOD.rfind("\n+++").unwrap();
    format!("{}{extra}{}", &GOOD[..end], &GOOD[end..])
}

#[test]
fn a_card_naming_a_product_needs_a_source() {
    let bad = GOOD.replace("Longer.", "Kafka MirrorMaker 2 does this.");
    let problems = problems_for(&bad, &[]);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("names Kafka, MirrorMaker") && p.contains("no `[[sources]]`")),
        "{problems:?}"
    );
    let good = with_front_matter(SOURCE).replace("Longer.", "Kafka MirrorMaker 2 does this.");
    assert_eq!(problems_for(&good, &[]), Vec::<String>::new());
}

#[test]
fn a_source_needs_an_https_address_and_a_claim() {
    let bad = with_front_matter(
        &SOURCE
            .replace(
                "https://kafka.apache.org/documentation/",
                "javascript:alert(1)",
            )
            .replace("supports = \"the claim\"", "supports = \"\""),
    );
    let problems = problems_for(&bad, &[]);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("must be an https:// address")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("does not say what it `supports`")),
        "{problems:?}"
    );
}

#[test]
fn a_source_without_a_quote_is_refused_naming_file_and_source() {
    let bad = with_front_matter(&SOURCE.replace("quote = \"the page's own words\"\n", ""))
        .replace("Longer.", "Kafka MirrorMaker 2 does this.");
    assert!(!bad.contains("quote ="), "the quote line was not removed");
    let problems = problems_for(&bad, &[]);
    assert!(
        problems.iter().any(|p| p.contains("cards/alpha.md")
            && p.contains("`Kafka documentation`")
            && p.contains("https://kafka.apache.org/documentation/")
            && p.contains("has no `quote`")),
        "{problems:?}"
    );
    let blank = with_front_matter(&SOURCE.replace("the page's own words", "  "));
    assert!(
        problems_for(&blank, &[])
            .iter()
            .any(|p| p.contains("has no `quote`")),
        "a blank quote passed"
    );
    let echo = with_front_matter(&SOURCE.replace("the page's own words", "the claim"));
    assert!(
        problems_for(&echo, &[])
            .iter()
            .any(|p| p.contains("only repeats `supports`")),
        "a quote repeating the claim passed"
    );
}

/// `bad` must be refused, naming the line that holds `marker` and the HTML `snippet`.
fn assert_raw_html_named(bad: &str, marker: &str, snippet: &str) {
    let line = bad.lines().position(|l| l.contains(marker)).unwrap() + 1;
    let problems = problems_for(bad, &[]);
    let expected = format!("cards/alpha.md:{line}: raw HTML `{snippet}`");
    assert!(
        problems.iter().any(|p| p.contains(&expected)),
        "expected {expected:?} in {problems:?}"
    );
}

#[test]
fn raw_html_in_the_explanation_is_refused_with_file_and_line() {
    let bad = GOOD.replace(
        "## Three\ntext",
        "## Three\ntext <span onclick=\"x\">hi</span>",
    );
    assert_raw_html_named(&bad, "<span", "<span onclick=\"x\">");
}

#[test]
fn raw_html_in_a_front_matter_field_is_refused_with_file_and_line() {
    let bad = GOOD.replace(
        "analogy = \"A picture.\"",
        "analogy = \"A <img src=x> picture.\"",
    );
    assert_raw_html_named(&bad, "<img", "<img src=x>");
}

#[test]
fn tags_in_backticks_are_code_not_html() {
    let good = GOOD.replace("## Three\ntext", "## Three\ntext `<source-alias>.orders`");
    assert_eq!(problems_for(&good, &[]), Vec::<String>::new());
}
