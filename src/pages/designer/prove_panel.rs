//! "Prove it": every schedule of one or two faults on the design as it stands (sites
//! lost or partitioned, links cut, copiers restarted, writers moved, at the instants
//! that matter for it), run by the model's prover as `hoplab prove` runs it, a slice at
//! a time with progress and Stop. Per property: held or broken, the worst figure over
//! every schedule, and for a broken one its shortest schedule, watched on the lab's
//! stage from just before its last fault strikes.

use std::sync::Arc;

use gloo_timers::future::TimeoutFuture;
use hoplab_model::decimal::plain;
use hoplab_model::prove::{
    properties, seconds, Answer, Counterexample, Exploration, FaultAt, Problem, Thresholds,
};
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::components::A;

use super::state::use_ctx;
use crate::lab::driver::now_ms;
use crate::lab::url_state::RunState;
use crate::pages::lab::{RunHandle, RunShow, RunView};

/// Work a slice may do before the page draws again.
const SLICE_MS: f64 = 25.0;
/// The stage opens this long before the breaking fault, to see the run as it stood.
const LEAD_IN_MS: u64 = 5_000;

#[derive(Clone, Debug, PartialEq)]
enum Proof {
    Idle,
    Running { explored: u64, of: u64 },
    Stopped { explored: u64, of: u64 },
    Refused(String),
    Done(Arc<Answer>),
}

#[component]
pub fn ProvePanel() -> impl IntoView {
    let ctx = use_ctx();
    let proof = RwSignal::new(Proof::Idle);
    let faults = RwSignal::new(1usize);
    // Each start or stop takes a new number; a proof whose number is gone stops.
    let current = StoredValue::new(0u64);
    let running = move || matches!(proof.get(), Proof::Running { .. });
    let start = move |_| {
        let design = ctx.with_topology(Clone::clone);
        let asked = properties(&Thresholds::default());
        let problem = match Problem::new(&design, faults.get_untracked(), asked) {
            Ok(p) => p,
            Err(e) => return proof.set(Proof::Refused(e.0)),
        };
        current.update_value(|n| *n += 1);
        let mine = current.get_value();
        spawn_local(async move {
            let of = problem.count((0, 1));
            let mut exploring = Exploration::new(&problem, (0, 1), u64::MAX);
            while !exploring.finished() {
                let explored = exploring.explored();
                proof.try_set(Proof::Running { explored, of });
                TimeoutFuture::new(0).await;
                if current.try_get_value() != Some(mine) {
                    return;
                }
                let began = now_ms();
                while now_ms() - began < SLICE_MS && !exploring.step(1) {}
            }
            let (explored, cut_short) = (exploring.explored(), exploring.cut_short());
            let answer = exploring.tally().answer(&problem, explored, cut_short);
            proof.try_set(Proof::Done(Arc::new(answer)));
        });
    };
    let stop = move |_| {
        current.update_value(|n| *n += 1);
        if let Proof::Running { explored, of } = proof.get_untracked() {
            proof.set(Proof::Stopped { explored, of });
        }
    };
    on_cleanup(move || current.update_value(|n| *n += 1));
    view! {
        <section class="designer-prove" aria-labelledby="dz-prove-title">
            <h2 id="dz-prove-title">"Prove it"</h2>
            <p class="section-note">"Runs the design under every schedule of up to the faults you choose (a site lost or partitioned from the others for a minute, a link cut for a minute, a copier or a reader group restarted, a writer pointed at another site), each at the moments that matter for it: its steady state and just before and after its checkpoints and commits. Per property, the worst it gets and the shortest schedule that breaks it. "<code>"hoplab prove"</code>" gives the same answer."</p>
            <div class="run-controls">
                <label for="dz-prove-faults">"Faults per schedule"</label>
                <select id="dz-prove-faults" on:change=move |ev| faults.set(event_target_value(&ev).parse().unwrap_or(1))>
                    <option value="1" selected=true>"1"</option>
                    <option value="2">"2"</option>
                </select>
                <button type="button" class="primary" on:click=start disabled=running>"Prove"</button>
                <button type="button" on:click=stop disabled=move || !running()>"Stop"</button>
            </div>
            <div role="status" aria-live="polite" class="prove-status">
                {move || match proof.get() {
                    Proof::Idle => view! { <p class="row-note">"Not proved yet."</p> }.into_any(),
                    Proof::Running { explored, of } => view! {
                        <label class="run-progress">
                            <span>{format!("Proving… {explored} of {of} schedules")}</span>
                            <progress max=of.to_string() value=explored.to_string()></progress>
                        </label>
                    }.into_any(),
                    Proof::Stopped { explored, of } => view! { <p>{format!("Stopped after {explored} of {of} schedules. Nothing was kept.")}</p> }.into_any(),
                    Proof::Refused(why) => view! { <p class="notice notice--error">{why}</p> }.into_any(),
                    Proof::Done(a) => view! { <Findings answer=a /> }.into_any(),
                }}
            </div>
        </section>
    }
}

