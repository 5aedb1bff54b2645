//! The card's parts that never change once shown (the breadcrumb, the cues, and everything
//! from the explanation down), written as markup and set as an element's inner HTML.
//!
//! As Leptos views these were most of the card page's code (each element is code of its own,
//! to build it and to update it), and the card page has a size budget. Markup is only the
//! project's own: the card's prose fields, rendered from its Markdown at build time by
//! `hoplab_content` (which refuses raw HTML in cards). Every plain-text field (the section,
//! questions from the index, the sources' titles, addresses and claims, slugs) is escaped
//! here. Nothing a reader typed or imported is ever part of it. Links are plain `<a href>`:
//! the router follows them as it does any link in the page, and pointing at one preloads its
//! page (`lazy_pages::preload_on_intent`).

use std::fmt::Write;

use hoplab_content::card::{FollowUp, Platforms};
use hoplab_content::{CardIndex, Importance, Level, Source};

/// `text` with the characters that mean something in HTML (text or a quoted attribute)
/// written as references.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A card's question from the index, or its slug while the index is not there.
pub fn question_for(index: Option<&CardIndex>, slug: &str) -> String {
    index
        .and_then(|i| i.find(slug).map(|c| c.question.clone()))
        .unwrap_or_else(|| slug.to_string())
}

pub fn breadcrumb(section: &str) -> String {
    format!(
        r#"<a href="/cards">Cards</a><span aria-hidden="true"> / </span><span>{}</span>"#,
        escape(section)
    )
}

pub fn badges(level: Level, importance: Importance) -> String {
    format!(
        r#"<span class="badge badge--level-{}">{}</span><span class="badge badge--{}">{}</span>"#,
        level.id(),
        level.label(),
        importance.id(),
        importance.label()
    )
}

/// The cues, each already markup.
pub fn outline(cues: &[String]) -> String {
    let mut out = String::from(r#"<h2 id="outline-heading">Cues for your answer</h2><ol>"#);
    for cue in cues {
        _ = write!(out, "<li>{cue}</li>");
    }
    out.push_str("</ol>");
    out
}

/// Everything below the depth tabs.
pub struct Rest<'a> {
    pub explanation: &'a str,
    pub platforms: &'a Platforms,
    pub follow_ups: &'a [FollowUp],
    pub analogy: &'a str,
    pub red_flags: &'a [String],
    pub scenario: &'a str,
    pub related: &'a [String],
    pub sources: &'a [Source],
    pub previous: Option<&'a str>,
    pub next: Option<&'a str>,
    pub index: Option<&'a CardIndex>,
}

/// Opens `<section>` with its heading, as every part of the card does.
fn section(out: &mut String, class: &str, id: &str, heading: &str) {
    _ = write!(
        out,
        r#"<section class="card__{class}" aria-labelledby="{id}-heading"><h2 id="{id}-heading">{heading}</h2>"#
    );
}

