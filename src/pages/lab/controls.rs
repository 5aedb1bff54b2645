//! A run view's controls: play/pause, step, reset, speed and the time scrubber; its
//! buttons; the seed and the density. Every control is labelled; they only call
//! [`RunHandle`](super::state::RunHandle) methods.

use hoplab_model::decimal::{self, fixed};
use leptos::prelude::*;

use super::state::{use_run, DEFAULT_WINDOW};
use crate::lab::driver::{fmt_speed, slider_from_speed, speed_from_slider};
use crate::lab::layout::fmt_time;
use crate::lab::show::RunButton;

/// The buttons, in runs that share a group (drawn together under its name).
fn grouped(buttons: Vec<RunButton>) -> Vec<(Option<String>, Vec<RunButton>)> {
    let mut out: Vec<(Option<String>, Vec<RunButton>)> = Vec::new();
    for b in buttons {
        match out.last_mut() {
            Some((g, list)) if *g == b.group => list.push(b),
            _ => out.push((b.group.clone(), vec![b])),
        }
    }
    out
}

#[component]
pub fn Controls() -> impl IntoView {
    let lab = use_run();
    let buttons = lab.with_show(|s| s.buttons.clone());
    let button = move |b: RunButton| {
        let id = b.id.clone();
        view! {
            <button type="button" class="button lab-fault" data-button=b.id on:click=move |_| lab.press(&id)>
                {b.label}
            </button>
        }
    };
    view! {
        <div class="lab-controls" role="group" aria-label="Run">
            <div class="lab-transport">
                <button
                    type="button"
                    class="button button--primary lab-play"
                    aria-keyshortcuts="Space"
                    on:click=move |_| lab.toggle_play()
                >
                    {move || if lab.playing() { "Pause" } else { "Play" }}
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
                        prop:value=move || fixed(slider_from_speed(lab.speed()), 2)
                        aria-valuetext=move || fmt_speed(lab.speed())
                        on:input=move |e| {
                            if let Some(v) = decimal::parse(&event_target_value(&e)) {
                                lab.set_speed(speed_from_slider(v));
                            }
                        }
                    />
                    <output>{move || fmt_speed(lab.speed())}</output>
                </label>
            </div>
            <Scrubber />
            <div class="lab-buttons" role="group" aria-label="Faults and commands">
                {grouped(buttons)
                    .into_iter()
                    .map(|(group, list)| match group {
                        None => list.into_iter().map(button).collect_view().into_any(),
                        Some(name) => {
                            let label = name.clone();
                            view! {
                            <span class="lab-button-group" role="group" aria-label=label>
                                <span class="lab-button-group-name" aria-hidden="true">{name}</span>
                                {list.into_iter().map(button).collect_view()}
                            </span>
                            }
                            .into_any()
                        }
                    })
                    .collect_view()}
            </div>
        </div>
    }
}

/// The time slider: where the run stands, of how far it has been computed; dragging it
/// pauses and seeks.
#[component]
fn Scrubber() -> impl IntoView {
    let lab = use_run();
    view! {
        <label class="lab-scrub">
            <span>"Time"</span>
            <input
                type="range"
                min="0"
                max=move || lab.horizon().to_string()
                step="100"
                prop:value=move || lab.now().to_string()
                aria-valuetext=move || fmt_time(lab.now())
                on:input=move |e| {
                    if let Ok(v) = event_target_value(&e).parse::<u64>() {
                        lab.stop_playing();
                        lab.seek(v);
                    }
                }
            />
            <output>{move || format!("{} of {}", fmt_time(lab.now()), fmt_time(lab.horizon()))}</output>
        </label>
    }
}

/// The run's set-up: what the embedder adds (a scenario's knobs), the seed and the
/// stage density.
#[component]
pub fn Settings(#[prop(optional)] children: Option<Children>) -> impl IntoView {
    let lab = use_run();
    view! {
        <details class="lab-settings" open>
            <summary>"Set-up"</summary>
            <div class="lab-knobs">
                {children.map(|c| c())}
                <div class="lab-knob">
                    <label for="lab-seed">"Seed"</label>
                    <input
                        id="lab-seed"
                        type="number"
                        min="0"
                        step="1"
                        prop:value=move || lab.seed().to_string()
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
                                <option value=w.to_string() selected=move || lab.window() == w>{w}</option>
                            })
                            .collect_view()}
                    </select>
                </div>
            </div>
            <p class="lab-settings-note">"Changing the set-up rebuilds the run and replays it to the same time; the link keeps every choice."</p>
        </details>
    }
}
