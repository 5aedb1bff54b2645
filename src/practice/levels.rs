//! The level path: how far the learner has got with the cards of each level.

use std::collections::BTreeMap;

use hoplab_content::Level;

use super::fsrs::{Grade, ReviewState};

/// Where one card stands for the learner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardStanding {
    /// Never practised.
    New,
    /// Practised, and the last answer was not "again".
    Learned,
    /// The last answer was "again": still being learned.
    Shaky,
}

impl CardStanding {
    pub fn of(review: Option<&ReviewState>) -> CardStanding {
        match review {
            None => CardStanding::New,
            Some(state) if state.last_grade == Grade::Again => CardStanding::Shaky,
            Some(_) => CardStanding::Learned,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            CardStanding::New => "Not practised",
            CardStanding::Learned => "Learned",
            CardStanding::Shaky => "Still shaky",
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            CardStanding::New => "new",
            CardStanding::Learned => "learned",
            CardStanding::Shaky => "shaky",
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelProgress {
    pub total: usize,
    pub learned: usize,
    /// Learned cards that are due again now.
    pub due: usize,
}

/// Per level, over the cards whose own level it is.
pub fn progress_by_level<'a>(
    cards: impl IntoIterator<Item = (&'a str, Level)>,
    reviews: &BTreeMap<String, ReviewState>,
    now: i64,
) -> BTreeMap<Level, LevelProgress> {
    let mut by_level: BTreeMap<Level, LevelProgress> = Level::ALL
        .iter()
        .map(|l| (*l, LevelProgress::default()))
        .collect();
    for (slug, level) in cards {
        let entry = by_level.entry(level).or_default();
        entry.total += 1;
        let review = reviews.get(slug);
        if CardStanding::of(review) == CardStanding::Learned {
            entry.learned += 1;
            entry.due += usize::from(review.is_some_and(|r| r.due <= now));
        }
    }
    by_level
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::practice::fsrs::{Scheduler, DAY_MS};

    const NOW: i64 = 1_700_000_000_000;

    #[test]
    fn counts_learned_and_due_cards_per_level() {
        let s = Scheduler::default();
        let good = s.review(None, Grade::Good, NOW - 10 * DAY_MS); // due 3 days later: due now
        let fresh = s.review(None, Grade::Easy, NOW); // due in 15 days
        let again = s.review(None, Grade::Again, NOW);
        let reviews = BTreeMap::from([
            ("a".to_string(), good),
            ("b".to_string(), fresh),
            ("c".to_string(), again),
        ]);
        let cards = [
            ("a", Level::Junior),
            ("b", Level::Junior),
            ("c", Level::Senior),
            ("d", Level::Senior),
        ];
        let progress = progress_by_level(cards, &reviews, NOW);
        assert_eq!(
            progress[&Level::Junior],
            LevelProgress {
                total: 2,
                learned: 2,
                due: 1
            }
        );
        assert_eq!(
            progress[&Level::Senior],
            LevelProgress {
                total: 2,
                learned: 0,
                due: 0
            }
        );
        assert_eq!(progress[&Level::Principal], LevelProgress::default());
        assert_eq!(CardStanding::of(reviews.get("c")), CardStanding::Shaky);
        assert_eq!(CardStanding::of(None), CardStanding::New);
    }
}