#[component]
fn Findings(answer: Arc<Answer>) -> impl IntoView {
    let watching = RwSignal::new(None::<(String, Counterexample)>);
    let instants: Vec<String> = answer.instants_ms.iter().map(|&t| seconds(t)).collect();
    let faults = match answer.max_faults {
        1 => "1 fault".to_string(),
        n => format!("{n} faults"),
    };
    view! {
        <p class="prove-verdict">{if answer.held { "Every property held under every schedule." } else { "A property breaks: its shortest schedule is beside it." }}</p>
        <p class="row-note">{format!("{} schedules of up to {faults}, faults striking at {}.", answer.schedules_explored, instants.join(", "))}</p>
        <table class="challenge-results prove-results">
            <thead><tr><th scope="col">"Property"</th><th scope="col">"Target"</th><th scope="col">"Worst"</th><th scope="col">"Result"</th></tr></thead>
            <tbody>
                {answer.properties.iter().map(|p| {
                    let broken = p.counterexample.clone();
                    view! {
                        <tr data-property=p.id.clone() class:is-miss=!p.held>
                            <th scope="row">{p.says.clone()}</th>
                            <td data-label="Target">{p.target.clone()}</td>
                            <td data-label="Worst">{plain(p.worst)}</td>
                            <td data-label="Result">
                                {match broken {
                                    None => view! { "holds" }.into_any(),
                                    Some(c) => {
                                        let says = p.says.clone();
                                        let words = schedule_words(&c.faults);
                                        view! {
                                            "breaks · " <A href=format!("/cards/{}", p.card)>"Read the card"</A>
                                            <span class="prove-schedule">{format!("Shortest: {words} → {}.", plain(c.figure))}</span>
                                            <button type="button" on:click=move |_| watching.set(Some((says.clone(), c.clone())))>"Watch it break"</button>
                                        }.into_any()
                                    }
                                }}
                            </td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
        {move || watching.get().map(|(says, c)| view! { <WatchBreak property=says counterexample=c /> })}
    }
}

/// "Nothing at all" for the schedule without faults (the design breaks as it stands).
fn schedule_words(faults: &[FaultAt]) -> String {
    if faults.is_empty() {
        return "with no fault at all".into();
    }
    let words: Vec<String> = faults.iter().map(FaultAt::words).collect();
    words.join(", then ")
}

/// The counterexample on the lab's stage, from just before its last fault; its heading
/// takes the focus, so a keyboard or screen-reader user lands on it.
#[component]
fn WatchBreak(property: String, counterexample: Counterexample) -> impl IntoView {
    let heading = NodeRef::<leptos::html::H3>::new();
    Effect::new(move |_| {
        if let Some(h) = heading.get() {
            let _ = h.focus();
        }
    });
    let spec = counterexample.scenario.clone();
    let mut show = RunShow::for_spec(&spec);
    // The designer's forms share the page: Space and → stay theirs.
    show.page_keys = false;
    let state = RunState {
        time_ms: counterexample.breaks_at_ms.saturating_sub(LEAD_IN_MS),
        ..RunState::default()
    };
    view! {
        <div class="designer-watch prove-watch">
            <h3 tabindex="-1" node_ref=heading>{format!("How “{property}” breaks")}</h3>
            <p class="row-note">{format!("The stage stands {} s before the schedule's last fault; play to watch it strike.", LEAD_IN_MS / 1000)}</p>
            <RunView run=RunHandle::with_state(spec, show, state) />
        </div>
    }
}
