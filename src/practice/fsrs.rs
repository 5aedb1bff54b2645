//! FSRS, the Free Spaced Repetition Scheduler, in its day-based ("long-term") form: after
//! each review a card's memory is two numbers, stability (days until recall drops to 90%)
//! and difficulty (1 to 10), and the next review is when recall is predicted to reach the
//! requested retention.
//!
//! The formulas and the 19 default weights are FSRS-5 as published by Open Spaced
//! Repetition: the formula sheet in py-fsrs (`ALGORITHM.md`) and the reference Rust
//! implementation rs-fsrs 1.2.1 (`src/parameters.rs`, `src/scheduler_longterm.rs`,
//! `enable_short_term = false`, no fuzz). The tests replay rs-fsrs's own worked example.
//! Implemented here rather than depending on rs-fsrs because that crate reads the system
//! clock when built with default parameters, which panics in wasm32.

use serde::{Deserialize, Serialize};

pub const DAY_MS: i64 = 86_400_000;

/// FSRS-5 default weights (w0..w18).
pub const DEFAULT_WEIGHTS: [f64; 19] = [
    0.4072, 1.1829, 3.1262, 15.4722, 7.2102, 0.5316, 1.0651, 0.0234, 1.616, 0.1544, 1.0824, 1.9813,
    0.0953, 0.2975, 2.2042, 0.2407, 2.9466, 0.5034, 0.6567,
];

const DECAY: f64 = -0.5;
/// 0.9^(1 / DECAY) - 1: makes recall exactly 90% after `stability` days.
const FACTOR: f64 = 19.0 / 81.0;

/// The learner's own verdict on an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Grade {
    Again,
    Hard,
    Good,
    Easy,
}

impl Grade {
    pub const ALL: [Grade; 4] = [Grade::Again, Grade::Hard, Grade::Good, Grade::Easy];

    /// 1 to 4, as FSRS numbers grades (and as the keys that give them).
    pub fn number(self) -> u8 {
        match self {
            Grade::Again => 1,
            Grade::Hard => 2,
            Grade::Good => 3,
            Grade::Easy => 4,
        }
    }

    pub fn from_key(key: &str) -> Option<Grade> {
        Grade::ALL
            .into_iter()
            .find(|g| key == g.number().to_string())
    }

    pub fn label(self) -> &'static str {
        match self {
            Grade::Again => "Again",
            Grade::Hard => "Hard",
            Grade::Good => "Good",
            Grade::Easy => "Easy",
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Grade::Again => "again",
            Grade::Hard => "hard",
            Grade::Good => "good",
            Grade::Easy => "easy",
        }
    }

    fn index(self) -> usize {
        usize::from(self.number() - 1)
    }
}

/// One card's memory after its latest review. Times are milliseconds since the Unix epoch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewState {
    pub due: i64,
    pub last_review: i64,
    pub stability: f64,
    pub difficulty: f64,
    pub reps: u32,
    pub lapses: u32,
    pub last_grade: Grade,
}

impl ReviewState {
    /// Days from the last review to the due date.
    pub fn scheduled_days(&self) -> i64 {
        (self.due - self.last_review) / DAY_MS
    }

    /// Predicted probability of recall at `now`.
    pub fn retrievability(&self, now: i64) -> f64 {
        forgetting_curve(whole_days(now - self.last_review) as f64, self.stability)
    }

    /// Stored numbers a scheduler could have produced (imported files are checked with it).
    pub fn is_plausible(&self) -> bool {
        self.stability.is_finite()
            && self.stability > 0.0
            && self.difficulty.is_finite()
            && (1.0..=10.0).contains(&self.difficulty)
            && self.due >= self.last_review
    }
}

fn whole_days(ms: i64) -> i64 {
    ms.max(0) / DAY_MS
}

fn forgetting_curve(elapsed_days: f64, stability: f64) -> f64 {
    (1.0 + FACTOR * elapsed_days / stability).powf(DECAY)
}

