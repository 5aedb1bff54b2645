//! A grade over several seeds: per requirement the worst figure and its seed, and the
//! verdict: a requirement holds only if it holds on every seed.

use super::{Challenge, Requirement};
use serde::Serialize;

/// One requirement's result: the figure on the worst seed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RequirementResult {
    pub id: String,
    pub says: String,
    pub passed: bool,
    pub target: String,
    pub measured: f64,
    pub card: String,
    /// The seed of the worst figure (the one to watch in the lab).
    pub seed: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verdict {
    pub challenge: String,
    /// Every requirement held on every seed, and the seeds were as many as the brief asks.
    pub passed: bool,
    /// The seeds that ran, in order: the same seeds give the same verdict.
    pub seeds: Vec<u64>,
    /// Fewer seeds ran than the brief asks: a practice run, never a pass.
    pub practice: bool,
    pub requirements: Vec<RequirementResult>,
}

/// A grade under way, one seed at a time (the site runs a seed per slice).
#[derive(Clone, Debug)]
pub struct Grading<'c> {
    challenge: &'c Challenge,
    /// Per requirement, the worst figure so far and its seed.
    worst: Vec<Option<(f64, u64)>>,
    seeds: Vec<u64>,
}

impl<'c> Grading<'c> {
    pub fn new(challenge: &'c Challenge) -> Self {
        Grading {
            challenge,
            worst: vec![None; challenge.requirements.len()],
            seeds: Vec::new(),
        }
    }

    /// One seed's figures ([`run_once`]).
    pub fn add(&mut self, seed: u64, measured: &[f64]) {
        self.seeds.push(seed);
        for ((r, worst), &v) in self
            .challenge
            .requirements
            .iter()
            .zip(&mut self.worst)
            .zip(measured)
        {
            let worse = match *worst {
                None => true,
                Some((w, _)) => !r.holds(v) && r.holds(w) || badness(r, v) > badness(r, w),
            };
            if worse {
                *worst = Some((v, seed));
            }
        }
    }

    pub fn verdict(&self) -> Verdict {
        let requirements: Vec<RequirementResult> = self
            .challenge
            .requirements
            .iter()
            .zip(&self.worst)
            .map(|(r, w)| {
                let (measured, seed) = w.unwrap_or((0.0, 1));
                RequirementResult {
                    id: r.id.clone(),
                    says: r.says.clone(),
                    passed: r.holds(measured),
                    target: r.target(),
                    measured,
                    card: r.card.clone(),
                    seed,
                }
            })
            .collect();
        // A seed run twice is one seed: the count is of different ones.
        let mut distinct = self.seeds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let practice = distinct.len() < self.challenge.seeds as usize;
        Verdict {
            challenge: self.challenge.id.clone(),
            passed: !practice && requirements.iter().all(|r| r.passed),
            seeds: self.seeds.clone(),
            practice,
            requirements,
        }
    }
}

/// How far a figure is on the wrong side of the target (larger: worse).
pub(super) fn badness(r: &Requirement, v: f64) -> f64 {
    match (r.at_most, r.at_least) {
        (Some(_), _) => v,
        (None, Some(_)) => -v,
        _ => 0.0,
    }
}
