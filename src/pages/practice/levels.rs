//! `/practice/levels`: the level path. Progress per level, and for every card what the
//! target level must be able to say (its depth tab, with the levels below it folded away).

use hoplab_content::{Level, PracticeCard, PracticeDeck};
use leptos::prelude::*;
use leptos_router::components::A;

use super::nav::PracticeNav;
use super::settings::LevelPicker;
use crate::components::{set_page_title, LoadError, Loading};
use crate::fetch;
use crate::practice::levels::{progress_by_level, CardStanding};
use crate::progress_store::{clock, use_progress};

#[component]
pub fn PracticeLevels() -> impl IntoView {
    crate::page_styles::PRACTICE.add();
    set_page_title("Level path");
    let deck = LocalResource::new(fetch::practice_deck);
    view! {
        <div class="page practice">
            <header class="page-header">
                <h1>"Level path"</h1>
                <p class="lede">
                    "From junior to principal, each level is expected to say more about the same "
                    "question. Pick the level you are aiming for: each card shows what that level "
                    "must be able to say, and the bars show how many cards of each level you have learned."
                </p>
                <PracticeNav />
            </header>
            <Suspense fallback=|| view! { <Loading what="the level path" /> }>
                {move || {
                    deck.get().map(|result| match result {
                        Ok(deck) => view! { <LevelPath deck /> }.into_any(),
                        Err(error) => view! { <LoadError what="the level path" error /> }.into_any(),
                    })
                }}
            </Suspense>
        </div>
    }
}

#[component]
pub fn LevelPath(deck: PracticeDeck) -> impl IntoView {
    let store = use_progress();
    let target = move || store.progress.with(|p| p.settings.target_level);
    let deck = StoredValue::new(deck);
    let by_level = move || {
        let (now, _) = clock();
        store.progress.with(|p| {
            deck.with_value(|d| {
                progress_by_level(
                    d.cards.iter().map(|c| (c.slug.as_str(), c.level)),
                    &p.reviews,
                    now,
                )
            })
        })
    };
    view! {
        <div class="filters">
            <LevelPicker id="path-level" />
        </div>
        <section aria-labelledby="per-level-heading">
            <h2 id="per-level-heading">"Progress per level"</h2>
            <ul class="level-bars" role="list">
                {move || {
                    by_level()
                        .into_iter()
                        .map(|(level, p)| {
                            let percent = (100 * p.learned).checked_div(p.total).unwrap_or(0);
                            let due = if p.due > 0 { format!(", {} due again", p.due) } else { String::new() };
                            view! {
                                <li class="level-bar" class:level-bar--target=move || target() == level>
                                    <span class="level-bar__label">{level.label()}</span>
                                    <span class="level-bar__track" aria-hidden="true">
                                        <span style=format!("width: {percent}%")></span>
                                    </span>
                                    <span class="level-bar__count">
                                        {format!("{} of {} learned{due}", p.learned, p.total)}
                                    </span>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
        </section>
        <section aria-labelledby="path-cards-heading">
            <h2 id="path-cards-heading">
                {move || format!("What the {} level must be able to say", target().label().to_lowercase())}
            </h2>
            <ol class="path-cards">
                {move || {
                    let level = target();
                    deck.with_value(|d| {
                        d.cards
                            .iter()
                            .map(|card| view! { <PathCard card=card.clone() level /> })
                            .collect_view()
                    })
                }}
            </ol>
        </section>
    }
}

#[component]
fn PathCard(card: PracticeCard, level: Level) -> impl IntoView {
    let store = use_progress();
    let slug = card.slug.clone();
    let standing = move || {
        store
            .progress
            .with(|p| CardStanding::of(p.reviews.get(&slug)))
    };
    let below: Vec<Level> = Level::ALL.into_iter().filter(|l| *l < level).collect();
    view! {
        <li class="path-card">
            <div class="path-card__head">
                <A href=format!("/cards/{}", card.slug) attr:class="path-card__question">{card.question.clone()}</A>
                <span class="path-card__badges">
                    <span class=format!("badge badge--level-{}", card.level.id())>{card.level.label()}</span>
                    {move || {
                        let s = standing();
                        view! { <span class=format!("badge badge--standing-{}", s.id())>{s.label()}</span> }
                    }}
                </span>
            </div>
            <div class="prose path-card__depth" inner_html=card.depth.get(level).to_string()></div>
            {(!card.drills.is_empty()).then(|| view! {
                <p class="path-card__drills">"Run the failover yourself: "
                    {card.drills.clone().into_iter().map(|d| view! { <A href=d.page>{d.title}</A>" " }).collect_view()}
                </p>
            })}
            {(!below.is_empty()).then(|| view! {
                <details class="path-card__below">
                    <summary>"…and what the levels below add"</summary>
                    {below
                        .into_iter()
                        .map(|l| view! {
                            <h3>{l.label()}</h3>
                            <div class="prose" inner_html=card.depth.get(l).to_string()></div>
                        })
                        .collect_view()}
                </details>
            })}
        </li>
    }
}
