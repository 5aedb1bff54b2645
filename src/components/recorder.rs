//! Recording an answer aloud: the microphone (`getUserMedia`) into a `MediaRecorder` while
//! the learner answers, played back in an `<audio>` from an object URL, kept in this
//! browser (`recordings_db`) or discarded. Nothing is sent anywhere. A browser without a
//! recorder, no microphone or a refused permission each get a line, and practice goes on.
//! The practice session and a card page's timed reveals (`pages::card::reveal`, whose
//! recorder comes in a chunk of its own) both use it.

use js_sys::{Array, Reflect};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, BlobEvent, BlobPropertyBag, MediaRecorder, MediaStream, MediaStreamConstraints,
};

use super::recordings_db;
use crate::practice::recording::{failure_line, Part, NOT_STORED_LINE, UNSUPPORTED_LINE};

/// Where a take is.
#[derive(Clone, Debug, PartialEq)]
pub enum Take {
    Idle,
    /// Waiting for the browser's microphone permission.
    Asking,
    Recording,
    /// Recorded: playable from `url`; `saved` says whether it is kept.
    Ready {
        url: String,
        saved: Saved,
    },
    Failed(&'static str),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    No,
    Kept,
    NotStored,
}

struct Live {
    recorder: MediaRecorder,
    stream: MediaStream,
    _on_data: Closure<dyn FnMut(BlobEvent)>,
    _on_stop: Closure<dyn FnMut()>,
}

fn stop_tracks(stream: &MediaStream) {
    for track in stream.get_tracks().iter() {
        if let Ok(track) = track.dyn_into::<web_sys::MediaStreamTrack>() {
            track.stop();
        }
    }
}

/// True when this browser can record here (a secure page with `mediaDevices` and
/// `MediaRecorder`).
fn supported() -> bool {
    let window = window();
    let has = |on: &JsValue, name: &str| {
        Reflect::get(on, &name.into()).is_ok_and(|v| !v.is_undefined() && !v.is_null())
    };
    let devices = Reflect::get(&window.navigator(), &"mediaDevices".into()).unwrap_or_default();
    has(&window, "MediaRecorder") && has(&devices, "getUserMedia")
}

/// One answer's recorder: a handle the session's keys and the view share.
#[derive(Clone, Copy)]
pub struct Recorder {
    card: StoredValue<String>,
    part: Part,
    pub take: RwSignal<Take>,
    live: StoredValue<Option<Live>, LocalStorage>,
    /// The last take and its length in milliseconds.
    recorded: StoredValue<Option<(Blob, f64)>, LocalStorage>,
    started: StoredValue<f64>,
}

impl Recorder {
    /// A recorder for `card`'s `part`, owned by the current component: leaving it stops the
    /// microphone and frees the take (unless kept, it is gone).
    pub fn new(card: &str, part: Part) -> Recorder {
        let take = if supported() {
            Take::Idle
        } else {
            Take::Failed(UNSUPPORTED_LINE)
        };
        let recorder = Recorder {
            card: StoredValue::new(card.to_string()),
            part,
            take: RwSignal::new(take),
            live: StoredValue::new_local(None),
            recorded: StoredValue::new_local(None),
            started: StoredValue::new(0.0),
        };
        on_cleanup(move || recorder.release());
        recorder
    }

    pub fn is_recording(&self) -> bool {
        self.take.try_with_untracked(|t| *t == Take::Recording) == Some(true)
    }

    /// R and the button: start, or stop a take being recorded.
    pub fn toggle(self) {
        match self.take.try_get_untracked() {
            Some(Take::Recording) => self.stop(),
            Some(Take::Idle | Take::Ready { .. } | Take::Failed(_)) if supported() => self.start(),
            _ => {}
        }
    }

    /// Stops a take being recorded (the reveal does, as the clock stops).
    pub fn stop(self) {
        if self.is_recording() {
            self.live.try_with_value(|live| {
                if let Some(live) = live {
                    _ = live.recorder.stop();
                }
            });
        }
    }

    fn start(self) {
        self.discard();
        self.take.set(Take::Asking);
        spawn_local(async move {
            let stream = match ask_for_microphone().await {
                Ok(stream) => stream,
                Err(line) => {
                    _ = self.take.try_set(Take::Failed(line));
                    return;
                }
            };
            // The card may have moved on while the browser asked.
            if self.take.try_get_untracked() != Some(Take::Asking) {
                stop_tracks(&stream);
                return;
            }
            match self.record(stream.clone()) {
                Ok(live) => {
                    self.live.set_value(Some(live));
                    self.started.set_value(js_sys::Date::now());
                    self.take.set(Take::Recording);
                }
                Err(_) => {
                    stop_tracks(&stream);
                    self.take.set(Take::Failed(failure_line("")));
                }
            }
        });
    }

    fn record(self, stream: MediaStream) -> Result<Live, JsValue> {
        let recorder = MediaRecorder::new_with_media_stream(&stream)?;
        let chunks = Array::new();
        let on_data = {
            let chunks = chunks.clone();
            Closure::<dyn FnMut(BlobEvent)>::new(move |event: BlobEvent| {
                if let Some(data) = event.data() {
                    chunks.push(&data);
                }
            })
        };
        let on_stop = {
            let recorder = recorder.clone();
            let stream = stream.clone();
            Closure::<dyn FnMut()>::new(move || {
                stop_tracks(&stream);
                let options = BlobPropertyBag::new();
                options.set_type(&recorder.mime_type());
                let Ok(blob) = Blob::new_with_blob_sequence_and_options(&chunks, &options) else {
                    return;
                };
                let length = js_sys::Date::now() - self.started.try_get_value().unwrap_or_default();
                let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
                    return;
                };
                if self.recorded.try_set_value(Some((blob, length))).is_some() {
                    // Already gone with its card.
                    _ = web_sys::Url::revoke_object_url(&url);
                    return;
                }
                _ = self.take.try_set(Take::Ready {
                    url,
                    saved: Saved::No,
                });
            })
        };
        recorder.set_ondataavailable(Some(on_data.as_ref().unchecked_ref()));
        recorder.set_onstop(Some(on_stop.as_ref().unchecked_ref()));
        recorder.start()?;
        Ok(Live {
            recorder,
            stream,
            _on_data: on_data,
            _on_stop: on_stop,
        })
    }

