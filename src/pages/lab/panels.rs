//! The run view's parts that follow the stage: the measures, charts, narration, record
//! panel and set-up (with a scenario's knobs), and the work that fills them from the model.
//! The stage does not need them to show, so the release build puts them in a chunk of their
//! own (`lazy_pages::run_panels_chunk`) that a run view fetches once its stage is drawn,
//! right after the simulation's [`Engine`] (`lazy_pages::run_engine_chunk`); until then
//! their places stay empty (the grid keeps the stage's width).

use hoplab_model::LogEntry;
use leptos::prelude::*;

use super::charts::Charts;
use super::controls::Settings;
use super::knobs::ScenarioKnobs;
use super::narration::{Measures, Narration};
use super::panel_contract::{self, Panel, NARRATION_LEN};
use super::stage::RecordInfo;
use super::state::RunHandle;
use crate::lab::charts::{charts, Names};
use crate::lab::describe::{describe, measure_rows};
use crate::lab::engine::Engine;
use crate::lab::show::RunShow;
use crate::lab::timeline::Replay;

/// The panels' contract for this crate's run: what their chunk hands over, and how a run
/// view gets them (see [`panel_contract`](super::panel_contract)).
pub type RunPanels = panel_contract::RunPanels<RunHandle>;
pub type PanelsLoad = panel_contract::PanelsLoad<RunHandle>;
pub type LoadRunPanels = panel_contract::LoadRunPanels<RunHandle>;

impl LoadRunPanels {
    /// Panels that are part of this build already, handed over on mount.
    pub fn at_once() -> Self {
        LoadRunPanels {
            after_stage: false,
            load: |run| {
                run.engine_delivered(Engine::new());
                run.panels_arrived(PanelsLoad::Ready(run_panels()));
            },
        }
    }
}

/// The panels; what their chunk returns.
pub fn run_panels() -> RunPanels {
    RunPanels {
        compute: compute_panel,
        narration: || view! { <Narration /> }.into_any(),
        side: || view! { <Measures /> <Charts /> }.into_any(),
        record: || view! { <RecordInfo /> }.into_any(),
        settings: |children| view! { <Settings>{children.map(|c| c())}</Settings> }.into_any(),
        knobs: |scenario, knobs, run| view! { <ScenarioKnobs scenario knobs run /> }.into_any(),
    }
}

fn compute_panel(
    run: &Replay,
    show: &RunShow,
    x_max: u64,
    playing: bool,
    speak: bool,
) -> (Panel, Option<String>) {
    let sim = run.sim();
    let m = sim.measures();
    let names = Names {
        hops: m.hops.iter().map(|h| h.id.clone()).collect(),
        sites: m.sites.iter().map(|s| s.name.clone()).collect(),
        readers: m.readers.iter().map(|r| r.id.clone()).collect(),
    };
    let log: Vec<LogEntry> = {
        let all: Vec<&LogEntry> = sim.log().rev().take(NARRATION_LEN).collect();
        all.into_iter().rev().cloned().collect()
    };
    let spoken = speak.then(|| describe(&m, playing));
    let panel = Panel {
        rows: measure_rows(show.emphasis, &m),
        charts: charts(&show.charts, sim.series(), &names, x_max),
        log,
    };
    (panel, spoken)
}
