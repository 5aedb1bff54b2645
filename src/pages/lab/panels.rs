//! The run view's parts that follow the stage: the measures, charts, narration, record
//! panel and set-up (with a scenario's knobs), and the work that fills them from the model.
//! The stage does not need them to show, so the release build puts them in a chunk of their
//! own (`lazy_pages::run_panels_chunk`) that a run view fetches once its stage is drawn,
//! right after the simulation's [`Engine`] (`lazy_pages::run_engine_chunk`); until then
//! their places stay empty (the grid keeps the stage's width).

use hoplab_model::{KnobValues, LogEntry, Scenario};
use leptos::prelude::*;

use super::charts::Charts;
use super::controls::Settings;
use super::knobs::ScenarioKnobs;
use super::narration::{Measures, Narration};
use super::stage::RecordInfo;
use super::state::{Panel, RunHandle, NARRATION_LEN};
use crate::lab::charts::{charts, Names};
use crate::lab::describe::{describe, measure_rows};
use crate::lab::engine::Engine;
use crate::lab::show::RunShow;
use crate::lab::timeline::Run;

/// What the side panels show at `x_max` (the charts' time axis), and the spoken summary
/// when `speak` (from the model's state; pure).
pub type ComputePanel = fn(&Run, &RunShow, u64, bool, bool) -> (Panel, Option<String>);

/// The parts that follow the stage, as plain functions (what their chunk hands over).
#[derive(Clone, Copy)]
pub struct RunPanels {
    pub compute: ComputePanel,
    /// The narration, under the stage.
    pub narration: fn() -> AnyView,
    /// The measures and charts, beside the stage.
    pub side: fn() -> AnyView,
    /// The chosen record's details, in the stage.
    pub record: fn() -> AnyView,
    /// The set-up panel, holding the embedder's children.
    pub settings: fn(Option<Children>) -> AnyView,
    /// A scenario's knobs (for a scenario page's set-up).
    pub knobs: fn(StoredValue<Scenario>, RwSignal<KnobValues>, RunHandle) -> AnyView,
}

/// Where a run view's panels are.
#[derive(Clone, Copy, Default)]
pub enum PanelsLoad {
    /// Not here yet (the stage comes first).
    #[default]
    Waiting,
    /// Their chunk did not download; the view offers to try again.
    Missing,
    Ready(RunPanels),
}

impl PanelsLoad {
    pub fn ready(self) -> Option<RunPanels> {
        match self {
            PanelsLoad::Ready(p) => Some(p),
            _ => None,
        }
    }
}

/// How a run view gets its panels: the app fetches their chunk once the stage shows
/// (`lazy_pages::load_run_panels`); a page mounted on its own (a component test) is handed
/// them at once ([`LoadRunPanels::at_once`]).
#[derive(Clone, Copy)]
pub struct LoadRunPanels {
    /// Wait for the stage to be drawn before loading.
    pub after_stage: bool,
    /// Fetches the engine, then the panels, and hands each to the run as it comes
    /// ([`RunHandle::engine_delivered`], [`RunHandle::panels_arrived`]).
    pub load: fn(RunHandle),
}

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
    run: &Run,
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
