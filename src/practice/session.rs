//! A practice session as a plain state machine: the queue of cards, the answer timer, the
//! reveal, the grade. The page draws it and feeds it key presses and clock ticks.

use std::collections::{BTreeMap, VecDeque};

use super::fsrs::Grade;

/// The time an interviewer gives: 20 seconds for the short answer, then 50 for the full one.
pub const SHORT_ANSWER_SECONDS: u32 = 20;
pub const FULL_ANSWER_SECONDS: u32 = 50;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimerPhase {
    /// Say the 20-second answer.
    Short,
    /// Carry on to the 50-second answer.
    Full,
    /// Time is up.
    Over,
}

/// The countdown shown while the learner answers aloud.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnswerTimer {
    pub phase: TimerPhase,
    pub seconds_left: u32,
    pub paused: bool,
}

impl Default for AnswerTimer {
    fn default() -> Self {
        AnswerTimer {
            phase: TimerPhase::Short,
            seconds_left: SHORT_ANSWER_SECONDS,
            paused: false,
        }
    }
}

impl AnswerTimer {
    /// One second passed. Returns true when a phase ended (the page announces it).
    pub fn tick(&mut self) -> bool {
        if self.paused || self.phase == TimerPhase::Over {
            return false;
        }
        self.seconds_left = self.seconds_left.saturating_sub(1);
        if self.seconds_left == 0 {
            self.skip();
            return true;
        }
        false
    }

    /// Ends the current phase now.
    pub fn skip(&mut self) {
        (self.phase, self.seconds_left) = match self.phase {
            TimerPhase::Short => (TimerPhase::Full, FULL_ANSWER_SECONDS),
            TimerPhase::Full | TimerPhase::Over => (TimerPhase::Over, 0),
        };
    }

    pub fn toggle_pause(&mut self) {
        if self.phase != TimerPhase::Over {
            self.paused = !self.paused;
        }
    }

    /// Seconds of the current phase, for the progress bar.
    pub fn phase_length(&self) -> u32 {
        match self.phase {
            TimerPhase::Short => SHORT_ANSWER_SECONDS,
            TimerPhase::Full => FULL_ANSWER_SECONDS,
            TimerPhase::Over => 1,
        }
    }

    /// What the timer says, visibly and to a screen reader at phase changes.
    pub fn describe(&self) -> String {
        let paused = if self.paused { " (paused)" } else { "" };
        match self.phase {
            TimerPhase::Short => format!("Short answer: {} s left{paused}", self.seconds_left),
            TimerPhase::Full => {
                format!("Now the full answer: {} s left{paused}", self.seconds_left)
            }
            TimerPhase::Over => "Time is up: reveal the answers.".into(),
        }
    }
}

/// Where the current card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The question and the timer; answers hidden.
    Answering,
    /// The answers are shown and a grade is expected.
    Revealed,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    /// The cards still to ask. Each is asked once: the scheduler is day-based, so whatever
    /// the grade ("again" too) a card is next due a day or more later, as the page says.
    queue: VecDeque<String>,
    pub step: Step,
    pub timer: AnswerTimer,
    pub graded: Vec<(String, Grade)>,
}

impl Session {
    pub fn new(cards: Vec<String>) -> Session {
        Session {
            queue: cards.into(),
            step: Step::Answering,
            timer: AnswerTimer::default(),
            graded: Vec::new(),
        }
    }

    pub fn current(&self) -> Option<&str> {
        self.queue.front().map(String::as_str)
    }

    pub fn remaining(&self) -> usize {
        self.queue.len()
    }

    pub fn is_finished(&self) -> bool {
        self.queue.is_empty()
    }

    /// Shows the answers (the timer stops where it was).
    pub fn reveal(&mut self) {
        if self.current().is_some() {
            self.step = Step::Revealed;
        }
    }

    /// Records the grade for the current card and moves on. Grading before the reveal does
    /// nothing: the learner grades what they compared against the answers. Returns the
    /// slug graded.
    pub fn grade(&mut self, grade: Grade) -> Option<String> {
        if self.step != Step::Revealed {
            return None;
        }
        let slug = self.queue.pop_front()?;
        self.graded.push((slug.clone(), grade));
        self.step = Step::Answering;
        self.timer = AnswerTimer::default();
        Some(slug)
    }

