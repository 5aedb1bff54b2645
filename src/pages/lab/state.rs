//! The lab page's state and the operations its controls call. Components read the
//! signals and call these methods; the model does the work, [`Run`] does time travel.

use std::rc::Rc;

use hoplab_model::{KnobValues, LogEntry, Millis, Scenario};
use leptos::prelude::*;

use crate::lab::charts::Chart;
use crate::lab::describe::MeasureRow;
use crate::lab::driver::Clock;
use crate::lab::timeline::{Pressed, Run};
use crate::lab::url_state::{self, Action, LabState};
use crate::lab::view_cache::ViewCache;

use super::stage_dom::StageDom;

mod frame;

/// Records per part row unless the URL or the reader chooses otherwise.
pub const DEFAULT_WINDOW: usize = 40;
/// Wall milliseconds between refreshes of the measures, charts and narration.
const PANEL_EVERY_MS: f64 = 250.0;
/// Wall milliseconds between URL updates while playing.
const URL_EVERY_MS: f64 = 2000.0;
/// Wall milliseconds between spoken descriptions while playing.
const SPEAK_EVERY_MS: f64 = 8000.0;
/// With reduced motion the stage is redrawn in steps this far apart.
const REDUCED_STEP_MS: f64 = 500.0;
/// While catching up with a far target, the stage is redrawn this often (wall ms).
const CATCH_UP_DRAW_MS: f64 = 120.0;
/// Entries the narration shows.
pub const NARRATION_LEN: usize = 8;

/// What the side panels show, refreshed a few times a second.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Panel {
    pub rows: Vec<MeasureRow>,
    pub charts: Vec<Chart>,
    pub log: Vec<LogEntry>,
}

/// Bookkeeping of the frame loop, outside the reactive graph.
#[derive(Default)]
struct Pace {
    clock: Clock,
    last_panel: f64,
    last_url: f64,
    last_speak: f64,
    last_scene: f64,
    shown_now: Option<Millis>,
    shown_events: u64,
    shown_ready: bool,
    force: bool,
}

type Navigate = Rc<dyn Fn(&str)>;

/// Everything the lab's components share, `Copy` so closures can hold it.
#[derive(Clone, Copy)]
pub struct Lab {
    pub scenario: StoredValue<Scenario>,
    run: StoredValue<Option<Run>, LocalStorage>,
    cache: StoredValue<ViewCache, LocalStorage>,
    pace: StoredValue<Pace, LocalStorage>,
    navigate: StoredValue<Option<Navigate>, LocalStorage>,
    pub last_query: StoredValue<String>,
    pub reduced_motion: bool,
    pub knobs: RwSignal<KnobValues>,
    pub seed: RwSignal<u64>,
    pub window: RwSignal<Option<usize>>,
    pub playing: RwSignal<bool>,
    pub speed: RwSignal<f64>,
    pub now: RwSignal<Millis>,
    pub horizon: RwSignal<Millis>,
    /// The scenario's suggested duration: playing stops there once.
    pub duration: StoredValue<Millis>,
    /// The model has reached the time asked for (after a seek or a load).
    pub ready: RwSignal<bool>,
    stage: StoredValue<Option<StageDom>, LocalStorage>,
    pub panel: RwSignal<Panel>,
    pub spoken: RwSignal<String>,
    pub problems: RwSignal<Vec<String>>,
    pub error: RwSignal<Option<String>>,
    /// The record under the pointer or last tapped (its stage key).
    pub selected: RwSignal<Option<String>>,
}

pub fn use_lab() -> Lab {
    expect_context::<Lab>()
}

impl Lab {
    pub fn new(scenario: Scenario, state: LabState, problems: Vec<String>, reduced: bool) -> Lab {
        let lab = Lab {
            scenario: StoredValue::new(scenario),
            run: StoredValue::new_local(None),
            cache: StoredValue::new_local(ViewCache::default()),
            pace: StoredValue::new_local(Pace::default()),
            navigate: StoredValue::new_local(None),
            last_query: StoredValue::new(String::new()),
            reduced_motion: reduced,
            knobs: RwSignal::new(state.knobs.clone()),
            seed: RwSignal::new(state.seed),
            window: RwSignal::new(state.window),
            playing: RwSignal::new(false),
            speed: RwSignal::new(1.0),
            now: RwSignal::new(0),
            horizon: RwSignal::new(0),
            duration: StoredValue::new(0),
            ready: RwSignal::new(false),
            stage: StoredValue::new_local(None),
            panel: RwSignal::new(Panel::default()),
            spoken: RwSignal::new(String::new()),
            problems: RwSignal::new(problems),
            error: RwSignal::new(None),
            selected: RwSignal::new(None),
        };
        lab.load(&state);
        lab
    }

    pub fn set_navigate(&self, f: impl Fn(&str) + 'static) {
        self.navigate.set_value(Some(Rc::new(f)));
    }