impl Rest<'_> {
    pub fn markup(&self) -> String {
        let mut out = String::new();
        out.push_str(r#"<section class="card__explanation" aria-labelledby="explanation-heading"><h2 id="explanation-heading" class="visually-hidden">Explanation</h2>"#);
        _ = write!(
            out,
            r#"<div class="prose explanation">{}</div></section>"#,
            self.explanation
        );

        section(&mut out, "platforms", "platforms", "Where platforms differ");
        for (title, html) in [
            (
                "Partitioned logs with numeric positions",
                &self.platforms.partitioned_logs,
            ),
            ("Queue-shaped brokers", &self.platforms.queue_brokers),
            ("Time-based resume", &self.platforms.time_based_resume),
        ] {
            _ = write!(out, r#"<h3>{title}</h3><div class="prose">{html}</div>"#);
        }
        out.push_str("</section>");

        section(&mut out, "follow-ups", "follow-ups", "Follow-up questions");
        for f in self.follow_ups {
            _ = write!(
                out,
                r#"<details class="follow-up"><summary>{}</summary><div class="prose">{}</div></details>"#,
                f.question, f.answer
            );
        }
        out.push_str("</section>");

        section(&mut out, "analogy", "analogy", "An analogy");
        _ = write!(
            out,
            r#"<blockquote><div class="prose">{}</div></blockquote></section>"#,
            self.analogy
        );

        section(&mut out, "red-flags", "red-flags", "Red flags");
        out.push_str(r#"<p class="hint">Saying any of these in an interview costs you the question.</p><ul>"#);
        for flag in self.red_flags {
            _ = write!(out, "<li>{flag}</li>");
        }
        out.push_str("</ul></section>");

        section(&mut out, "show-me", "show-me", "See it happen");
        _ = write!(
            out,
            r#"<p>The lab runs this card's claim in the simulator, set up and ready to play.</p><a href="/lab/{}" class="button button--primary show-me">Show me in the lab</a></section>"#,
            escape(self.scenario)
        );

        section(&mut out, "related", "related", "Related cards");
        out.push_str("<ul>");
        for slug in self.related {
            _ = write!(
                out,
                r#"<li><a href="/cards/{}">{}</a></li>"#,
                escape(slug),
                escape(&question_for(self.index, slug))
            );
        }
        out.push_str("</ul></section>");

        self.sources_markup(&mut out);

        out.push_str(r#"<nav class="card-nav" aria-label="Previous and next card">"#);
        for (slug, rel, label) in [
            (self.previous, "prev", "Previous"),
            (self.next, "next", "Next"),
        ] {
            if let Some(slug) = slug {
                _ = write!(
                    out,
                    r#"<a href="/cards/{}" class="card-nav__{rel}" rel="{rel}"><span class="card-nav__label">{label}</span><span class="card-nav__question">{}</span></a>"#,
                    escape(slug),
                    escape(&question_for(self.index, slug))
                );
            }
        }
        out.push_str("</nav>");
        out
    }

    /// Where the card's product claims were checked (the copier comparison shows the same
    /// list as a view: `SourceList`). Links leave the site: `rel="external noopener"`.
    fn sources_markup(&self, out: &mut String) {
        section(out, "sources", "sources", "Sources");
        out.push_str(r#"<p class="hint">Product behaviour on this card was checked against these: the products' own documentation, source code and issue threads.</p>"#);
        if self.sources.is_empty() {
            out.push_str("<p>This card makes no product claims.</p>");
        } else {
            out.push_str(r#"<ul class="source-list">"#);
            for source in self.sources {
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
            out.push_str("</ul>");
        }
        out.push_str("</section>");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_writes_every_markup_character_as_a_reference() {
        assert_eq!(
            escape(r#"<b onclick='x()'>"A" & B</b>"#),
            "&lt;b onclick=&#39;x()&#39;&gt;&quot;A&quot; &amp; B&lt;/b&gt;"
        );
        assert_eq!(escape("plain text, ünïcode"), "plain text, ünïcode");
    }

    #[test]
    fn plain_text_fields_never_become_markup() {
        let platforms = Platforms {
            partitioned_logs: "<p>a</p>".into(),
            queue_brokers: "<p>b</p>".into(),
            time_based_resume: "<p>c</p>".into(),
        };
        let sources = [Source {
            title: "Docs <b>page</b>".into(),
            url: r#"https://example.org/?a=1&b="2""#.into(),
            kind: hoplab_content::SourceKind::Code,
            supports: "<script>no</script>".into(),
            quote: "a <i>quoted</i> line".into(),
        }];
        let related = ["<x>".to_string()];
        let rest = Rest {
            explanation: "<p>explained</p>",
            platforms: &platforms,
            follow_ups: &[],
            analogy: "<p>like</p>",
            red_flags: &[],
            scenario: "echo-loop\"",
            related: &related,
            sources: &sources,
            previous: Some("a\"b"),
            next: None,
            index: None,
        }
        .markup();
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
        assert!(breadcrumb("A & <B>").ends_with("<span>A &amp; &lt;B&gt;</span>"));
    }

    #[test]
    fn related_cards_show_their_question_from_the_index() {
        let index = CardIndex {
            title: "t".into(),
            sections: vec![hoplab_content::card::SectionIndex {
                title: "s".into(),
                cards: vec![hoplab_content::CardSummary {
                    slug: "rpo-floor".into(),
                    question: "Why is <RPO> never zero?".into(),
                    level: Level::Senior,
                    importance: Importance::MustKnow,
                    scenario: "x".into(),
                    search_text: String::new(),
                }],
            }],
        };
        assert_eq!(
            question_for(Some(&index), "rpo-floor"),
            "Why is <RPO> never zero?"
        );
        assert_eq!(question_for(None, "rpo-floor"), "rpo-floor");
        assert_eq!(question_for(Some(&index), "other"), "other");
    }
}
