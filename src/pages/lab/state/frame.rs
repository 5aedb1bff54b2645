//! The frame loop's work: advance the model within the budget, redraw the stage, refresh
//! the panels, report changes. One heavy piece per frame: a far seek replays in budgeted
//! chunks (with progress), the stage is redrawn on the frame after a long catch-up, and
//! the panels on the frame after the stage. A child of `state`, so it sees `RunHandle`'s
//! private parts.

use hoplab_model::RecordView;
use leptos::prelude::*;

use super::{
    RunHandle, CATCH_UP_DRAW_MS, PANEL_EVERY_MS, REDUCED_STEP_MS, SPEAK_EVERY_MS, URL_EVERY_MS,
};
use crate::lab::driver::{now_ms, FRAME_BUDGET_MS};
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
    /// One animation frame: advance the model within the budget, redraw what changed.
    pub fn frame(&self, wall: f64) {
        if self.engine.with_untracked(Option::is_none) {
            if let Some(engine) = self.delivered.get_value() {
                self.engine_arrived(engine);
            }
        }
        if let Some(speak) = self.pace.try_update_value(|p| p.panel_due.take()).flatten() {
            // The stage was drawn last frame: this frame is the panels'. Only then is the
            // run ready (what tests and tools wait for): stage and panels show one time.
            self.refresh_panel(wall, speak);
            let now = self.now.get_untracked();
            let reached = self.pace.with_value(|p| p.shown_ready);
            self.mark_ready(now, reached);
            return;
        }
        if self
            .run
            .with_value(|r| r.as_ref().is_some_and(|r| !r.has_engine()))
        {
            self.stand(wall);
            return;
        }
        let start = now_ms();
        let playing = self.playing.get_untracked();
        let speed = self.speed.get_untracked();
        let Some(dt) = self.pace.try_update_value(|p| p.clock.tick(wall, speed)) else {
            return;
        };
        let last_scene = self.pace.with_value(|p| p.last_scene);
        let catching_up = self
            .run
            .with_value(|r| r.as_ref().is_some_and(|r| !r.caught_up()));
        let draw_every = if self.reduced_motion {
            REDUCED_STEP_MS
        } else {
            CATCH_UP_DRAW_MS
        };
        if catching_up && wall - last_scene >= draw_every {
            // On the way to a far target: now and then a frame draws how far it has got
            // instead of replaying, so no frame does both.
            if playing {
                self.run.update_value(|r| {
                    if let Some(r) = r {
                        r.play_for(dt);
                    }
                });
            }
            self.redraw(wall);
            return;
        }
        let mut reached = true;
        let mut caught_up_now = false;
        let mut events = 0;
        let mut now = 0;
        let mut progress = (1.0, 0);
        self.run.update_value(|r| {
            let Some(r) = r else { return };
            if playing {
                r.play_for(dt);
            }
            if !r.caught_up() {
                reached = false;
                let from = now_ms();
                while now_ms() - start < FRAME_BUDGET_MS {
                    if r.catch_up(CATCH_UP_CHUNK) {
                        reached = true;
                        caught_up_now = true;
                        break;
                    }
                }
                perf_probe(&[2.0, now_ms() - from]);
            }
            events = r.sim().events_processed();
            now = r.now();
            progress = (r.progress(), r.target());
        });
        let (force, changed) = self.pace.with_value(|p| {
            (
                p.force,
                p.shown_now != Some(now) || p.shown_events != events || p.shown_ready != reached,
            )
        });
        if !changed && !force {
            return;
        }
        if !reached {
            // Still on the way to a far target: show how far.
            self.now.set(now);
            self.mark_ready(now, false);
            if !playing {
                self.seeking.set(Some(progress));
            }
            return;
        }
        if caught_up_now && !playing && now_ms() - start > FRAME_BUDGET_MS / 2.0 {
            // This frame replayed: the redraw (a whole fresh window) waits for the next.
            self.force();
            return;
        }
        if self.seeking.get_untracked().is_some() {
            self.seeking.set(None);
        }
        let duration = self.duration.get_value();
        if playing && now >= duration && self.now.get_untracked() < duration {
            // The story is told: stop at its end (play again to go on).
            self.playing.set(false);
        }
        if now > self.horizon.get_untracked() {
            self.horizon.set(now);
        }
        let playing = self.playing.get_untracked();
        let (last_panel, last_url, last_speak) = self
            .pace
            .with_value(|p| (p.last_panel, p.last_url, p.last_speak));
        let speak = wall - last_speak >= SPEAK_EVERY_MS;
        if playing && !force && wall - last_panel >= PANEL_EVERY_MS {
            // Spread the work: the panels now, the stage on the next frame.
            self.now.set(now);
            self.refresh_panel(wall, speak);
            return;
        }
        let reduced_wait = self.reduced_motion && playing && wall - last_scene < REDUCED_STEP_MS;
        if !reduced_wait || force {
            self.redraw(wall);
        }
        self.now.set(now);
        if force || !playing {
            // The panels on the next frame, so no frame does both; ready once they show.
            self.pace.update_value(|p| p.panel_due = Some(true));
            self.mark_ready(now, false);
        } else {
            self.mark_ready(now, reached);
        }
        if playing && wall - last_url >= URL_EVERY_MS {
            self.pace.update_value(|p| p.last_url = wall);
            self.changed();
        } else if !playing {
            self.changed();
        }
        self.pace.update_value(|p| {
            p.force = false;
            p.shown_now = Some(now);
            p.shown_events = events;
            p.shown_ready = reached;
        });
    }

    /// Before the engine is here: the stage shows the model at 0 s, drawn when asked
    /// (after it is attached, a new density, a selection), and is ready if 0 s is where
    /// the run is heading. Nothing moves and no time passes, so a frame does nothing else.
    fn stand(&self, wall: f64) {
        if !self.pace.with_value(|p| p.force) {
            return;
        }
        self.redraw(wall);
        let (now, target) = self
            .run
            .with_value(|r| r.as_ref().map_or((0, 0), |r| (r.now(), r.target())));
        let heading_for_now = target == now;
        // A link's time (or a scrub) waits for the engine: the stage says where it will go.
        let heading = (!heading_for_now && !self.playing.get_untracked()).then_some((0.0, target));
        if self.seeking.get_untracked() != heading {
            self.seeking.set(heading);
        }
        self.now.set(0);
        self.mark_ready(0, heading_for_now);
        self.pace.update_value(|p| {
            p.force = false;
            p.shown_now = Some(0);
            p.shown_ready = heading_for_now;
        });
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
        self.pace.update_value(|p| p.last_scene = wall);
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
        self.pace.update_value(|p| p.last_panel = wall);
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
                self.pace.update_value(|p| p.last_speak = wall);
            }
        }
        perf_probe(&[1.0, now_ms() - t0]);
    }
}
