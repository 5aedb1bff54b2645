//! `/cards/:slug`: one question card.

mod depth_tabs;
mod marks;
mod progress_parts;
mod reveal;
mod sources;

use hoplab_content::{Card, CardIndex};
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_params_map;

use crate::components::{set_page_title, LoadError, Loading};
use crate::fetch;

pub use depth_tabs::DepthTabs;
pub use marks::MarkButtons;
pub use progress_parts::{load_after_paint, CardProgress, CARD_PROGRESS};
pub use reveal::TimedReveal;
pub use sources::{CardSources, SourceList};

#[component]
pub fn CardPage() -> impl IntoView {
    let params = use_params_map();
    let slug = move || params.read().get("slug").unwrap_or_default();
    // The card, then the index that gives related cards their questions (the page works
    // without it). Loading a card reads the index first, so the index is fetched once.
    let card = fetch::fetched(move || {
        let slug = slug();
        async move {
            let card = fetch::card(&slug).await?;
            Ok((card, fetch::card_index().await.ok()))
        }
    });
    let progress = RwSignal::new(None::<CardProgress>);
    view! {
        <div class="page card-page">
            {move || match card.get() {
                None => view! { <Loading what="the card" /> }.into_any(),
                Some(Ok((card, index))) => {
                    load_after_paint(progress);
                    let index = Signal::stored(index);
                    let widgets = Signal::derive(move || progress.get().map(|p| p.widgets));
                    view! { <CardView card index widgets /> }.into_any()
                }
                Some(Err(error)) if error == "not found" => view! { <UnknownCard slug=slug() /> }.into_any(),
                Some(Err(error)) => view! { <LoadError what="the card" error /> }.into_any(),
            }}
        </div>
    }
}

/// Shows a card's progress parts for its slug: the notice about stored data and the mark
/// buttons.
pub type ProgressWidgets = fn(String) -> AnyView;

#[component]
fn UnknownCard(slug: String) -> impl IntoView {
    set_page_title("Card not found");
    view! {
        <h1>"No such card"</h1>
        <p>"There is no card called " <code>{slug}</code> ". " <A href="/cards">"See all the cards"</A> "."</p>
    }
}

/// Markup that came from the project's own Markdown, exported at build time.
#[component]
fn Prose(html: String, #[prop(optional)] class: &'static str) -> impl IntoView {
    view! { <div class=format!("prose {class}") inner_html=html></div> }
}

/// A card's question from the index, or its slug while the index is not there.
fn question_for(index: Signal<Option<CardIndex>>, slug: String) -> String {
    index
        .get()
        .and_then(|i| i.find(&slug).map(|c| c.question.clone()))
        .unwrap_or(slug)
}

/// Links to cards, each showing its question.
#[component]
pub fn CardLinkList(
    slugs: Vec<String>,
    index: Signal<Option<CardIndex>>,
    #[prop(optional)] class: &'static str,
) -> impl IntoView {
    view! {
        <ul class=class>
            {slugs
                .into_iter()
                .map(|slug| {
                    let href = format!("/cards/{slug}");
                    view! { <li><A href=href>{move || question_for(index, slug.clone())}</A></li> }
                })
                .collect_view()}
        </ul>
    }
}

