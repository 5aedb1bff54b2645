//! The lab: `/lab` lists the scenarios, `/lab/:scenario` runs one on the [`RunView`],
//! which runs any valid spec (the designer and courses embed it too). The logic that is
//! not a component lives in [`crate::lab`].

mod charts;
mod controls;
mod index;
mod knobs;
mod narration;
mod page;
mod panel_contract;
mod panels;
mod run_view;
mod stage;
mod stage_dom;
mod stage_layers;
mod stage_rows;
mod stage_svg;
mod state;

pub use crate::lab::show::{ChartKind, Emphasis, RunButton, RunShow};
pub use index::LabIndex;
pub use page::LabPage;
pub use panels::{run_panels, LoadRunPanels, PanelsLoad, RunPanels};
pub use run_view::RunView;
pub use state::RunHandle;
