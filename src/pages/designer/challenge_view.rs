//! `/challenges/<id>`: a design challenge in the designer. The brief above the canvas, the
//! givens loaded and locked (they cannot be removed or renamed, only added to), and
//! "Grade", which runs the brief's hidden faults on every seed, one seed per slice, with
//! the model's grader (`hoplab_model::challenge`, the same as `hoplab grade`); per
//! requirement the target, the worst seed's figure and, for a miss, its card and that
//! seed's faults to watch. Whether a challenge was passed is kept in this browser.

use std::sync::Arc;

use gloo_timers::future::TimeoutFuture;
use hoplab_model::challenge::{check_design, run_once, Challenge, Grading, Verdict};
use hoplab_model::spec::{ScenarioSpec, FORMAT_VERSION};
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::components::A;

use super::state::use_ctx;
use crate::designer::design::stream_ref;
use crate::designer::{Design, Edit, ElementRef};

/// Where a challenge's design is kept between visits.
pub fn save_key(id: &str) -> String {
    format!("hoplab.challenge.{id}")
}

fn design_of(c: &Challenge, topology: &hoplab_model::spec::Topology, name: &str) -> Design {
    Design::from_spec(ScenarioSpec {
        version: FORMAT_VERSION,
        name: name.into(),
        topology: topology.clone(),
        timeline: Vec::new(),
        duration_ms: c.duration_ms,
        sample_every_ms: 500,
        merge: None,
    })
}

/// The design a challenge starts from: its givens.
pub fn givens_design(c: &Challenge) -> Design {
    design_of(c, &c.givens, &c.title)
}

/// The brief's sites, streams, writers and reader groups.
pub fn given_elements(c: &Challenge) -> Vec<ElementRef> {
    let g = &c.givens;
    g.sites
        .iter()
        .map(|s| ElementRef::Site(s.name.clone()))
        .chain(
            g.streams
                .iter()
                .map(|s| ElementRef::Stream(stream_ref(&s.site, &s.name))),
        )
        .chain(g.writers.iter().map(|w| ElementRef::Writer(w.id.clone())))
        .chain(g.readers.iter().map(|r| ElementRef::Reader(r.id.clone())))
        .collect()
}

/// Where grading stands.
#[derive(Clone, Debug, PartialEq)]
enum Grade {
    Idle,
    Running(u32, u32),
    Done(Arc<Verdict>),
    Refused(String),
}

#[component]
pub fn Brief(challenge: Arc<Challenge>) -> impl IntoView {
    let ctx = use_ctx();
    let grade = RwSignal::new(Grade::Idle);
    let c = challenge.clone();
    let run = move |_| {
        let c = c.clone();
        let design = ctx.with_topology(Clone::clone);
        // A drill grades the timeline's moves; other briefs bring every fault themselves.
        let moves = ctx.with_design(|d| d.spec.timeline.clone());
        if let Err(e) = check_design(&c, &design, &moves) {
            return grade.set(Grade::Refused(e.0));
        }
        // Fresh seeds for every grade, so no design is tuned to known fault instants.
        let seeds = random_seeds(c.seeds);
        spawn_local(async move {
            let mut grading = Grading::new(&c);
            for (n, &seed) in seeds.iter().enumerate() {
                grade.set(Grade::Running(n as u32 + 1, c.seeds));
                // One seed per slice: the page stays live while the faults run.
                TimeoutFuture::new(0).await;
                match run_once(&c, &design, &moves, seed) {
                    Ok(measured) => grading.add(seed, &measured),
                    Err(e) => return grade.set(Grade::Refused(e.0)),
                }
            }
            let verdict = grading.verdict();
            crate::challenge_status::record(&c.id, verdict.passed);
            grade.set(Grade::Done(Arc::new(verdict)));
        });
    };
    let c = challenge.clone();
    view! {
        <section class="challenge-brief" aria-labelledby="challenge-title">
            <p class="row-note"><A href="/challenges">"Design challenges"</A> " · " {c.level.clone()}</p>
            <h1 id="challenge-title">{c.title.clone()}</h1>
            <p class="challenge-prompt">{c.brief.clone()}</p>
            <p><strong>"You may add: "</strong>{c.may_add.clone()}" The brief’s sites, streams, writers and reader groups are given: they cannot be removed."</p>
            <crate::components::RequirementList requirements=c.requirements.clone() />
            <p class="row-note">{format!("Grading runs hidden faults on {} seeds, drawn afresh for each grade; a requirement holds only if it holds on every one.", c.seeds)}</p>
            <button type="button" class="primary" on:click=run disabled=move || matches!(grade.get(), Grade::Running(..))>"Grade my design"</button>
            <div role="status" aria-live="polite" class="challenge-grade">
                {move || match grade.get() {
                    Grade::Idle => ().into_any(),
                    Grade::Running(n, of) => view! { <p>{format!("Grading: seed {n} of {of}…")}</p> }.into_any(),
                    Grade::Refused(why) => view! { <p class="notice notice--error">{why}</p> }.into_any(),
                    Grade::Done(v) => view! { <Results verdict=v challenge=challenge.clone() /> }.into_any(),
                }}
            </div>
            <GiveUp challenge=c.clone() />
        </section>
    }
}

