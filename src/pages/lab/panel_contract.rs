//! The contract between a run view and its panels (the parts that follow the stage, in a
//! chunk of their own): what the panels show, what their chunk hands over, and how a run
//! view gets them. A leaf: the run's state and the panels both read it, and it reads
//! neither (`R` is the run's handle, `RunHandle`).

use hoplab_model::{KnobValues, LogEntry, Scenario};
use leptos::prelude::*;

use crate::lab::charts::Chart;
use crate::lab::describe::MeasureRow;
use crate::lab::show::RunShow;
use crate::lab::timeline::Replay;

/// Entries the narration shows.
pub const NARRATION_LEN: usize = 8;

/// What the side panels show, refreshed a few times a second.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Panel {
    pub rows: Vec<MeasureRow>,
    pub charts: Vec<Chart>,
    pub log: Vec<LogEntry>,
}

/// What the side panels show at `x_max` (the charts' time axis), and the spoken summary
/// when `speak` (from the model's state; pure).
pub type ComputePanel = fn(&Replay, &RunShow, u64, bool, bool) -> (Panel, Option<String>);

/// The parts that follow the stage, as plain functions (what their chunk hands over).
#[derive(Clone, Copy)]
pub struct RunPanels<R> {
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
    pub knobs: fn(StoredValue<Scenario>, RwSignal<KnobValues>, R) -> AnyView,
}

/// Where a run view's panels are.
#[derive(Clone, Copy)]
pub enum PanelsLoad<R> {
    /// Not here yet (the stage comes first).
    Waiting,
    /// Their chunk did not download; the view offers to try again.
    Missing,
    Ready(RunPanels<R>),
}

impl<R: Copy> PanelsLoad<R> {
    pub fn ready(self) -> Option<RunPanels<R>> {
        match self {
            PanelsLoad::Ready(p) => Some(p),
            _ => None,
        }
    }
}

/// How a run view gets its panels: the app fetches their chunk once the stage shows
/// (`lazy_pages::load_run_panels`); a page mounted on its own (a component test) is handed
/// them at once (`LoadRunPanels::at_once`).
#[derive(Clone, Copy)]
pub struct LoadRunPanels<R> {
    /// Wait for the stage to be drawn before loading.
    pub after_stage: bool,
    /// Fetches the engine, then the panels, and hands each to the run as it comes
    /// (`RunHandle::engine_delivered`, `RunHandle::panels_arrived`).
    pub load: fn(R),
}
