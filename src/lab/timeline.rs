//! Time travel for the lab: a run of one spec that can be sought backwards and
//! forwards. Checkpoints (clones of the model) are kept every few simulated seconds;
//! seeking restores the nearest one at or before the target and advances from there,
//! replaying the buttons pressed. Advancing is budgeted, so the page never blocks.

use hoplab_model::{Command, Millis, ScenarioSpec, Sim, StepInfo};

/// A press the run replays: when, which button (`None`: a command an embedder applied
/// directly), and its command.
#[derive(Clone, Debug, PartialEq)]
pub struct Pressed {
    pub at_ms: Millis,
    pub button: Option<String>,
    pub command: Command,
}

#[derive(Clone, Debug)]
struct Checkpoint {
    sim: Sim,
    /// How many presses the checkpoint already includes.
    applied: usize,
}

/// Checkpoints kept before the spacing doubles.
const MAX_CHECKPOINTS: usize = 96;

/// One scenario's run: the live model, its checkpoints and the presses to replay.
#[derive(Clone, Debug)]
pub struct Run {
    sim: Sim,
    checkpoints: Vec<Checkpoint>,
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
}

impl Run {
    /// A run at time 0 that will replay `pressed` (sorted by time).
    pub fn new(spec: &ScenarioSpec, seed: u64, pressed: Vec<Pressed>) -> Result<Run, String> {
        let sim = Sim::new(spec, seed).map_err(|e| e.to_string())?;
        let every_ms = (spec.duration_ms / 40).max(250);
        Ok(Run {
            checkpoints: vec![Checkpoint {
                sim: sim.clone(),
                applied: 0,
            }],
            sim,
            every_ms,
            pressed,
            applied: 0,
            target: 0,
            settled: true,
            reached: None,
            from: 0,
        })
    }

    pub fn sim(&self) -> &Sim {
        &self.sim
    }

    pub fn now(&self) -> Millis {
        self.sim.now()
    }

    /// The time the run is heading for.
    pub fn target(&self) -> Millis {
        self.target
    }

    pub fn pressed(&self) -> &[Pressed] {
        &self.pressed
    }

    pub fn checkpoint_count(&self) -> usize {
        self.checkpoints.len()
    }

    /// Whether the model has reached the target: everything due by then has run (or a
    /// step stopped there on purpose).
    pub fn caught_up(&self) -> bool {
        self.reached == Some(self.target)
    }

    /// Heads for `t`. Going back (or far ahead) restores the nearest checkpoint first.
    pub fn seek(&mut self, t: Millis) {
        let now = self.sim.now();
        let best = self
            .checkpoints
            .iter()
            .rposition(|c| c.sim.now() <= t && c.applied <= self.pressed.len())
            .unwrap_or(0);
        let cp_time = self.checkpoints[best].sim.now();
        if t < now || (!self.settled && t == now) || cp_time > now {
            let cp = &self.checkpoints[best];
            self.sim = cp.sim.clone();
            self.applied = cp.applied;
            self.settled = true;
            self.reached = None;
        }
        self.target = t;
        self.from = self.sim.now();
    }

    /// How far the catch-up toward the target has come since the last seek, 0 to 1.
    pub fn progress(&self) -> f64 {
        let span = self.target.saturating_sub(self.from);
        if self.caught_up() || span == 0 {
            return 1.0;
        }
        (self.sim.now().saturating_sub(self.from) as f64 / span as f64).clamp(0.0, 1.0)
    }

    /// Moves the target on by `dt` (the driver calls this each frame while playing).
    pub fn play_for(&mut self, dt: Millis) {
        self.target = self.target.max(self.sim.now()) + dt;
    }

    fn maybe_checkpoint(&mut self) {
        let last = self.checkpoints.last().map_or(0, |c| c.sim.now());
        if self.sim.now() >= last + self.every_ms {
            self.checkpoints.push(Checkpoint {
                sim: self.sim.clone(),
                applied: self.applied,
            });
            if self.checkpoints.len() > MAX_CHECKPOINTS {
                let kept: Vec<Checkpoint> = self.checkpoints.drain(..).step_by(2).collect();
                self.checkpoints = kept;
                self.every_ms *= 2;
            }
        }
    }

