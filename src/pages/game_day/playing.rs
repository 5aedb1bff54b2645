//! The run under way: the clock (a tick of the page's timer moves the model on by the
//! chosen speed's share, so the tab never waits on a long step), what the on-call sees,
//! and the moves. A move is made at the model's current time and acts once its mechanism
//! has run (the time beside it); the buttons wait for the alert, and for a paused clock.

use std::sync::Arc;

use gloo_timers::callback::Interval;
use hoplab_model::challenge::{move_time, move_time_words, Challenge, ALERT_AFTER_MS};
use hoplab_model::spec::{ResumeRule, TimedCommand};
use leptos::prelude::*;

use super::board::Board;
use super::live::{LiveRun, TICK_MS};
use super::runbook_words::RunbookWords;
use crate::game_day::link::PlayedRun;
use crate::game_day::moves::{menu, rule_words, MoveChoice, MoveKind};
use crate::game_day::snapshot::{ActorLine, Snapshot};

const SPEEDS: [u32; 5] = [1, 2, 5, 10, 20];

use super::board::seconds;

#[component]
pub(super) fn Playing(
    challenge: Arc<Challenge>,
    run: StoredValue<Option<LiveRun>, LocalStorage>,
    finish: Callback<PlayedRun>,
    /// The speed it starts at.
    speed: u32,
) -> impl IntoView {
    let speed = RwSignal::new(speed);
    let paused = RwSignal::new(false);
    let board = Board::new(run);
    let ticking: StoredValue<Option<Interval>, LocalStorage> = StoredValue::new_local(None);
    let stop_and_debrief = move || {
        ticking.set_value(None);
        if let Some(played) = board.played() {
            finish.run(played);
        }
    };
    let tick = move || {
        if !paused.get_untracked() && board.tick(u64::from(TICK_MS * speed.get_untracked())) {
            stop_and_debrief();
        }
    };
    ticking.set_value(Some(Interval::new(TICK_MS, tick)));
    on_cleanup(move || ticking.set_value(None));
    let drill = challenge.drill.clone().expect("a drill's page");
    let returns = hoplab_model::challenge::old_site_returns(&challenge);
    let choices = menu(&challenge.reference, &drill.to, returns);
    let make = move |choice: MoveChoice, rule: ResumeRule| board.make(&choice, rule);
    let Board {
        snap,
        alerts,
        made,
        announce,
        ..
    } = board;
    let struck = move || snap.with(|s| s.as_ref().is_some_and(|s| s.since_fault_ms.is_some()));
    let alerted = move || {
        snap.with(|s| {
            s.as_ref()
                .and_then(|s| s.since_fault_ms)
                .is_some_and(|since| since >= ALERT_AFTER_MS)
        })
    };
    let open = move || alerted() && !paused.get();
    view! {
        <section class="gd-run" aria-labelledby="gd-run-title">
            <h2 id="gd-run-title" class="visually-hidden">"The run"</h2>
            <Controls snap=snap speed=speed paused=paused finish=Callback::new(move |()| stop_and_debrief()) />
            <p role="status" aria-live="polite" class="gd-announce">{move || announce.get()}</p>
            <div class="gd-grid">
                <div class="gd-state">
                    <Alerts alerts=alerts struck=Signal::derive(struck) />
                    {move || snap.get().map(|s| view! { <StateTables snap=s /> })}
                </div>
                <div>
                    <MovesPanel choices=choices struck=Signal::derive(struck) open=Signal::derive(open) snap=snap made=made make=make />
                    <RunbookWords estate=challenge.reference.clone() to=drill.to.clone() />
                </div>
            </div>
        </section>
    }
}

#[component]
fn Controls(
    snap: RwSignal<Option<Snapshot>>,
    speed: RwSignal<u32>,
    paused: RwSignal<bool>,
    finish: Callback<()>,
) -> impl IntoView {
    view! {
        <div class="gd-controls">
            <Clock snap=snap />
            <label>"Speed "
                <select on:change=move |ev| speed.set(event_target_value(&ev).parse().unwrap_or(1))>
                    {SPEEDS.map(|s| view! { <option value=s.to_string() selected=move || speed.get() == s>{format!("×{s}")}</option> }).collect_view()}
                </select>
            </label>
            <button type="button" class="button" on:click=move |_| paused.update(|p| *p = !*p) aria-pressed=move || paused.get().to_string()>
                {move || if paused.get() { "Resume" } else { "Pause" }}
            </button>
            <button type="button" class="button button--primary" on:click=move |_| finish.run(())>"Finish and debrief"</button>
        </div>
    }
}

#[component]
fn MovesPanel(
    choices: Vec<MoveChoice>,
    struck: Signal<bool>,
    /// The alert has paged the on-call and the clock runs.
    open: Signal<bool>,
    snap: RwSignal<Option<Snapshot>>,
    made: RwSignal<Vec<TimedCommand>>,
    make: impl Fn(MoveChoice, ResumeRule) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <section class="gd-moves" aria-labelledby="gd-moves-title">
            <h3 id="gd-moves-title">"Your moves"</h3>
            <p class="row-note">{move || match (struck.get(), open.get()) {
                (false, _) => "The moves wait for the fault.".to_string(),
                (true, false) => format!("The moves open when the alert pages you, {} s after the fault (and wait while the clock is paused).", ALERT_AFTER_MS / 1000),
                (true, true) => "Each move is made now, at the clock's time, and acts once its mechanism has run: the time beside it.".to_string(),
            }}</p>
            <ul class="gd-move-list">
                {choices.into_iter().map(|choice| view! { <MoveButton choice=choice enabled=open snap=snap make=make /> }).collect_view()}
            </ul>
            <h4>"Made so far"</h4>
            <ol class="gd-made">
                {move || made.get().into_iter().map(|m| view! { <li>{format!("+{} ", seconds(m.at_ms))}{m.command.describe()}</li> }).collect_view()}
            </ol>
        </section>
    }
}

