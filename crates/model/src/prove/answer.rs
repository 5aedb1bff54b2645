//! What a proof found: per property, held or broken, the worst figure over every
//! schedule explored, and the shortest schedule that breaks it.

use super::space::FaultAt;
use super::Problem;
use crate::challenge::Requirement;
use crate::spec::ScenarioSpec;
use crate::time::Millis;
use serde::Serialize;

/// Per property, the worst figure and the shortest breaking schedule so far. Ties go to
/// the schedule first in exploration order (fewer faults, then earlier choices), so
/// the answer does not depend on how the work was shared.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    worst: Vec<Option<(f64, Vec<usize>)>>,
    shortest_break: Vec<Option<(Vec<usize>, f64)>>,
}

/// (faults, then choices in order): the smaller is the schedule a person reads first.
fn before(a: &[usize], b: &[usize]) -> bool {
    (a.len(), a) < (b.len(), b)
}

/// How far a figure is on the wrong side (larger: worse).
fn badness(r: &Requirement, v: f64) -> f64 {
    match r.at_least {
        Some(_) if r.at_most.is_none() => -v,
        _ => v,
    }
}

impl Tally {
    pub fn new(properties: usize) -> Tally {
        Tally {
            worst: vec![None; properties],
            shortest_break: vec![None; properties],
        }
    }

    /// One schedule's figures.
    pub fn add(&mut self, properties: &[Requirement], figures: &[f64], schedule: &[usize]) {
        for (i, (r, &v)) in properties.iter().zip(figures).enumerate() {
            self.offer(r, i, v, schedule);
        }
    }

    fn offer(&mut self, r: &Requirement, i: usize, v: f64, schedule: &[usize]) {
        let worse = match &self.worst[i] {
            None => true,
            Some((w, at)) => {
                let (b, bw) = (badness(r, v), badness(r, *w));
                b > bw || (b == bw && before(schedule, at))
            }
        };
        if worse {
            self.worst[i] = Some((v, schedule.to_vec()));
        }
        let shorter = match &self.shortest_break[i] {
            None => true,
            Some((at, _)) => before(schedule, at),
        };
        if !r.holds(v) && shorter {
            self.shortest_break[i] = Some((schedule.to_vec(), v));
        }
    }

    /// Both tallies' findings, as one exploration of both shares would have found them.
    pub fn merge(mut self, other: Tally, properties: &[Requirement]) -> Tally {
        for (i, r) in properties.iter().enumerate() {
            if let Some((v, at)) = &other.worst[i] {
                self.offer(r, i, *v, at);
            }
            if let Some((at, v)) = &other.shortest_break[i] {
                self.offer(r, i, *v, at);
            }
        }
        self
    }
}

/// The answer for one design.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Answer {
    /// Every property held over every schedule explored.
    pub held: bool,
    pub max_faults: usize,
    pub schedules_explored: u64,
    pub schedules_in_space: u64,
    /// The budget ran out first: shorter schedules were all explored, longer ones not.
    pub cut_short: bool,
    /// The instants faults strike at (ms).
    pub instants_ms: Vec<Millis>,
    /// Each run's length (ms).
    pub duration_ms: Millis,
    pub properties: Vec<PropertyAnswer>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PropertyAnswer {
    pub id: String,
    pub says: String,
    pub target: String,
    pub card: String,
    pub hint: String,
    pub held: bool,
    /// The worst figure over every schedule explored, and a schedule that gives it.
    pub worst: f64,
    pub worst_faults: Vec<FaultAt>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counterexample: Option<Counterexample>,
}

/// The shortest schedule that breaks a property.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Counterexample {
    pub faults: Vec<FaultAt>,
    /// The property's figure on this schedule.
    pub figure: f64,
    /// When its last fault strikes: the lab opens the run here.
    pub breaks_at_ms: Millis,
    /// The design with the schedule on its timeline: run it from zero (the lab, `hoplab
    /// run`) and the same figure comes out.
    pub scenario: ScenarioSpec,
}

impl Tally {
    pub fn answer(&self, problem: &Problem, explored: u64, cut_short: bool) -> Answer {
        let faults = |schedule: &[usize]| -> Vec<FaultAt> {
            schedule
                .iter()
                .map(|&i| problem.space.choices[i].clone())
                .collect()
        };
        let properties: Vec<PropertyAnswer> = problem
            .properties
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let (worst, worst_at) = self.worst[i].clone().unwrap_or((0.0, Vec::new()));
                let counterexample =
                    self.shortest_break[i]
                        .as_ref()
                        .map(|(at, v)| Counterexample {
                            faults: faults(at),
                            figure: *v,
                            breaks_at_ms: at.last().map_or(0, |&j| problem.space.choices[j].at_ms),
                            scenario: problem.spec_of(at),
                        });
                PropertyAnswer {
                    id: r.id.clone(),
                    says: r.says.clone(),
                    target: r.target(),
                    card: r.card.clone(),
                    hint: r.hint.clone(),
                    held: counterexample.is_none(),
                    worst,
                    worst_faults: faults(&worst_at),
                    counterexample,
                }
            })
            .collect();
        Answer {
            held: properties.iter().all(|p| p.held),
            max_faults: problem.max_faults,
            schedules_explored: explored,
            schedules_in_space: problem.count((0, 1)),
            cut_short,
            instants_ms: problem.space.instants_ms.clone(),
            duration_ms: problem.space.duration_ms,
            properties,
        }
    }
}
