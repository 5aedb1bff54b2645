//! One practice session: each card's question, the 20-then-50-second timer, the answers
//! and the depth tab for the target level, a follow-up, and the grade. The learner can
//! record the answer (and the follow-up's) to play back, and tick the outline's points they
//! made, which suggests a grade. Keys: Space reveals, 1 to 4 grade, P pauses the timer, S
//! skips its phase, R records and stops.

use gloo_timers::future::TimeoutFuture;
use hoplab_content::Card;
use leptos::ev;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::components::A;

use super::focus::focus_by_id;
use crate::components::{LoadError, Loading};
use crate::components::{Recorder, RecorderView};
use crate::fetch;
use crate::keys::{key_target, KeyTarget};
use crate::practice::outline;
use crate::practice::queue::describe_wait;
use crate::practice::recording::Part;
use crate::practice::session::{Session, Step, TimerPhase};
use crate::practice::{Grade, Scheduler};
use crate::progress_store::{clock, use_progress};

const QUESTION_ID: &str = "practice-question";
const ANSWERS_ID: &str = "practice-answers";

/// Runs `cards` as a session; `on_done` is called when the learner leaves it.
#[component]
pub fn SessionView(cards: Vec<String>, #[prop(into)] on_done: Callback<()>) -> impl IntoView {
    let store = use_progress();
    let total = cards.len();
    let session = RwSignal::new(Session::new(cards));
    // Said to screen readers: phase ends and grades (the ticking seconds are not).
    let announcement = RwSignal::new(String::new());
    // Each card's countdown gets a number; a newer card makes older ticks stop.
    let run = RwSignal::new(0u32);
    // The current card's outline checklist (in the card's order) and its recorders (the
    // answer's and the follow-up's), for the keys and the grade.
    let ticked = RwSignal::new(Vec::<bool>::new());
    let recorders = StoredValue::new(None::<(Recorder, Option<Recorder>)>);

    let start_timer = move || {
        let this_run = run.get_untracked() + 1;
        run.set(this_run);
        spawn_local(async move {
            loop {
                TimeoutFuture::new(1_000).await;
                if run.try_get_untracked() != Some(this_run) {
                    return;
                }
                let Some((ended, phase, answering)) = session.try_update(|s| {
                    let ended = s.step == Step::Answering && s.timer.tick();
                    (ended, s.timer.phase, s.step == Step::Answering)
                }) else {
                    return;
                };
                if ended {
                    announcement.set(match phase {
                        TimerPhase::Full => "20 seconds: now carry on to the full answer.".into(),
                        _ => "Time is up. Press Space to reveal the answers.".into(),
                    });
                }
                if !answering || phase == TimerPhase::Over {
                    return;
                }
            }
        });
    };
    start_timer();

    let reveal = move || {
        if session.with_untracked(|s| s.step == Step::Answering && !s.is_finished()) {
            // The take ends with the clock.
            if let Some((answer, _)) = recorders.get_value() {
                answer.stop();
            }
            session.update(Session::reveal);
            announcement
                .set("Answers shown. Grade yourself: 1 again, 2 hard, 3 good, 4 easy.".into());
            request_animation_frame(|| focus_by_id(ANSWERS_ID));
        }
    };
    let grade = move |grade: Grade| {
        let Some(slug) = session
            .with_untracked(|s| (s.step == Step::Revealed).then(|| s.current().map(str::to_string)))
            .flatten()
        else {
            return;
        };
        let state = store.record_review(&slug, grade);
        store.set_missed(&slug, outline::missed(&ticked.get_untracked()));
        session.update(|s| {
            s.grade(grade);
        });
        // Measured from the review itself: a later clock reading would shave "3 days" to 2.
        announcement.set(format!(
            "Graded {}: this card comes back {}.",
            grade.label().to_lowercase(),
            describe_wait(state.due, state.last_review)
        ));
        if !session.with_untracked(Session::is_finished) {
            start_timer();
        }
    };

    let keys = window_event_listener(ev::keydown, move |e: web_sys::KeyboardEvent| {
        if e.ctrl_key() || e.meta_key() || e.alt_key() || e.repeat() {
            return;
        }
        let target = key_target(e.target());
        // A drop-down takes letters too: P, S and R would change its choice.
        if matches!(target, KeyTarget::Text | KeyTarget::List) {
            return;
        }
        match e.key().as_str() {
            " " if target == KeyTarget::Page => {
                e.prevent_default();
                reveal();
            }
            "p" | "P" => session.update(|s| s.timer.toggle_pause()),
            "s" | "S" => session.update(|s| s.timer.skip()),
            "r" | "R" => {
                let revealed = session.with_untracked(|s| s.step == Step::Revealed);
                if let Some((answer, follow_up)) = recorders.get_value() {
                    match follow_up {
                        Some(follow_up) if revealed => follow_up.toggle(),
                        _ => answer.toggle(),
                    }
                }
            }
            key => {
                if let Some(g) = Grade::from_key(key) {
                    e.prevent_default();
                    grade(g);
                }
            }
        }
    });
    on_cleanup(move || {
        keys.remove();
        run.try_update(|r| *r += 1);
    });

    // Keyed by the answer count too, so every grade redraws the card view.
    let current =
        Memo::new(move |_| session.with(|s| (s.current().map(str::to_string), s.graded.len())));
    let card = LocalResource::new(move || {
        let (slug, _) = current.get();
        async move {
            match slug {
                Some(slug) => fetch::card(&slug).await.map(Some),
                None => Ok(None),
            }
        }
    });

    view! {
        <section class="practice-session" aria-label="Practice session">
            <p class="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
                {move || announcement.get()}
            </p>
            <Show
                when=move || !session.with(Session::is_finished)
                fallback=move || view! { <SessionSummary session total on_done /> }
            >
                <p class="practice-session__count">
                    {move || {
                        let done = session.with(|s| s.graded.len());
                        format!("Answer {} · {} left in this session", done + 1, session.with(Session::remaining))
                    }}
                </p>
                <Suspense fallback=|| view! { <Loading what="the card" /> }>
                    {move || {
                        card.get().map(|result| match result {
                            Ok(Some(card)) => view! { <CardInSession card session reveal grade ticked recorders /> }.into_any(),
                            Ok(None) => ().into_any(),
                            Err(error) => view! { <LoadError what="the card" error /> }.into_any(),
                        })
                    }}
                </Suspense>
            </Show>
        </section>
    }
}

