//! The cards as the site reads them: exported JSON with Markdown already rendered to HTML.
//! These types carry no parsing logic, so the site can depend on them without the
//! Markdown and TOML parsers.

use serde::{Deserialize, Serialize};

/// How far into a career a card's question is usually asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    Junior,
    Middle,
    Senior,
    Principal,
}

impl Level {
    pub const ALL: [Level; 4] = [
        Level::Junior,
        Level::Middle,
        Level::Senior,
        Level::Principal,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Level::Junior => "Junior",
            Level::Middle => "Middle",
            Level::Senior => "Senior",
            Level::Principal => "Principal",
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Level::Junior => "junior",
            Level::Middle => "middle",
            Level::Senior => "senior",
            Level::Principal => "principal",
        }
    }
}

/// How much a candidate needs the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Importance {
    MustKnow,
    ShouldKnow,
    GoodToKnow,
}

impl Importance {
    pub const ALL: [Importance; 3] = [
        Importance::MustKnow,
        Importance::ShouldKnow,
        Importance::GoodToKnow,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Importance::MustKnow => "Must know",
            Importance::ShouldKnow => "Should know",
            Importance::GoodToKnow => "Good to know",
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Importance::MustKnow => "must-know",
            Importance::ShouldKnow => "should-know",
            Importance::GoodToKnow => "good-to-know",
        }
    }
}

/// What each level of engineer is expected to add (HTML).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DepthTabs {
    pub junior: String,
    pub middle: String,
    pub senior: String,
    pub principal: String,
}

impl DepthTabs {
    pub fn get(&self, level: Level) -> &str {
        match level {
            Level::Junior => &self.junior,
            Level::Middle => &self.middle,
            Level::Senior => &self.senior,
            Level::Principal => &self.principal,
        }
    }
}

/// "Where platforms differ", one entry per platform shape (HTML).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Platforms {
    pub partitioned_logs: String,
    pub queue_brokers: String,
    pub time_based_resume: String,
}

/// What kind of evidence a source is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SourceKind {
    /// The product's own documentation, a design proposal (KIP, PIP, ADR) or its release notes.
    Docs,
    /// A file in the product's source code.
    Code,
    /// An issue or pull-request thread in the product's tracker.
    Issue,
}

impl SourceKind {
    pub const ALL: [SourceKind; 3] = [SourceKind::Docs, SourceKind::Code, SourceKind::Issue];

    /// Its name in the exported JSON.
    pub fn id(self) -> &'static str {
        match self {
            SourceKind::Docs => "docs",
            SourceKind::Code => "code",
            SourceKind::Issue => "issue",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            SourceKind::Docs => "Documentation",
            SourceKind::Code => "Source code",
            SourceKind::Issue => "Issue thread",
        }
    }
}

/// Where a product claim was checked. Plain text, not Markdown: the site shows it escaped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    pub title: String,
    pub url: String,
    pub kind: SourceKind,
    /// Which claim this source backs.
    pub supports: String,
    /// The source's own words for that claim, or the identifier in its code, so a reader
    /// can find it on the page. Required: a missing one parses as empty and is refused.
    #[serde(default)]
    pub quote: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FollowUp {
    pub question: String,
    pub answer: String,
}

/// One card, ready to render. Every `String` named `*_html` or holding prose is HTML
/// produced from the project's own Markdown, so the site can insert it as markup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Card {
    pub slug: String,
    pub section: String,
    /// The question as plain text (for titles and links).
    pub question: String,
    pub question_html: String,
    pub level: Level,
    pub importance: Importance,
    pub outline: Vec<String>,
    pub basics: String,
    pub solid: String,
    pub depth: DepthTabs,
    pub explanation: String,
    pub platforms: Platforms,
    pub follow_ups: Vec<FollowUp>,
    pub analogy: String,
    pub red_flags: Vec<String>,
    pub scenario: String,
    pub related: Vec<String>,
    /// Where the card's product claims were checked.
    #[serde(default)]
    pub sources: Vec<Source>,
    pub previous: Option<String>,
    pub next: Option<String>,
}

/// One card as its page shows it (`card-pages/<slug>.json`): the parts that never change,
/// finished HTML rendered at export time (`page::render_page`), beside the few the page
/// draws as views (the timed answers and the depth tabs). Adding a card field touches
/// the content crate and the page template only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RenderedCard {
    pub slug: String,
    /// The question as plain text (the page's title).
    pub question: String,
    pub question_html: String,
    /// The breadcrumb's links.
    pub breadcrumb_html: String,
    /// The level and importance badges.
    pub meta_html: String,
    /// The cues, with their heading.
    pub outline_html: String,
    pub basics: String,
    pub solid: String,
    pub depth: DepthTabs,
    /// Everything from the explanation down to the previous and next links.
    pub rest_html: String,
}

/// A card's question from the index, or its slug where the index does not list it.
pub fn question_for(index: Option<&CardIndex>, slug: &str) -> String {
    index
        .and_then(|i| i.find(slug).map(|c| c.question.clone()))
        .unwrap_or_else(|| slug.to_string())
}

/// What the card list needs of each card: enough to show, filter and search it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardSummary {
    pub slug: String,
    pub question: String,
    pub level: Level,
    pub importance: Importance,
    pub scenario: String,
    /// Lower-case plain text of the whole card, for the list's search box. Only
    /// `search-index.json` carries it; `index.json` leaves it empty to stay small.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub search_text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SectionIndex {
    pub title: String,
    pub cards: Vec<CardSummary>,
}

/// The whole tree: `cards/index.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardIndex {
    pub title: String,
    pub sections: Vec<SectionIndex>,
}

impl CardIndex {
    /// The same index without the search text: what pages that only link cards need.
    pub fn without_search_text(&self) -> CardIndex {
        let mut light = self.clone();
        for section in &mut light.sections {
            for card in &mut section.cards {
                card.search_text.clear();
            }
        }
        light
    }

    pub fn cards(&self) -> impl Iterator<Item = &CardSummary> {
        self.sections
            .iter()
            .flat_map(|section| section.cards.iter())
    }

    pub fn find(&self, slug: &str) -> Option<&CardSummary> {
        self.cards().find(|card| card.slug == slug)
    }

    pub fn len(&self) -> usize {
        self.cards().count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