    pub fn id(&self) -> &'static str {
        self.scenario.with_value(|s| s.id)
    }

    pub fn window_size(&self) -> usize {
        self.window.get_untracked().unwrap_or(DEFAULT_WINDOW)
    }

    fn pressed_from(&self, actions: &[Action]) -> Vec<Pressed> {
        self.scenario.with_value(|s| {
            actions
                .iter()
                .filter_map(|a| {
                    let b = s.buttons.iter().find(|b| b.id == a.button)?;
                    Some(Pressed {
                        at_ms: a.at_ms,
                        button: a.button.clone(),
                        command: b.command.clone(),
                    })
                })
                .collect()
        })
    }

    /// Builds the run for `state` and heads for its time.
    pub fn load(&self, state: &LabState) {
        self.knobs.set(state.knobs.clone());
        self.seed.set(state.seed);
        self.window.set(state.window);
        self.speed.set(state.speed);
        let pressed = self.pressed_from(&state.actions);
        self.rebuild(pressed, state.time_ms);
        self.last_query
            .set_value(url_state::to_query(&self.state()));
    }

    /// Makes the next sync rewrite the URL even if the state did not change (after a
    /// malformed URL, so a copied link no longer carries the mistakes).
    pub fn forget_query(&self) {
        self.last_query.set_value(String::from("\u{0}"));
    }

    fn rebuild(&self, pressed: Vec<Pressed>, time_ms: Millis) {
        let built = self
            .scenario
            .with_value(|s| s.build(&self.knobs.get_untracked()));
        let duration = built.as_ref().map_or(0, |spec| spec.duration_ms);
        let run = built
            .map_err(|e| e.to_string())
            .and_then(|spec| Run::new(&spec, self.seed.get_untracked(), pressed));
        match run {
            Ok(mut run) => {
                run.seek(time_ms);
                self.run.set_value(Some(run));
                self.error.set(None);
            }
            Err(e) => {
                self.run.set_value(None);
                self.error.set(Some(e));
            }
        }
        self.duration.set_value(duration);
        self.horizon.set(duration.max(time_ms));
        self.cache.update_value(|c| c.clear());
        self.ready.set(false);
        self.selected.set(None);
        self.force();
    }

    /// The state the URL should show.
    pub fn state(&self) -> LabState {
        let (time_ms, actions) = self.run.with_value(|r| {
            r.as_ref().map_or((0, vec![]), |r| {
                let actions = r
                    .pressed()
                    .iter()
                    .map(|p| Action {
                        at_ms: p.at_ms,
                        button: p.button.clone(),
                    })
                    .collect();
                (r.target(), actions)
            })
        });
        LabState {
            knobs: self.knobs.get_untracked(),
            seed: self.seed.get_untracked(),
            time_ms,
            actions,
            window: self.window.get_untracked(),
            speed: self.speed.get_untracked(),
        }
    }

    /// Writes the state into the URL (replacing the history entry).
    pub fn sync_url(&self) {
        let query = url_state::to_query(&self.state());
        if query == self.last_query.get_value() {
            return;
        }
        self.last_query.set_value(query.clone());
        let path = format!("/lab/{}{query}", self.id());
        if let Some(nav) = self.navigate.get_value() {
            nav(&path);
        }
    }

    fn force(&self) {
        self.pace.update_value(|p| p.force = true);
    }

    /// Redraws everything on the next frame (after a selection, say).
    pub fn refresh(&self) {
        self.force();
    }

    /// Gives the frame loop the stage's SVG to draw into (`None` when it goes away).
    pub fn attach_stage(&self, stage: Option<StageDom>) {
        self.stage.set_value(stage);
        self.force();
    }

    pub fn toggle_play(&self) {
        if self.playing.get_untracked() {
            self.pause();
        } else {
            self.pace.update_value(|p| p.clock.reset());
            self.playing.set(true);
        }
    }

    pub fn pause(&self) {
        self.playing.set(false);
        self.force();
        self.sync_url();
    }

    pub fn step(&self) {
        self.playing.set(false);
        self.run.update_value(|r| {
            if let Some(r) = r {
                r.step();
            }
        });
        self.force();
        self.sync_url();
    }

    pub fn seek(&self, t: Millis) {
        self.run.update_value(|r| {
            if let Some(r) = r {
                r.seek(t);
            }
        });
        self.ready.set(false);
        self.force();
    }

    pub fn reset(&self) {
        self.playing.set(false);
        self.rebuild(Vec::new(), 0);
        self.sync_url();
    }

    pub fn set_knobs(&self, knobs: KnobValues) {
        self.knobs.set(knobs);
        self.rebuild_keeping_time();
    }

    pub fn set_seed(&self, seed: u64) {
        self.seed.set(seed);
        self.rebuild_keeping_time();
    }

    pub fn set_window(&self, window: Option<usize>) {
        self.window.set(window);
        self.cache.update_value(|c| c.clear());
        self.force();
        self.sync_url();
    }

    fn rebuild_keeping_time(&self) {
        let (t, pressed) = self.run.with_value(|r| {
            r.as_ref()
                .map_or((0, vec![]), |r| (r.target(), r.pressed().to_vec()))
        });
        self.rebuild(pressed, t);
        self.sync_url();
    }

    /// Presses one of the scenario's buttons now.
    pub fn press(&self, button: &str) {
        let Some(cmd) = self.scenario.with_value(|s| {
            s.buttons
                .iter()
                .find(|b| b.id == button)
                .map(|b| b.command.clone())
        }) else {
            return;
        };
        let mut result = Ok(());
        self.run.update_value(|r| {
            if let Some(r) = r {
                result = r.press(button, cmd);
            }
        });
        if let Err(e) = result {
            self.error.set(Some(e));
        }
        self.force();
        self.sync_url();
    }
}
