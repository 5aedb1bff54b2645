//! `/drills/:id`: a failover game day. The drill's estate runs live at a chosen speed; at a
//! moment drawn from the seed its fault strikes, and the learner fails over with the
//! operator's moves while the clock runs. At the end (or when the learner says so) the
//! model replays the moves on the same seed and sets the run beside the best moves' run:
//! each requirement, the stages the time went into, and each difference with its card.
//! The run is kept in this browser and in the URL's fragment (`#r1=…`), so a link plays
//! it back.

mod address;
mod board;
mod debrief_view;
mod live;
mod playing;
mod runbook_words;

use std::sync::Arc;

use gloo_timers::future::TimeoutFuture;
use hoplab_model::challenge::{debrief, drill_on, Challenge, Debrief};
use hoplab_model::spec::TimedCommand;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::components::A;

use crate::components::set_page_title;
use crate::game_day::kept;
use crate::game_day::link::PlayedRun;
use address::{draw_seed, link_in_url, own_design_in_url, show_link};
use debrief_view::DebriefView;
use live::LiveRun;
use playing::Playing;

/// Where a game day is.
#[derive(Clone)]
pub(crate) enum Phase {
    /// The brief, and a button to start.
    Ready,
    /// The run under way (a game day, or a replay of a kept run).
    Running,
    /// The model replaying the moves for the debrief.
    Debriefing,
    Done(Arc<Debrief>),
}

/// `/drills/:id`: the game day, or a message for an id that is no drill.
#[component]
pub fn GameDayPage() -> impl IntoView {
    crate::page_styles::DESIGNER.add();
    crate::page_styles::GAME_DAY.add();
    let params = leptos_router::hooks::use_params_map();
    let id = params.with_untracked(|p| p.get("id").unwrap_or_default());
    if id == "custom" {
        return match own_drill() {
            Ok(c) => view! { <GameDay challenge=Arc::new(c) /> }.into_any(),
            Err(why) => {
                set_page_title("Game day on your design");
                view! {
                    <div class="page">
                        <h1>"Game day on your design"</h1>
                        <p role="alert">{why}</p>
                        <p><A href="/designer">"Back to the designer"</A></p>
                    </div>
                }
                .into_any()
            }
        };
    }
    match hoplab_model::challenge::find(&id).filter(|c| c.drill.is_some()) {
        Some(c) => view! { <GameDay challenge=Arc::new(c) /> }.into_any(),
        None => {
            set_page_title("No such drill");
            view! {
                <div class="page">
                    <h1>"No such drill"</h1>
                    <p role="alert">{format!("There is no failover drill called “{id}”.")}</p>
                    <p><A href="/challenges">"Every challenge and drill"</A></p>
                </div>
            }
            .into_any()
        }
    }
}

/// The drill on the design the address carries, losing `?lose=` and failing over to `?to=`.
fn own_drill() -> Result<Challenge, String> {
    let query = leptos_router::hooks::use_query_map();
    let (lose, to) = query.with_untracked(|q| (q.get("lose"), q.get("to")));
    let (Some(lose), Some(to)) = (lose, to) else {
        return Err("The address does not say which site is lost and which takes over.".into());
    };
    let design = own_design_in_url()?;
    drill_on(&design, &lose, &to).map_err(|e| format!("No game day on this design: {e}."))
}