#[component]
fn Results(verdict: Arc<Verdict>, challenge: Arc<Challenge>) -> impl IntoView {
    let ctx = use_ctx();
    let watch = move |seed: u64| {
        let c = challenge.clone();
        move |_| {
            let design = ctx.design_untracked();
            let spec = c.spec_for(design.topology(), &design.spec.timeline, seed);
            let mut next = design.clone();
            // The graded run: its faults, and each hop on the brief's link.
            next.spec.topology = spec.topology;
            next.spec.timeline = spec.timeline;
            next.spec.duration_ms = c.duration_ms;
            if ctx.edit(Edit::Replace(Box::new(next))) {
                ctx.info(format!("Seed {seed}'s faults are on the timeline below, and each hop has the brief's round trip: run the design to watch them. Undo takes them off."));
            }
        }
    };
    view! {
        <p class="challenge-verdict">{if verdict.passed { "Passed: every requirement holds on every seed." } else { "Not yet: a requirement misses on at least one seed." }}</p>
        <p class="row-note challenge-seeds">
            {format!("Seeds {}, drawn for this grade. ", seeds_words(&verdict.seeds, ", "))}
            <code>{format!("hoplab grade {} DESIGN --on-seeds {}", verdict.challenge, seeds_words(&verdict.seeds, ","))}</code>
            " gives the same verdict."
        </p>
        <table class="challenge-results">
            <thead><tr><th scope="col">"Requirement"</th><th scope="col">"Target"</th><th scope="col">"Worst seed"</th><th scope="col">"Result"</th></tr></thead>
            <tbody>
                {verdict.requirements.iter().map(|r| view! {
                    <tr data-requirement=r.id.clone() class:is-miss=!r.passed>
                        <th scope="row">{r.says.clone()}</th>
                        <td data-label="Target">{r.target.clone()}</td>
                        <td data-label="Worst seed">{figure(r.measured, r.seed)}</td>
                        <td data-label="Result">
                            {if r.passed { view! { "holds" }.into_any() } else {
                                view! {
                                    "misses · " <A href=format!("/cards/{}", r.card)>"Read the card"</A>
                                    " · " <button type="button" on:click=watch(r.seed)>{format!("Watch seed {}", r.seed)}</button>
                                }.into_any()
                            }}
                        </td>
                    </tr>
                }).collect_view()}
            </tbody>
        </table>
    }
}

/// `count` distinct seeds drawn from the browser's random source.
fn random_seeds(count: u32) -> Vec<u64> {
    let mut seeds: Vec<u64> = Vec::new();
    while seeds.len() < count as usize {
        let seed = 1 + (js_sys::Math::random() * 999_999_999.0) as u64;
        if !seeds.contains(&seed) {
            seeds.push(seed);
        }
    }
    seeds
}

/// The seeds, joined by `between`.
fn seeds_words(seeds: &[u64], between: &str) -> String {
    let words: Vec<String> = seeds.iter().map(u64::to_string).collect();
    words.join(between)
}

/// The worst seed's figure; a run that filled the model's memory has none.
fn figure(measured: f64, seed: u64) -> String {
    if measured.is_finite() {
        format!("{} (seed {seed})", hoplab_model::decimal::plain(measured))
    } else {
        format!("seed {seed} stopped early: the records filled the model's memory (an echo loop?)")
    }
}

/// After a pass, or on giving up: a design that passes, and why.
#[component]
fn GiveUp(challenge: Arc<Challenge>) -> impl IntoView {
    let ctx = use_ctx();
    let c = challenge.clone();
    let load = move |_| {
        if ctx.edit(Edit::Replace(Box::new(design_of(
            &c,
            &c.reference,
            &c.title,
        )))) {
            ctx.info("Loaded a design that passes. Undo brings back yours.");
        }
    };
    view! {
        <details class="challenge-reference">
            <summary>"Show a design that passes"</summary>
            <p>{challenge.reference_why.clone()}</p>
            <button type="button" on:click=load>"Load it into the designer"</button>
        </details>
    }
}
