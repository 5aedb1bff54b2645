//! Where a lesson step takes the lab. A step is replayed from the start of the run, not
//! from wherever the reader left the lab, so it always shows what the lesson says (and
//! what `crates/content/tests/course.rs` checked): every earlier step's press at its own
//! time, then this step's time, press and play.

use hoplab_content::course::Lesson;

/// What the page does for one step, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepPlan {
    /// Presses of the earlier steps: (time in ms, button id), replayed by the run.
    pub earlier_presses: Vec<(u64, String)>,
    /// Seek here first.
    pub at_ms: u64,
    /// Then press this button, if any.
    pub press: Option<String>,
    /// Then play to here and stop, if any.
    pub play_to_ms: Option<u64>,
}

impl StepPlan {
    /// The time the step leaves the lab at.
    pub fn end_ms(&self) -> u64 {
        self.play_to_ms.unwrap_or(self.at_ms)
    }
}

/// The plan for step `index` of `lesson`; `None` past the last step.
pub fn plan(lesson: &Lesson, index: usize) -> Option<StepPlan> {
    let step = lesson.steps.get(index)?;
    let earlier_presses = lesson.steps[..index]
        .iter()
        .filter_map(|s| Some((s.at_ms, s.press.clone()?)))
        .collect();
    Some(StepPlan {
        earlier_presses,
        at_ms: step.at_ms,
        press: step.press.clone(),
        play_to_ms: step.play_to_ms,
    })
}

/// Where a step in progress is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for the lab to reach the step's time.
    Seeking,
    /// Playing toward the step's end.
    Playing,
    /// Stopped at the end; waiting for the panels to show it.
    Settling,
    Done,
}

/// The next phase, given whether the lab has reached the time it was sent to and the
/// simulated time now. The page acts on each change (press and play, pause and seek).
pub fn next_phase(phase: Phase, plan: &StepPlan, ready: bool, now_ms: u64) -> Phase {
    match phase {
        Phase::Seeking if ready => match plan.play_to_ms {
            Some(_) => Phase::Playing,
            None => Phase::Done,
        },
        Phase::Playing if now_ms >= plan.end_ms() => Phase::Settling,
        Phase::Settling if ready && now_ms == plan.end_ms() => Phase::Done,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoplab_content::course::{CheckQuestion, LessonStep};

    fn step(at_ms: u64, press: Option<&str>, play_to_ms: Option<u64>) -> LessonStep {
        LessonStep {
            title: "t".into(),
            at_ms,
            press: press.map(str::to_string),
            play_to_ms,
            say_html: String::new(),
            see: "s".into(),
            expect: vec![],
        }
    }

    fn lesson() -> Lesson {
        Lesson {
            slug: "l".into(),
            number: 1,
            title: "t".into(),
            summary: "s".into(),
            cards: vec![],
            scenario: "follow-one-record".into(),
            knobs: vec![],
            intro_html: String::new(),
            steps: vec![
                step(2000, None, Some(6000)),
                step(6000, Some("stall"), Some(10000)),
                step(10000, Some("resume"), None),
            ],
            check: CheckQuestion {
                question: "q".into(),
                choices: vec![],
            },
            previous: None,
            next: None,
        }
    }

    #[test]
    fn a_step_replays_every_earlier_press_at_its_time() {
        let l = lesson();
        assert_eq!(plan(&l, 0).unwrap().earlier_presses, vec![]);
        let third = plan(&l, 2).unwrap();
        assert_eq!(third.earlier_presses, vec![(6000, "stall".to_string())]);
        assert_eq!(third.press.as_deref(), Some("resume"));
        assert_eq!(third.end_ms(), 10000);
        assert_eq!(plan(&l, 3), None);
    }

    #[test]
    fn phases_follow_the_lab() {
        let p = plan(&lesson(), 1).unwrap();
        assert_eq!(next_phase(Phase::Seeking, &p, false, 0), Phase::Seeking);
        assert_eq!(next_phase(Phase::Seeking, &p, true, 6000), Phase::Playing);
        assert_eq!(next_phase(Phase::Playing, &p, true, 9000), Phase::Playing);
        assert_eq!(next_phase(Phase::Playing, &p, true, 10016), Phase::Settling);
        // Overshot by a frame: not done until the lab stands exactly at the end.
        assert_eq!(
            next_phase(Phase::Settling, &p, true, 10016),
            Phase::Settling
        );
        assert_eq!(next_phase(Phase::Settling, &p, true, 10000), Phase::Done);
        let still = plan(&lesson(), 2).map(|mut p| {
            p.play_to_ms = None;
            p
        });
        assert_eq!(
            next_phase(Phase::Seeking, &still.unwrap(), true, 10000),
            Phase::Done
        );
    }
}
