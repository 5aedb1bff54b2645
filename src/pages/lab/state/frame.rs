//! The frame loop's work: advance the model within the budget, redraw the stage, refresh
//! the panels, report changes, as the pure `FramePlan` decides (one heavy piece per
//! frame). A child of `state`, so it sees `RunHandle`'s private parts.

use hoplab_model::RecordView;
use leptos::prelude::*;

use super::RunHandle;
use crate::lab::driver::{now_ms, FRAME_BUDGET_MS};
use crate::lab::frame_plan::{Advanced, FrameEnd, FrameInputs, FrameStart, Seeking, Show};
use crate::lab::layout::{layout, LayoutOptions, RecordRef, Scene};

/// Events per catch-up call: small enough that the budget check comes often.
const CATCH_UP_CHUNK: u64 = 40;

/// Phase timings for the frame benchmark ([0, view, layout, SVG] per redraw, [1, ms] per
/// panel refresh, [2, ms] per frame's catch-up): pushed to `window.__hoplabPerf` only when the
/// page (the benchmark) has put an array there. Costs one property lookup otherwise.
fn perf_probe(times: &[f64]) {
    use wasm_bindgen::JsCast;
    let Some(w) = web_sys::window() else { return };
    let Ok(v) = js_sys::Reflect::get(&w, &"__hoplabPerf".into()) else {
        return;
    };
    if let Some(a) = v.dyn_ref::<js_sys::Array>() {
        let row = js_sys::Array::new();
        for t in times {
            row.push(&(*t).into());
        }
        a.push(&row);
    }
}

impl RunHandle {
    /// One animation frame: gathers what the frame knows, asks the `FramePlan` what to
    /// do, and does it.
    pub fn frame(&self, wall: f64) {
        let inputs = self.frame_inputs(wall);
        let Some(start) = self.pace.try_update_value(|p| p.start(&inputs)) else {
            return;
        };
        match start {
            FrameStart::Panels { speak, ready } => {
                self.refresh_panel(wall, speak);
                self.mark_ready(self.now.get_untracked(), ready);
            }
            FrameStart::Stand { seeking, ready } => self.stand(wall, seeking, ready),
            FrameStart::Idle => {}
            FrameStart::DrawProgress { play_ms } => {
                self.play_for(play_ms);
                self.redraw(wall);
            }
            FrameStart::Advance { play_ms } => {
                let advanced = self.advance(wall, play_ms);
                if let Some(end) = self.pace.try_update_value(|p| p.finish(&advanced)) {
                    self.show_frame(wall, end);
                }
            }
        }
    }

    /// What the frame at `wall` knows before it touches the model (taking the engine, if
    /// it has been delivered since the last frame).
    fn frame_inputs(&self, wall: f64) -> FrameInputs {
        let engine_taken = self.engine.with_untracked(Option::is_none)
            && self
                .delivered
                .get_value()
                .is_some_and(|engine| self.engine_arrived(engine));
        let (waiting_for_engine, replay_now, replay_target, catching_up) =
            self.run.with_value(|r| {
                r.as_ref().map_or((false, 0, 0, false), |r| {
                    (!r.has_engine(), r.now(), r.target(), !r.caught_up())
                })
            });
        FrameInputs {
            wall,
            playing: self.playing.get_untracked(),
            speed: self.speed.get_untracked(),
            reduced_motion: self.reduced_motion,
            engine_taken,
            waiting_for_engine,
            replay_now,
            replay_target,
            catching_up,
        }
    }

    fn play_for(&self, play_ms: Option<u64>) {
        if let Some(dt) = play_ms {
            self.run.update_value(|r| {
                if let Some(r) = r {
                    r.play_for(dt);
                }
            });
        }
    }

    /// The model's part of the frame: play `play_ms`, then catch up within the budget.
    fn advance(&self, wall: f64, play_ms: Option<u64>) -> Advanced {
        let start = now_ms();
        let mut a = Advanced {
            wall,
            playing: play_ms.is_some(),
            reduced_motion: self.reduced_motion,
            reached: true,
            caught_up_now: false,
            spent_ms: 0.0,
            now: 0,
            events: 0,
            seeking: (1.0, 0),
            shown_now: self.now.get_untracked(),
            horizon: self.horizon.get_untracked(),
            duration: self.duration.get_value(),
            seek_showing: self.seeking.get_untracked().is_some(),
        };
        self.play_for(play_ms);
        self.run.update_value(|r| {
            let Some(r) = r else { return };
            if !r.caught_up() {
                a.reached = false;
                let from = now_ms();
                while now_ms() - start < FRAME_BUDGET_MS {
                    if r.catch_up(CATCH_UP_CHUNK) {
                        a.reached = true;
                        a.caught_up_now = true;
                        break;
                    }
                }
                perf_probe(&[2.0, now_ms() - from]);
            }
            a.events = r.sim().events_processed();
            a.now = r.now();
            a.seeking = (r.progress(), r.target());
        });
        a.spent_ms = now_ms() - start;
        a
    }

    /// Applies the second half of the frame's plan.
    fn show_frame(&self, wall: f64, end: FrameEnd) {
        match end {
            FrameEnd::Unchanged => {}
            FrameEnd::OnTheWay { now, seeking } => {
                self.now.set(now);
                self.mark_ready(now, false);
                if seeking.is_some() {
                    self.seeking.set(seeking);
                }
            }
            FrameEnd::Deferred => self.mark_ready(self.now.get_untracked(), false),
            FrameEnd::Show(show) => self.show(wall, &show),
        }
    }

