use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::components::{Recorder, RecorderView};
use crate::practice::recording::Part;

/// A timed reveal's record button for a card's slug and answer; `revealed` stops a take as
/// the answer shows. The card page fetches it in a chunk of its own after it shows
/// (`lazy_pages::card_recorder_chunk`), so the card's first download holds no recorder.
pub type RecordButton = fn(String, Part, Signal<bool>) -> AnyView;

/// How the card page gets its record button: the app provides it as context
/// (`lazy_pages::load_card_recorder`, from the recorder's own chunk).
#[derive(Clone, Copy)]
pub struct LoadCardRecorder(pub fn(RwSignal<Option<RecordButton>>));

/// The record button the recorder chunk holds (see `RecordButton`).
pub fn record_button(card: String, part: Part, revealed: Signal<bool>) -> AnyView {
    let recorder = Recorder::new(&card, part);
    Effect::new(move || {
        if revealed.get() {
            recorder.stop();
        }
    });
    view! { <RecorderView recorder what=part.label() shortcut=|| false /> }.into_any()
}

/// Fetches the record button into `button` after the next paint (the app provides the
/// loader; a page mounted without it, as in most component tests, shows none).
pub fn load_recorder_after_paint(button: RwSignal<Option<RecordButton>>) {
    let load = use_context::<LoadCardRecorder>().map(|LoadCardRecorder(load)| load);
    super::progress_parts::after_paint(button, load);
}

/// An answer hidden behind "say it out loud first": start a countdown for the time an
/// interviewer would give, or reveal at once. With `record` (the card's slug and which
/// answer) and a `recorder`, the learner can record the answer while the clock runs and
/// play it back beside the revealed answer.
#[component]
pub fn TimedReveal(
    id: &'static str,
    title: &'static str,
    seconds: u32,
    html: String,
    #[prop(optional)] record: Option<(String, Part)>,
    #[prop(optional, into)] recorder: MaybeProp<RecordButton>,
) -> impl IntoView {
    let revealed = RwSignal::new(false);
    let remaining = RwSignal::new(None::<u32>);
    // Each countdown gets a number; a newer one (or a reveal) makes older ticks stop.
    let run = RwSignal::new(0u32);

    let start = move |_| {
        let this_run = run.get_untracked() + 1;
        run.set(this_run);
        remaining.set(Some(seconds));
        spawn_local(async move {
            for left in (0..seconds).rev() {
                TimeoutFuture::new(1_000).await;
                if run.try_get_untracked() != Some(this_run) {
                    return;
                }
                remaining.set(Some(left));
            }
            revealed.set(true);
            remaining.set(None);
        });
    };
    let reveal_now = move |_| {
        run.update(|r| *r += 1);
        remaining.set(None);
        revealed.set(true);
    };
    let hide = move |_| {
        run.update(|r| *r += 1);
        revealed.set(false);
    };
    let record_view = move || {
        let (card, part) = record.clone()?;
        Some(match recorder.get() {
            Some(show) => show(card, part, revealed.into()),
            None => view! { <RecordButtonPending what=part.label() /> }.into_any(),
        })
    };
    let heading_id = format!("{id}-heading");
    let labelled_by = heading_id.clone();
    view! {
        <div class="reveal" aria-labelledby=labelled_by role="region">
            <h3 id=heading_id>{title}</h3>
            <Show
                when=move || revealed.get()
                fallback=move || {
                    view! {
                        <div class="reveal__cover">
                            <p class="countdown" aria-live="polite">
                                {move || match remaining.get() {
                                    Some(left) => format!("{left} s left: keep talking"),
                                    None => format!("Take {seconds} seconds and answer aloud."),
                                }}
                            </p>
                            <div class="reveal__buttons">
                                <button type="button" class="button" on:click=start disabled=move || remaining.get().is_some()>
                                    {format!("Start {seconds}-second countdown")}
                                </button>
                                <button type="button" class="button button--primary" on:click=reveal_now>
                                    "Reveal answer"
                                </button>
                            </div>
                        </div>
                    }
                }
            >
                <div class="prose reveal__answer" inner_html=html.clone()></div>
                <button type="button" class="button button--quiet" on:click=hide>"Hide again"</button>
            </Show>
            {record_view}
        </div>
    }
}

/// Where the record button will be, hidden until the recorder chunk arrives, so its arrival
/// moves nothing below it (the idle recorder is this button; its status line is empty).
#[component]
fn RecordButtonPending(what: &'static str) -> impl IntoView {
    view! {
        <div class="recorder-pending" aria-hidden="true" inert="">
            <button type="button" class="button" disabled tabindex="-1">{format!("Record your {what}")}</button>
        </div>
    }
}