#[component]
fn Clock(snap: RwSignal<Option<Snapshot>>) -> impl IntoView {
    view! {
        <p class="gd-clock">
            {move || snap.with(|s| match s {
                Some(Snapshot { since_fault_ms: Some(since), .. }) => format!("Since the fault: {}", seconds(*since)),
                Some(s) => format!("Model time {} · all quiet so far", seconds(s.now_ms)),
                None => String::new(),
            })}
        </p>
    }
}

#[component]
fn Alerts(alerts: RwSignal<Vec<(f64, String)>>, struck: Signal<bool>) -> impl IntoView {
    view! {
        <section class="gd-alerts" aria-labelledby="gd-alerts-title">
            <h3 id="gd-alerts-title">"What the on-call sees"</h3>
            {move || if alerts.with(Vec::is_empty) {
                view! { <p class="row-note">{if struck.get() { "No alert yet." } else { "No alerts: the estate is running." }}</p> }.into_any()
            } else {
                view! {
                    // Focusable: the whole incident scrolls, by keyboard too.
                    <ol class="gd-alert-list" reversed tabindex="0" aria-label="Alerts since the fault, newest first">
                        {alerts.get().into_iter().map(|(at, text)| view! { <li>{format!("+{at:.1} s: {text}")}</li> }).collect_view()}
                    </ol>
                }.into_any()
            }}
        </section>
    }
}

#[component]
fn StateTables(snap: Snapshot) -> impl IntoView {
    let actor = |a: ActorLine, reader: bool| {
        let working = if a.working { "working" } else { "down" };
        view! {
            <tr class:is-down=!a.working>
                <th scope="row">{a.id}</th><td data-label="At">{a.site}</td><td data-label="State">{working}</td>
                <td data-label=if reader { "Behind" } else { "Acknowledged" }>{a.count.to_string()}</td>
                {reader.then(|| view! { <td data-label="Skipped">{a.skipped.to_string()}</td><td data-label="Read twice">{a.reread.to_string()}</td> })}
            </tr>
        }
    };
    view! {
        // Focusable: on a narrow screen it scrolls sideways, by keyboard too.
        <div class="gd-tables" tabindex="0" role="group" aria-label="The estate now">
            <table class="gd-table">
                <caption>"Sites and copiers"</caption>
                <thead><tr><th scope="col">"Name"</th><th scope="col">"State"</th><th scope="col">"Behind"</th></tr></thead>
                <tbody>
                    {snap.sites.into_iter().map(|s| view! { <tr class:is-down=s.state != "up"><th scope="row">{s.name}</th><td data-label="State">{s.state}</td><td></td></tr> }).collect_view()}
                    {snap.hops.into_iter().map(|h| view! { <tr><th scope="row">{h.id}</th><td data-label="State">{h.state}</td><td data-label="Behind">{h.behind.to_string()}</td></tr> }).collect_view()}
                </tbody>
            </table>
            <table class="gd-table">
                <caption>"Writers"</caption>
                <thead><tr><th scope="col">"Writer"</th><th scope="col">"At"</th><th scope="col">"State"</th><th scope="col">"Acknowledged"</th></tr></thead>
                <tbody>{snap.writers.into_iter().map(|a| actor(a, false)).collect_view()}</tbody>
            </table>
            <table class="gd-table">
                <caption>"Reader groups"</caption>
                <thead><tr><th scope="col">"Group"</th><th scope="col">"At"</th><th scope="col">"State"</th><th scope="col">"Behind"</th><th scope="col">"Skipped"</th><th scope="col">"Read twice"</th></tr></thead>
                <tbody>{snap.readers.into_iter().map(|a| actor(a, true)).collect_view()}</tbody>
            </table>
            <p class="gd-costs">
                {format!("Acknowledged records lost: {} · written at two sites at once: {}", snap.lost, snap.split)}
            </p>
        </div>
    }
}

#[component]
fn MoveButton(
    choice: MoveChoice,
    enabled: Signal<bool>,
    snap: RwSignal<Option<Snapshot>>,
    make: impl Fn(MoveChoice, ResumeRule) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let rule = RwSignal::new(ResumeRule::PositionMap);
    let is_reader = choice.kind == MoveKind::MoveReader;
    let label = choice.label.clone();
    let command = choice.command.clone();
    // A fence takes longer around a site that does not answer: read it from the board.
    let takes = move || {
        snap.with(|s| {
            let answers = |site: &str| {
                s.as_ref()
                    .is_none_or(|s| s.sites.iter().any(|x| x.name == site && x.answers))
            };
            move_time_words(move_time(&command, answers))
        })
    };
    let select_id = format!("gd-rule-{}", label.replace(' ', "-"));
    let chooser = is_reader.then(|| {
        let id = select_id.clone();
        view! {
            <label for=id.clone()>"resuming by "</label>
            <select id=id on:change=move |ev| {
                if let Some(r) = ResumeRule::parse(&event_target_value(&ev)) { rule.set(r); }
            }>
                {ResumeRule::ALL.map(|r| view! { <option value=r.id() selected=r == ResumeRule::PositionMap>{rule_words(r)}</option> }).collect_view()}
            </select>
        }
    });
    view! {
        <li class="gd-move">
            <button type="button" class="button" disabled=move || !enabled.get() on:click=move |_| make(choice.clone(), rule.get_untracked())>{label}</button>
            {chooser}
            <span class="gd-move-time row-note">{move || format!("It {}.", takes())}</span>
        </li>
    }
}