    fn show(&self, wall: f64, show: &Show) {
        if show.clear_seeking {
            self.seeking.set(None);
        }
        if show.stop_playing {
            self.playing.set(false);
        }
        if let Some(horizon) = show.horizon {
            self.horizon.set(horizon);
        }
        if let Some(speak) = show.panels_now {
            self.now.set(show.now);
            self.refresh_panel(wall, speak);
            return;
        }
        if show.redraw {
            self.redraw(wall);
        }
        self.now.set(show.now);
        self.mark_ready(show.now, show.ready);
        if show.report {
            self.changed();
        }
    }

    /// Before the engine is here: the stage shows the model at 0 s, and says where the run
    /// will head.
    fn stand(&self, wall: f64, seeking: Option<Seeking>, ready: bool) {
        self.redraw(wall);
        if self.seeking.get_untracked() != seeking {
            self.seeking.set(seeking);
        }
        self.now.set(0);
        self.mark_ready(0, ready);
    }

    pub(super) fn mark_ready(&self, now: u64, ready: bool) {
        if ready != self.ready.get_untracked() {
            self.ready.set(ready);
        }
        let engine = self.engine.with_untracked(Option::is_some);
        self.stage.update_value(|st| {
            if let Some(st) = st {
                st.mark(now, ready, engine);
            }
        });
    }

    /// Draws the stage afresh: the model's view, its layout, the SVG brought in line. Each
    /// step is its own (not inlined) function, so none of them is monomorphised into the
    /// frame loop's closures.
    fn redraw(&self, wall: f64) {
        let t0 = now_ms();
        let Some((scene, view_ms, layout_ms)) = self.lay_out(t0) else {
            return;
        };
        let t2 = now_ms();
        self.draw_scene(&scene);
        self.scene.set_value(Some(scene));
        self.pace.update_value(|p| p.drew(wall));
        if !self.drawn.get_untracked() && self.stage.with_value(Option::is_some) {
            self.drawn.set(true);
        }
        perf_probe(&[0.0, view_ms, layout_ms, now_ms() - t2]);
    }

    /// The scene for the model's present state, with the time spent asking the model and
    /// laying out (from `t0`).
    #[inline(never)]
    fn lay_out(&self, t0: f64) -> Option<(Scene, f64, f64)> {
        let options = LayoutOptions {
            window: self.window_size(),
            reduced_motion: self.reduced_motion,
        };
        self.run.with_value(|r| {
            let sim = r.as_ref()?.sim();
            self.cache.try_update_value(|c| {
                let view = c.next(options.window, |n| sim.view(n));
                let t1 = now_ms();
                let scene = layout(view, options);
                (scene, t1 - t0, now_ms() - t1)
            })
        })
    }

    /// Brings the stage's SVG in line with `scene`.
    #[inline(never)]
    fn draw_scene(&self, scene: &Scene) {
        let selected = self.selected.get_untracked();
        self.stage.update_value(|st| {
            if let Some(st) = st {
                st.apply(scene, selected.as_ref());
            }
        });
    }

    /// Reads the last drawn scene (what clicks and keys pick from).
    pub fn with_scene<T>(&self, f: impl FnOnce(&Scene) -> T) -> Option<T> {
        self.scene.with_value(|s| s.as_ref().map(f))
    }

    /// The record `at` points to, with where its copies are, fresh from the model (for
    /// the details panel; asks only for as many records as needed).
    pub fn record(&self, at: &RecordRef) -> Option<RecordView> {
        let row = &at.row;
        self.run.with_value(|r| {
            let sim = r.as_ref()?.sim();
            let end = self.cache.with_value(|c| {
                c.view()?
                    .streams
                    .iter()
                    .find(|s| s.site == row.site && s.name == row.stream)?
                    .parts
                    .iter()
                    .find(|p| p.index == row.part)
                    .map(|p| p.end)
            })?;
            let view = sim.view(end.saturating_sub(at.position) as usize);
            let st = view
                .streams
                .into_iter()
                .find(|s| s.site == row.site && s.name == row.stream)?;
            let p = st.parts.into_iter().find(|p| p.index == row.part)?;
            p.records.into_iter().find(|r| r.position == at.position)
        })
    }

    /// Fills the panels from the model, once their code is here (see `panels`): until then
    /// the stage alone is what the run shows.
    fn refresh_panel(&self, wall: f64, speak: bool) {
        self.pace.update_value(|p| p.filled_panels(wall, false));
        let Some(panels) = self.panels.get_untracked().ready() else {
            return;
        };
        let t0 = now_ms();
        let x_max = self.horizon.get_untracked();
        let playing = self.playing.get_untracked();
        let panel = self.run.with_value(|r| {
            let r = r.as_ref()?;
            Some(
                self.show
                    .with_value(|show| (panels.compute)(r, show, x_max, playing, speak)),
            )
        });
        if let Some((panel, spoken)) = panel {
            if self.panel.with_untracked(|p| *p != panel) {
                self.panel.set(panel);
            }
            if let Some(s) = spoken {
                self.spoken.set(s);
                self.pace.update_value(|p| p.filled_panels(wall, true));
            }
        }
        perf_probe(&[1.0, now_ms() - t0]);
    }
}
