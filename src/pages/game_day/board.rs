//! What the running game day shows, kept in signals and refreshed from the live run after
//! each tick and move: the state tables, the alerts, the moves made and the line a screen
//! reader announces (the fault, once; each move).

use hoplab_model::challenge::{move_time_words, ALERT_AFTER_MS};
use hoplab_model::spec::{ResumeRule, TimedCommand};
use leptos::prelude::*;

use super::live::LiveRun;
use crate::game_day::link::PlayedRun;
use crate::game_day::moves::{with_rule, MoveChoice};
use crate::game_day::snapshot::Snapshot;

pub(super) fn seconds(ms: u64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}

#[derive(Clone, Copy)]
pub(super) struct Board {
    run: StoredValue<Option<LiveRun>, LocalStorage>,
    pub snap: RwSignal<Option<Snapshot>>,
    pub alerts: RwSignal<Vec<(f64, String)>>,
    pub made: RwSignal<Vec<TimedCommand>>,
    pub announce: RwSignal<String>,
    /// How many of the run's refused moves have been announced.
    refusals_said: RwSignal<usize>,
}

impl Board {
    pub fn new(run: StoredValue<Option<LiveRun>, LocalStorage>) -> Board {
        Board {
            run,
            snap: RwSignal::new(run.with_value(|r| r.as_ref().map(LiveRun::snapshot))),
            alerts: RwSignal::new(Vec::new()),
            made: RwSignal::new(Vec::new()),
            announce: RwSignal::new(String::new()),
            refusals_said: RwSignal::new(0),
        }
    }

    fn refresh(&self) {
        self.run.with_value(|r| {
            if let Some(r) = r {
                self.snap.set(Some(r.snapshot()));
                // The whole incident, redrawn only when an alert is added.
                if self.alerts.with_untracked(Vec::len) != r.alert_count() {
                    self.alerts.set(r.alerts());
                }
                self.made.set(r.moves.clone());
            }
        })
    }

    /// Moves the run on by `by_ms`; true once it has reached its end.
    pub fn tick(&self, by_ms: u64) -> bool {
        let (was, now, finished) = self
            .run
            .try_update_value(|r| {
                let r = r.as_mut()?;
                let was = (r.struck(), r.alerted());
                r.advance(by_ms);
                Some((was, (r.struck(), r.alerted()), r.finished()))
            })
            .flatten()
            .unwrap_or(((false, false), (false, false), true));
        self.refresh();
        if now.0 && !was.0 {
            let first = self
                .alerts
                .with_untracked(|a| a.last().map(|(_, t)| t.clone()));
            self.announce.set(format!(
                "The fault has struck: {}. The clock is running; the alert pages the on-call {} s after it.",
                first.unwrap_or_else(|| "something has failed".into()),
                ALERT_AFTER_MS / 1000
            ));
        }
        if now.1 && !was.1 {
            self.announce
                .set("The alert has paged you: your moves are open.".into());
        }
        // A move refused when it came to act is said, not lost.
        let refusal = self.run.with_value(|r| {
            r.as_ref()
                .filter(|r| r.refused.len() > self.refusals_said.get_untracked())
                .map(|r| {
                    (
                        r.refused.len(),
                        r.refused.last().cloned().unwrap_or_default(),
                    )
                })
        });
        if let Some((count, said)) = refusal {
            self.refusals_said.set(count);
            self.announce.set(said);
        }
        finished
    }

    /// Makes `choice` now, with `rule` for a reader group, and says so.
    pub fn make(&self, choice: &MoveChoice, rule: ResumeRule) {
        let command = with_rule(&choice.command, rule);
        let said = command.describe();
        let looked = matches!(command, hoplab_model::spec::Command::CheckLag { .. });
        let result = self
            .run
            .try_update_value(|r| r.as_mut().map(|r| r.make(command)))
            .flatten();
        match result {
            Some(Ok(took)) => {
                self.refresh();
                let at = self
                    .made
                    .with_untracked(|m| m.last().map_or(0, |m| m.at_ms));
                let figure = looked
                    .then(|| {
                        self.run
                            .with_value(|r| r.as_ref()?.newest_heard().map(String::from))
                    })
                    .flatten()
                    .unwrap_or_default();
                self.announce.set(
                    format!(
                        "Made at {} after the fault: {said}. It {}. {figure}",
                        seconds(at),
                        move_time_words(took)
                    )
                    .trim_end()
                    .to_string(),
                );
            }
            Some(Err(e)) => self.announce.set(e),
            None => {}
        }
    }

    /// The run so far, as a link carries it.
    pub fn played(&self) -> Option<PlayedRun> {
        self.run.with_value(|r| {
            r.as_ref().map(|r| PlayedRun {
                seed: r.seed,
                moves: r.moves.clone(),
            })
        })
    }
}