    /// Advances toward the target, replaying presses, for at most `max_events` events.
    /// Returns true once the target is reached.
    pub fn catch_up(&mut self, max_events: u64) -> bool {
        let mut left = max_events;
        loop {
            let due = self
                .pressed
                .get(self.applied)
                .map(|p| p.at_ms)
                .filter(|&at| at <= self.target);
            let goal = due.unwrap_or(self.target);
            let before = self.sim.events_processed();
            let done = self.sim.advance_with_budget(goal.max(self.sim.now()), left);
            left = left.saturating_sub(self.sim.events_processed() - before);
            if !done {
                return false;
            }
            self.settled = true;
            self.maybe_checkpoint();
            match due {
                Some(_) => {
                    let cmd = self.pressed[self.applied].command.clone();
                    // Buttons name things the scenario has; a refusal changes nothing.
                    let _ = self.sim.apply(cmd);
                    self.applied += 1;
                }
                None => {
                    self.reached = Some(self.target);
                    return true;
                }
            }
        }
    }

    /// Runs everything up to the target at once (tests and small seeks).
    pub fn finish(&mut self) {
        while !self.catch_up(u64::MAX) {}
    }

    /// Processes exactly one event (or the next due press) and stops there.
    pub fn step(&mut self) -> Option<StepInfo> {
        let next_event = self.sim.next_event_at();
        if let Some(p) = self.pressed.get(self.applied) {
            if next_event.is_none_or(|t| p.at_ms <= t) && p.at_ms >= self.sim.now() {
                self.target = p.at_ms;
                self.finish();
                let cmd = self.pressed[self.applied].command.clone();
                let _ = self.sim.apply(cmd);
                self.applied += 1;
                return Some(StepInfo {
                    at_ms: self.sim.now(),
                    kind: "command",
                });
            }
        }
        let info = self.sim.step();
        self.settled = false;
        self.target = self.sim.now();
        self.reached = Some(self.target);
        info
    }

