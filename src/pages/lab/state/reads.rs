//! What a run's parts read of it, and the few writes that are not a model operation. The
//! signals stay private so every change goes through [`RunHandle`]'s methods; getters are
//! tracked (a component or effect that calls one reruns when it changes) unless their name
//! says `_untracked`.

use hoplab_model::Millis;
use leptos::prelude::*;

use crate::lab::layout::RecordRef;
use crate::lab::show::RunShow;

use super::super::panel_contract::{Panel, PanelsLoad};
use super::{RunHandle, DEFAULT_WINDOW};

impl RunHandle {
    /// Simulated time the stage shows, in ms.
    pub fn now(&self) -> Millis {
        self.now.get()
    }

    pub fn now_untracked(&self) -> Millis {
        self.now.get_untracked()
    }

    /// How far the time slider reaches: the spec's duration, or further if the run went on.
    pub fn horizon(&self) -> Millis {
        self.horizon.get()
    }

    pub fn playing(&self) -> bool {
        self.playing.get()
    }

    pub fn playing_untracked(&self) -> bool {
        self.playing.get_untracked()
    }

    /// Simulated seconds per wall second while playing.
    pub fn speed(&self) -> f64 {
        self.speed.get()
    }

    pub fn seed(&self) -> u64 {
        self.seed.get()
    }

    /// Records per part row as chosen (`None`: the default, [`DEFAULT_WINDOW`]).
    pub fn window(&self) -> usize {
        self.window.get().unwrap_or(DEFAULT_WINDOW)
    }

    /// The model has reached the time asked for and the panels show it.
    pub fn ready(&self) -> bool {
        self.ready.get()
    }

    pub fn ready_untracked(&self) -> bool {
        self.ready.get_untracked()
    }

    /// The stage has been drawn once: the panels and the engine may be fetched.
    pub fn drawn(&self) -> bool {
        self.drawn.get()
    }

    /// While a far seek replays: how far it has come (0 to 1) and where it is going.
    pub fn seeking(&self) -> Option<(f64, Millis)> {
        self.seeking.get()
    }

    /// Why the run cannot go on (a spec that does not build, a refused command).
    pub fn error(&self) -> Option<String> {
        self.error.get()
    }

    pub fn error_untracked(&self) -> Option<String> {
        self.error.get_untracked()
    }

    /// What the screen reader was last told.
    pub fn spoken(&self) -> String {
        self.spoken.get()
    }

    /// Whether the reader asked for less motion (read once, when the run was made).
    pub fn reduced_motion(&self) -> bool {
        self.reduced_motion
    }

    /// Where the panels' code stands: waiting, here, or missing.
    pub fn panels(&self) -> PanelsLoad<RunHandle> {
        self.panels.get()
    }

    pub fn panels_untracked(&self) -> PanelsLoad<RunHandle> {
        self.panels.get_untracked()
    }

    /// Reads what the panels last showed (measures, charts, narration).
    pub fn with_panel<R>(&self, f: impl FnOnce(&Panel) -> R) -> R {
        self.panel.with(f)
    }

    /// Reads what the scenario or design shows of this run (title, buttons, measures).
    pub fn with_show<R>(&self, f: impl FnOnce(&RunShow) -> R) -> R {
        self.show.with_value(f)
    }

    /// The record under the pointer or last tapped.
    pub fn selected(&self) -> Option<RecordRef> {
        self.selected.get()
    }

    pub fn selected_untracked(&self) -> Option<RecordRef> {
        self.selected.get_untracked()
    }

    /// Chooses `record` (and redraws its outlines) if it is not chosen already.
    pub fn select(&self, record: RecordRef) {
        if self
            .selected
            .with_untracked(|s| s.as_ref() != Some(&record))
        {
            self.selected.set(Some(record));
            self.refresh();
        }
    }

    /// Shows `message` as the run's error (a knob or a link that does not build a spec).
    pub fn show_error(&self, message: String) {
        self.error.set(Some(message));
    }

    /// Stops playing without redrawing or reporting a change: for a caller about to seek or
    /// load, which does both.
    pub fn stop_playing(&self) {
        self.playing.set(false);
    }
}
