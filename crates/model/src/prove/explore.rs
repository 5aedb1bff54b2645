//! Every schedule of up to N faults, explored level by level (all schedules of one
//! fault, then of two, ...), so a budget that runs out has explored every shorter
//! schedule. Within a level, schedules that share their first faults share the run up
//! to them: the run is cloned at a fault's instant, not replayed from zero.

use super::answer::Tally;
use super::Problem;
use crate::Sim;

/// A run paused just before the instant of its last fault, its faults scheduled.
struct Frame {
    sim: Sim,
    schedule: Vec<usize>,
    /// The next choice to try as this schedule's next fault.
    next: usize,
}

/// An exploration under way, a slice at a time (the browser runs one per tick; the
/// command line runs one per core, each on its share of the first faults).
pub struct Exploration<'p> {
    problem: &'p Problem,
    root: Sim,
    /// `(k, n)`: only schedules whose first fault is choice `k`, `k + n`, `k + 2n`, ...
    /// (the schedule without faults belongs to share 0).
    share: (usize, usize),
    level: usize,
    stack: Vec<Frame>,
    level_started: bool,
    tally: Tally,
    explored: u64,
    /// Schedules this exploration may run before it stops, incomplete.
    budget: u64,
    finished: bool,
}

impl<'p> Exploration<'p> {
    pub fn new(problem: &'p Problem, share: (usize, usize), budget: u64) -> Self {
        Exploration {
            problem,
            root: problem.root(),
            share,
            level: 0,
            stack: Vec::new(),
            level_started: false,
            tally: Tally::new(problem.properties.len()),
            explored: 0,
            budget,
            finished: false,
        }
    }

    /// Explores up to `max` more schedules; true once every schedule is explored or the
    /// budget is spent.
    pub fn step(&mut self, max: u64) -> bool {
        let mut done = 0;
        while done < max && !self.finished {
            if self.explored >= self.budget {
                self.finished = true;
                break;
            }
            if !self.level_started && !self.start_level() {
                continue;
            }
            done += self.descend();
        }
        self.finished
    }

    /// Starts the next level; false when it was the schedule without faults, explored
    /// at once, or when there is no level left.
    fn start_level(&mut self) -> bool {
        if self.level > self.problem.max_faults {
            self.finished = true;
            return false;
        }
        if self.level == 0 {
            if self.share.0 == 0 {
                self.evaluate(self.root.clone(), &[]);
            }
            self.level = 1;
            return false;
        }
        self.stack.push(Frame {
            sim: self.root.clone(),
            schedule: Vec::new(),
            next: 0,
        });
        self.level_started = true;
        true
    }

    /// One move of the depth-first walk: the top frame's next child, explored when it is
    /// a schedule of this level and stacked when it is a prefix of one. Returns the
    /// schedules explored (0 or 1).
    fn descend(&mut self) -> u64 {
        let space = &self.problem.space;
        let (k, n) = self.share;
        let Some(top) = self.stack.last_mut() else {
            self.level += 1;
            self.level_started = false;
            return 0;
        };
        let first = top.schedule.is_empty();
        let next = (top.next..space.choices.len())
            .find(|&j| (!first || j % n == k) && space.may_follow(&top.schedule, j));
        let Some(j) = next else {
            self.stack.pop();
            return 0;
        };
        top.next = j + 1;
        let mut sim = top.sim.clone();
        let mut schedule = top.schedule.clone();
        schedule.push(j);
        self.problem.strike(&mut sim, j);
        if schedule.len() == self.level {
            self.evaluate(sim, &schedule);
            1
        } else {
            self.stack.push(Frame {
                sim,
                schedule,
                next: j + 1,
            });
            0
        }
    }

    fn evaluate(&mut self, sim: Sim, schedule: &[usize]) {
        let figures = self.problem.finish(sim);
        self.tally.add(&self.problem.properties, &figures, schedule);
        self.explored += 1;
    }

    /// Schedules explored so far.
    pub fn explored(&self) -> u64 {
        self.explored
    }

    pub fn finished(&self) -> bool {
        self.finished
    }

    /// Whether the budget stopped it before every schedule was explored.
    pub fn cut_short(&self) -> bool {
        self.finished && self.explored < self.problem.count(self.share)
    }

    pub fn into_tally(self) -> Tally {
        self.tally
    }

    pub fn tally(&self) -> &Tally {
        &self.tally
    }
}