#[derive(Clone, Debug, PartialEq)]
pub struct Scheduler {
    pub weights: [f64; 19],
    /// The recall probability at which a card comes due.
    pub retention: f64,
    pub maximum_interval: i64,
}

impl Default for Scheduler {
    fn default() -> Self {
        Scheduler {
            weights: DEFAULT_WEIGHTS,
            retention: 0.9,
            maximum_interval: 36_500,
        }
    }
}

impl Scheduler {
    fn initial_difficulty(&self, grade: Grade) -> f64 {
        let w = &self.weights;
        (w[4] - (w[5] * f64::from(grade.number() - 1)).exp() + 1.0).clamp(1.0, 10.0)
    }

    fn initial_stability(&self, grade: Grade) -> f64 {
        self.weights[grade.index()].max(0.1)
    }

    fn next_difficulty(&self, difficulty: f64, grade: Grade) -> f64 {
        let w = &self.weights;
        let moved = difficulty - w[6] * (f64::from(grade.number()) - 3.0);
        // Mean reversion towards the difficulty of a first "easy".
        let reverted = w[7] * self.initial_difficulty(Grade::Easy) + (1.0 - w[7]) * moved;
        reverted.clamp(1.0, 10.0)
    }

    fn next_recall_stability(&self, d: f64, s: f64, r: f64, grade: Grade) -> f64 {
        let w = &self.weights;
        let modifier = match grade {
            Grade::Hard => w[15],
            Grade::Easy => w[16],
            _ => 1.0,
        };
        s * (1.0
            + w[8].exp() * (11.0 - d) * s.powf(-w[9]) * ((1.0 - r) * w[10]).exp_m1() * modifier)
    }

    fn next_forget_stability(&self, d: f64, s: f64, r: f64) -> f64 {
        let w = &self.weights;
        let forgot =
            w[11] * d.powf(-w[12]) * ((s + 1.0).powf(w[13]) - 1.0) * ((1.0 - r) * w[14]).exp();
        // Forgetting never makes a memory more stable than it was.
        forgot.min(s)
    }

    fn interval(&self, stability: f64) -> f64 {
        let days = stability / FACTOR * (self.retention.powf(1.0 / DECAY) - 1.0);
        days.round().clamp(1.0, self.maximum_interval as f64)
    }

