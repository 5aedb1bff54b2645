//! The lab's controls: play/pause, step, reset, speed and the time scrubber; the
//! scenario's knobs, the seed, the density; and its fault buttons. Every control is
//! labelled; they only call [`Lab`](super::state::Lab) methods.

use hoplab_model::{KnobKind, KnobValue};
use leptos::prelude::*;

use super::state::{use_lab, DEFAULT_WINDOW};
use crate::lab::driver::{fmt_speed, slider_from_speed, speed_from_slider};
use crate::lab::layout::fmt_time;

#[component]
pub fn Controls() -> impl IntoView {
    let lab = use_lab();
    let buttons = lab.scenario.with_value(|s| s.buttons.clone());
    view! {
        <div class="lab-controls" role="group" aria-label="Run">
            <div class="lab-transport">
                <button
                    type="button"
                    class="button button--primary lab-play"
                    aria-keyshortcuts="Space"
                    on:click=move |_| lab.toggle_play()
                >
                    {move || if lab.playing.get() { "Pause" } else { "Play" }}
                </button>
                <button
                    type="button"
                    class="button lab-step"
                    aria-keyshortcuts="ArrowRight"
                    aria-label="Step one event"
                    on:click=move |_| lab.step()
                >
                    "Step ▸"
                </button>
                <button type="button" class="button lab-reset" on:click=move |_| lab.reset()>"Reset"</button>
                <label class="lab-speed">
                    <span>"Speed"</span>
                    <input
                        type="range"
                        min="-1"
                        max="2"
                        step="0.05"
                        prop:value=move || format!("{:.2}", slider_from_speed(lab.speed.get()))
                        aria-valuetext=move || fmt_speed(lab.speed.get())
                        on:input=move |e| {
                            if let Ok(v) = event_target_value(&e).parse::<f64>() {
                                lab.speed.set(speed_from_slider(v));
                                lab.sync_url();
                            }
                        }
                    />
                    <output>{move || fmt_speed(lab.speed.get())}</output>
                </label>
            </div>
            <label class="lab-scrub">
                <span>"Time"</span>
                <input
                    type="range"
                    min="0"
                    max=move || lab.horizon.get().to_string()
                    step="100"
                    prop:value=move || lab.now.get().to_string()
                    aria-valuetext=move || fmt_time(lab.now.get())
                    on:input=move |e| {
                        if let Ok(v) = event_target_value(&e).parse::<u64>() {
                            lab.playing.set(false);
                            lab.seek(v);
                        }
                    }
                />
                <output>{move || format!("{} of {}", fmt_time(lab.now.get()), fmt_time(lab.horizon.get()))}</output>
            </label>
            <div class="lab-buttons" role="group" aria-label="Faults and commands">
                {buttons
                    .into_iter()
                    .map(|b| {
                        let id = b.id;
                        view! {
                            <button type="button" class="button lab-fault" data-button=id on:click=move |_| lab.press(id)>
                                {b.label}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </div>
    }
}

/// The scenario's knobs, the seed and the stage density.
#[component]
pub fn Settings() -> impl IntoView {
    let lab = use_lab();
    let knobs = lab.scenario.with_value(|s| s.knobs.clone());
    let set = move |id: &'static str, raw: String| {
        let mut pairs: Vec<(String, String)> = lab.knobs.get_untracked().to_pairs();
        pairs.retain(|(k, _)| k != id);
        pairs.push((id.to_string(), raw));
        let parsed = lab.scenario.with_value(|s| {
            s.values_from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        });
        match parsed {
            Ok(v) => lab.set_knobs(v),
            Err(e) => lab.error.set(Some(e.to_string())),
        }
    };
    let knob_views = knobs
        .into_iter()
        .map(|k| {
            let id = k.id;
            let current = move || lab.knobs.with(|v| v.get(id).cloned());
            let input_id = format!("knob-{id}");
            let control = match k.kind {
                KnobKind::Choice { options, .. } => view! {
                    <select id=input_id.clone() data-knob=id on:change=move |e| set(id, event_target_value(&e))>
                        {options
                            .into_iter()
                            .map(|(v, l)| {
                                let v2 = v.clone();
                                view! {
                                    <option value=v selected=move || matches!(current(), Some(KnobValue::Choice(c)) if c == v2)>{l}</option>
                                }
                            })
                            .collect_view()}
                    </select>
                }
                .into_any(),
                KnobKind::Toggle { .. } => view! {
                    <input
                        id=input_id.clone()
                        type="checkbox"
                        data-knob=id
                        prop:checked=move || matches!(current(), Some(KnobValue::Toggle(true)))
                        on:change=move |e| set(id, event_target_checked(&e).to_string())
                    />
                }
                .into_any(),
                KnobKind::Range { min, max, step, .. } => view! {
                    <input
                        id=input_id.clone()
                        type="number"
                        data-knob=id
                        min=min
                        max=max
                        step=step
                        prop:value=move || current().map(|v| v.to_string()).unwrap_or_default()
                        on:change=move |e| set(id, event_target_value(&e))
                    />
                }
                .into_any(),
            };
            view! {
                <div class="lab-knob">
                    <label for=input_id>{k.label}</label>
                    {control}
                </div>
            }
        })
        .collect_view();
    view! {
        <details class="lab-settings" open>
            <summary>"Set-up"</summary>
            <div class="lab-knobs">
                {knob_views}
                <div class="lab-knob">
                    <label for="lab-seed">"Seed"</label>
                    <input
                        id="lab-seed"
                        type="number"
                        min="0"
                        step="1"
                        prop:value=move || lab.seed.get().to_string()
                        on:change=move |e| {
                            if let Ok(s) = event_target_value(&e).trim().parse::<u64>() {
                                lab.set_seed(s);
                            }
                        }
                    />
                </div>
                <div class="lab-knob">
                    <label for="lab-window">"Records per row"</label>
                    <select id="lab-window" on:change=move |e| {
                        let w = event_target_value(&e).parse::<usize>().ok();
                        lab.set_window(w.filter(|&w| w != DEFAULT_WINDOW));
                    }>
                        {[20usize, 40, 80, 150, 250]
                            .into_iter()
                            .map(|w| view! {
                                <option value=w.to_string() selected=move || lab.window.get().unwrap_or(DEFAULT_WINDOW) == w>{w}</option>
                            })
                            .collect_view()}
                    </select>
                </div>
            </div>
            <p class="lab-settings-note">"Changing the set-up rebuilds the run and replays it to the same time; the link keeps every choice."</p>
        </details>
    }
}
