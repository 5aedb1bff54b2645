//! The debrief: the learner's run beside the best moves' run on the same seed, as the
//! model measured both (`hoplab_model::challenge::debrief`): each requirement, the stages
//! the recovery time went into, each difference with what it cost and its card, both move
//! lists, and the ways on: play again, play this run back, its link, and the run in the
//! designer.

use std::sync::Arc;

use hoplab_model::challenge::{figure, Challenge, Debrief, DrillRun};
use hoplab_model::spec::TimedCommand;
use leptos::prelude::*;
use leptos_router::components::A;

use super::address::{address_of, draw_seed};
use super::board::seconds;
use super::runbook_words::RunbookWords;
use crate::game_day::link::PlayedRun;

#[component]
pub(super) fn DebriefView(
    challenge: Arc<Challenge>,
    debrief: Arc<Debrief>,
    begin: Callback<(u64, Vec<TimedCommand>)>,
) -> impl IntoView {
    let d = debrief;
    let passed = d.yours_passed(&challenge);
    let played = PlayedRun {
        seed: d.yours.seed,
        moves: d.yours.moves.clone(),
    };
    let address = address_of(&played);
    let designer = designer_link(&challenge, &played);
    let seeds = challenge.seeds.max(1);
    let replay = played.clone();
    let to = challenge
        .drill
        .as_ref()
        .map(|x| x.to.clone())
        .unwrap_or_default();
    let best_why = challenge
        .drill
        .as_ref()
        .map(|x| x.best_why.clone())
        .unwrap_or_default();
    view! {
        <section class="gd-debrief" aria-labelledby="gd-debrief-title">
            <h2 id="gd-debrief-title" tabindex="-1">"Debrief"</h2>
            <p class="challenge-verdict" role="status">
                {if passed { "Every requirement held on this run." } else { "Not yet: a requirement missed on this run." }}
                {format!(" The fault struck at {} (seed {}).", seconds(d.yours.fault_ms), d.yours.seed)}
            </p>
            <Figures challenge=challenge.clone() debrief=d.clone() />
            <Stages yours=d.yours.clone() best=d.best.clone() />
            <h3>"What differed, and what it cost"</h3>
            {if d.differences.is_empty() {
                view! { <p>"Nothing worth a line: your run matched the best run."</p> }.into_any()
            } else {
                view! {
                    <ul class="gd-differences">
                        {d.differences.iter().map(|x| view! {
                            <li>
                                <strong>{x.says.clone()}</strong>{format!("; {}. ", x.cost)}
                                <A href=format!("/cards/{}", x.card)>{format!("Card: {}", x.card)}</A>
                            </li>
                        }).collect_view()}
                    </ul>
                }.into_any()
            }}
            <div class="gd-move-lists">
                <MoveList title="Your moves" moves=d.yours.moves.clone() />
                <div>
                    <MoveList title="The best moves" moves=d.best.moves.clone() />
                    <p class="row-note">{best_why}</p>
                    <RunbookWords estate=challenge.reference.clone() to=to />
                </div>
            </div>
            <div class="gd-actions">
                <button type="button" class="button button--primary" on:click=move |_| begin.run((draw_seed(seeds), Vec::new()))>"Play again (another moment)"</button>
                <button type="button" class="button" on:click=move |_| begin.run((replay.seed, replay.moves.clone()))>"Play this run back"</button>
                {designer.map(|href| view! { <a class="button" href=href>"Watch this run in the designer"</a> })}
            </div>
            <label class="gd-link">"This run’s link (the moves travel in it; nothing is sent anywhere) "
                <input type="text" readonly value=address on:focus=move |ev| {
                    use wasm_bindgen::JsCast;
                    if let Some(i) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) { i.select(); }
                } />
            </label>
        </section>
    }
}

#[component]
fn Figures(challenge: Arc<Challenge>, debrief: Arc<Debrief>) -> impl IntoView {
    view! {
        <table class="challenge-results gd-figures">
            <caption>"Each requirement, yours beside the best run"</caption>
            <thead><tr><th scope="col">"Requirement"</th><th scope="col">"Target"</th><th scope="col">"Yours"</th><th scope="col">"Best run"</th></tr></thead>
            <tbody>
                {challenge.requirements.iter().enumerate().map(|(i, r)| {
                    let (y, b) = (debrief.yours.measured[i], debrief.best.measured[i]);
                    let held = r.holds(y);
                    view! {
                        <tr data-requirement=r.id.clone() class:is-miss=!held>
                            <th scope="row">{r.says.clone()}</th>
                            <td data-label="Target">{r.target()}</td>
                            <td data-label="Yours">{format!("{} {}", figure(y), if held { "(held)" } else { "(missed)" })}</td>
                            <td data-label="Best run">{figure(b)}</td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
    }
}

#[component]
fn Stages(yours: DrillRun, best: DrillRun) -> impl IntoView {
    let total = |r: &DrillRun| r.stages.iter().map(|s| s.ms).sum::<u64>();
    let scale = total(&yours).max(total(&best)).max(1) as f64;
    let bar = move |r: &DrillRun, who: &'static str| {
        let segments = r.stages.iter().filter(|s| s.ms > 0).map(|s| {
            let width = format!("width: {:.2}%", s.ms as f64 / scale * 100.0);
            view! { <span class=format!("gd-stage gd-stage--{}", stage_class(s.name.words())) style=width title=format!("{}: {}", s.name.words(), seconds(s.ms))></span> }
        }).collect_view();
        view! { <div class="gd-bar" aria-hidden="true"><span class="gd-bar-who">{who}</span><span class="gd-bar-track">{segments}</span></div> }
    };
    let rto = |r: &DrillRun| r.rto_ms.map_or("never".to_string(), seconds);
    view! {
        <h3>"Where the time went"</h3>
        {bar(&yours, "yours")}
        {bar(&best, "best")}
        <table class="gd-table gd-stages">
            <caption>{format!("Until every writer and reader group worked again: yours {}, the best run {}", rto(&yours), rto(&best))}</caption>
            <thead><tr><th scope="col">"Stage"</th><th scope="col">"Yours"</th><th scope="col">"Best run"</th></tr></thead>
            <tbody>
                {yours.stages.iter().zip(&best.stages).map(|(y, b)| view! {
                    <tr><th scope="row"><span class=format!("gd-key gd-stage--{}", stage_class(y.name.words())) aria-hidden="true"></span>{y.name.words()}</th><td>{seconds(y.ms)}</td><td>{seconds(b.ms)}</td></tr>
                }).collect_view()}
            </tbody>
        </table>
    }
}

fn stage_class(words: &str) -> String {
    words.split(' ').next().unwrap_or_default().to_string()
}

#[component]
fn MoveList(title: &'static str, moves: Vec<TimedCommand>) -> impl IntoView {
    view! {
        <div>
            <h4>{title}</h4>
            {if moves.is_empty() {
                view! { <p>"None."</p> }.into_any()
            } else {
                view! {
                    <ol class="gd-made">
                        {moves.into_iter().map(|m| view! { <li>{format!("+{} ", seconds(m.at_ms))}{m.command.describe()}</li> }).collect_view()}
                    </ol>
                }.into_any()
            }}
        </div>
    }
}

/// The run in the designer: the estate with this seed's fault and the moves on its
/// timeline, to run and watch on the lab's run view.
fn designer_link(c: &Challenge, played: &PlayedRun) -> Option<String> {
    let spec = c.spec_for(&c.reference, &played.moves, played.seed);
    let design = crate::designer::Design::from_spec(spec);
    crate::designer::share::encode(&design)
        .ok()
        .map(|fragment| format!("/designer#{fragment}"))
}
