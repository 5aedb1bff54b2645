//! The lab: `/lab` lists the scenarios, `/lab/:scenario` runs one. The logic that is not
//! a component lives in [`crate::lab`].

mod charts;
mod controls;
mod index;
mod narration;
mod page;
mod stage;
mod stage_dom;
mod stage_markup;
mod stage_rows;
pub mod state;

pub use index::LabIndex;
pub use page::LabPage;
