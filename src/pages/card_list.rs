//! `/cards`: the tree by section, with filters, search and the reader's progress.

use std::collections::BTreeMap;
use std::sync::Arc;

use hoplab_content::card::SectionIndex;
use hoplab_content::{CardIndex, CardSummary, Importance, Level};
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::components::A;

use crate::components::{set_page_title, DismissibleNotice, LoadError, Loading};
use crate::fetch;
use crate::pages::card::{load_after_paint, CardProgress};
use crate::progress::Mark;
use crate::progress_store::ProgressStore;

/// The reader's filter choices.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Filter {
    pub level: Option<Level>,
    pub importance: Option<Importance>,
    pub query: String,
    pub show: ShowOnly,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ShowOnly {
    #[default]
    All,
    NotStudied,
    Shaky,
}

impl Filter {
    /// Whether the list shows `card`, searching `text` (see `SearchTexts::of`).
    pub fn keeps(&self, card: &CardSummary, text: &str, mark: Option<Mark>) -> bool {
        let query = self.query.trim().to_lowercase();
        self.level.is_none_or(|l| l == card.level)
            && self.importance.is_none_or(|i| i == card.importance)
            && query.split_whitespace().all(|word| text.contains(word))
            && match self.show {
                ShowOnly::All => true,
                ShowOnly::NotStudied => mark.is_none(),
                ShowOnly::Shaky => mark == Some(Mark::Shaky),
            }
    }
}

/// Each card's whole text, lower case, by slug, for the search box. The list shows from the
/// small index; the search index (the cards' whole text, most of the list's bytes) arrives
/// after it, and until then a search looks at the questions.
#[derive(Clone, Debug, Default)]
pub struct SearchTexts(Arc<BTreeMap<String, String>>);

impl SearchTexts {
    /// The index's search texts. A card without one (the plain index, before or without the
    /// search index) is left out, so `of` looks at its question.
    pub fn from_index(index: &CardIndex) -> Self {
        Self(Arc::new(
            index
                .cards()
                .filter(|c| !c.search_text.is_empty())
                .map(|c| (c.slug.clone(), c.search_text.clone()))
                .collect(),
        ))
    }

    /// The text a search looks at for `card`.
    pub fn of(&self, card: &CardSummary) -> String {
        self.0
            .get(&card.slug)
            .cloned()
            .unwrap_or_else(|| card.question.to_lowercase())
    }
}

#[component]
pub fn CardList() -> impl IntoView {
    crate::page_styles::CARD_LIST.add();
    set_page_title("Question cards");
    let index = fetch::fetched(fetch::card_index);
    view! {
        <div class="page card-list">
            {move || match index.get() {
                None => view! { <Loading what="the cards" /> }.into_any(),
                Some(Ok(index)) => view! { <CardTree index /> }.into_any(),
                Some(Err(error)) => view! { <LoadError what="the cards" error /> }.into_any(),
            }}
        </div>
    }
}

/// The reader's progress as the list shows it: none until the progress parts have loaded.
#[derive(Clone, Copy)]
struct ListProgress(RwSignal<Option<ProgressStore>>);

impl ListProgress {
    /// Loads the store with the progress parts, after the list's first paint (see
    /// `CardProgress`): the list shows without the progress code, and the marks follow.
    fn load(known: Vec<String>) -> Self {
        let store = RwSignal::new(None);
        let parts = RwSignal::new(None::<CardProgress>);
        load_after_paint(parts);
        let owner = Owner::current();
        Effect::new(move || {
            if let (Some(parts), Some(owner)) = (parts.get(), &owner) {
                if store.get_untracked().is_none() {
                    store.set(Some(owner.with(|| (parts.store_for_list)(&known))));
                }
            }
        });
        ListProgress(store)
    }

    fn mark(self, slug: &str) -> Option<Mark> {
        self.0.get().and_then(|store| store.mark(slug))
    }

    fn marked(self) -> Option<usize> {
        self.0
            .get()
            .map(|store| store.progress.with(|p| p.cards.len()))
    }
}

