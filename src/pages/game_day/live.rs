//! A drill running live: the model on the drill's estate with its fault on this seed,
//! advanced a slice at a time by the page's clock, and the learner's moves applied at the
//! moment they are made, each stamped with its time after the fault. A replay applies a
//! kept run's moves at their times instead.

use hoplab_model::challenge::{first_fault_ms, Challenge};
use hoplab_model::spec::{Command, TimedCommand};
use hoplab_model::{LogKind, Millis, Sim};

use crate::game_day::snapshot::{self, Snapshot};

/// Model time per tick of the page's clock at ×1.
pub(super) const TICK_MS: u32 = 100;

/// Alerts the on-call sees: refusals, faults and the moves' own lines.
const ALERT_KINDS: [LogKind; 4] = [
    LogKind::Refused,
    LogKind::Fault,
    LogKind::Command,
    LogKind::Resume,
];

pub struct LiveRun {
    sim: Sim,
    pub seed: u64,
    pub fault_ms: Millis,
    pub duration_ms: Millis,
    fenced: Vec<String>,
    /// The moves made so far, `at_ms` after the fault.
    pub moves: Vec<TimedCommand>,
    /// A replay's moves not yet applied, in order.
    script: Vec<TimedCommand>,
}

impl LiveRun {
    /// The drill `c` on `seed`, with `script`'s moves to apply at their times (a replay)
    /// or none (a game day).
    #[expect(
        clippy::disallowed_methods,
        reason = "the game day's own chunk runs the model live; the lab never loads it"
    )]
    pub fn start(c: &Challenge, seed: u64, script: Vec<TimedCommand>) -> Result<LiveRun, String> {
        let spec = c.spec_for(&c.reference, &[], seed);
        let fault_ms = first_fault_ms(&spec.timeline).unwrap_or(0);
        let sim =
            Sim::new(&spec, seed).map_err(|e| format!("The drill's estate does not run: {e}"))?;
        let mut script = script;
        script.sort_by_key(|m| m.at_ms);
        script.reverse();
        Ok(LiveRun {
            sim,
            seed,
            fault_ms,
            duration_ms: spec.duration_ms,
            fenced: Vec::new(),
            moves: Vec::new(),
            script,
        })
    }

    pub fn now(&self) -> Millis {
        self.sim.now()
    }

    pub fn struck(&self) -> bool {
        self.now() >= self.fault_ms
    }

    pub fn finished(&self) -> bool {
        self.now() >= self.duration_ms
    }

    /// Moves the run on by `by_ms` of model time (never past its end), applying a
    /// replay's moves when their time comes.
    #[expect(
        clippy::disallowed_methods,
        reason = "the game day's own chunk runs the model live; the lab never loads it"
    )]
    pub fn advance(&mut self, by_ms: Millis) {
        let until = self.now().saturating_add(by_ms).min(self.duration_ms);
        while let Some(next) = self.script.last() {
            let at = self.fault_ms.saturating_add(next.at_ms);
            if at > until {
                break;
            }
            self.sim.advance_to(at);
            let m = self.script.pop().expect("a move is due");
            _ = self.make(m.command);
        }
        self.sim.advance_to(until);
    }

    /// Makes a move now. Before the fault there is nothing to fail over from.
    #[expect(
        clippy::disallowed_methods,
        reason = "the game day's own chunk runs the model live; the lab never loads it"
    )]
    pub fn make(&mut self, command: Command) -> Result<(), String> {
        if !self.struck() {
            return Err("Nothing has failed yet: a move waits for the fault.".into());
        }
        self.sim.apply(command.clone()).map_err(|e| e.to_string())?;
        if let Command::FenceSite { site } = &command {
            self.fenced.push(site.clone());
        }
        self.moves.push(TimedCommand {
            at_ms: self.now() - self.fault_ms,
            command,
        });
        Ok(())
    }

    pub fn snapshot(&self) -> Snapshot {
        snapshot::of(&self.sim, self.fault_ms, &self.fenced)
    }

    /// The latest `n` alerts since the fault, newest first: (seconds after the fault, text).
    pub fn alerts(&self, n: usize) -> Vec<(f64, String)> {
        self.sim
            .log()
            .rev()
            .filter(|e| e.at_ms >= self.fault_ms && ALERT_KINDS.contains(&e.event.kind()))
            .take(n)
            .map(|e| {
                (
                    (e.at_ms - self.fault_ms) as f64 / 1000.0,
                    e.event.to_string(),
                )
            })
            .collect()
    }
}
