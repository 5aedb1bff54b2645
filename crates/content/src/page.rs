//! The card page's template: the parts of a card that never change once shown (the
//! breadcrumb, the badges, the cues, and everything from the explanation down), written as
//! finished HTML at export time, so the site sets them as inner HTML and holds no code to
//! build them.
//!
//! Markup is only the project's own: the card's prose fields, already rendered from its
//! Markdown (`render`, which never passes raw HTML through). Every plain-text field (the
//! section, questions from the index, the sources' titles, addresses and claims, slugs) is
//! escaped here with the Markdown renderer's own escaper. Links are plain `<a href>`: the
//! site's router follows them as it does any link in the page.

use std::fmt::Write;

use crate::card::{question_for, Card, CardIndex, Importance, Level, RenderedCard, Source};

/// `text` with the characters that mean something in HTML (text or a quoted attribute)
/// written as references.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    pulldown_cmark_escape::escape_html(&mut out, text).expect("writing to a String never fails");
    out
}

/// The card as its page shows it; `index` gives related and neighbouring cards their
/// questions.
pub fn render_page(card: &Card, index: &CardIndex) -> RenderedCard {
    RenderedCard {
        slug: card.slug.clone(),
        question: card.question.clone(),
        question_html: card.question_html.clone(),
        breadcrumb_html: breadcrumb(&card.section),
        meta_html: badges(card.level, card.importance),
        outline_html: outline(&card.outline),
        basics: card.basics.clone(),
        solid: card.solid.clone(),
        depth: card.depth.clone(),
        rest_html: rest(card, index),
    }
}

fn breadcrumb(section: &str) -> String {
    format!(
        r#"<a href="/cards">Cards</a><span aria-hidden="true"> / </span><span>{}</span>"#,
        escape(section)
    )
}

fn badges(level: Level, importance: Importance) -> String {
    format!(
        r#"<span class="badge badge--level-{}">{}</span><span class="badge badge--{}">{}</span>"#,
        level.id(),
        level.label(),
        importance.id(),
        importance.label()
    )
}