    /// The card's memory after a review graded `grade` at `now`; `previous` is `None` for a
    /// card never reviewed.
    pub fn review(&self, previous: Option<&ReviewState>, grade: Grade, now: i64) -> ReviewState {
        let memory = |g: Grade| match previous {
            None => (self.initial_stability(g), self.initial_difficulty(g)),
            Some(prev) => {
                let r = prev.retrievability(now);
                let (s, d) = (prev.stability, prev.difficulty);
                let stability = match g {
                    Grade::Again => self.next_forget_stability(d, s, r),
                    _ => self.next_recall_stability(d, s, r, g),
                };
                (stability, self.next_difficulty(d, g))
            }
        };
        let memories = Grade::ALL.map(memory);
        // The four choices keep their order: a better grade never comes back sooner.
        let mut days = memories.map(|(s, _)| self.interval(s));
        days[0] = days[0].min(days[1]);
        for i in 1..4 {
            days[i] = days[i].max(days[i - 1] + 1.0);
        }
        let (stability, difficulty) = memories[grade.index()];
        ReviewState {
            due: now + days[grade.index()] as i64 * DAY_MS,
            last_review: now,
            stability,
            difficulty,
            reps: previous.map_or(0, |p| p.reps) + 1,
            lapses: previous.map_or(0, |p| p.lapses)
                + u32::from(grade == Grade::Again && previous.is_some()),
            last_grade: grade,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2022-11-29 12:30:00 UTC, the start time of rs-fsrs's tests.
    const START: i64 = 1_669_725_000_000;

    fn round4(x: f64) -> f64 {
        (x * 10_000.0).round() / 10_000.0
    }

    /// rs-fsrs 1.2.1, `src/tests.rs`, `test_long_term_scheduler`: thirteen reviews, each on
    /// its due day, with that test's weights. Intervals, stability and difficulty must
    /// match the reference implementation to four decimals.
    #[test]
    fn replays_the_reference_long_term_example() {
        let scheduler = Scheduler {
            weights: [
                0.4197, 1.1869, 3.0412, 15.2441, 7.1434, 0.6477, 1.0007, 0.0674, 1.6597, 0.1712,
                1.1178, 2.0225, 0.0904, 0.3025, 2.1214, 0.2498, 2.9466, 0.4891, 0.6468,
            ],
            ..Scheduler::default()
        };
        use Grade::*;
        let grades = [
            Good, Good, Good, Good, Good, Good, Again, Again, Good, Good, Good, Good, Good,
        ];
        let mut state: Option<ReviewState> = None;
        let mut now = START;
        let (mut intervals, mut stabilities, mut difficulties) = (vec![], vec![], vec![]);
        for grade in grades {
            let next = scheduler.review(state.as_ref(), grade, now);
            intervals.push(next.scheduled_days());
            stabilities.push(round4(next.stability));
            difficulties.push(round4(next.difficulty));
            now = next.due;
            state = Some(next);
        }
        assert_eq!(
            intervals,
            [3, 13, 48, 155, 445, 1158, 17, 3, 9, 27, 74, 190, 457]
        );
        assert_eq!(
            stabilities,
            [
                3.0412, 13.0913, 48.1585, 154.9373, 445.0556, 1158.0778, 16.6306, 2.9888, 9.4633,
                26.9474, 73.9723, 189.7037, 457.4379
            ]
        );
        assert_eq!(
            difficulties,
            [
                4.4909, 4.2666, 4.0575, 3.8624, 3.6804, 3.5108, 5.219, 6.8122, 6.4314, 6.0763,
                5.7452, 5.4363, 5.1483
            ]
        );
        let last = state.unwrap();
        assert_eq!((last.reps, last.lapses), (13, 2));
    }

    /// rs-fsrs 1.2.1, `test_get_retrievability`: with the default weights a new card graded
    /// easy is due in 15 days, when its recall is predicted at 0.9026208.
    #[test]
    fn a_first_easy_matches_the_reference_retrievability() {
        let state = Scheduler::default().review(None, Grade::Easy, START);
        assert_eq!(state.scheduled_days(), 15);
        assert_eq!(
            (state.retrievability(state.due) * 1e7).round() / 1e7,
            0.9026208
        );
    }

    #[test]
    fn first_reviews_use_the_initial_weights_and_keep_their_order() {
        let scheduler = Scheduler::default();
        let days = Grade::ALL.map(|g| scheduler.review(None, g, START).scheduled_days());
        // S0 = w0..w3 = 0.41, 1.18, 3.13, 15.47 days, rounded, at least one day and ordered.
        assert_eq!(days, [1, 2, 3, 15]);
        let again = scheduler.review(None, Grade::Again, START);
        assert_eq!(again.stability, DEFAULT_WEIGHTS[0]);
        assert_eq!(again.lapses, 0, "failing a new card is not a lapse");
    }

    #[test]
    fn reviewing_early_grows_stability_less_than_on_time() {
        let scheduler = Scheduler::default();
        let first = scheduler.review(None, Grade::Good, START);
        let early = scheduler.review(Some(&first), Grade::Good, START + DAY_MS);
        let on_time = scheduler.review(Some(&first), Grade::Good, first.due);
        assert!(early.stability < on_time.stability);
        assert!(early.stability > first.stability);
    }

    #[test]
    fn implausible_numbers_are_caught() {
        let mut state = Scheduler::default().review(None, Grade::Good, START);
        assert!(state.is_plausible());
        state.stability = f64::NAN;
        assert!(!state.is_plausible());
        state.stability = 2.0;
        state.difficulty = 11.0;
        assert!(!state.is_plausible());
    }

    #[test]
    fn keys_one_to_four_are_the_grades() {
        assert_eq!(Grade::from_key("1"), Some(Grade::Again));
        assert_eq!(Grade::from_key("4"), Some(Grade::Easy));
        assert_eq!(Grade::from_key("5"), None);
    }
}
