//! Proving a topology: every schedule of up to N faults from the design's fault space
//! ([`space`]), each in every order and each set counted once, run to the end and
//! judged on named properties ([`property`]). The answer gives, per property, the worst
//! figure over every schedule and the shortest schedule that breaks it, as a scenario
//! that reproduces the figure when run from zero. `hoplab prove` and the designer's
//! Prove panel share this.

mod answer;
mod explore;
mod property;
mod space;

pub use answer::{Answer, Counterexample, PropertyAnswer, Tally};
pub use explore::Exploration;
pub use property::{properties, Thresholds, PROPERTY_IDS};
pub use space::{seconds, Fault, FaultAt, FaultSpace, OUTAGE_MS, SETTLE_MS, STEADY_MS};

use crate::challenge::Requirement;
use crate::spec::{ScenarioSpec, Topology, FORMAT_VERSION};
use crate::Sim;

/// Every run of a proof draws its jitter from this seed: one schedule, one run.
pub const SEED: u64 = 1;
/// The series grid of a counterexample's scenario, as the lab draws it.
const LAB_SAMPLE_MS: crate::time::Millis = 1_000;
/// The most faults a schedule may have.
pub const MAX_FAULTS: usize = 3;

/// Why a design cannot be proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProveError(pub String);

impl std::fmt::Display for ProveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A design, its fault space and the properties it must hold.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The design (selector hops expanded) with nothing on its timeline, run for the
    /// space's duration.
    pub base: ScenarioSpec,
    pub space: FaultSpace,
    pub properties: Vec<Requirement>,
    pub max_faults: usize,
}

impl Problem {
    /// The proof of `design` over schedules of up to `max_faults` faults (1 to 3).
    pub fn new(
        design: &Topology,
        max_faults: usize,
        properties: Vec<Requirement>,
    ) -> Result<Problem, ProveError> {
        if !(1..=MAX_FAULTS).contains(&max_faults) {
            return Err(ProveError(format!(
                "a schedule has 1 to {MAX_FAULTS} faults, not {max_faults}"
            )));
        }
        let spec = ScenarioSpec {
            version: FORMAT_VERSION,
            name: "prove".into(),
            topology: design.clone(),
            timeline: Vec::new(),
            duration_ms: STEADY_MS,
            // One sample a run: no figure reads the series, and sampling only reads.
            sample_every_ms: LAB_SAMPLE_MS,
            merge: None,
        };
        let bad = |e: crate::SpecError| ProveError(format!("the design does not run: {e}"));
        let mut base = spec.expanded().map_err(bad)?.into_owned();
        let space = FaultSpace::of(&base.topology);
        base.duration_ms = space.duration_ms;
        base.sample_every_ms = space.duration_ms;
        Sim::new(&base, SEED).map_err(bad)?;
        Ok(Problem {
            base,
            space,
            properties,
            max_faults,
        })
    }

    /// The run at time 0, narration off.
    pub fn root(&self) -> Sim {
        let mut sim = Sim::new_trusted(&self.base, SEED).expect("checked in Problem::new");
        sim.set_log_capacity(0);
        sim
    }

    /// Pauses `sim` just before choice `j`'s instant and puts the fault on its timeline.
    pub(crate) fn strike(&self, sim: &mut Sim, j: usize) {
        let f = &self.space.choices[j];
        sim.advance_to(f.at_ms - 1);
        for c in space::commands(&self.base.topology, f) {
            sim.schedule(c)
                .expect("a fault is scheduled at or after the pause");
        }
    }

    /// Runs `sim` to the end; each property's figure.
    pub(crate) fn finish(&self, mut sim: Sim) -> Vec<f64> {
        sim.advance_to(self.base.duration_ms);
        let m = sim.measures();
        let t = &self.base.topology;
        self.properties
            .iter()
            .map(|r| r.measure.of(&sim, &m, t, t))
            .collect()
    }

    /// The design with `schedule`'s faults on its timeline, in time order (at one time,
    /// in the order they were struck), as a scenario to run from zero.
    pub fn spec_of(&self, schedule: &[usize]) -> ScenarioSpec {
        let mut spec = self.base.clone();
        spec.name = format!("counterexample: {} fault(s)", schedule.len());
        spec.sample_every_ms = LAB_SAMPLE_MS;
        for &j in schedule {
            spec.timeline
                .extend(space::commands(&spec.topology, &self.space.choices[j]));
        }
        spec.timeline.sort_by_key(|c| c.at_ms);
        spec
    }

    /// How many schedules share `(k, n)` holds (every one for `(0, 1)`): those whose
    /// first fault is choice `k`, `k + n`, ..., and the one without faults in share 0.
    pub fn count(&self, (k, n): (usize, usize)) -> u64 {
        let in_share = |s: &Vec<usize>| s.first().map_or(k == 0, |&first| first % n == k);
        self.schedules().iter().filter(|s| in_share(s)).count() as u64
    }

    /// Every schedule in exploration order (by faults, then choices).
    pub fn schedules(&self) -> Vec<Vec<usize>> {
        let mut levels: Vec<Vec<Vec<usize>>> = vec![vec![Vec::new()]];
        for d in 0..self.max_faults {
            let mut next = Vec::new();
            for s in &levels[d] {
                let from = s.last().map_or(0, |&i| i + 1);
                for j in from..self.space.choices.len() {
                    if self.space.may_follow(s, j) {
                        let mut longer = s.clone();
                        longer.push(j);
                        next.push(longer);
                    }
                }
            }
            levels.push(next);
        }
        levels.into_iter().flatten().collect()
    }
}

/// Proves `problem` on this thread, exploring at most `budget` schedules.
pub fn prove(problem: &Problem, budget: u64) -> Answer {
    merged(problem, vec![prove_share(problem, (0, 1), budget)])
}

/// Proves share `(k, n)` of `problem` (the schedules whose first fault is choice `k`,
/// `k + n`, ...), exploring at most `budget` of them: the command line runs one share a
/// core (the model itself runs on one thread) and merges the tallies
/// ([`Tally::merge`]) into the answer [`prove`] gives.
pub fn prove_share(problem: &Problem, share: (usize, usize), budget: u64) -> (Tally, u64, bool) {
    let mut e = Exploration::new(problem, share, budget);
    e.step(u64::MAX);
    let (explored, cut_short) = (e.explored(), e.cut_short());
    (e.into_tally(), explored, cut_short)
}

/// The answer from every share's `(tally, explored, cut_short)`.
pub fn merged(problem: &Problem, shares: Vec<(Tally, u64, bool)>) -> Answer {
    let mut tally = Tally::new(problem.properties.len());
    let (mut explored, mut cut_short) = (0, false);
    for (t, e, c) in shares {
        tally = tally.merge(t, &problem.properties);
        explored += e;
        cut_short |= c;
    }
    tally.answer(problem, explored, cut_short)
}

/// The same schedules as [`prove`], each run from zero on its own scenario: the
/// benchmark's baseline, and the check that sharing a prefix changes no figure.
pub fn prove_from_zero(problem: &Problem) -> Answer {
    let mut tally = Tally::new(problem.properties.len());
    let schedules = problem.schedules();
    for s in &schedules {
        let mut sim = Sim::new(&problem.spec_of(s), SEED).expect("a struck design runs");
        sim.set_log_capacity(0);
        tally.add(&problem.properties, &problem.finish(sim), s);
    }
    tally.answer(problem, schedules.len() as u64, false)
}

#[cfg(test)]
mod tests;
