//! The red-flag quiz: statements about candidates, half of them a card's red flags (saying
//! it costs the question) and half what a card's depth tabs say a candidate at some level
//! should be able to say (safe). Both are written in the same third-person voice and begin
//! with the same plain verbs ("Explains …", "Says …", "Treats …"), so the first word gives
//! nothing away: the cards' red flags are written that way, a depth tab's "Know …" is said
//! as "Says …" (nobody knows a red flag), and a test over the real cards checks the rest.

use hoplab_content::{Level, PracticeCard, PracticeDeck};
// The model's seeded generator: the same seed gives the same quiz.
use hoplab_model::Rng;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// Plain text.
    pub text: String,
    pub costs_the_question: bool,
    pub slug: String,
    pub question: String,
    /// Why, for after the answer (plain text).
    pub why: String,
}

/// A value in `0..n` (0 when `n` is 0). It draws even when `n` is 1, unlike `Rng::up_to`,
/// so a seed keeps giving the quiz it always gave.
fn below(rng: &mut Rng, n: usize) -> usize {
    (rng.next_u64() % n.max(1) as u64) as usize
}

fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}

/// `count` statements (half red flags, rounded up) from different cards where the deck
/// allows; safe statements come from depth tabs at or below `target`.
pub fn build_quiz(deck: &PracticeDeck, target: Level, count: usize, seed: u64) -> Vec<Statement> {
    let mut rng = Rng::new(seed);
    let mut cards: Vec<&PracticeCard> = deck.cards.iter().collect();
    shuffle(&mut rng, &mut cards);
    let levels: Vec<Level> = Level::ALL.into_iter().filter(|l| *l <= target).collect();
    let mut statements: Vec<Statement> = (0..count)
        .filter_map(|i| {
            let card = *cards.get(i % cards.len().max(1))?;
            Some(if i % 2 == 0 {
                red_flag(card, &mut rng)?
            } else {
                claim(card, levels[below(&mut rng, levels.len())])
            })
        })
        .collect();
    shuffle(&mut rng, &mut statements);
    statements
}

fn red_flag(card: &PracticeCard, rng: &mut Rng) -> Option<Statement> {
    let flag = card.red_flags.get(below(rng, card.red_flags.len()))?;
    Some(Statement {
        text: sentence(&html_to_text(flag)),
        costs_the_question: true,
        slug: card.slug.clone(),
        question: card.question.clone(),
        why: format!(
            "A red flag on “{}”. The 20-second answer: {}",
            card.question,
            html_to_text(&card.basics)
        ),
    })
}

fn claim(card: &PracticeCard, level: Level) -> Statement {
    Statement {
        text: claim_from_depth(&html_to_text(card.depth.get(level))),
        costs_the_question: false,
        slug: card.slug.clone(),
        question: card.question.clone(),
        why: format!(
            "Safe: the card expects a {}-level candidate to be able to say this about “{}”.",
            level.label().to_lowercase(),
            card.question
        ),
    }
}

/// Past this many characters a claim is cut at its colon, nearer a red flag's length.
const LONG_CLAIM: usize = 170;

/// The first clause of a depth tab, in the third person and without asides: "Explain why
/// X (for example Y); then Z." becomes "Explains why X". "Know that" becomes "Says that":
/// no red flag can start with "Knows", so it would mark the claim as safe.
pub fn claim_from_depth(text: &str) -> String {
    let text = without_asides(text);
    let end = [". ", "; "]
        .iter()
        .filter_map(|cut| text.find(cut))
        .min()
        .unwrap_or(text.len());
    let mut clause = &text[..end];
    if clause.len() > LONG_CLAIM {
        if let Some(colon) = clause.find(": ").filter(|at| *at >= 30) {
            clause = &clause[..colon];
        }
    }
    let (verb, rest) = clause.split_once(' ').unwrap_or((clause, ""));
    // "Know that X" says X; "Know the two shapes" names a thing, and "Says the two
    // shapes" would not be English, so it stays "Knows".
    let verb =
        if ["know", "knows"].contains(&verb.to_lowercase().as_str()) && rest.starts_with("that ") {
            "Say"
        } else {
            verb
        };
    let joined = if rest.is_empty() {
        third_person(verb)
    } else {
        format!("{} {rest}", third_person(verb))
    };
    sentence(&joined)
}