#[component]
fn GameDay(challenge: Arc<Challenge>) -> impl IntoView {
    set_page_title(&challenge.title);
    let phase = RwSignal::new(Phase::Ready);
    let run: StoredValue<Option<LiveRun>, LocalStorage> = StoredValue::new_local(None);
    let problem = RwSignal::new(None::<String>);
    // A replay starts fast: its moves are known, only the watching is left.
    let first_speed = RwSignal::new(1u32);
    let c = challenge.clone();
    // Finishing: replay the moves on the same seed beside the best moves, in a slice of
    // its own so the page says it is working first.
    let finish = Callback::new(move |played: PlayedRun| {
        phase.set(Phase::Debriefing);
        let c = c.clone();
        spawn_local(async move {
            TimeoutFuture::new(0).await;
            match debrief(&c, &c.reference, &played.moves, played.seed) {
                Ok(d) => {
                    // A game day on one's own design is kept only in its link.
                    if c.id != "custom" {
                        crate::challenge_status::record(&c.id, d.yours_passed(&c));
                        _ = kept::keep(&c.id, &played);
                    }
                    show_link(&played);
                    phase.set(Phase::Done(Arc::new(d)));
                }
                Err(e) => {
                    problem.set(Some(e.0));
                    phase.set(Phase::Ready);
                }
            }
        });
    });
    let c = challenge.clone();
    let begin = Callback::new(move |(seed, script): (u64, Vec<TimedCommand>)| {
        first_speed.set(if script.is_empty() { 1 } else { 10 });
        match LiveRun::start(&c, seed, script) {
            Ok(live) => {
                run.set_value(Some(live));
                problem.set(None);
                phase.set(Phase::Running);
            }
            Err(e) => problem.set(Some(e)),
        }
    });
    // A link or this browser may hold a run already: its debrief shows at once.
    match link_in_url() {
        Ok(Some(played)) => finish.run(played),
        Ok(None) => {}
        Err(e) => problem.set(Some(e)),
    }
    let c = challenge.clone();
    view! {
        <div class="page game-day">
            <p class="row-note"><A href="/challenges">"Challenges and drills"</A> " · failover drill · " {c.level.clone()}</p>
            <h1 id="drill-title">{c.title.clone()}</h1>
            <p class="challenge-prompt">{c.brief.clone()}</p>
            <Requirements challenge=c.clone() />
            {move || problem.get().map(|p| view! { <p class="notice notice--error" role="alert">{p}</p> })}
            {move || match phase.get() {
                Phase::Ready => view! { <Start challenge=challenge.clone() begin=begin finish=finish /> }.into_any(),
                Phase::Running => view! { <Playing challenge=challenge.clone() run=run finish=finish speed=first_speed.get_untracked() /> }.into_any(),
                Phase::Debriefing => view! { <p role="status" class="gd-working">"Replaying your moves beside the best run on the same seed…"</p> }.into_any(),
                Phase::Done(d) => view! { <DebriefView challenge=challenge.clone() debrief=d begin=begin /> }.into_any(),
            }}
        </div>
    }
}

#[component]
fn Requirements(challenge: Arc<Challenge>) -> impl IntoView {
    view! {
        <crate::components::RequirementList requirements=challenge.requirements.clone() />
        <p class="row-note">{challenge.may_add.clone()}</p>
    }
}

/// Before the run: how it goes, the speed, and the last run kept here.
#[component]
fn Start(
    challenge: Arc<Challenge>,
    begin: Callback<(u64, Vec<TimedCommand>)>,
    finish: Callback<PlayedRun>,
) -> impl IntoView {
    let seeds = challenge.seeds.max(1);
    let start = move |_| begin.run((draw_seed(seeds), Vec::new()));
    let last = (challenge.id != "custom")
        .then(|| kept::last_run(&challenge.id))
        .flatten();
    view! {
        <section class="gd-start" aria-labelledby="gd-start-title">
            <h2 id="gd-start-title">"Your game day"</h2>
            <p>"The estate runs; the fault strikes at a moment you do not choose. From then on the clock counts, and each move you make is stamped with its time after the fault. When you have failed over, or when the run ends, the model replays your moves and sets them beside the best run."</p>
            <button type="button" class="button button--primary" on:click=start>"Start the game day"</button>
            {last.map(|played| {
                let again = played.clone();
                view! {
                    <p class="row-note">
                        {format!("You played this drill here before ({} moves). ", played.moves.len())}
                        <button type="button" class="button" on:click=move |_| finish.run(again.clone())>"See that run’s debrief"</button>
                    </p>
                }
            })}
        </section>
    }
}
