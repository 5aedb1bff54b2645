//! A drill running live: the model on the drill's estate with its fault on this seed,
//! advanced a slice at a time by the page's clock, and the learner's moves, each stamped
//! with its time after the fault when made and acting once its mechanism has run (the
//! model's `move_time`, as the grader's replay does). A replay makes a kept run's moves at
//! their times instead.

use hoplab_model::challenge::{
    answers_at, first_fault_ms, move_time, Challenge, MoveTime, ALERT_AFTER_MS,
};
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
    /// A replay's moves not yet made, in order.
    script: Vec<TimedCommand>,
    /// Moves made whose mechanism is still running: (when each acts, the move).
    pending: Vec<(Millis, Command)>,
    /// Moves the estate refused when they came to act, in words, oldest first.
    pub refused: Vec<String>,
    /// Every alert since the fault, oldest first: the model's log keeps only its latest
    /// entries, so they are gathered as the run goes and the incident stays readable.
    heard: Vec<(Millis, String)>,
    /// Whether the first split write has been alerted (once: it pages, it does not chatter).
    split_heard: bool,
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
            pending: Vec::new(),
            refused: Vec::new(),
            heard: Vec::new(),
            split_heard: false,
        })
    }

    pub fn now(&self) -> Millis {
        self.sim.now()
    }

    pub fn struck(&self) -> bool {
        self.now() >= self.fault_ms
    }

    /// The alert has paged the on-call: moves may be made.
    pub fn alerted(&self) -> bool {
        self.now() >= self.fault_ms.saturating_add(ALERT_AFTER_MS)
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
        loop {
            let made = self
                .script
                .last()
                .map(|m| self.fault_ms.saturating_add(m.at_ms));
            let acts = self.pending.iter().map(|(at, _)| *at).min();
            let next = match (made, acts) {
                (Some(m), Some(a)) => m.min(a),
                (m, a) => match m.or(a) {
                    Some(t) => t,
                    None => break,
                },
            };
            if next > until {
                break;
            }
            self.sim.advance_to(next);
            if made == Some(next) {
                let m = self.script.pop().expect("a move is due");
                _ = self.make(m.command);
            } else {
                let i = self
                    .pending
                    .iter()
                    .position(|(at, _)| *at == next)
                    .expect("due");
                let (_, command) = self.pending.remove(i);
                self.act(command);
            }
        }
        self.sim.advance_to(until);
        self.gather_alerts();
        self.hear_split_writes();
    }

    /// Records written at two sites at once page the on-call the moment they start:
    /// a split brain is the alert no one may miss.
    fn hear_split_writes(&mut self) {
        let split: u64 = self
            .sim
            .measures()
            .writers
            .iter()
            .map(|w| w.split_writes)
            .sum();
        if split > 0 && !self.split_heard {
            self.split_heard = true;
            self.heard.push((
                self.now(),
                format!("Split brain: a stream meant to have one writing site is taking writes at two ({split} records so far)."),
            ));
        }
    }

    /// What a look at copier `hop`'s lag shows, as an alert line: the figure, not only
    /// the stamp.
    fn hear_lag(&mut self, hop: &str) {
        let m = self.sim.measures();
        let Some(h) = m.hops.iter().find(|h| h.id == hop) else {
            return;
        };
        let oldest = h.oldest_uncopied_age_ms as f64 / 1000.0;
        self.heard.push((
            self.now(),
            format!(
                "You read {hop}'s lag: {} records not copied yet, the oldest {oldest:.1} s old.",
                h.lag_records
            ),
        ));
    }

    /// The newest alert line, for the page to say after a look.
    pub fn newest_heard(&self) -> Option<&str> {
        self.heard.last().map(|(_, text)| text.as_str())
    }

    /// Adds the log's alerts not yet heard (from the newest one heard on; one at the same
    /// moment is told apart by its words).
    fn gather_alerts(&mut self) {
        let from = self.heard.last().map_or(self.fault_ms, |(at, _)| *at);
        let heard_at_from: Vec<&String> = self
            .heard
            .iter()
            .rev()
            .take_while(|(at, _)| *at == from)
            .map(|(_, text)| text)
            .collect();
        let fresh: Vec<(Millis, String)> = self
            .sim
            .log()
            .filter(|e| e.at_ms >= from && ALERT_KINDS.contains(&e.event.kind()))
            .map(|e| (e.at_ms, e.event.to_string()))
            .filter(|(at, text)| *at > from || !heard_at_from.contains(&text))
            .collect();
        self.heard.extend(fresh);
    }

    /// Makes a move now; it acts once its mechanism has run, and says how long that is.
    /// Before the alert has paged anyone there is no one to make it.
    pub fn make(&mut self, command: Command) -> Result<MoveTime, String> {
        if !self.struck() {
            return Err("Nothing has failed yet: a move waits for the fault.".into());
        }
        if !self.alerted() {
            return Err(format!(
                "No alert has paged you yet: it fires {} s after the fault, once its rule has held for a minute. A move waits for it.",
                ALERT_AFTER_MS / 1000
            ));
        }
        let now = self.now();
        let took = move_time(&command, |site| {
            answers_at(&self.sim.spec().timeline, site, now)
        });
        self.moves.push(TimedCommand {
            at_ms: now - self.fault_ms,
            command: command.clone(),
        });
        if took.ms == 0 {
            self.act(command);
        } else {
            self.pending.push((now + took.ms, command));
        }
        self.gather_alerts();
        Ok(took)
    }

    /// A move's mechanism has run: it acts on the estate now.
    #[expect(
        clippy::disallowed_methods,
        reason = "the game day's own chunk runs the model live; the lab never loads it"
    )]
    fn act(&mut self, command: Command) {
        match self.sim.apply(command.clone()) {
            Ok(()) => match command {
                Command::FenceSite { site } => self.fenced.push(site),
                Command::CheckLag { hop } => {
                    self.gather_alerts();
                    self.hear_lag(&hop);
                }
                _ => {}
            },
            Err(e) => self
                .refused
                .push(format!("“{}” did not take: {e}.", command.describe())),
        }
    }

    pub fn snapshot(&self) -> Snapshot {
        snapshot::of(&self.sim, self.fault_ms, &self.fenced)
    }

    /// How many alerts have been heard since the fault.
    pub fn alert_count(&self) -> usize {
        self.heard.len()
    }

    /// Every alert since the fault, newest first: (seconds after the fault, text).
    pub fn alerts(&self) -> Vec<(f64, String)> {
        self.heard
            .iter()
            .rev()
            .map(|(at, text)| ((at - self.fault_ms) as f64 / 1000.0, text.clone()))
            .collect()
    }
}
