//! The topology designer's pure parts: the design document, edits with undo, automatic
//! layout and drawing geometry, import and export of the model's file, share links,
//! autosave, templates, the run summary and the failover runbook. No DOM here: all of it
//! is tested natively. Lint and simulation come from `hoplab_model`; nothing here judges a
//! design on its own.

pub mod autosave;
pub mod copier_files;
pub mod design;
pub mod edit;
pub mod findings;
pub mod geometry;
pub mod history;
pub mod import;
pub mod layout;
pub mod mesh;
pub mod presets;
pub mod run;
pub mod runbook;
pub mod share;
pub mod templates;
pub mod viewport;

pub use design::{Design, ElementRef, Pos};
pub use edit::{Edit, Element};
pub use history::Editor;
