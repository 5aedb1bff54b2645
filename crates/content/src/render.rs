//! Turning authored Markdown into what the site shows: HTML for the page, plain text for
//! titles and search.

use pulldown_cmark::{html, Event, Options, Parser, Tag, TagEnd};

use crate::card::{Card, CardIndex, CardSummary, DepthTabs, FollowUp, Platforms, SectionIndex};
use crate::source::{CardSource, ContentSource};

const TABLE_WRAP_OPEN: &str =
    "<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"Table (scrolls sideways)\"><table>";

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_SMART_PUNCTUATION
}

/// Full Markdown to HTML. Tables are wrapped so they scroll sideways on a phone
/// instead of widening the page; the wrapper takes focus so a keyboard can scroll it.
/// Raw HTML in the Markdown is never passed through: it is shown as text (and the
/// validator refuses it, see [`raw_html`]).
pub fn block_html(markdown: &str) -> String {
    let mut out = String::new();
    let events = Parser::new_ext(markdown, options()).map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        other => other,
    });
    html::push_html(&mut out, events);
    out.replace("<table>", TABLE_WRAP_OPEN)
        .replace("</table>", "</table></div>")
}

/// Markdown for one short field (a cue, a red flag): HTML without the wrapping paragraph.
pub fn inline_html(markdown: &str) -> String {
    let html = block_html(markdown.trim());
    let trimmed = html.trim_end();
    match trimmed
        .strip_prefix("<p>")
        .and_then(|inner| inner.strip_suffix("</p>"))
    {
        // Only one paragraph: unwrap it.
        Some(inner) if !inner.contains("<p>") => inner.to_string(),
        _ => trimmed.to_string(),
    }
}

/// Every piece of raw HTML in `markdown`: its byte offset and the first line of its text.
/// An HTML block counts once, however many lines it spans.
pub fn raw_html(markdown: &str) -> Vec<(usize, String)> {
    let first_line = |text: &str| text.lines().next().unwrap_or_default().trim().to_string();
    let mut in_block = false;
    let mut found = Vec::new();
    for (event, range) in Parser::new_ext(markdown, options()).into_offset_iter() {
        match event {
            Event::Start(Tag::HtmlBlock) => {
                in_block = true;
                found.push((range.start, first_line(&markdown[range])));
            }
            Event::End(TagEnd::HtmlBlock) => in_block = false,
            Event::Html(raw) | Event::InlineHtml(raw) if !in_block => {
                found.push((range.start, first_line(&raw)));
            }
            _ => {}
        }
    }
    found
}

/// The words a reader sees, without markup.
pub fn plain_text(markdown: &str) -> String {
    let mut out = String::new();
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Text(text) | Event::Code(text) => out.push_str(&text),
            Event::SoftBreak | Event::HardBreak => out.push(' '),
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item) => out.push(' '),
            Event::Start(Tag::TableCell) => out.push(' '),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every piece of a card's prose, in reading order, for search and for copy checks.
pub fn all_markdown(card: &CardSource) -> Vec<&str> {
    let mut parts = vec![
        card.question.as_str(),
        &card.basics,
        &card.solid,
        &card.analogy,
        &card.explanation,
        &card.platforms.partitioned_logs,
        &card.platforms.queue_brokers,
        &card.platforms.time_based_resume,
    ];
    parts.extend(card.outline.iter().map(String::as_str));
    parts.extend(card.red_flags.iter().map(String::as_str));
    parts.extend(card.depth.all().iter().map(|(_, text)| *text));
    for follow_up in &card.follow_ups {
        parts.push(&follow_up.question);
        parts.push(&follow_up.answer);
    }
    parts
}

