//! A run view's state and the operations its controls (and any embedder) call. Components
//! read the signals and call these methods; the model does the work, [`Replay`] does time
//! travel. Nothing here knows about scenarios or URLs: a page that keeps the run in its
//! URL listens with [`RunHandle::on_change`].

use std::rc::Rc;

use hoplab_model::{Command, Millis, ScenarioSpec};
use leptos::prelude::*;

use crate::lab::engine::Engine;
use crate::lab::frame_plan::FramePlan;
use crate::lab::layout::{RecordRef, Scene};
use crate::lab::show::RunShow;
use crate::lab::timeline::{Pressed, Replay};
use crate::lab::url_state::{Action, RunState};
use crate::lab::view_cache::ViewCache;

use super::panel_contract::{Panel, PanelsLoad};
use super::stage_dom::StageDom;

mod frame;
mod reads;

/// Records per part row unless the URL or the reader chooses otherwise.
pub const DEFAULT_WINDOW: usize = 40;
type Listener = Rc<dyn Fn(&RunHandle)>;

/// One run of one spec, shared by a [`RunView`](super::RunView)'s parts and its embedder.
/// `Copy`, so closures can hold it; it lives as long as the reactive owner that made it.
///
/// Its state is read through getters (tracked, like the signals behind them, unless named
/// `_untracked`) and written only through its methods, which keep it consistent. Read:
/// [`now`](Self::now), [`playing`](Self::playing), [`ready`](Self::ready),
/// [`horizon`](Self::horizon), [`error`](Self::error), [`seeking`](Self::seeking),
/// [`measure`](Self::measure). Drive: [`play`](Self::play), [`pause`](Self::pause),
/// [`seek`](Self::seek), [`step`](Self::step), [`press`](Self::press) (a button of the
/// [`RunShow`]), [`apply`](Self::apply) (any model command, now).
#[derive(Clone, Copy)]
pub struct RunHandle {
    spec: StoredValue<ScenarioSpec>,
    show: StoredValue<RunShow>,
    run: StoredValue<Option<Replay>, LocalStorage>,
    /// What moves the model: it comes after the stage shows, before the panels. Until then
    /// the run stands at 0 s and keeps what it is asked to do.
    engine: RwSignal<Option<Engine>>,
    /// The engine as its loader handed it over, for the next frame to take.
    delivered: StoredValue<Option<Engine>>,
    cache: StoredValue<ViewCache, LocalStorage>,
    /// The frame loop's bookkeeping, outside the reactive graph.
    pace: StoredValue<FramePlan, LocalStorage>,
    on_change: StoredValue<Option<Listener>, LocalStorage>,
    /// The last scene drawn: what a click or a key picks from.
    scene: StoredValue<Option<Scene>, LocalStorage>,
    reduced_motion: bool,
    seed: RwSignal<u64>,
    window: RwSignal<Option<usize>>,
    playing: RwSignal<bool>,
    speed: RwSignal<f64>,
    now: RwSignal<Millis>,
    horizon: RwSignal<Millis>,
    /// The spec's suggested duration: playing stops there once.
    duration: StoredValue<Millis>,
    /// The model has reached the time asked for (after a seek or a load).
    ready: RwSignal<bool>,
    /// The stage has been drawn (at 0 s, or wherever the run stood): what the panels and
    /// the engine wait for before they are fetched.
    drawn: RwSignal<bool>,
    /// While a far seek replays: how far it has come (0 to 1) and where it is going.
    seeking: RwSignal<Option<(f64, Millis)>>,
    stage: StoredValue<Option<StageDom>, LocalStorage>,
    panel: RwSignal<Panel>,
    /// The code that fills the panels and draws them, which follows the stage.
    panels: RwSignal<PanelsLoad<RunHandle>>,
    spoken: RwSignal<String>,
    error: RwSignal<Option<String>>,
    /// The record under the pointer or last tapped.
    selected: RwSignal<Option<RecordRef>>,
}

pub fn use_run() -> RunHandle {
    expect_context::<RunHandle>()
}

impl RunHandle {
    /// A run of `spec` at time 0, showing what `show` says.
    pub fn new(spec: ScenarioSpec, show: RunShow) -> RunHandle {
        Self::with_state(spec, show, RunState::default())
    }