/// The list itself, once the index has loaded. It fetches the search index and the reader's
/// progress once it has been drawn.
#[component]
pub fn CardTree(index: CardIndex) -> impl IntoView {
    let texts = RwSignal::new(SearchTexts::from_index(&index));
    let has_full_text = index.cards().any(|c| !c.search_text.is_empty());
    let full_text = RwSignal::new(has_full_text);
    let search_failed = RwSignal::new(false);
    if !has_full_text {
        load_full_text_after_paint(texts, full_text, search_failed);
    }
    let progress = ListProgress::load(index.cards().map(|c| c.slug.clone()).collect());
    let total = index.len();
    let filter = RwSignal::new(Filter::default());
    let summary = move || match progress.marked() {
        Some(marked) => {
            view! { <strong>{marked}</strong> {format!(" of {total} cards marked")} }.into_any()
        }
        None => format!("{total} cards").into_any(),
    };

    let all_cards: Vec<CardSummary> = index.cards().cloned().collect();
    let shown_count = move || {
        let f = filter.get();
        let texts = texts.get();
        all_cards
            .iter()
            .filter(|c| f.keeps(c, &texts.of(c), progress.mark(&c.slug)))
            .count()
    };

    let sections = index.sections.clone();
    view! {
        <header class="page-header">
            <h1>{index.title.clone()}</h1>
            <p class="lede">
                {format!("{total} interview questions on copying streams between clusters, in the order ")}
                "they build on each other. Open one, say your answer out loud, then compare."
            </p>
            <p class="progress-summary" aria-live="polite">{summary}</p>
        </header>
        {move || progress.0.get().map(|store| view! { <DismissibleNotice notice=store.notice /> })}
        <Filters filter full_text />
        <p class="filter-count" aria-live="polite">{move || format!("{} of {total} cards shown", shown_count())}</p>
        <Show when=move || search_failed.get()>
            <p class="filter-note">"The cards' full text did not load: the search looks at the questions only."</p>
        </Show>
        {sections
            .into_iter()
            .map(|section| view! { <CardSection section filter texts progress /> })
            .collect_view()}
    }
}

/// Fetches every card's full text for the search box after the list is drawn; if it does
/// not come, `search_failed` says so (the search keeps to the questions).
fn load_full_text_after_paint(
    texts: RwSignal<SearchTexts>,
    full_text: RwSignal<bool>,
    search_failed: RwSignal<bool>,
) {
    request_animation_frame(move || {
        spawn_local(async move {
            match fetch::card_search_index().await {
                Ok(full) => {
                    texts.set(SearchTexts::from_index(&full));
                    full_text.set(true);
                }
                Err(_) => search_failed.set(true),
            }
        })
    });
}

/// The search box and the level, importance and progress filters.
#[component]
fn Filters(filter: RwSignal<Filter>, full_text: RwSignal<bool>) -> impl IntoView {
    let on_level = move |ev| {
        let value = event_target_value(&ev);
        filter.update(|f| f.level = Level::ALL.into_iter().find(|l| l.id() == value));
    };
    let on_importance = move |ev| {
        let value = event_target_value(&ev);
        filter.update(|f| f.importance = Importance::ALL.into_iter().find(|i| i.id() == value));
    };
    let on_show = move |ev| {
        let show = match event_target_value(&ev).as_str() {
            "not-studied" => ShowOnly::NotStudied,
            "shaky" => ShowOnly::Shaky,
            _ => ShowOnly::All,
        };
        filter.update(|f| f.show = show);
    };
    let on_query = move |ev| filter.update(|f| f.query = event_target_value(&ev));
    view! {
        <form class="filters" role="search" on:submit=|ev| ev.prevent_default()>
            <div class="field field--grow">
                <label for="card-search">"Search"</label>
                <input
                    id="card-search"
                    type="search"
                    placeholder="offset, echo, failover…"
                    data-full-text=move || full_text.get().to_string()
                    on:input=on_query
                />
            </div>
            <div class="field">
                <label for="filter-level">"Level"</label>
                <select id="filter-level" on:change=on_level>
                    <option value="">"All levels"</option>
                    {Level::ALL.map(|l| view! { <option value=l.id()>{l.label()}</option> }).collect_view()}
                </select>
            </div>
            <div class="field">
                <label for="filter-importance">"Importance"</label>
                <select id="filter-importance" on:change=on_importance>
                    <option value="">"Any importance"</option>
                    {Importance::ALL
                        .map(|i| view! { <option value=i.id()>{i.label()}</option> })
                        .collect_view()}
                </select>
            </div>
            <div class="field">
                <label for="filter-show">"Show"</label>
                <select id="filter-show" on:change=on_show>
                    <option value="all">"All cards"</option>
                    <option value="not-studied">"Not yet marked"</option>
                    <option value="shaky">"Marked shaky"</option>
                </select>
            </div>
        </form>
    }
}