    /// How many answers got each grade, for the end-of-session summary.
    pub fn tally(&self) -> BTreeMap<Grade, usize> {
        let mut tally = BTreeMap::new();
        for (_, grade) in &self.graded {
            *tally.entry(*grade).or_default() += 1;
        }
        tally
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::practice::fsrs::{Scheduler, DAY_MS};

    fn session(cards: &[&str]) -> Session {
        Session::new(cards.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn the_timer_runs_twenty_then_fifty_seconds() {
        let mut timer = AnswerTimer::default();
        let phase_ends = (1..=70).filter(|_| timer.tick()).count();
        assert_eq!(phase_ends, 2, "two phase ends in 70 seconds");
        assert_eq!(timer.phase, TimerPhase::Over);
        let mut timer = AnswerTimer::default();
        for _ in 0..19 {
            assert!(!timer.tick());
        }
        assert_eq!(timer.seconds_left, 1);
        assert!(timer.tick());
        assert_eq!((timer.phase, timer.seconds_left), (TimerPhase::Full, 50));
    }

    #[test]
    fn a_paused_timer_stands_still_and_skip_jumps_a_phase() {
        let mut timer = AnswerTimer::default();
        timer.toggle_pause();
        assert!(!timer.tick());
        assert_eq!(timer.seconds_left, 20);
        assert!(timer.describe().contains("paused"));
        timer.toggle_pause();
        timer.skip();
        assert_eq!(timer.phase, TimerPhase::Full);
        timer.skip();
        assert_eq!(timer.phase, TimerPhase::Over);
        timer.toggle_pause();
        assert!(!timer.paused, "nothing to pause once time is up");
    }

    #[test]
    fn grading_needs_a_reveal_and_moves_to_the_next_card() {
        let mut s = session(&["a", "b"]);
        assert_eq!(s.grade(Grade::Good), None);
        s.reveal();
        assert_eq!(s.grade(Grade::Good).as_deref(), Some("a"));
        assert_eq!(s.current(), Some("b"));
        assert_eq!(s.step, Step::Answering);
        assert_eq!(s.timer, AnswerTimer::default(), "a fresh timer per card");
    }

    #[test]
    fn again_does_not_bring_a_card_back_in_the_same_session() {
        let mut s = session(&["a", "b"]);
        s.reveal();
        assert_eq!(s.grade(Grade::Again).as_deref(), Some("a"));
        assert_eq!(
            s.current(),
            Some("b"),
            "the next card, not the one just failed"
        );
        assert_eq!(s.remaining(), 1);
        s.reveal();
        s.grade(Grade::Good);
        assert!(
            s.is_finished(),
            "the card graded again is not asked a second time"
        );
        let tally = s.tally();
        assert_eq!(tally[&Grade::Again], 1);
        assert_eq!(tally[&Grade::Good], 1);
    }

    /// Why a card graded "again" waits for another session: the scheduler is day-based, so
    /// every grade, on a new card or a reviewed one, is due a day or more later, which is
    /// what the page announces ("comes back in 1 day"). A scheduler with same-day
    /// relearning steps would need the session to bring such cards back, and say so.
    #[test]
    fn every_grade_is_due_a_day_or_more_later() {
        let scheduler = Scheduler::default();
        let start = 1_700_000_000_000;
        let reviewed = scheduler.review(None, Grade::Good, start);
        let now = reviewed.due;
        for previous in [None, Some(&reviewed)] {
            for grade in Grade::ALL {
                let next = scheduler.review(previous, grade, now);
                assert!(next.due - now >= DAY_MS, "{grade:?} after {previous:?}");
            }
        }
    }

    #[test]
    fn an_empty_session_is_finished_and_ignores_input() {
        let mut s = session(&[]);
        s.reveal();
        assert_eq!(s.step, Step::Answering);
        assert_eq!(s.grade(Grade::Easy), None);
        assert!(s.is_finished());
    }
}
