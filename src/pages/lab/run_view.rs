//! The run view: the stage, controls, charts, measures, narration and record inspection
//! for a run of any valid spec. The lab's scenario pages use it, and so can the designer
//! or a course.

use leptos::ev;
use leptos::prelude::*;

use super::controls::Controls;
use super::panels::{LoadRunPanels, PanelsLoad, RunPanels};
use super::stage::Stage;
use super::state::RunHandle;
use crate::keys::{key_target, KeyTarget};
use crate::lab::driver::start_raf;

/// Fetches the panels and the engine (the app's way: after the stage shows; see
/// [`LoadRunPanels`]). Without a loader in context there are neither: the stage stands at
/// 0 s.
fn load_panels(run: RunHandle) {
    let Some(LoadRunPanels { after_stage, load }) = use_context::<LoadRunPanels>() else {
        return;
    };
    if !after_stage {
        load(run);
        return;
    }
    // Once the stage is first drawn (at 0 s, or at a link's time when the engine is here
    // already), the panels' code and the engine are fetched.
    Effect::new(move |asked: Option<bool>| {
        if asked == Some(true) || !run.drawn() {
            return asked.unwrap_or(false);
        }
        if matches!(run.panels_untracked(), PanelsLoad::Waiting) {
            load(run);
        }
        true
    });
}

/// In the panels' place when their code did not download: the stage still shows where the
/// run stands, and a retry fetches the code again.
#[component]
fn PanelsMissing() -> impl IntoView {
    let run = super::state::use_run();
    let loader = use_context::<LoadRunPanels>();
    let retry = move |_| {
        if let Some(LoadRunPanels { load, .. }) = loader {
            run.panels_arrived(PanelsLoad::Waiting);
            load(run);
        }
    };
    move || {
        matches!(run.panels(), PanelsLoad::Missing).then(|| {
            // The engine comes first: if it is here, only the panels failed.
            let (what, then) = if run.engine_ready() {
                (
                    "The measures, charts and narration did not load. ",
                    "Their code could not be downloaded; the stage works without them.",
                )
            } else {
                (
                    "The simulation, measures and charts did not load. ",
                    "Their code could not be downloaded: the stage shows the start of the run; play, step and the buttons wait for it.",
                )
            };
            view! {
                <div class="notice notice--error" role="alert">
                    <p>
                        <strong>{what}</strong>
                        {then}
                    </p>
                    <p><button type="button" class="button" on:click=retry>"Try again"</button></p>
                </div>
            }
        })
    }
}

/// A run of any valid spec, animated, with everything the lab shows. The spec must have
/// been validated by the model (or built by the scenario library): the run does not check
/// it again (`Sim::new_trusted`).
///
/// Make a [`RunHandle`] from a spec and a [`RunShow`](crate::lab::show::RunShow) (what to
/// show), hand it to the view, and keep it to drive the run or read its state:
///
/// ```ignore
/// use hoplab::lab::show::RunShow;
/// use hoplab::pages::lab::{RunHandle, RunView};
///
/// let spec: hoplab_model::ScenarioSpec = design.spec.clone(); // run through Sim::new first
/// let mut show = RunShow::for_spec(&spec); // a chart per hop and site, a button per fault
/// show.title = "Two sites, active/active".into();
/// let run = RunHandle::new(spec, show);
/// view! { <RunView run=run /> }
///
/// // A lesson drives it and reads it:
/// run.seek(12_000);                                  // replays in chunks, with progress
/// run.press("stall-hop-0");                          // a button of the RunShow
/// run.apply(Command::LoseSite { site: "A".into() }); // any model command, now
/// run.play();
/// let lag = run.measure("lag:a-to-b");               // as the measures panel shows it
/// let at = run.now();                            // simulated ms, a signal
/// ```
///
/// Children go in the "Set-up" panel before the seed (a scenario page puts its knobs
/// there). [`RunHandle::on_change`] hears of every change worth keeping (a scenario page
/// writes its URL). The view starts its animation loop when it mounts and stops it when
/// it goes; the handle lives as long as the reactive owner that made it.
#[component]
pub fn RunView(run: RunHandle, #[prop(optional)] children: Option<Children>) -> impl IntoView {
    crate::page_styles::RUN_VIEW.add();
    provide_context(run);
    let raf = StoredValue::new_local(Some(start_raf(move |t| run.frame(t))));
    let page_keys = run.with_show(|s| s.page_keys);
    let keys = page_keys.then(|| {
        window_event_listener(ev::keydown, move |e: web_sys::KeyboardEvent| {
            if e.ctrl_key()
                || e.meta_key()
                || e.alt_key()
                || key_target(e.target()) != KeyTarget::Page
            {
                return;
            }
            match e.key().as_str() {
                " " => {
                    e.prevent_default();
                    run.toggle_play();
                }
                "ArrowRight" => {
                    e.prevent_default();
                    run.step();
                }
                _ => {}
            }
        })
    });
    on_cleanup(move || {
        if let Some(k) = keys {
            k.remove();
        }
        raf.update_value(|r| {
            if let Some(r) = r.take() {
                r.stop();
            }
        });
    });
    load_panels(run);
    let title = run.with_show(|s| s.title.clone());
    let children = StoredValue::new_local(children);
    let panel =
        move |part: fn(&RunPanels) -> AnyView| move || run.panels().ready().map(|p| part(&p));
    view! {
        <div class="run-view" role="region" aria-label=format!("Run: {title}")>
            {move || run.error().map(|e| view! {
                <div class="notice notice--error" role="alert"><p>"The model refused this set-up: " {e}</p></div>
            })}
            <Controls />
            <div class="lab-grid">
                <div class="lab-main">
                    <Stage />
                    <PanelsMissing />
                    {panel(|p| (p.narration)())}
                </div>
                <aside class="lab-side" aria-label="Measures">
                    {panel(|p| (p.side)())}
                </aside>
            </div>
            {move || run.panels().ready().map(|p| (p.settings)(children.try_update_value(Option::take).flatten()))}
            <p class="visually-hidden" aria-live="polite" id="lab-spoken">{move || run.spoken()}</p>
        </div>
    }
}
