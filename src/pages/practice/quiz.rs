//! `/practice/quiz`: the red-flag quiz. Each statement describes what a candidate says; the
//! learner decides whether it would cost the question, and the answer says why and links
//! to the card.

use std::collections::BTreeMap;

use hoplab_content::PracticeDeck;
use leptos::prelude::*;
use leptos_router::components::A;

use super::nav::PracticeNav;
use super::settings::LevelPicker;
use crate::components::{set_page_title, LoadError, Loading};
use crate::fetch;
use crate::practice::quiz::{build_quiz, Statement};
use crate::progress_store::use_progress;

const STATEMENTS: usize = 8;

#[component]
pub fn PracticeQuiz() -> impl IntoView {
    crate::page_styles::PRACTICE.add();
    set_page_title("Red-flag quiz");
    let deck = LocalResource::new(fetch::practice_deck);
    view! {
        <div class="page practice">
            <header class="page-header">
                <h1>"Red-flag quiz"</h1>
                <p class="lede">
                    "Each line describes what a candidate does in an interview. Some are a card's red "
                    "flags, which cost the question; the others are what the cards expect a candidate "
                    "at your target level to say. Decide for each, then read why."
                </p>
                <PracticeNav />
            </header>
            <Suspense fallback=|| view! { <Loading what="the quiz" /> }>
                {move || {
                    deck.get().map(|result| match result {
                        Ok(deck) => view! { <Quiz deck /> }.into_any(),
                        Err(error) => view! { <LoadError what="the quiz" error /> }.into_any(),
                    })
                }}
            </Suspense>
        </div>
    }
}

#[component]
pub fn Quiz(deck: PracticeDeck) -> impl IntoView {
    let store = use_progress();
    let deck = StoredValue::new(deck);
    let seed = RwSignal::new(js_sys::Date::now() as u64);
    let statements = Memo::new(move |_| {
        let target = store.progress.with(|p| p.settings.target_level);
        deck.with_value(|d| build_quiz(d, target, STATEMENTS, seed.get()))
    });
    // The learner's answers by statement text: true for "costs the question". Keyed by
    // text, so a new set of statements starts unanswered without a reset to race with.
    let answers = RwSignal::new(BTreeMap::<String, bool>::new());
    let score = move || {
        statements.with(|list| {
            answers.with(|given| {
                let chosen: Vec<(bool, bool)> = list
                    .iter()
                    .filter_map(|s| given.get(&s.text).map(|g| (*g, s.costs_the_question)))
                    .collect();
                let right = chosen.iter().filter(|(g, truth)| g == truth).count();
                (chosen.len(), right, list.len())
            })
        })
    };

    view! {
        <div class="filters quiz-settings">
            <LevelPicker id="quiz-level" />
            <button type="button" class="button" on:click=move |_| {
                answers.update(BTreeMap::clear);
                seed.update(|s| *s = s.wrapping_add(1));
            }>
                "New statements"
            </button>
        </div>
        <ol class="quiz">
            {move || {
                statements
                    .get()
                    .into_iter()
                    .enumerate()
                    .map(|(i, statement)| view! { <QuizItem i statement answers /> })
                    .collect_view()
            }}
        </ol>
        <p class="quiz-score" role="status" data-testid="quiz-score">
            {move || {
                let (answered, right, total) = score();
                if answered == total && total > 0 {
                    format!("Done: {right} of {total} right.")
                } else {
                    format!("{answered} of {total} answered, {right} right so far.")
                }
            }}
        </p>
    }
}

#[component]
fn QuizItem(
    i: usize,
    statement: Statement,
    answers: RwSignal<BTreeMap<String, bool>>,
) -> impl IntoView {
    let key = StoredValue::new(statement.text.clone());
    let given = move || key.with_value(|k| answers.with(|a| a.get(k).copied()));
    let choose = move |costs: bool| answers.update(|a| _ = a.insert(key.get_value(), costs));
    let truth = statement.costs_the_question;
    let text_id = format!("quiz-{i}");
    let group_label = text_id.clone();
    let Statement {
        text,
        slug,
        question,
        why,
        ..
    } = statement;
    view! {
        <li class="quiz-item">
            <p id=text_id class="quiz-item__text">{text}</p>
            <div class="quiz-item__choices" role="group" aria-labelledby=group_label>
                <button
                    type="button"
                    class="button quiz-choice quiz-choice--costs"
                    aria-pressed=move || (given() == Some(true)).to_string()
                    on:click=move |_| choose(true)
                >
                    "Costs the question"
                </button>
                <button
                    type="button"
                    class="button quiz-choice quiz-choice--safe"
                    aria-pressed=move || (given() == Some(false)).to_string()
                    on:click=move |_| choose(false)
                >
                    "Safe to say"
                </button>
            </div>
            <div class="quiz-item__feedback" aria-live="polite">
                {move || given().map(|g| {
                    let right = g == truth;
                    let verdict = match (right, truth) {
                        (true, true) => "Right: this costs the question.",
                        (true, false) => "Right: this is safe to say.",
                        (false, true) => "Not quite: this costs the question.",
                        (false, false) => "Not quite: this is safe to say.",
                    };
                    let (why, question) = (why.clone(), question.clone());
                    view! {
                        <p class=if right { "quiz-verdict quiz-verdict--right" } else { "quiz-verdict quiz-verdict--wrong" }>
                            <strong>{verdict}</strong>
                            " "
                            {why}
                        </p>
                        <p class="quiz-item__card">
                            "The card: " <A href=format!("/cards/{slug}")>{question}</A>
                        </p>
                    }
                })}
            </div>
        </li>
    }
}