    /// A run of `spec` at `state`'s time, seed, presses, density and speed (presses name
    /// `show`'s buttons; unknown ones are skipped).
    pub fn with_state(spec: ScenarioSpec, show: RunShow, state: RunState) -> RunHandle {
        let run = RunHandle {
            spec: StoredValue::new(spec),
            show: StoredValue::new(show),
            run: StoredValue::new_local(None),
            engine: RwSignal::new(None),
            delivered: StoredValue::new(None),
            cache: StoredValue::new_local(ViewCache::default()),
            pace: StoredValue::new_local(FramePlan::default()),
            on_change: StoredValue::new_local(None),
            scene: StoredValue::new_local(None),
            reduced_motion: prefers_reduced_motion(),
            seed: RwSignal::new(state.seed),
            window: RwSignal::new(state.window),
            playing: RwSignal::new(false),
            speed: RwSignal::new(1.0),
            now: RwSignal::new(0),
            horizon: RwSignal::new(0),
            duration: StoredValue::new(0),
            ready: RwSignal::new(false),
            drawn: RwSignal::new(false),
            seeking: RwSignal::new(None),
            stage: StoredValue::new_local(None),
            panel: RwSignal::new(Panel::default()),
            panels: RwSignal::new(PanelsLoad::Waiting),
            spoken: RwSignal::new(String::new()),
            error: RwSignal::new(None),
            selected: RwSignal::new(None),
        };
        run.load(None, &state);
        run
    }

    /// Calls `f` after every change worth keeping (a press, a pause, a seek reached, a
    /// new seed or density), and every few seconds while playing.
    pub fn on_change(&self, f: impl Fn(&RunHandle) + 'static) {
        self.on_change.set_value(Some(Rc::new(f)));
    }

    fn changed(&self) {
        if let Some(f) = self.on_change.get_value() {
            f(self);
        }
    }

    pub fn window_size(&self) -> usize {
        self.window.get_untracked().unwrap_or(DEFAULT_WINDOW)
    }

    fn pressed_from(&self, actions: &[Action]) -> Vec<Pressed> {
        self.show.with_value(|s| {
            actions
                .iter()
                .filter_map(|a| {
                    let b = s.button(&a.button)?;
                    Some(Pressed {
                        at_ms: a.at_ms,
                        button: Some(a.button.clone()),
                        command: b.command.clone(),
                    })
                })
                .collect()
        })
    }

    /// Builds the run for `state` (and `spec`, if given) and heads for its time.
    pub fn load(&self, spec: Option<ScenarioSpec>, state: &RunState) {
        if let Some(spec) = spec {
            self.spec.set_value(spec);
        }
        self.seed.set(state.seed);
        self.window.set(state.window);
        self.speed.set(state.speed);
        let pressed = self.pressed_from(&state.actions);
        self.rebuild(pressed, state.time_ms);
    }

    fn rebuild(&self, pressed: Vec<Pressed>, time_ms: Millis) {
        let seed = self.seed.get_untracked();
        let engine = self.engine.get_untracked();
        let built = self.spec.with_value(|spec| {
            let run = Replay::new(spec, seed, pressed, engine);
            (run, spec.duration_ms)
        });
        let (run, duration) = built;
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

    /// The state a link or a saved session needs to rebuild this view: presses made by
    /// [`apply`](Self::apply) (not buttons) are left out.
    pub fn state(&self) -> RunState {
        let (time_ms, actions) = self.run.with_value(|r| {
            r.as_ref().map_or((0, vec![]), |r| {
                let actions = r
                    .pressed()
                    .iter()
                    .filter_map(|p| {
                        Some(Action {
                            at_ms: p.at_ms,
                            button: p.button.clone()?,
                        })
                    })
                    .collect();
                (r.target(), actions)
            })
        });
        RunState {
            seed: self.seed.get_untracked(),
            time_ms,
            actions,
            window: self.window.get_untracked(),
            speed: self.speed.get_untracked(),
        }
    }

    /// The spec this run runs.
    pub fn spec(&self) -> ScenarioSpec {
        self.spec.get_value()
    }

    /// The spec's site names, in order.
    pub fn spec_sites(&self) -> Vec<String> {
        self.spec
            .with_value(|s| s.topology.sites.iter().map(|x| x.name.clone()).collect())
    }

    /// The number behind a measure row (ids as `data-measure` shows them, e.g.
    /// `lag:a-to-b`), as the panels last showed it.
    pub fn measure(&self, id: &str) -> Option<f64> {
        self.panel
            .with_untracked(|p| p.rows.iter().find(|r| r.id == id).map(|r| r.number))
    }

    /// Redraws on the next frame; until the panels show the change, the run is not ready
    /// (so nothing reads the panels of before).
    fn force(&self) {
        self.pace.update_value(FramePlan::force);
        self.mark_ready(self.now.get_untracked(), false);
    }

    /// Takes the engine's code once it is here: the next frame sets the run going (the app
    /// calls this: the less it does, the less code every page's first download holds).
    pub fn engine_delivered(&self, engine: Engine) {
        self.delivered.set_value(Some(engine));
    }

    /// Takes the panels' code once it is here: they are filled on the next frame.
    pub fn panels_arrived(&self, panels: PanelsLoad<RunHandle>) {
        self.panels.set(panels);
        if panels.ready().is_some() {
            self.pace.update_value(FramePlan::panels_due);
        }
    }

    /// Takes the engine (on the frame after its delivery): the run heads on from 0 s to its target, doing the presses,
    /// steps and play asked for meanwhile.
    fn engine_arrived(&self, engine: Engine) -> bool {
        if self.engine.get_untracked().is_some() {
            return false;
        }
        self.engine.set(Some(engine));
        self.run.update_value(|r| {
            if let Some(r) = r {
                r.engine_arrived(engine);
            }
        });
        // The frame plan restarts its clock and redraws (see `FramePlan::start`).
        self.mark_ready(self.now.get_untracked(), false);
        true
    }

    /// Whether the engine is here (tracked): before it, the run stands at 0 s.
    pub fn engine_ready(&self) -> bool {
        self.engine.with(Option::is_some)
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
            self.play();
        }
    }