    /// Keeps the take in this browser.
    pub fn keep(self) {
        let Some((blob, length)) = self.recorded.get_value() else {
            return;
        };
        let card = self.card.get_value();
        let part = self.part;
        spawn_local(async move {
            let saved = match recordings_db::keep(&card, part, length, &blob).await {
                Ok(_) => Saved::Kept,
                Err(_) => Saved::NotStored,
            };
            self.take.try_update(|take| {
                if let Take::Ready { saved: s, .. } = take {
                    *s = saved;
                }
            });
        });
    }

    /// Drops the take (a kept copy stays kept).
    pub fn discard(self) {
        if let Some(Take::Ready { url, .. }) = self.take.try_get_untracked() {
            _ = web_sys::Url::revoke_object_url(&url);
        }
        self.recorded.try_set_value(None);
        _ = self.take.try_set(Take::Idle);
    }

    /// The microphone off and the take's URL freed, as the card goes.
    fn release(self) {
        if let Some(Some(live)) = self.live.try_update_value(Option::take) {
            live.recorder.set_onstop(None);
            if live.recorder.state() != web_sys::RecordingState::Inactive {
                _ = live.recorder.stop();
            }
            stop_tracks(&live.stream);
        }
        if let Some(Take::Ready { url, .. }) = self.take.try_get_untracked() {
            _ = web_sys::Url::revoke_object_url(&url);
        }
    }
}

async fn ask_for_microphone() -> Result<MediaStream, &'static str> {
    let devices = window()
        .navigator()
        .media_devices()
        .map_err(|_| UNSUPPORTED_LINE)?;
    let constraints = MediaStreamConstraints::new();
    constraints.set_audio(&JsValue::TRUE);
    let promise = devices
        .get_user_media_with_constraints(&constraints)
        .map_err(|_| UNSUPPORTED_LINE)?;
    match JsFuture::from(promise).await {
        Ok(stream) => Ok(stream.unchecked_into()),
        Err(error) => {
            let name = error
                .dyn_ref::<web_sys::DomException>()
                .map(|e| e.name())
                .unwrap_or_default();
            Err(failure_line(&name))
        }
    }
}

/// The record button, what the recorder is doing, and the take to play, keep or discard.
/// `shortcut` says when R is this recorder's key.
#[component]
pub fn RecorderView(
    recorder: Recorder,
    what: &'static str,
    shortcut: impl Fn() -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    // The view's effects can outlive the card for a moment as the session moves on, so
    // they read the recorder with `try_`.
    let take = recorder.take;
    let now = move || take.try_get().unwrap_or(Take::Idle);
    let is = move |want: fn(&Take) -> bool| take.try_with(want).unwrap_or(false);
    let key = move || if shortcut() { " (R)" } else { "" };
    let button_text = move || match now() {
        Take::Asking => "Asking for the microphone…".to_string(),
        Take::Recording => format!("Stop recording{}", key()),
        Take::Ready { .. } => format!("Record your {what} again{}", key()),
        Take::Idle | Take::Failed(_) => format!("Record your {what}{}", key()),
    };
    let status = move || match now() {
        Take::Recording => "Recording: the microphone is on.".to_string(),
        Take::Failed(line) => line.to_string(),
        Take::Ready {
            saved: Saved::Kept, ..
        } => "Kept in this browser: it is listed under “Your recordings” on the practice page."
            .to_string(),
        Take::Ready {
            saved: Saved::NotStored,
            ..
        } => NOT_STORED_LINE.to_string(),
        Take::Ready { .. } => "Play it back beside the answers, then keep or discard it.".into(),
        Take::Idle | Take::Asking => String::new(),
    };
    let unsupported = take.get_untracked() == Take::Failed(UNSUPPORTED_LINE);
    crate::page_styles::RECORDER.add();
    view! {
        <div class="recorder" role="group" aria-label=format!("Record your {what}")>
            <button
                type="button"
                class="button recorder__button"
                class:recorder__button--on=move || is(|t| *t == Take::Recording)
                aria-keyshortcuts=move || shortcut().then_some("R")
                aria-pressed=move || if is(|t| *t == Take::Recording) { "true" } else { "false" }
                disabled=move || unsupported || is(|t| *t == Take::Asking)
                on:click=move |_| recorder.toggle()
            >
                <span class="recorder__dot" aria-hidden="true"></span>
                {button_text}
            </button>
            <p
                class="recorder__status"
                class:recorder__status--failed=move || is(|t| matches!(t, Take::Failed(_)))
                role="status"
                data-testid=format!("recorder-{}", recorder.part.id())
            >
                {status}
            </p>
            {move || match now() {
                Take::Ready { url, saved } => Some(view! {
                    <div class="recorder__take">
                        <audio class="recorder__audio" controls=true preload="metadata" src=url aria-label=format!("Your recorded {what}")></audio>
                        {(saved == Saved::No).then(|| view! {
                            <button type="button" class="button" on:click=move |_| recorder.keep()>"Keep it"</button>
                            <button type="button" class="button" on:click=move |_| recorder.discard()>"Discard"</button>
                        })}
                    </div>
                }),
                _ => None,
            }}
        </div>
    }
}
