//! `/lab/:scenario`: one scenario on the shared [`RunView`]. The URL holds the whole
//! state (knobs and run); a bad URL gets a message and defaults.

use hoplab_model::scenarios;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::{use_navigate, use_params_map, use_query_map};
use leptos_router::NavigateOptions;

use super::run_view::RunView;
use super::state::RunHandle;
use crate::components::set_page_title;
use crate::lab::show::RunShow;
use crate::lab::url_state::{self, LabState};

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

fn query_pairs(q: &leptos_router::params::ParamsMap) -> Vec<(String, String)> {
    q.into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// One scenario on the shared run view; the URL holds the whole view (knobs and run).
#[component]
fn LabRun(id: String) -> impl IntoView {
    let scenario = scenarios::get(&id).expect("checked by LabPage");
    set_page_title(scenario.title);
    let query = use_query_map();
    let parsed = url_state::parse(&scenario, &query_pairs(&query.get_untracked()));
    let problems = RwSignal::new(parsed.problems.clone());
    let knobs = RwSignal::new(parsed.state.knobs.clone());
    // The parsed knobs hold a value for every knob, so this fails only if the library
    // itself is broken; say so rather than stop the page.
    let spec = match scenario.build(&parsed.state.knobs) {
        Ok(spec) => spec,
        Err(e) => {
            return view! {
                <div class="page lab">
                    <h1>{scenario.title}</h1>
                    <div class="notice notice--error" role="alert">
                        <p>"This scenario could not be built: " {e.to_string()}</p>
                    </div>
                </div>
            }
            .into_any()
        }
    };
    let run = RunHandle::with_state(
        spec,
        RunShow::for_scenario(&scenario),
        parsed.state.run.clone(),
    );
    // What the URL last said or was told; after a malformed URL, nothing, so the next
    // change rewrites it and a copied link no longer carries the mistakes.
    let last_query = StoredValue::new(if parsed.problems.is_empty() {
        url_state::to_query(&parsed.state)
    } else {
        String::from("\u{0}")
    });
    let navigate = use_navigate();
    run.on_change(move |run| {
        let state = LabState {
            knobs: knobs.get_untracked(),
            run: run.state(),
        };
        let query = url_state::to_query(&state);
        if query == last_query.get_value() {
            return;
        }
        last_query.set_value(query.clone());
        // In a task of its own: this is called from the animation frame, and the history
        // write makes Chromium restyle the fresh stage there and then, inside the frame.
        let navigate = navigate.clone();
        let path = format!("/lab/{id}");
        set_timeout(
            move || {
                // Unless the reader has left the scenario meanwhile.
                let here = window().location().pathname().unwrap_or_default();
                if here.trim_end_matches('/') == path {
                    navigate(
                        &format!("{path}{query}"),
                        NavigateOptions {
                            replace: true,
                            scroll: false,
                            ..NavigateOptions::default()
                        },
                    );
                }
            },
            std::time::Duration::ZERO,
        );
    });
    let scenario = StoredValue::new(scenario);

    // Someone else changed the query (a link, the back button): load what it says.
    Effect::new(move |first_done: Option<()>| {
        let pairs = query_pairs(&query.read());
        if first_done.is_none() {
            return; // The page was built from this query already.
        }
        let parsed = scenario.with_value(|s| url_state::parse(s, &pairs));
        if url_state::to_query(&parsed.state) != last_query.get_value() {
            last_query.set_value(url_state::to_query(&parsed.state));
            run.stop_playing();
            problems.set(parsed.problems);
            knobs.set(parsed.state.knobs.clone());
            match scenario.with_value(|s| s.build(&parsed.state.knobs)) {
                Ok(spec) => run.load(Some(spec), &parsed.state.run),
                Err(e) => run.show_error(e.to_string()),
            }
        }
    });

    let (title, summary, card) = scenario.with_value(|s| (s.title, s.summary, s.card));
    view! {
        <div class="page lab lab-run">
            <header class="lab-head">
                <p class="lab-kicker"><A href="/lab">"The lab"</A> " · scenario"</p>
                <h1>{title}</h1>
                <p class="lede">{summary}</p>
                <p class="lab-card-link">
                    "Shows what the card claims: "
                    <A href=format!("/cards/{card}")>"read the card"</A>
                </p>
            </header>
            <Problems problems />
            <RunView run=run>
                {move || run.panels().ready().map(|p| (p.knobs)(scenario, knobs, run))}
            </RunView>
        </div>
    }
    .into_any()
}

#[component]
fn Problems(problems: RwSignal<Vec<String>>) -> impl IntoView {
    move || {
        let list = problems.get();
        (!list.is_empty()).then(|| {
            view! {
                <div class="notice lab-problems" role="status">
                    <p>
                        <strong>"Some of this link’s settings could not be used. "</strong>
                        "The scenario’s defaults are shown in their place."
                    </p>
                    <ul>{list.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul>
                    <button type="button" class="button button--quiet" on:click=move |_| problems.set(vec![])>
                        "Dismiss"
                    </button>
                </div>
            }
        })
    }
}