/// "Explain" → "Explains", "Classify" → "Classifies"; verbs already in the third person
/// ("Knows") and "Can" stay.
pub fn third_person(verb: &str) -> String {
    let lower = verb.to_lowercase();
    let consonant_y = lower.ends_with('y')
        && !lower.ends_with("ay")
        && !lower.ends_with("ey")
        && !lower.ends_with("oy")
        && !lower.ends_with("uy");
    if lower == "can" || (lower.ends_with('s') && !lower.ends_with("ss")) {
        verb.to_string()
    } else if lower == "have" {
        format!("{}s", &verb[..verb.len() - 2])
    } else if consonant_y {
        format!("{}ies", &verb[..verb.len() - 1])
    } else if ["ss", "sh", "ch", "x", "z", "o"]
        .iter()
        .any(|e| lower.ends_with(e))
    {
        format!("{verb}es")
    } else {
        format!("{verb}s")
    }
}

/// Drops " (…)" asides.
fn without_asides(text: &str) -> String {
    let mut kept = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find(" (") {
        let Some(close) = rest[open..].find(')') else {
            break;
        };
        kept.push_str(&rest[..open]);
        rest = &rest[open + close + 1..];
    }
    kept.push_str(rest);
    kept
}

/// Trims and drops a final full stop, so every statement ends the same way.
fn sentence(text: &str) -> String {
    text.trim().trim_end_matches('.').trim_end().to_string()
}