pub fn render_card(
    source: &CardSource,
    section: &str,
    previous: Option<&str>,
    next: Option<&str>,
) -> Card {
    Card {
        slug: source.slug.clone(),
        section: section.to_string(),
        question: plain_text(&source.question),
        question_html: inline_html(&source.question),
        level: source.level,
        importance: source.importance,
        outline: source.outline.iter().map(|cue| inline_html(cue)).collect(),
        basics: block_html(&source.basics),
        solid: block_html(&source.solid),
        depth: DepthTabs {
            junior: block_html(&source.depth.junior),
            middle: block_html(&source.depth.middle),
            senior: block_html(&source.depth.senior),
            principal: block_html(&source.depth.principal),
        },
        explanation: block_html(&source.explanation),
        platforms: Platforms {
            partitioned_logs: block_html(&source.platforms.partitioned_logs),
            queue_brokers: block_html(&source.platforms.queue_brokers),
            time_based_resume: block_html(&source.platforms.time_based_resume),
        },
        follow_ups: source
            .follow_ups
            .iter()
            .map(|f| FollowUp {
                question: inline_html(&f.question),
                answer: block_html(&f.answer),
            })
            .collect(),
        analogy: block_html(&source.analogy),
        red_flags: source
            .red_flags
            .iter()
            .map(|flag| inline_html(flag))
            .collect(),
        scenario: source.scenario.clone(),
        related: source.related.clone(),
        sources: source.sources.clone(),
        previous: previous.map(str::to_string),
        next: next.map(str::to_string),
    }
}

/// Renders every card in tree order, with its neighbours linked, and the index.
/// Cards missing from the tree are left out (the validator reports them).
pub fn render_content(content: &ContentSource) -> (CardIndex, Vec<Card>) {
    let find = |slug: &str| {
        content
            .cards
            .iter()
            .map(|(_, c)| c)
            .find(|c| c.slug == slug)
    };
    let ordered: Vec<(&str, &CardSource)> = content
        .tree
        .sections
        .iter()
        .flat_map(|section| {
            section
                .cards
                .iter()
                .filter_map(move |slug| find(slug).map(|card| (section.title.as_str(), card)))
        })
        .collect();

    let cards: Vec<Card> = ordered
        .iter()
        .enumerate()
        .map(|(i, (section, card))| {
            let previous = i.checked_sub(1).map(|p| ordered[p].1.slug.as_str());
            let next = ordered.get(i + 1).map(|(_, c)| c.slug.as_str());
            render_card(card, section, previous, next)
        })
        .collect();

    let sections = content
        .tree
        .sections
        .iter()
        .map(|section| SectionIndex {
            title: section.title.clone(),
            cards: section
                .cards
                .iter()
                .filter_map(|slug| find(slug))
                .map(summarise)
                .collect(),
        })
        .collect();
    let index = CardIndex {
        title: content.tree.title.clone(),
        sections,
    };
    (index, cards)
}

fn summarise(card: &CardSource) -> CardSummary {
    let search_text = all_markdown(card)
        .into_iter()
        .map(plain_text)
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    CardSummary {
        slug: card.slug.clone(),
        question: plain_text(&card.question),
        level: card.level,
        importance: card.importance,
        scenario: card.scenario.clone(),
        search_text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_html_unwraps_a_single_paragraph() {
        assert_eq!(inline_html("a **b**"), "a <strong>b</strong>");
    }

    #[test]
    fn tables_are_wrapped_to_scroll() {
        let html = block_html("| a | b |\n|---|---|\n| 1 | 2 |\n");
        assert!(html.starts_with(TABLE_WRAP_OPEN), "{html}");
        assert!(
            html.contains("tabindex=\"0\""),
            "a keyboard can reach it: {html}"
        );
        assert!(html.trim_end().ends_with("</table></div>"), "{html}");
    }

    #[test]
    fn raw_html_is_shown_as_text_never_passed_through() {
        let html = block_html("Hello <img src=x onerror=alert(1)> there\n\n<div>block</div>\n");
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains("<div>"), "{html}");
        assert!(html.contains("&lt;img"), "{html}");
    }

    #[test]
    fn raw_html_finds_inline_and_block_html_but_not_code() {
        let found = raw_html("a `<b>` code\n\nb <span>x</span>\n\n<div>\nblock\n</div>\n");
        let snippets: Vec<&str> = found.iter().map(|(_, s)| s.as_str()).collect();
        assert_eq!(snippets, ["<span>", "</span>", "<div>"]);
        assert_eq!(found[0].0, "a `<b>` code\n\nb ".len());
    }

    #[test]
    fn plain_text_drops_markup_and_keeps_words_apart() {
        assert_eq!(
            plain_text("## Title\n\nSome `code` and *emphasis*."),
            "Title Some code and emphasis."
        );
    }
}
