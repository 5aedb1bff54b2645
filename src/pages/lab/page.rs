//! `/lab/:scenario`: one scenario running, with its stage, controls, measures and
//! narration. The URL holds the whole state; a bad URL gets a message and defaults.

use hoplab_model::scenarios;
use leptos::ev;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::{use_navigate, use_params_map, use_query_map};
use leptos_router::NavigateOptions;
use wasm_bindgen::JsCast;

use super::charts::Charts;
use super::controls::{Controls, Settings};
use super::narration::{Measures, Narration};
use super::stage::Stage;
use super::state::Lab;
use crate::components::set_page_title;
use crate::lab::driver::start_raf;
use crate::lab::url_state;

#[component]
pub fn LabPage() -> impl IntoView {
    let params = use_params_map();
    let id = Memo::new(move |_| params.read().get("scenario").unwrap_or_default());
    move || {
        let id = id.get();
        match scenarios::get(&id) {
            Some(_) => view! { <LabRun id=id /> }.into_any(),
            None => view! { <UnknownScenario id=id /> }.into_any(),
        }
    }
}

#[component]
fn UnknownScenario(id: String) -> impl IntoView {
    set_page_title("Lab");
    view! {
        <div class="page lab">
            <h1>"No such scenario"</h1>
            <div class="notice notice--error lab-problems" role="alert">
                <p>"The lab has no scenario called “" {id} "”. Pick one of these:"</p>
            </div>
            <ul class="lab-scenario-links">
                {scenarios::all()
                    .into_iter()
                    .map(|s| {
                        view! { <li><A href=format!("/lab/{}", s.id)>{s.title}</A></li> }
                    })
                    .collect_view()}
            </ul>
        </div>
    }
}

fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

fn query_pairs(q: &leptos_router::params::ParamsMap) -> Vec<(String, String)> {
    q.into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Whether a key press belongs to a form control rather than to the lab's shortcuts.
fn typing_into(target: Option<web_sys::EventTarget>) -> bool {
    target
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| {
            matches!(
                e.tag_name().to_ascii_lowercase().as_str(),
                "input" | "select" | "textarea" | "button" | "a" | "summary"
            ) || e.closest("[contenteditable]").ok().flatten().is_some()
        })
}

#[component]
fn LabRun(id: String) -> impl IntoView {
    let scenario = scenarios::get(&id).expect("checked by LabPage");
    set_page_title(scenario.title);
    let query = use_query_map();
    let parsed = url_state::parse(&scenario, &query_pairs(&query.get_untracked()));
    let had_problems = !parsed.problems.is_empty();
    let lab = Lab::new(
        scenario.clone(),
        parsed.state,
        parsed.problems,
        prefers_reduced_motion(),
    );
    if had_problems {
        lab.forget_query();
    }
    let navigate = use_navigate();
    lab.set_navigate(move |path| {
        navigate(
            path,
            NavigateOptions {
                replace: true,
                scroll: false,
                ..NavigateOptions::default()
            },
        )
    });
    provide_context(lab);

    // Someone else changed the query (a link, the back button): load what it says.
    Effect::new(move |first_done: Option<()>| {
        let pairs = query_pairs(&query.read());
        if first_done.is_none() {
            return; // The page was built from this query already.
        }
        let parsed = lab.scenario.with_value(|s| url_state::parse(s, &pairs));
        if url_state::to_query(&parsed.state) != lab.last_query.get_value() {
            lab.playing.set(false);
            lab.problems.set(parsed.problems);
            lab.load(&parsed.state);
        }
    });

    let raf = StoredValue::new_local(Some(start_raf(move |t| lab.frame(t))));
    let keys = window_event_listener(ev::keydown, move |e: web_sys::KeyboardEvent| {
        if e.ctrl_key() || e.meta_key() || e.alt_key() || typing_into(e.target()) {
            return;
        }
        match e.key().as_str() {
            " " => {
                e.prevent_default();
                lab.toggle_play();
            }
            "ArrowRight" => {
                e.prevent_default();
                lab.step();
            }
            _ => {}
        }
    });
    on_cleanup(move || {
        keys.remove();
        raf.update_value(|r| {
            if let Some(r) = r.take() {
                r.stop();
            }
        });
    });

    let card = scenario.card;
    view! {
        <div class="page lab lab-run">
            <header class="lab-head">
                <p class="lab-kicker"><A href="/lab">"The lab"</A> " · scenario"</p>
                <h1>{scenario.title}</h1>
                <p class="lede">{scenario.summary}</p>
                <p class="lab-card-link">
                    "Shows what the card claims: "
                    <A href=format!("/cards/{card}")>"read the card"</A>
                </p>
            </header>
            <Problems />
            {move || lab.error.get().map(|e| view! {
                <div class="notice notice--error" role="alert"><p>"The model refused this set-up: " {e}</p></div>
            })}
            <Controls />
            <div class="lab-grid">
                <div class="lab-main">
                    <Stage />
                    <Narration />
                </div>
                <aside class="lab-side" aria-label="Measures">
                    <Measures />
                    <Charts />
                </aside>
            </div>
            <Settings />
            <p class="visually-hidden" aria-live="polite" id="lab-spoken">{move || lab.spoken.get()}</p>
        </div>
    }
}

#[component]
fn Problems() -> impl IntoView {
    let lab = super::state::use_lab();
    move || {
        let problems = lab.problems.get();
        (!problems.is_empty()).then(|| {
            view! {
                <div class="notice lab-problems" role="status">
                    <p>
                        <strong>"Some of this link’s settings could not be used. "</strong>
                        "The scenario’s defaults are shown in their place."
                    </p>
                    <ul>{problems.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul>
                    <button type="button" class="button button--quiet" on:click=move |_| lab.problems.set(vec![])>
                        "Dismiss"
                    </button>
                </div>
            }
        })
    }
}
