//! `/practice`: what is due today, the settings, the progress file, and the session itself.

use hoplab_content::CardIndex;
use leptos::prelude::*;

use super::nav::PracticeNav;
use super::{ProgressFile, Recordings, SessionView, SettingsForm};
use crate::components::{set_page_title, LoadError, Loading, ProgressNotice};
use crate::fetch;
use crate::practice::queue::{describe_wait, local_day, SessionQueue};
use crate::progress_store::{clock, use_progress};

#[component]
pub fn PracticePage() -> impl IntoView {
    crate::page_styles::PRACTICE.add();
    set_page_title("Practice");
    // A plain signal, not a resource under Suspense: the page's chunk then carries no
    // Suspense machinery, as the card pages' do not.
    let index = fetch::fetched(fetch::card_index);
    view! {
        <div class="page practice">
            <header class="page-header">
                <h1>"Practice for the interview"</h1>
                <p class="lede">
                    "Hear the question, answer aloud against the clock, compare with the card's answers "
                    "and grade yourself. A spaced-repetition schedule (FSRS) brings each card back just "
                    "before you would forget it. Everything stays in this browser."
                </p>
                <PracticeNav />
            </header>
            <ProgressNotice />
            <SetAsideNotice />
            {move || match index.get() {
                None => view! { <Loading what="the cards" /> }.into_any(),
                Some(Ok(index)) => view! { <PracticeHome index /> }.into_any(),
                Some(Err(error)) => view! { <LoadError what="the cards" error /> }.into_any(),
            }}
        </div>
    }
}

#[component]
fn PracticeHome(index: CardIndex) -> impl IntoView {
    let store = use_progress();
    let slugs: Vec<String> = index.cards().map(|c| c.slug.clone()).collect();
    let titles: std::collections::BTreeMap<String, String> = index
        .cards()
        .map(|c| (c.slug.clone(), c.question.clone()))
        .collect();
    {
        let known: Vec<&str> = slugs.iter().map(String::as_str).collect();
        store.forget_unknown(&known);
    }
    let slugs = StoredValue::new(slugs);
    let running = RwSignal::new(None::<Vec<String>>);
    let queue = move || {
        let (now, offset) = clock();
        store.progress.with(|p| {
            slugs.with_value(|slugs| {
                let slugs: Vec<&str> = slugs.iter().map(String::as_str).collect();
                SessionQueue::build(
                    &slugs,
                    &p.reviews,
                    p.new_left_today(local_day(now, offset)),
                    now,
                )
            })
        })
    };
    let start = move |_| running.set(Some(queue().cards()));
    let summary = move || today_summary(&queue(), clock().0);

    view! {
        <Show
            when=move || running.with(Option::is_none)
            fallback=move || {
                let cards = running.get_untracked().unwrap_or_default();
                view! { <SessionView cards on_done=move |_| running.set(None) /> }
            }
        >
            <section class="practice-start" aria-labelledby="today-heading">
                <h2 id="today-heading">"Today"</h2>
                <p data-testid="today">{summary}</p>
                <button
                    type="button"
                    class="button button--primary"
                    on:click=start
                    disabled=move || queue().is_empty()
                >
                    "Start the session"
                </button>
                <p class="hint">
                    "In a session: Space reveals the answers, 1 to 4 grade them (again, hard, good, "
                    "easy), P pauses the clock, S skips to its next phase and R records your answer and "
                    "stops. After the reveal, tick the outline's points you made: the count suggests a grade."
                </p>
            </section>
            <SettingsForm />
            <ProgressFile />
            <Recordings titles=titles.clone() />
        </Show>
    }
}

/// What today's session holds, or when there will be something to practise.
fn today_summary(q: &SessionQueue, now: i64) -> String {
    if q.is_empty() {
        return match q.next_due {
            Some(when) => format!(
                "Nothing to practise now: the next card is due {}.",
                describe_wait(when, now)
            ),
            None => {
                "Nothing to practise now: raise the number of new cards a day to start more.".into()
            }
        };
    }
    let mut text = format!(
        "{} due for review and {} new for today.",
        count(q.due.len(), "card"),
        count(q.new.len(), "card")
    );
    if q.new_waiting > 0 {
        text.push_str(&format!(" {} more new wait for later days.", q.new_waiting));
    }
    text
}

fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// When stored progress could not be used: where it was kept, and a way to download it.
#[component]
fn SetAsideNotice() -> impl IntoView {
    let store = use_progress();
    move || {
        store.set_aside.get().map(|key| {
            let download = {
                let key = key.clone();
                move |_| {
                    if let Some(text) = crate::storage::read(&key) {
                        _ = crate::download::download(
                            "hoplab-progress-set-aside.json",
                            "application/json",
                            &text,
                        );
                    }
                }
            };
            view! {
                <div class="notice" role="status">
                    <p>
                        "The progress this browser could not read is kept under "
                        <code>{key.clone()}</code>
                        " in its storage, untouched."
                    </p>
                    <button type="button" class="button" on:click=download>"Download the kept data"</button>
                </div>
            }
        })
    }
}
