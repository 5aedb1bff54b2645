//! The frame loop's work: advance the model within the budget, redraw the stage,
//! refresh the panels, keep the URL in step. A child of `state`, so it sees `Lab`'s
//! private parts.

use hoplab_model::{LogEntry, RecordView};
use leptos::prelude::*;

use super::{
    Lab, Panel, CATCH_UP_DRAW_MS, NARRATION_LEN, PANEL_EVERY_MS, REDUCED_STEP_MS, SPEAK_EVERY_MS,
    URL_EVERY_MS,
};
use crate::lab::charts::{charts, Names};
use crate::lab::describe::{describe, measure_rows};
use crate::lab::driver::{now_ms, FRAME_BUDGET_MS};
use crate::lab::layout::{layout, LayoutOptions};

/// Phase timings for the frame benchmark: pushed to `window.__hoplabPerf` only when the
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

impl Lab {
    /// One animation frame: advance the model within the budget, redraw what changed.
    pub fn frame(&self, wall: f64) {
        let start = now_ms();
        let playing = self.playing.get_untracked();
        let speed = self.speed.get_untracked();
        let dt = self.pace.try_update_value(|p| p.clock.tick(wall, speed));
        let Some(dt) = dt else { return };
        let mut reached = true;
        let mut events = 0;
        let mut now = 0;
        self.run.update_value(|r| {
            let Some(r) = r else { return };
            if playing {
                r.play_for(dt);
            }
            if !r.caught_up() {
                reached = false;
                while now_ms() - start < FRAME_BUDGET_MS {
                    if r.catch_up(100) {
                        reached = true;
                        break;
                    }
                }
            }
            events = r.sim().events_processed();
            now = r.now();
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
        let last_scene = self.pace.with_value(|p| p.last_scene);
        if !reached && !force && wall - last_scene < CATCH_UP_DRAW_MS {
            // Still on the way to a far target: draw now and then, not every frame.
            self.now.set(now);
            return;
        }
        let duration = self.duration.get_value();
        if playing && now >= duration && self.now.get_untracked() < duration {
            // The scenario's story is told: stop at its end (play again to go on).
            self.playing.set(false);
        }
        let horizon = self.horizon.get_untracked();
        if now > horizon {
            self.horizon.set(now);
        }
        let playing = self.playing.get_untracked();
        let (last_panel, last_url, last_speak) = self
            .pace
            .with_value(|p| (p.last_panel, p.last_url, p.last_speak));
        if playing && !force && wall - last_panel >= PANEL_EVERY_MS {
            // Spread the work: the panels now, the stage on the next frame.
            self.now.set(now);
            self.refresh_panel(wall, wall - last_speak >= SPEAK_EVERY_MS);
            return;
        }
        let reduced_wait = self.reduced_motion
            && playing
            && wall - self.pace.with_value(|p| p.last_scene) < REDUCED_STEP_MS;
        if !reduced_wait || force {
            self.redraw(wall);
        }
        self.now.set(now);
        if reached != self.ready.get_untracked() {
            self.ready.set(reached);
        }
        self.stage.update_value(|st| {
            if let Some(st) = st {
                st.mark(now, reached);
            }
        });
        if force || !playing {
            self.refresh_panel(wall, true);
        }
        if playing && wall - last_url >= URL_EVERY_MS {
            self.pace.update_value(|p| p.last_url = wall);
            self.sync_url();
        } else if !playing && reached {
            self.sync_url();
        }
        self.pace.update_value(|p| {
            p.force = false;
            p.shown_now = Some(now);
            p.shown_events = events;
            p.shown_ready = reached;
        });
    }

    fn redraw(&self, wall: f64) {
        let window = self.window_size();
        let reduced_motion = self.reduced_motion;
        let t0 = now_ms();
        let mut times = (0.0, 0.0);
        let scene = self.run.with_value(|r| {
            let sim = r.as_ref()?.sim();
            self.cache.try_update_value(|c| {
                let view = c.next(window, |n| sim.view(n));
                let t1 = now_ms();
                let scene = layout(
                    view,
                    LayoutOptions {
                        window,
                        reduced_motion,
                    },
                );
                times = (t1 - t0, now_ms() - t1);
                scene
            })
        });
        let Some(scene) = scene else { return };
        let t2 = now_ms();
        let selected = self.selected.get_untracked();
        let selected = selected.as_deref().and_then(|k| {
            let (row, pos) = k.split_once('@')?;
            Some((row, pos.parse::<u64>().ok()?))
        });
        self.stage.update_value(|st| {
            if let Some(st) = st {
                st.apply(&scene, selected);
            }
        });
        self.pace.update_value(|p| p.last_scene = wall);
        perf_probe(&[0.0, times.0, times.1, now_ms() - t2]);
    }

    /// The record at `position` of a part, with where its copies are, fresh from the
    /// model (for the details panel; asks only for as many records as needed).
    pub fn record(&self, site: &str, stream: &str, part: u32, position: u64) -> Option<RecordView> {
        self.run.with_value(|r| {
            let sim = r.as_ref()?.sim();
            let end = self.cache.with_value(|c| {
                c.view()?
                    .streams
                    .iter()
                    .find(|s| s.site == site && s.name == stream)?
                    .parts
                    .iter()
                    .find(|p| p.index == part)
                    .map(|p| p.end)
            })?;
            let view = sim.view(end.saturating_sub(position) as usize);
            let st = view
                .streams
                .into_iter()
                .find(|s| s.site == site && s.name == stream)?;
            let p = st.parts.into_iter().find(|p| p.index == part)?;
            p.records.into_iter().find(|r| r.position == position)
        })
    }

    fn refresh_panel(&self, wall: f64, speak: bool) {
        let t0 = now_ms();
        let id = self.id();
        let x_max = self.horizon.get_untracked();
        let playing = self.playing.get_untracked();
        let panel = self.run.with_value(|r| {
            let r = r.as_ref()?;
            let sim = r.sim();
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
            Some((
                Panel {
                    rows: measure_rows(id, &m),
                    charts: charts(id, sim.series(), &names, x_max),
                    log,
                },
                spoken,
            ))
        });
        if let Some((panel, spoken)) = panel {
            self.panel.set(panel);
            if let Some(s) = spoken {
                self.spoken.set(s);
                self.pace.update_value(|p| p.last_speak = wall);
            }
        }
        self.pace.update_value(|p| p.last_panel = wall);
        perf_probe(&[1.0, now_ms() - t0]);
    }
}