/// One card. `widgets` shows the progress parts in the header once they are there (the
/// card page loads them after the card shows; without them the card is complete to read).
#[component]
pub fn CardView(
    card: Card,
    index: Signal<Option<CardIndex>>,
    #[prop(optional, into)] widgets: MaybeProp<ProgressWidgets>,
) -> impl IntoView {
    set_page_title(&card.question);
    let nav_link = move |slug: Option<String>, rel: &'static str, label: &'static str| {
        slug.map(|slug| {
            let href = format!("/cards/{slug}");
            view! {
                <A href=href attr:class=format!("card-nav__{rel}") attr:rel=rel>
                    <span class="card-nav__label">{label}</span>
                    <span class="card-nav__question">{move || question_for(index, slug.clone())}</span>
                </A>
            }
        })
    };
    let Card {
        slug,
        section,
        question_html,
        level,
        importance,
        outline,
        basics,
        solid,
        depth,
        explanation,
        platforms,
        follow_ups,
        analogy,
        red_flags,
        scenario,
        related,
        sources,
        previous,
        next,
        ..
    } = card;
    view! {
        <article class="card" aria-labelledby="card-question">
            <nav class="breadcrumb" aria-label="Breadcrumb">
                <A href="/cards">"Cards"</A>
                <span aria-hidden="true">" / "</span>
                <span>{section}</span>
            </nav>
            <header class="card__header">
                <h1 id="card-question" inner_html=question_html></h1>
                <p class="card__meta">
                    <span class=format!("badge badge--level-{}", level.id())>{level.label()}</span>
                    <span class=format!("badge badge--{}", importance.id())>{importance.label()}</span>
                </p>
                {
                    let slug = slug.clone();
                    move || widgets.get().map(|show| show(slug.clone()))
                }
            </header>

            <section class="card__outline" aria-labelledby="outline-heading">
                <h2 id="outline-heading">"Cues for your answer"</h2>
                <ol>{outline.into_iter().map(|cue| view! { <li inner_html=cue></li> }).collect_view()}</ol>
            </section>

            <section class="card__answers" aria-labelledby="answers-heading">
                <h2 id="answers-heading">"Say it out loud first"</h2>
                <p class="hint">"Answer aloud before you reveal. The countdown is the time you would have in an interview."</p>
                <div class="answers">
                    <TimedReveal id="basics" title="The 20-second answer" seconds=20 html=basics />
                    <TimedReveal id="solid" title="The 50-second answer" seconds=50 html=solid />
                </div>
            </section>

            <section class="card__depth" aria-labelledby="depth-heading">
                <h2 id="depth-heading">"Go deeper: what each level adds"</h2>
                <DepthTabs depth />
            </section>

            <section class="card__explanation" aria-labelledby="explanation-heading">
                <h2 id="explanation-heading" class="visually-hidden">"Explanation"</h2>
                <Prose html=explanation class="explanation" />
            </section>

            <section class="card__platforms" aria-labelledby="platforms-heading">
                <h2 id="platforms-heading">"Where platforms differ"</h2>
                <h3>"Partitioned logs with numeric positions"</h3>
                <Prose html=platforms.partitioned_logs />
                <h3>"Queue-shaped brokers"</h3>
                <Prose html=platforms.queue_brokers />
                <h3>"Time-based resume"</h3>
                <Prose html=platforms.time_based_resume />
            </section>

            <section class="card__follow-ups" aria-labelledby="follow-ups-heading">
                <h2 id="follow-ups-heading">"Follow-up questions"</h2>
                {follow_ups
                    .into_iter()
                    .map(|f| {
                        view! {
                            <details class="follow-up">
                                <summary inner_html=f.question></summary>
                                <Prose html=f.answer />
                            </details>
                        }
                    })
                    .collect_view()}
            </section>

            <section class="card__analogy" aria-labelledby="analogy-heading">
                <h2 id="analogy-heading">"An analogy"</h2>
                <blockquote><Prose html=analogy /></blockquote>
            </section>

            <section class="card__red-flags" aria-labelledby="red-flags-heading">
                <h2 id="red-flags-heading">"Red flags"</h2>
                <p class="hint">"Saying any of these in an interview costs you the question."</p>
                <ul>{red_flags.into_iter().map(|flag| view! { <li inner_html=flag></li> }).collect_view()}</ul>
            </section>

            <section class="card__show-me" aria-labelledby="show-me-heading">
                <h2 id="show-me-heading">"See it happen"</h2>
                <p>"The lab runs this card's claim in the simulator, set up and ready to play."</p>
                <A href=format!("/lab/{scenario}") attr:class="button button--primary show-me">
                    "Show me in the lab"
                </A>
            </section>

            <section class="card__related" aria-labelledby="related-heading">
                <h2 id="related-heading">"Related cards"</h2>
                <CardLinkList slugs=related index />
            </section>

            <CardSources sources />

            <nav class="card-nav" aria-label="Previous and next card">
                {nav_link(previous, "prev", "Previous")}
                {nav_link(next, "next", "Next")}
            </nav>
        </article>
    }
}
