//! Time travel for the lab: a replay of one spec that can be sought backwards and
//! forwards. Snapshots (clones of the model; "checkpoint" is MirrorMaker 2's word for a
//! translated group position, so not used here) are kept every few simulated seconds;
//! seeking restores the nearest one at or before the target and advances from there,
//! replaying the buttons pressed. Advancing is budgeted, so the page never blocks.
//!
//! A replay moves its model only through an [`Engine`], which may arrive after the replay is
//! built (a lab page draws its stage at 0 s before the engine's code is downloaded). Until
//! then the replay stands at 0 s: seeks, presses and steps are kept and done on arrival.

use hoplab_model::{Command, Millis, ScenarioSpec, Sim, StepInfo, StepKind};

use super::engine::Engine;

/// A press the replay repeats: when, which button (`None`: a command an embedder applied
/// directly), and its command.
#[derive(Clone, Debug, PartialEq)]
pub struct Pressed {
    pub at_ms: Millis,
    pub button: Option<String>,
    pub command: Command,
}

#[derive(Debug)]
struct Snapshot {
    sim: Sim,
    /// How many presses the snapshot already includes.
    applied: usize,
}

/// Snapshots kept before the spacing doubles.
const MAX_SNAPSHOTS: usize = 96;

/// One scenario's replay: the live model, its snapshots and the presses to replay.
#[derive(Debug)]
pub struct Replay {
    sim: Sim,
    /// What moves the model; until it arrives, the model stands at 0 s untouched.
    engine: Option<Engine>,
    snapshots: Vec<Snapshot>,
    every_ms: Millis,
    pressed: Vec<Pressed>,
    applied: usize,
    target: Millis,
    /// Whether every event at `sim.now()` has run (false right after a single step).
    settled: bool,
    /// The target last reached in full. The clock alone cannot tell: a catch-up whose
    /// budget runs out inside the target's millisecond stands at the target time with
    /// events of that millisecond still queued.
    reached: Option<Millis>,
    /// Where the current catch-up started (for its progress).
    from: Millis,
    /// Steps asked for before the engine arrived, done once the target is reached.
    steps_queued: usize,
}

impl Replay {
    /// A replay at time 0 that will replay `pressed` (sorted by time). `spec` is trusted
    /// ([`Sim::new_trusted`]): a library scenario's build or a spec the model has validated
    /// (the designer runs a design through [`Sim::new`] before it offers to show it here).
    /// Without an `engine` the replay stands at 0 s until [`Replay::engine_arrived`].
    pub fn new(
        spec: &ScenarioSpec,
        seed: u64,
        pressed: Vec<Pressed>,
        engine: Option<Engine>,
    ) -> Result<Replay, String> {
        let sim = Sim::new_trusted(spec, seed).map_err(|e| e.to_string())?;
        let every_ms = (spec.duration_ms / 40).max(250);
        let mut run = Replay {
            sim,
            engine: None,
            snapshots: Vec::new(),
            every_ms,
            pressed,
            applied: 0,
            target: 0,
            settled: true,
            reached: None,
            from: 0,
            steps_queued: 0,
        };
        if let Some(engine) = engine {
            run.engine_arrived(engine);
        }
        Ok(run)
    }

    /// Takes the engine: the first snapshot is the model at 0 s, and the catch-up toward
    /// the target (with the presses and steps asked for meanwhile) can start.
    pub fn engine_arrived(&mut self, engine: Engine) {
        if self.engine.is_some() {
            return;
        }
        // Without an engine nothing moved the model: it is where `new` built it.
        debug_assert!(self.sim.now() == 0 && self.applied == 0);
        self.snapshots = vec![Snapshot {
            sim: (engine.clone)(&self.sim),
            applied: 0,
        }];
        self.engine = Some(engine);
    }

    /// Whether the engine is here (before it, the replay stands at 0 s).
    pub fn has_engine(&self) -> bool {
        self.engine.is_some()
    }

    pub fn sim(&self) -> &Sim {
        &self.sim
    }

    pub fn now(&self) -> Millis {
        self.sim.now()
    }

    /// The time the replay is heading for.
    pub fn target(&self) -> Millis {
        self.target
    }

    pub fn pressed(&self) -> &[Pressed] {
        &self.pressed
    }

    pub fn snapshot_count(&self) -> usize {
        self.snapshots.len()
    }

    /// Whether the model has reached the target: everything due by then has run (or a
    /// step stopped there on purpose).
    pub fn caught_up(&self) -> bool {
        self.reached == Some(self.target)
    }

    /// Heads for `t`. Going back (or far ahead) restores the nearest snapshot first.
    /// Steps not done yet are forgotten: the replay is going elsewhere.
    pub fn seek(&mut self, t: Millis) {
        self.steps_queued = 0;
        self.target = t;
        let Some(engine) = self.engine else {
            return; // Nothing to restore: the model stands at 0 s.
        };
        let now = self.sim.now();
        let best = self
            .snapshots
            .iter()
            .rposition(|c| c.sim.now() <= t && c.applied <= self.pressed.len())
            .unwrap_or(0);
        let cp_time = self.snapshots[best].sim.now();
        if t < now || (!self.settled && t == now) || cp_time > now {
            let cp = &self.snapshots[best];
            self.sim = (engine.clone)(&cp.sim);
            self.applied = cp.applied;
            self.settled = true;
            self.reached = None;
        }
        self.from = self.sim.now();
    }