/// One section of the tree, hidden while the filters keep none of its cards.
#[component]
fn CardSection(
    section: SectionIndex,
    filter: RwSignal<Filter>,
    texts: RwSignal<SearchTexts>,
    progress: ListProgress,
) -> impl IntoView {
    let cards = section.cards;
    let any_shown = {
        let cards = cards.clone();
        move || {
            let f = filter.get();
            let texts = texts.get();
            cards
                .iter()
                .any(|c| f.keeps(c, &texts.of(c), progress.mark(&c.slug)))
        }
    };
    view! {
        <section class="card-section" class:hidden=move || !any_shown()>
            <h2>{section.title}</h2>
            <ol class="card-rows" role="list">
                {cards
                    .into_iter()
                    .map(|card| view! { <CardRow card filter texts progress /> })
                    .collect_view()}
            </ol>
        </section>
    }
}

#[component]
fn CardRow(
    card: CardSummary,
    filter: RwSignal<Filter>,
    texts: RwSignal<SearchTexts>,
    progress: ListProgress,
) -> impl IntoView {
    let slug = card.slug.clone();
    let mark = {
        let slug = slug.clone();
        move || progress.mark(&slug)
    };
    let shown = {
        let card = card.clone();
        let mark = mark.clone();
        move || {
            let text = texts.with(|t| t.of(&card));
            filter.with(|f| f.keeps(&card, &text, mark()))
        }
    };
    view! {
        <li class="card-row" class:hidden=move || !shown()>
            <A href=format!("/cards/{slug}") attr:class="card-row__link">
                <span class="card-row__question">{card.question.clone()}</span>
                <span class="card-row__meta">
                    <span class=format!("badge badge--level-{}", card.level.id())>{card.level.label()}</span>
                    <span class=format!("badge badge--{}", card.importance.id())>{card.importance.label()}</span>
                    {move || {
                        mark()
                            .map(|m| {
                                view! {
                                    <span class=format!("badge badge--mark badge--{}", m.id())>{m.label()}</span>
                                }
                            })
                    }}
                </span>
            </A>
        </li>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(level: Level, importance: Importance, text: &str) -> CardSummary {
        CardSummary {
            slug: "s".into(),
            question: "q".into(),
            level,
            importance,
            scenario: "x".into(),
            search_text: text.into(),
        }
    }

    #[test]
    fn search_needs_every_word() {
        let card = summary(
            Level::Junior,
            Importance::MustKnow,
            "copy lag is never zero",
        );
        let mut filter = Filter {
            query: "LAG zero".into(),
            ..Filter::default()
        };
        assert!(filter.keeps(&card, &card.search_text, None));
        filter.query = "lag echo".into();
        assert!(!filter.keeps(&card, &card.search_text, None));
    }

    #[test]
    fn before_the_search_index_arrives_a_search_looks_at_the_question() {
        let mut card = summary(Level::Junior, Importance::MustKnow, "");
        card.question = "Why is the Copy behind?".into();
        let filter = Filter {
            query: "copy".into(),
            ..Filter::default()
        };
        let none = SearchTexts::default();
        assert_eq!(none.of(&card), "why is the copy behind?");
        assert!(filter.keeps(&card, &none.of(&card), None));
        // The plain index the list draws from has no search text: its questions are searched.
        let plain = SearchTexts::from_index(&CardIndex {
            title: "t".into(),
            sections: vec![hoplab_content::card::SectionIndex {
                title: "s".into(),
                cards: vec![card.clone()],
            }],
        });
        assert_eq!(plain.of(&card), "why is the copy behind?");

        card.search_text = "offsets differ between clusters".into();
        let index = CardIndex {
            title: "t".into(),
            sections: vec![hoplab_content::card::SectionIndex {
                title: "s".into(),
                cards: vec![card.clone()],
            }],
        };
        let full = SearchTexts::from_index(&index);
        assert!(!filter.keeps(&card, &full.of(&card), None));
        assert!(Filter {
            query: "offsets".into(),
            ..Filter::default()
        }
        .keeps(&card, &full.of(&card), None));
    }

    #[test]
    fn level_importance_and_progress_filters_combine() {
        let card = summary(Level::Senior, Importance::ShouldKnow, "");
        let filter = Filter {
            level: Some(Level::Senior),
            importance: Some(Importance::ShouldKnow),
            show: ShowOnly::Shaky,
            ..Filter::default()
        };
        assert!(filter.keeps(&card, "", Some(Mark::Shaky)));
        assert!(!filter.keeps(&card, "", Some(Mark::Confident)));
        assert!(!filter.keeps(&card, &card.search_text, None));
    }
}