    pub fn play(&self) {
        if !self.playing.get_untracked() {
            self.pace.update_value(FramePlan::restart_clock);
            self.playing.set(true);
        }
    }

    pub fn pause(&self) {
        self.playing.set(false);
        self.force();
        self.changed();
    }

    pub fn step(&self) {
        self.playing.set(false);
        self.run.update_value(|r| {
            if let Some(r) = r {
                r.step();
            }
        });
        self.force();
        self.changed();
    }

    /// Heads for simulated time `t`: far seeks replay over several frames, with progress.
    pub fn seek(&self, t: Millis) {
        self.run.update_value(|r| {
            if let Some(r) = r {
                r.seek(t);
            }
        });
        if t > self.horizon.get_untracked() {
            self.horizon.set(t);
        }
        self.ready.set(false);
        self.force();
    }

    pub fn reset(&self) {
        self.playing.set(false);
        self.rebuild(Vec::new(), 0);
        self.changed();
    }

    /// Runs another spec (a scenario's knob changed, a design was edited) from time 0
    /// up to where this run stood, replaying the presses its buttons still name.
    pub fn set_spec(&self, spec: ScenarioSpec) {
        self.spec.set_value(spec);
        self.rebuild_keeping_time();
    }

    pub fn set_seed(&self, seed: u64) {
        self.seed.set(seed);
        self.rebuild_keeping_time();
    }

    /// Simulated seconds per wall second while playing.
    pub fn set_speed(&self, speed: f64) {
        self.speed.set(speed);
        self.changed();
    }

    pub fn set_window(&self, window: Option<usize>) {
        self.window.set(window);
        self.cache.update_value(|c| c.clear());
        self.force();
        self.changed();
    }

    fn rebuild_keeping_time(&self) {
        let (t, pressed) = self.run.with_value(|r| {
            r.as_ref()
                .map_or((0, vec![]), |r| (r.target(), r.pressed().to_vec()))
        });
        self.rebuild(pressed, t);
        self.changed();
    }

    /// Presses one of the [`RunShow`]'s buttons now.
    pub fn press(&self, button: &str) {
        let Some(cmd) = self
            .show
            .with_value(|s| s.button(button).map(|b| b.command.clone()))
        else {
            return;
        };
        self.apply_as(Some(button), cmd);
    }

    /// Applies any model command now (a lesson's step, a designer's fault). A refusal
    /// (say, a site the spec does not have) shows as the run's error.
    pub fn apply(&self, command: Command) {
        self.apply_as(None, command);
    }

    fn apply_as(&self, button: Option<&str>, command: Command) {
        let mut result = Ok(());
        self.run.update_value(|r| {
            if let Some(r) = r {
                result = r.press(button, command);
            }
        });
        if let Err(e) = result {
            self.error.set(Some(e));
        }
        self.force();
        self.changed();
    }
}

fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}