/// Plain text of an HTML fragment from the cards: tags dropped, the entities the Markdown
/// renderer writes decoded, spaces collapsed.
pub fn html_to_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                text.push(' ');
            }
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    let decoded = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    let collapsed = decoded.split_whitespace().collect::<Vec<_>>().join(" ");
    // A tag boundary leaves a space before punctuation: "<code>a</code>, b" → "a , b".
    collapsed
        .replace(" ,", ",")
        .replace(" .", ".")
        .replace(" )", ")")
        .replace("( ", "(")
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoplab_content::card::DepthTabs;

    fn card(slug: &str) -> PracticeCard {
        PracticeCard {
            slug: slug.into(),
            question: format!("Question {slug}?"),
            level: Level::Junior,
            basics: "<p>The <strong>short</strong> answer.</p>".into(),
            depth: DepthTabs {
                junior: format!("<p>Know that {slug} trails; more.</p>"),
                middle: format!("<p>Explain why {slug} matters. Then more.</p>"),
                senior: format!("<p>Classify {slug} by risk (with care).</p>"),
                principal: format!("<p>Frames {slug} as a purchase.</p>"),
            },
            red_flags: vec![
                format!("Says {slug} is instant"),
                format!("Claims {slug} is free."),
            ],
            drills: Vec::new(),
        }
    }

    fn deck(n: usize) -> PracticeDeck {
        PracticeDeck {
            cards: (0..n).map(|i| card(&format!("c{i}"))).collect(),
        }
    }

    #[test]
    fn half_the_statements_are_red_flags_from_different_cards() {
        let quiz = build_quiz(&deck(10), Level::Principal, 8, 7);
        assert_eq!(quiz.len(), 8);
        assert_eq!(quiz.iter().filter(|s| s.costs_the_question).count(), 4);
        let mut slugs: Vec<&str> = quiz.iter().map(|s| s.slug.as_str()).collect();
        slugs.sort();
        slugs.dedup();
        assert_eq!(slugs.len(), 8, "one statement per card while cards last");
        for s in &quiz {
            assert!(s.why.contains(&s.question), "{s:?} explains with its card");
            assert!(!s.text.ends_with('.') && !s.text.contains('<'), "{s:?}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_quiz_and_another_seed_another() {
        let d = deck(21);
        assert_eq!(
            build_quiz(&d, Level::Senior, 8, 1),
            build_quiz(&d, Level::Senior, 8, 1)
        );
        assert_ne!(
            build_quiz(&d, Level::Senior, 8, 1),
            build_quiz(&d, Level::Senior, 8, 2)
        );
    }

    #[test]
    fn safe_statements_stay_at_or_below_the_target_level() {
        for seed in 0..20 {
            for s in build_quiz(&deck(6), Level::Junior, 6, seed)
                .iter()
                .filter(|s| !s.costs_the_question)
            {
                assert!(s.text.starts_with("Says that"), "{}", s.text);
                assert!(s.why.contains("junior-level candidate"));
            }
        }
    }

    #[test]
    fn a_small_deck_reuses_cards_and_an_empty_one_gives_nothing() {
        assert_eq!(build_quiz(&deck(2), Level::Middle, 6, 3).len(), 6);
        assert!(build_quiz(&PracticeDeck::default(), Level::Middle, 6, 3).is_empty());
    }

    #[test]
    fn depth_tabs_become_third_person_first_clauses() {
        assert_eq!(
            claim_from_depth("Know that a trails; more."),
            "Says that a trails"
        );
        assert_eq!(
            claim_from_depth("Knows the two shapes."),
            "Knows the two shapes"
        );
        assert_eq!(
            claim_from_depth("Explain why it matters. Then more."),
            "Explains why it matters"
        );
        assert_eq!(
            claim_from_depth("Classify streams by risk (with care)."),
            "Classifies streams by risk"
        );
        assert_eq!(claim_from_depth("Can say that x."), "Can say that x");
        assert_eq!(claim_from_depth("Frames it."), "Frames it");
        assert_eq!(
            claim_from_depth("Decide it as a convention (it trades x) for y; z."),
            "Decides it as a convention for y"
        );
        let long = format!(
            "Explain the mechanism of it all: {}.",
            "a reason ".repeat(20)
        );
        assert_eq!(claim_from_depth(&long), "Explains the mechanism of it all");
        assert_eq!(claim_from_depth("Explain it: short."), "Explains it: short");
    }

    #[test]
    fn verbs_take_the_third_person() {
        for (verb, expected) in [
            ("Know", "Knows"),
            ("Knows", "Knows"),
            ("Walk", "Walks"),
            ("Diagnose", "Diagnoses"),
            ("Classify", "Classifies"),
            ("Discuss", "Discusses"),
            ("Budget", "Budgets"),
            ("Have", "Has"),
            ("Stay", "Stays"),
            ("Can", "Can"),
        ] {
            assert_eq!(third_person(verb), expected);
        }
    }

    /// Every card as the site gets it: the Markdown under `content/cards`, rendered.
    fn real_deck() -> PracticeDeck {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
        let content = hoplab_content::source::read_content(&dir).unwrap_or_else(|e| panic!("{e}"));
        let (_, cards) = hoplab_content::render::render_content(&content);
        PracticeDeck::from_cards(&cards)
    }

    /// The first word of a statement, the only thing a guesser who reads no further sees.
    fn first_word(text: &str) -> String {
        text.split_whitespace().next().unwrap_or("").to_string()
    }

    #[test]
    fn the_first_word_does_not_give_the_answer_away() {
        use std::collections::BTreeMap;
        let deck = real_deck();
        assert!(deck.cards.len() > 20, "read {} cards", deck.cards.len());
        // For each first word: how many red flags and how many safe claims start with it,
        // over every red flag of every card and the claim from every depth tab.
        let mut tally: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        for card in &deck.cards {
            for flag in &card.red_flags {
                tally
                    .entry(first_word(&sentence(&html_to_text(flag))))
                    .or_default()
                    .0 += 1;
            }
            for level in Level::ALL {
                let claim = claim_from_depth(&html_to_text(card.depth.get(level)));
                tally.entry(first_word(&claim)).or_default().1 += 1;
            }
        }
        let flags: usize = tally.values().map(|(f, _)| f).sum();
        let safe: usize = tally.values().map(|(_, s)| s).sum();
        // The best rule on the first word alone calls each word by its larger share; with
        // both kinds weighted equally, its accuracy is half the sum of those shares.
        let accuracy = tally
            .values()
            .map(|&(f, s)| (f as f64 / flags as f64).max(s as f64 / safe as f64))
            .sum::<f64>()
            / 2.0;
        let mut rows: Vec<(&String, &(usize, usize))> = tally.iter().collect();
        rows.sort_by_key(|(word, (f, s))| (std::cmp::Reverse(f + s), *word));
        let report: Vec<String> = rows
            .iter()
            .map(|(word, (f, s))| format!("{word}: {f} red flags, {s} safe"))
            .collect();
        assert!(
            accuracy <= 0.70,
            "guessing by the first word alone scores {accuracy:.3} on a balanced set \
             ({flags} red flags, {safe} safe claims):\n{}",
            report.join("\n")
        );
    }

    #[test]
    fn html_becomes_plain_text() {
        assert_eq!(
            html_to_text("<p>Uses <code>max-hops</code>, &amp; &lt;more&gt; (<em>sic</em>).</p>"),
            "Uses max-hops, & <more> (sic)."
        );
    }
}