#[component]
fn CardInSession(
    card: Card,
    session: RwSignal<Session>,
    reveal: impl Fn() + Copy + Send + Sync + 'static,
    grade: impl Fn(Grade) + Copy + Send + Sync + 'static,
    ticked: RwSignal<Vec<bool>>,
    recorders: StoredValue<Option<(Recorder, Option<Recorder>)>>,
) -> impl IntoView {
    let store = use_progress();
    let target = store.progress.with_untracked(|p| p.settings.target_level);
    let previous = store
        .progress
        .with_untracked(|p| p.reviews.get(&card.slug).cloned());
    // What each grade would schedule, shown on its button as Anki does.
    let (now, _) = clock();
    let waits = Grade::ALL.map(|g| {
        let next = Scheduler::default().review(previous.as_ref(), g, now);
        describe_wait(next.due, now)
    });
    // A different follow-up each time the card comes round.
    let follow_up = (!card.follow_ups.is_empty()).then(|| {
        let reps = previous.as_ref().map_or(0, |p| p.reps as usize);
        card.follow_ups[reps % card.follow_ups.len()].clone()
    });
    let kind = if previous.is_some() {
        "Review"
    } else {
        "New card"
    };
    let timer = move || session.with(|s| s.timer);
    let revealed = move || session.with(|s| s.step == Step::Revealed);
    let depth_html = card.depth.get(target).to_string();
    // The outline's points: those missed last time first.
    let missed_before = store
        .progress
        .with_untracked(|p| p.missed(&card.slug).to_vec());
    let cue_order = outline::order(card.outline.len(), &missed_before);
    let missed_count = cue_order
        .iter()
        .filter(|i| missed_before.contains(&(**i as u8)))
        .count();
    ticked.set(vec![false; card.outline.len()]);
    let follow_up_made = RwSignal::new(false);
    let points = card.outline.len() + usize::from(follow_up.is_some());
    // These closures may run once more as the session moves past the card (see
    // `RecorderView`): the card's own signals are read with `try_`.
    let made = move || {
        ticked.with(|t| t.iter().filter(|t| **t).count())
            + usize::from(follow_up_made.try_get().unwrap_or(false))
    };
    let suggestion = move || outline::suggest(made(), points);
    let answer_recorder = Recorder::new(&card.slug, Part::Answer);
    let follow_up_recorder = follow_up
        .is_some()
        .then(|| Recorder::new(&card.slug, Part::FollowUp));
    recorders.set_value(Some((answer_recorder, follow_up_recorder)));
    let outline_html = StoredValue::new(card.outline.clone());
    let cue_order = StoredValue::new(cue_order);
    let missed_before = StoredValue::new(missed_before);
    let cues = move || {
        cue_order.get_value().into_iter().map(move |i| {
            let cue_html = outline_html.with_value(|o| o[i].clone());
            let was_missed = missed_before.with_value(|m| m.contains(&(i as u8)));
            let id = format!("cue-{i}");
            view! {
                <li class="checklist__item">
                    <input
                        type="checkbox"
                        id=id.clone()
                        prop:checked=move || ticked.with(|t| t.get(i).copied().unwrap_or(false))
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            ticked.update(|t| if let Some(slot) = t.get_mut(i) { *slot = on });
                        }
                    />
                    <label for=id>
                        <span inner_html=cue_html></span>
                        {was_missed.then(|| view! { " " <span class="checklist__missed">"missed last time"</span> })}
                    </label>
                </li>
            }
        })
        .collect_view()
    };
    // Each question takes the focus as it appears, so a screen reader reads it and the
    // keys work at once.
    request_animation_frame(|| focus_by_id(QUESTION_ID));

    view! {
        <article class="practice-card">
            <p class="practice-card__kind">
                <span class="badge">{kind}</span>
                " "
                <A href=format!("/cards/{}", card.slug)>"Open the full card"</A>
            </p>
            <h2 id=QUESTION_ID tabindex="-1" inner_html=card.question_html.clone()></h2>
            <div class="answer-timer" role="group" aria-label="Answer timer">
                <p class="answer-timer__text" data-testid="timer">{move || timer().describe()}</p>
                <div class="answer-timer__bar" aria-hidden="true">
                    <span style=move || {
                        let t = timer();
                        format!("width: {}%", 100 * (t.phase_length() - t.seconds_left) / t.phase_length())
                    }></span>
                </div>
                <RecorderView recorder=answer_recorder what="answer" shortcut=move || !revealed() />
                <div class="answer-timer__buttons">
                    <button
                        type="button"
                        class="button"
                        aria-keyshortcuts="P"
                        disabled=move || timer().phase == TimerPhase::Over || revealed()
                        on:click=move |_| session.update(|s| s.timer.toggle_pause())
                    >
                        {move || if timer().paused { "Resume (P)" } else { "Pause (P)" }}
                    </button>
                    <button
                        type="button"
                        class="button"
                        aria-keyshortcuts="S"
                        disabled=move || timer().phase == TimerPhase::Over || revealed()
                        on:click=move |_| session.update(|s| s.timer.skip())
                    >
                        {move || if timer().phase == TimerPhase::Short { "Skip to the full answer (S)" } else { "Stop the clock (S)" }}
                    </button>
                </div>
            </div>
            <Show
                when=revealed
                fallback=move || view! {
                    <p class="practice-card__hint">"Answer aloud first: the short answer, then the full one."</p>
                    {(missed_count > 0).then(|| view! {
                        <p class="practice-card__hint" data-testid="missed-before">
                            {format!(
                                "Last time you missed {missed_count} of the outline's points: they come first in the checklist after the reveal."
                            )}
                        </p>
                    })}
                    <button type="button" class="button button--primary" aria-keyshortcuts="Space" on:click=move |_| reveal()>
                        "Reveal the answers (Space)"
                    </button>
                }
            >
                <div id=ANSWERS_ID class="practice-answers" tabindex="-1" aria-label="The answers">
                    <section class="practice-answer">
                        <h3>"The 20-second answer"</h3>
                        <div class="prose" inner_html=card.basics.clone()></div>
                    </section>
                    <section class="practice-answer">
                        <h3>"The 50-second answer"</h3>
                        <div class="prose" inner_html=card.solid.clone()></div>
                    </section>
                    <section class="practice-answer practice-answer--depth">
                        <h3>{format!("What the {} level adds", target.label().to_lowercase())}</h3>
                        <div class="prose" inner_html=depth_html.clone()></div>
                    </section>
                </div>
                {(!card.outline.is_empty()).then(|| view! {
                    <fieldset class="checklist" data-testid="checklist">
                        <legend>"Which points did your answer make?"</legend>
                        <ul class="checklist__items">{cues()}</ul>
                    </fieldset>
                })}
                {follow_up.clone().map(|f| view! {
                    <section class="practice-follow-up" aria-labelledby="follow-up-heading">
                        <h3 id="follow-up-heading">"The interviewer follows up"</h3>
                        <p class="practice-follow-up__question" inner_html=f.question></p>
                        {follow_up_recorder.map(|recorder| view! {
                            <RecorderView recorder what="follow-up answer" shortcut=revealed />
                        })}
                        <details>
                            <summary>"Answer aloud, then show a good answer"</summary>
                            <div class="prose" inner_html=f.answer></div>
                            <p class="checklist__item">
                                <input
                                    type="checkbox"
                                    id="follow-up-made"
                                    prop:checked=move || follow_up_made.try_get().unwrap_or(false)
                                    on:change=move |ev| follow_up_made.set(event_target_checked(&ev))
                                />
                                <label for="follow-up-made">"My answer made this point"</label>
                            </p>
                        </details>
                    </section>
                })}
                <p class="practice-suggestion" aria-live="polite" data-testid="suggestion">
                    {move || outline::describe(made(), points)}
                </p>
                <div class="grades" role="group" aria-label="How did you do? Keys 1 to 4">
                    {Grade::ALL.map(|g| {
                        let wait = waits[usize::from(g.number() - 1)].clone();
                        view! {
                            <button
                                type="button"
                                class=format!("button grade grade--{}", g.id())
                                class:grade--suggested=move || suggestion() == Some(g)
                                aria-keyshortcuts=g.number().to_string()
                                on:click=move |_| grade(g)
                            >
                                <span class="grade__key" aria-hidden="true">{g.number()}</span>
                                <span class="grade__label">{g.label()}</span>
                                <span class="grade__wait">{wait}</span>
                                {move || (suggestion() == Some(g)).then(|| view! {
                                    <span class="grade__suggested">"suggested"</span>
                                })}
                            </button>
                        }
                    }).collect_view()}
                </div>
            </Show>
        </article>
    }
}

#[component]
fn SessionSummary(
    session: RwSignal<Session>,
    total: usize,
    on_done: Callback<()>,
) -> impl IntoView {
    let tally = session.with_untracked(Session::tally);
    let line = Grade::ALL
        .iter()
        .map(|g| {
            format!(
                "{} {}",
                tally.get(g).copied().unwrap_or(0),
                g.label().to_lowercase()
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    request_animation_frame(|| focus_by_id("session-done"));
    view! {
        <div class="practice-done">
            <h2 id="session-done" tabindex="-1">"Session done"</h2>
            <p>{format!("{total} card{} practised: {line}.", if total == 1 { "" } else { "s" })}</p>
            <p>"Each card comes back when FSRS predicts you are about to forget it."</p>
            <button type="button" class="button button--primary" on:click=move |_| on_done.run(())>
                "Back to practice"
            </button>
        </div>
    }
}