    /// Presses a button now: the run forks here (later presses and checkpoints are
    /// forgotten), the command applies and is remembered for replays.
    pub fn press(&mut self, button: Option<&str>, command: Command) -> Result<(), String> {
        let now = self.sim.now();
        // Finish every event at this instant so a replay reaches the same state.
        self.sim.advance_to(now);
        self.settled = true;
        self.pressed.truncate(self.applied);
        let applied = self.applied;
        self.checkpoints
            .retain(|c| c.sim.now() <= now && c.applied <= applied);
        self.sim.apply(command.clone()).map_err(|e| e.to_string())?;
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
mod tests {
    use super::*;
    use hoplab_model::scenarios;

    fn run(id: &str) -> Run {
        let spec = scenarios::get(id).unwrap().build_default().unwrap();
        Run::new(&spec, 3, vec![]).unwrap()
    }

    fn fingerprint(r: &Run) -> String {
        let m = r.sim().measures();
        format!(
            "{} {} {:?} {:?}",
            r.now(),
            r.sim().events_processed(),
            m.hops
                .iter()
                .map(|h| (h.copied, h.lag_records, h.uncopied_tail))
                .collect::<Vec<_>>(),
            m.sites
                .iter()
                .map(|s| format!("{:?}", s.census))
                .collect::<Vec<_>>()
        )
    }

    #[test]
    fn playing_in_small_frames_equals_one_jump() {
        let mut a = run("lag-components");
        for _ in 0..700 {
            a.play_for(17);
            assert!(a.catch_up(u64::MAX));
        }
        let mut b = run("lag-components");
        b.seek(700 * 17);
        b.finish();
        assert_eq!(fingerprint(&a), fingerprint(&b));
        assert!(a.checkpoint_count() > 5);
    }

    #[test]
    fn a_catch_up_cut_short_at_the_target_time_is_not_caught_up() {
        // The frame loop asks `caught_up` before spending its budget: it must not say yes
        // while events at the target's own millisecond are still queued (the lab once hung
        // at "not ready" when a frame's budget ran out exactly there).
        let mut probe = run("echo-loop");
        let mut busy_ms = None;
        while busy_ms.is_none() && probe.sim.step().is_some() {
            let t = probe.sim.now();
            if t > 0 && probe.sim.next_event_at() == Some(t) {
                busy_ms = Some(t);
            }
        }
        let busy_ms = busy_ms.expect("some millisecond holds two events");
        let mut r = run("echo-loop");
        r.seek(busy_ms);
        let mut cut_at_target = false;
        while !r.catch_up(1) {
            assert!(
                !r.caught_up(),
                "caught up with events left at {}",
                r.sim.now()
            );
            cut_at_target |= r.sim.now() == busy_ms;
        }
        assert!(cut_at_target, "the budget ran out inside {busy_ms} ms");
        assert!(r.caught_up());
        assert!(r.sim.next_event_at().is_none_or(|at| at > busy_ms));
    }

    #[test]
    fn seeking_back_and_forth_gives_the_same_state() {
        let mut r = run("stall-and-backlog");
        r.seek(60_000);
        r.finish();
        let at_60 = fingerprint(&r);
        r.seek(25_000);
        r.finish();
        let at_25 = fingerprint(&r);
        r.seek(60_000);
        r.finish();
        assert_eq!(fingerprint(&r), at_60);
        let mut fresh = run("stall-and-backlog");
        fresh.seek(25_000);
        fresh.finish();
        assert_eq!(fingerprint(&fresh), at_25);
    }

    #[test]
    fn a_budget_stops_early_and_resumes() {
        let mut r = run("lag-components");
        r.seek(30_000);
        let mut calls = 0;
        while !r.catch_up(50) {
            calls += 1;
        }
        assert!(calls > 5, "{calls}");
        assert_eq!(r.now(), 30_000);
        assert_eq!(r.progress(), 1.0);
    }

    #[test]
    fn a_far_seek_reports_its_progress() {
        let mut r = run("lag-components");
        r.seek(30_000);
        assert_eq!(r.progress(), 0.0);
        let mut seen = vec![];
        while !r.catch_up(200) {
            seen.push(r.progress());
        }
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "never goes back");
        assert!(seen.iter().any(|&p| p > 0.2 && p < 0.9), "{seen:?}");
        assert_eq!(r.progress(), 1.0);
    }

    #[test]
    fn presses_replay_after_seeking_back_and_from_a_fresh_run() {
        let s = scenarios::get("stall-and-backlog").unwrap();
        let stall = s.buttons.iter().find(|b| b.id == "stall").unwrap().clone();
        let mut r = run("stall-and-backlog");
        r.seek(5_000);
        r.finish();
        r.press(Some("stall"), stall.command.clone()).unwrap();
        r.seek(15_000);
        r.finish();
        let live = fingerprint(&r);
        r.seek(2_000);
        r.finish();
        r.seek(15_000);
        r.finish();
        assert_eq!(fingerprint(&r), live);
        let mut again = Run::new(&s.build_default().unwrap(), 3, r.pressed().to_vec()).unwrap();
        again.seek(15_000);
        again.finish();
        assert_eq!(fingerprint(&again), live);
    }

    #[test]
    fn pressing_after_seeking_back_forgets_the_old_future() {
        let s = scenarios::get("stall-and-backlog").unwrap();
        let cmd = |id: &str| {
            s.buttons
                .iter()
                .find(|b| b.id == id)
                .unwrap()
                .command
                .clone()
        };
        let mut r = run("stall-and-backlog");
        r.seek(10_000);
        r.finish();
        r.press(Some("stall"), cmd("stall")).unwrap();
        r.seek(4_000);
        r.finish();
        r.press(Some("restart"), cmd("restart")).unwrap();
        assert_eq!(r.pressed().len(), 1);
        assert_eq!(r.pressed()[0].button.as_deref(), Some("restart"));
    }

    #[test]
    fn stepping_moves_one_event_at_a_time() {
        let mut r = run("follow-one-record");
        let before = r.sim().events_processed();
        r.step().unwrap();
        r.step().unwrap();
        assert_eq!(r.sim().events_processed(), before + 2);
        assert!(r.caught_up());
    }
}
