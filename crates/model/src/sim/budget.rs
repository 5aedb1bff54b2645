//! The run's budget: how many events it may process and how many blocks of records
//! it may hold, stored or in flight. A run that reaches either stops cleanly where it is:
//! everything measured up to that moment stays readable, and [`Sim::stopped`] says why.
//! An echo loop among three meshed sites multiplies its records every round trip; this is
//! what keeps such a run from taking the machine or the browser tab down.

use super::Sim;
use crate::log::LogEvent;
use crate::time::Millis;
use serde::Serialize;

/// Limits on one run. The defaults hold a few hundred MB at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Budget {
    pub max_events: u64,
    /// Blocks of records stored on every part plus those in flight in copiers.
    /// Serialised as `max_runs_held`, the name it had when blocks were called runs.
    #[serde(rename = "max_runs_held")]
    pub max_blocks_held: u64,
}

impl Budget {
    /// About 100 s of events natively.
    pub const DEFAULT_MAX_EVENTS: u64 = 1_000_000_000;
    /// About 200 MB of blocks; the three-site day holds some 260,000.
    pub const DEFAULT_MAX_BLOCKS_HELD: u64 = 2_000_000;
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max_events: Self::DEFAULT_MAX_EVENTS,
            max_blocks_held: Self::DEFAULT_MAX_BLOCKS_HELD,
        }
    }
}

pub use crate::budget_limit::BudgetLimit;

/// Why and where a run stopped before its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BudgetExhausted {
    pub at_ms: Millis,
    pub limit: BudgetLimit,
    pub used: u64,
    pub allowed: u64,
    /// The same in words, with what to change.
    pub note: String,
}

impl BudgetExhausted {
    fn new(at_ms: Millis, limit: BudgetLimit, used: u64, allowed: u64) -> Self {
        let mut stop = BudgetExhausted {
            at_ms,
            limit,
            used,
            allowed,
            note: String::new(),
        };
        stop.note = stop.event().to_string();
        stop
    }

    /// The stop as the log tells it (its words are the note's).
    fn event(&self) -> LogEvent {
        LogEvent::RunStopped {
            at_ms: self.at_ms,
            limit: self.limit,
            used: self.used,
            allowed: self.allowed,
        }
    }
}

/// Keeps the blocks-held check off the per-event path without changing when a run stops:
/// the exact count is taken only once the blocks added since the last count could have
/// passed the budget. Every place that adds blocks (a part's append, a copier's read into
/// a batch) reports them with [`HeldBlocksGuard::added`]; removals only lower the count.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HeldBlocksGuard {
    /// Blocks that may still be added before the budget could be passed, less those added
    /// since the last count; below 0: count now.
    left: i64,
}

impl Default for HeldBlocksGuard {
    fn default() -> Self {
        Self { left: -1 } // nothing counted yet
    }
}

impl HeldBlocksGuard {
    #[inline(always)]
    pub(crate) fn added(&mut self, blocks: u64) {
        self.left -= blocks as i64;
    }

    /// Forgets the slack (the budget or the state changed outside the event path).
    pub(crate) fn recount(&mut self) {
        self.left = -1;
    }

    #[inline(always)]
    fn must_count(&self) -> bool {
        self.left < 0
    }

    fn counted(&mut self, held: u64, allowed: u64) {
        self.left = allowed.saturating_sub(held).min(i64::MAX as u64) as i64;
    }
}

impl Sim {
    /// Sets the run's limits (checked from the next event on).
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
        self.held_guard.recount();
    }

    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Why the run stopped early, if it did; it then processes no more events.
    pub fn stopped(&self) -> Option<&BudgetExhausted> {
        self.stopped.as_ref()
    }

    /// Blocks stored on every part plus those in copiers' in-flight batches.
    pub fn blocks_held(&self) -> u64 {
        let mut held = self.stored_blocks();
        for hop in &self.hops {
            held += hop.blocks_in_flight();
        }
        held as u64
    }

    /// After each event: stop if a limit is passed. Returns true if the run stopped.
    #[inline(always)]
    pub(super) fn check_budget(&mut self) -> bool {
        if self.events < self.budget.max_events && !self.held_guard.must_count() {
            return false;
        }
        self.check_budget_now()
    }

    #[inline(never)]
    fn check_budget_now(&mut self) -> bool {
        let exhausted = if self.events >= self.budget.max_events {
            Some((BudgetLimit::Events, self.events, self.budget.max_events))
        } else {
            let held = self.blocks_held();
            self.held_guard.counted(held, self.budget.max_blocks_held);
            (held > self.budget.max_blocks_held).then_some((
                BudgetLimit::BlocksHeld,
                held,
                self.budget.max_blocks_held,
            ))
        };
        if let Some((limit, used, allowed)) = exhausted {
            let stop = BudgetExhausted::new(self.now, limit, used, allowed);
            self.log.push(self.now, stop.event());
            self.stopped = Some(stop);
        }
        self.stopped.is_some()
    }
}