/// The cues, each already markup.
fn outline(cues: &[String]) -> String {
    let mut out = String::from(r#"<h2 id="outline-heading">Cues for your answer</h2><ol>"#);
    for cue in cues {
        _ = write!(out, "<li>{cue}</li>");
    }
    out.push_str("</ol>");
    out
}

/// Opens `<section>` with its heading, as every part of the card does.
fn section(out: &mut String, class: &str, id: &str, heading: &str) {
    _ = write!(
        out,
        r#"<section class="card__{class}" aria-labelledby="{id}-heading"><h2 id="{id}-heading">{heading}</h2>"#
    );
}

/// Everything below the depth tabs, in reading order.
fn rest(card: &Card, index: &CardIndex) -> String {
    let mut out = String::new();
    explanation(&mut out, card);
    platforms(&mut out, card);
    follow_ups(&mut out, card);
    analogy(&mut out, card);
    red_flags(&mut out, card);
    show_me(&mut out, card);
    related(&mut out, card, index);
    sources(&mut out, &card.sources);
    neighbours(&mut out, card, index);
    out
}

fn explanation(out: &mut String, card: &Card) {
    out.push_str(r#"<section class="card__explanation" aria-labelledby="explanation-heading"><h2 id="explanation-heading" class="visually-hidden">Explanation</h2>"#);
    _ = write!(
        out,
        r#"<div class="prose explanation">{}</div></section>"#,
        card.explanation
    );
}

fn platforms(out: &mut String, card: &Card) {
    section(out, "platforms", "platforms", "Where platforms differ");
    let platforms = &card.platforms;
    for (title, html) in [
        (
            "Partitioned logs with numeric positions",
            &platforms.partitioned_logs,
        ),
        ("Queue-shaped brokers", &platforms.queue_brokers),
        ("Time-based resume", &platforms.time_based_resume),
    ] {
        _ = write!(out, r#"<h3>{title}</h3><div class="prose">{html}</div>"#);
    }
    out.push_str("</section>");
}

fn follow_ups(out: &mut String, card: &Card) {
    section(out, "follow-ups", "follow-ups", "Follow-up questions");
    for f in &card.follow_ups {
        _ = write!(
            out,
            r#"<details class="follow-up"><summary>{}</summary><div class="prose">{}</div></details>"#,
            f.question, f.answer
        );
    }
    out.push_str("</section>");
}

fn analogy(out: &mut String, card: &Card) {
    section(out, "analogy", "analogy", "An analogy");
    _ = write!(
        out,
        r#"<blockquote><div class="prose">{}</div></blockquote></section>"#,
        card.analogy
    );
}

fn red_flags(out: &mut String, card: &Card) {
    section(out, "red-flags", "red-flags", "Red flags");
    out.push_str(
        r#"<p class="hint">Saying any of these in an interview costs you the question.</p><ul>"#,
    );
    for flag in &card.red_flags {
        _ = write!(out, "<li>{flag}</li>");
    }
    out.push_str("</ul></section>");
}

fn show_me(out: &mut String, card: &Card) {
    section(out, "show-me", "show-me", "See it happen");
    _ = write!(
        out,
        r#"<p>The lab runs this card's claim in the simulator, set up and ready to play.</p><a href="/lab/{}" class="button button--primary show-me">Show me in the lab</a>"#,
        escape(&card.scenario)
    );
    let challenges = challenges_on(&card.slug);
    if !challenges.is_empty() {
        out.push_str(
            r#"<p class="card__challenges">Then design it or run the failover yourself, graded by the model's faults:"#,
        );
        for (page, title) in challenges {
            _ = write!(
                out,
                r#" <a href="{}">{}</a>"#,
                escape(&page),
                escape(&title)
            );
        }
        out.push_str("</p>");
    }
    out.push_str("</section>");
}

/// The failover drills that draw on card `slug`, for its practice.
pub fn drills_on(slug: &str) -> Vec<crate::practice::DrillLink> {
    hoplab_model::challenge::SHIPPED
        .iter()
        .filter_map(|(_, text)| hoplab_model::challenge::Challenge::from_json(text).ok())
        .filter(|c| c.drill.is_some() && c.cards.iter().any(|card| card == slug))
        .map(|c| crate::practice::DrillLink {
            page: c.page(),
            title: c.title,
        })
        .collect()
}

/// The design challenges and drills that draw on card `slug`: (their page, title).
fn challenges_on(slug: &str) -> Vec<(String, String)> {
    hoplab_model::challenge::SHIPPED
        .iter()
        .filter_map(|(_, text)| hoplab_model::challenge::Challenge::from_json(text).ok())
        .filter(|c| c.cards.iter().any(|card| card == slug))
        .map(|c| (c.page(), c.title))
        .collect()
}

fn related(out: &mut String, card: &Card, index: &CardIndex) {
    section(out, "related", "related", "Related cards");
    out.push_str("<ul>");
    for slug in &card.related {
        _ = write!(
            out,
            r#"<li><a href="/cards/{}">{}</a></li>"#,
            escape(slug),
            escape(&question_for(Some(index), slug))
        );
    }
    out.push_str("</ul></section>");
}

/// Where the card's product claims were checked (the copier comparison lists its rows'
/// sources the same way, `copiers_page`). Links leave the site: `rel="external noopener"`.
fn sources(out: &mut String, sources: &[Source]) {
    section(out, "sources", "sources", "Sources");
    out.push_str(r#"<p class="hint">Product behaviour on this card was checked against these: the products' own documentation, source code and issue threads.</p>"#);
    if sources.is_empty() {
        out.push_str("<p>This card makes no product claims.</p>");
    } else {
        out.push_str(r#"<ul class="source-list">"#);
        for source in sources {
            one_source(out, source);
        }
        out.push_str("</ul>");
    }
    out.push_str("</section>");
}

/// One source as a list item (the copier comparison's lists use it too).
pub(crate) fn one_source(out: &mut String, source: &Source) {
    _ = write!(
        out,
        r#"<li class="source"><a class="source__link" href="{}" rel="external noopener">{}</a> <span class="source__kind">{}</span><p class="source__supports">{}</p>"#,
        escape(&source.url),
        escape(&source.title),
        source.kind.label(),
        escape(&source.supports)
    );
    if !source.quote.is_empty() {
        _ = write!(
            out,
            r#"<p class="source__quote">It says: <q>{}</q></p>"#,
            escape(&source.quote)
        );
    }
    out.push_str("</li>");
}

fn neighbours(out: &mut String, card: &Card, index: &CardIndex) {
    out.push_str(r#"<nav class="card-nav" aria-label="Previous and next card">"#);
    for (slug, rel, label) in [
        (card.previous.as_deref(), "prev", "Previous"),
        (card.next.as_deref(), "next", "Next"),
    ] {
        if let Some(slug) = slug {
            _ = write!(
                out,
                r#"<a href="/cards/{}" class="card-nav__{rel}" rel="{rel}"><span class="card-nav__label">{label}</span><span class="card-nav__question">{}</span></a>"#,
                escape(slug),
                escape(&question_for(Some(index), slug))
            );
        }
    }
    out.push_str("</nav>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{CardSummary, DepthTabs, FollowUp, Platforms, SectionIndex, SourceKind};

    #[test]
    fn a_card_knows_the_drills_that_draw_on_it_and_their_pages() {
        let drills = drills_on("rto-readers");
        assert!(
            drills.iter().any(|d| d.page == "/drills/failover-drill"),
            "{drills:?}"
        );
        assert!(drills.iter().all(|d| d.page.starts_with("/drills/")));
        assert!(drills_on("no-such-card").is_empty());
    }

    fn sample_card() -> Card {
        Card {
            slug: "copy-lag".into(),
            section: "The copy & <hop>".into(),
            question: "Why is the copy behind?".into(),
            question_html: "Why is the <em>copy</em> behind?".into(),
            level: Level::Senior,
            importance: Importance::ShouldKnow,
            outline: vec!["one <code>cue</code>".into(), "two".into()],
            basics: "<p>basics</p>".into(),
            solid: "<p>solid</p>".into(),
            depth: DepthTabs {
                junior: "<p>j</p>".into(),
                middle: "<p>m</p>".into(),
                senior: "<p>s</p>".into(),
                principal: "<p>p</p>".into(),
            },
            explanation: "<p>explained</p>".into(),
            platforms: Platforms {
                partitioned_logs: "<p>logs</p>".into(),
                queue_brokers: "<p>queues</p>".into(),
                time_based_resume: "<p>time</p>".into(),
            },
            follow_ups: vec![FollowUp {
                question: "A follow-up?".into(),
                answer: "<p>Its answer.</p>".into(),
            }],
            analogy: "<p>like a picture</p>".into(),
            red_flags: vec!["a <em>wrong</em> claim".into()],
            scenario: "echo-loop\"".into(),
            related: vec!["rpo-floor".into(), "<x>".into()],
            sources: vec![Source {
                title: "Docs <b>page</b>".into(),
                url: r#"https://example.org/?a=1&b="2""#.into(),
                kind: SourceKind::Code,
                supports: "<script>no</script>".into(),
                quote: "a <i>quoted</i> line".into(),
            }],
            previous: Some("a\"b".into()),
            next: Some("rpo-floor".into()),
        }
    }

    fn index() -> CardIndex {
        CardIndex {
            title: "t".into(),
            sections: vec![SectionIndex {
                title: "s".into(),
                cards: vec![CardSummary {
                    slug: "rpo-floor".into(),
                    question: "Why is <RPO> never zero?".into(),
                    level: Level::Senior,
                    importance: Importance::MustKnow,
                    scenario: "x".into(),
                    search_text: String::new(),
                }],
            }],
        }
    }

    #[test]
    fn escape_writes_every_markup_character_as_a_reference() {
        assert_eq!(
            escape(r#"<b onclick='x()'>"A" & B</b>"#),
            "&lt;b onclick=&#39;x()&#39;&gt;&quot;A&quot; &amp; B&lt;/b&gt;"
        );
        assert_eq!(escape("plain text, ünïcode"), "plain text, ünïcode");
    }

    #[test]
    fn the_fragments_hold_every_part_of_the_card() {
        let page = render_page(&sample_card(), &index());
        assert_eq!(page.slug, "copy-lag");
        assert_eq!(page.question, "Why is the copy behind?");
        assert_eq!(page.question_html, "Why is the <em>copy</em> behind?");
        assert!(page
            .meta_html
            .contains(r#"<span class="badge badge--level-senior">Senior</span>"#));
        assert!(page
            .meta_html
            .contains(r#"<span class="badge badge--should-know">Should know</span>"#));
        assert!(page
            .outline_html
            .ends_with("<ol><li>one <code>cue</code></li><li>two</li></ol>"));
        assert_eq!(
            (page.basics.as_str(), page.solid.as_str()),
            ("<p>basics</p>", "<p>solid</p>")
        );
        assert_eq!(page.depth.get(Level::Principal), "<p>p</p>");
        let rest = &page.rest_html;
        for part in [
            r#"<div class="prose explanation"><p>explained</p></div>"#,
            r#"<h3>Queue-shaped brokers</h3><div class="prose"><p>queues</p></div>"#,
            "<summary>A follow-up?</summary><div class=\"prose\"><p>Its answer.</p></div>",
            "<blockquote><div class=\"prose\"><p>like a picture</p></div></blockquote>",
            "<li>a <em>wrong</em> claim</li>",
            r#"<span class="source__kind">Source code</span>"#,
            r#"class="card-nav__next" rel="next">"#,
        ] {
            assert!(rest.contains(part), "{part} in {rest}");
        }
        let order = [
            "explanation",
            "platforms",
            "follow-ups",
            "analogy",
            "red-flags",
            "show-me",
            "related",
            "sources",
            "card-nav",
        ];
        let at: Vec<usize> = order
            .iter()
            .map(|part| {
                rest.find(&format!("class=\"card__{part}"))
                    .or_else(|| rest.find(&format!("class=\"{part}")))
                    .unwrap()
            })
            .collect();
        assert!(
            at.windows(2).all(|w| w[0] < w[1]),
            "parts in reading order: {at:?}"
        );
    }

    #[test]
    fn plain_text_fields_never_become_markup() {
        let page = render_page(&sample_card(), &index());
        let rest = &page.rest_html;
        assert!(rest.contains("Docs &lt;b&gt;page&lt;/b&gt;</a>"), "{rest}");
        assert!(rest.contains(r#"href="https://example.org/?a=1&amp;b=&quot;2&quot;""#));
        assert!(rest.contains("&lt;script&gt;no&lt;/script&gt;"));
        assert!(
            rest.contains("<q>a &lt;i&gt;quoted&lt;/i&gt; line</q></p></li>"),
            "{rest}"
        );
        assert!(!rest.contains("<script>") && !rest.contains("<b>") && !rest.contains("<x>"));
        assert!(rest.contains(r#"href="/lab/echo-loop&quot;""#));
        assert!(rest.contains(r#"<a href="/cards/a&quot;b" class="card-nav__prev" rel="prev">"#));
        assert!(
            rest.contains("<p>explained</p>"),
            "the card's own prose is markup"
        );
        assert!(page
            .breadcrumb_html
            .ends_with("<span>The copy &amp; &lt;hop&gt;</span>"));
    }

    #[test]
    fn related_and_neighbouring_cards_show_their_question_from_the_index() {
        let rest = render_page(&sample_card(), &index()).rest_html;
        assert!(
            rest.contains(
                r#"<li><a href="/cards/rpo-floor">Why is &lt;RPO&gt; never zero?</a></li>"#
            ),
            "{rest}"
        );
        assert!(rest
            .contains(r#"<span class="card-nav__question">Why is &lt;RPO&gt; never zero?</span>"#));
        assert!(
            rest.contains(r#"<li><a href="/cards/&lt;x&gt;">&lt;x&gt;</a></li>"#),
            "a card the index lacks shows its slug"
        );
        assert_eq!(
            question_for(Some(&index()), "rpo-floor"),
            "Why is <RPO> never zero?"
        );
        assert_eq!(question_for(None, "rpo-floor"), "rpo-floor");
        assert_eq!(question_for(Some(&index()), "other"), "other");
    }

    /// Practice reads whole cards with serde: a left-out `sources` and a `null` neighbour
    /// read back as written.
    #[test]
    fn a_card_reads_back_without_sources_and_with_a_null_neighbour() {
        let mut card = sample_card();
        card.previous = None;
        let mut value = serde_json::to_value(&card).unwrap();
        assert!(value["previous"].is_null());
        value.as_object_mut().unwrap().remove("sources");
        let read: Card = serde_json::from_value(value).unwrap();
        assert!(read.sources.is_empty(), "sources may be left out");
        assert_eq!(read.previous, None);
        assert_eq!(
            Card {
                sources: card.sources.clone(),
                ..read
            },
            card
        );
    }
}