    /// How far the catch-up toward the target has come since the last seek, 0 to 1.
    pub fn progress(&self) -> f64 {
        let span = self.target.saturating_sub(self.from);
        if self.caught_up() || span == 0 {
            return 1.0;
        }
        let done = self.sim.now().saturating_sub(self.from) as f64 / span as f64;
        hoplab_model::decimal::within(done, 0.0, 1.0)
    }

    /// Moves the target on by `dt` (the driver calls this each frame while playing).
    pub fn play_for(&mut self, dt: Millis) {
        self.target = self.target.max(self.sim.now()) + dt;
    }

    fn maybe_snapshot(&mut self, engine: Engine) {
        let last = self.snapshots.last().map_or(0, |c| c.sim.now());
        if self.sim.now() >= last + self.every_ms {
            self.snapshots.push(Snapshot {
                sim: (engine.clone)(&self.sim),
                applied: self.applied,
            });
            if self.snapshots.len() > MAX_SNAPSHOTS {
                let kept: Vec<Snapshot> = self.snapshots.drain(..).step_by(2).collect();
                self.snapshots = kept;
                self.every_ms *= 2;
            }
        }
    }

    /// Advances toward the target, replaying presses, for at most `max_events` events.
    /// Returns true once the target is reached (never without the engine).
    pub fn catch_up(&mut self, max_events: u64) -> bool {
        let Some(engine) = self.engine else {
            return false;
        };
        let mut left = max_events;
        loop {
            let due = self
                .pressed
                .get(self.applied)
                .map(|p| p.at_ms)
                .filter(|&at| at <= self.target);
            let goal = due.unwrap_or(self.target);
            let before = self.sim.events_processed();
            let goal = goal.max(self.sim.now());
            let done = (engine.advance)(&mut self.sim, goal, left);
            left = left.saturating_sub(self.sim.events_processed() - before);
            if !done {
                return false;
            }
            self.settled = true;
            self.maybe_snapshot(engine);
            match due {
                Some(_) => {
                    let cmd = self.pressed[self.applied].command.clone();
                    // Buttons name things the scenario has; a refusal changes nothing.
                    let _ = (engine.apply)(&mut self.sim, cmd);
                    self.applied += 1;
                }
                None => {
                    self.reached = Some(self.target);
                    // Steps asked for before the engine came: each is one event.
                    for _ in 0..std::mem::take(&mut self.steps_queued) {
                        self.step();
                    }
                    return true;
                }
            }
        }
    }

    /// Runs everything up to the target at once (tests and small seeks); nothing without
    /// the engine.
    pub fn finish(&mut self) {
        while self.engine.is_some() && !self.catch_up(u64::MAX) {}
    }

    /// Processes exactly one event (or the next due press) and stops there. Without the
    /// engine the step is kept, and done once the engine has reached the target.
    pub fn step(&mut self) -> Option<StepInfo> {
        let Some(engine) = self.engine else {
            self.steps_queued += 1;
            return None;
        };
        let next_event = self.sim.next_event_at();
        if let Some(p) = self.pressed.get(self.applied) {
            if next_event.is_none_or(|t| p.at_ms <= t) && p.at_ms >= self.sim.now() {
                self.target = p.at_ms;
                self.finish();
                let cmd = self.pressed[self.applied].command.clone();
                let _ = (engine.apply)(&mut self.sim, cmd);
                self.applied += 1;
                return Some(StepInfo {
                    at_ms: self.sim.now(),
                    kind: StepKind::Command,
                });
            }
        }
        let info = (engine.step)(&mut self.sim);
        self.settled = false;
        self.target = self.sim.now();
        self.reached = Some(self.target);
        info
    }

    /// Presses a button now: the replay forks here (later presses and snapshots are
    /// forgotten), the command applies and is remembered for replays. Without the engine
    /// the press is kept at the time the replay is heading for, and applies (unchecked, like
    /// a replayed press) when the engine gets there.
    pub fn press(&mut self, button: Option<&str>, command: Command) -> Result<(), String> {
        let Some(engine) = self.engine else {
            let at = self.target;
            self.pressed.retain(|p| p.at_ms <= at);
            self.pressed.push(Pressed {
                at_ms: at,
                button: button.map(str::to_string),
                command,
            });
            return Ok(());
        };
        let now = self.sim.now();
        // Finish every event at this instant so a replay reaches the same state.
        (engine.advance)(&mut self.sim, now, u64::MAX);
        self.settled = true;
        self.pressed.truncate(self.applied);
        let applied = self.applied;
        self.snapshots
            .retain(|c| c.sim.now() <= now && c.applied <= applied);
        (engine.apply)(&mut self.sim, command.clone()).map_err(|e| e.to_string())?;
        self.pressed.push(Pressed {
            at_ms: now,
            button: button.map(str::to_string),
            command,
        });
        self.applied += 1;
        if self.target <= now {
            // Every event at this instant has run, and the press with them.
            self.target = now;
            self.reached = Some(now);
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(
    clippy::disallowed_methods,
    reason = "tests never reach a page: they run the model directly"
)]
#[path = "timeline_tests.rs"]
mod tests;
