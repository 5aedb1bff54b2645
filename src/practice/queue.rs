//! Which cards a practice session asks, in what order: every card that is due, the longest
//! overdue first, then cards never practised in the tree's reading order, as many as the
//! learner's daily limit for new cards still allows today.

use std::collections::BTreeMap;

use super::fsrs::{ReviewState, DAY_MS};

/// The learner's local calendar day: `now` shifted by the browser's offset from UTC
/// (`Date.getTimezoneOffset()`, minutes, positive west of Greenwich).
pub fn local_day(now: i64, utc_offset_minutes: i32) -> i64 {
    (now - i64::from(utc_offset_minutes) * 60_000).div_euclid(DAY_MS)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionQueue {
    /// Cards due now, longest overdue first.
    pub due: Vec<String>,
    /// New cards for today, in reading order.
    pub new: Vec<String>,
    /// New cards left over for later days.
    pub new_waiting: usize,
    /// When the next card not yet due comes due, if any.
    pub next_due: Option<i64>,
}

impl SessionQueue {
    /// `cards` in reading order; `new_left_today` is the daily limit minus the new cards
    /// already started today.
    pub fn build(
        cards: &[&str],
        reviews: &BTreeMap<String, ReviewState>,
        new_left_today: u32,
        now: i64,
    ) -> SessionQueue {
        let mut due: Vec<(i64, usize, &str)> = Vec::new();
        let mut new = Vec::new();
        let mut next_due = None::<i64>;
        for (order, slug) in cards.iter().enumerate() {
            match reviews.get(*slug) {
                Some(state) if state.due <= now => due.push((state.due, order, slug)),
                Some(state) => next_due = Some(next_due.map_or(state.due, |n| n.min(state.due))),
                None => new.push(slug.to_string()),
            }
        }
        due.sort();
        let take = (new_left_today as usize).min(new.len());
        let new_waiting = new.len() - take;
        new.truncate(take);
        SessionQueue {
            due: due
                .into_iter()
                .map(|(_, _, slug)| slug.to_string())
                .collect(),
            new,
            new_waiting,
            next_due,
        }
    }

    /// The session's order: due cards, then new ones.
    pub fn cards(&self) -> Vec<String> {
        self.due.iter().chain(&self.new).cloned().collect()
    }

    pub fn is_empty(&self) -> bool {
        self.due.is_empty() && self.new.is_empty()
    }
}

/// "in 3 days", "in 5 hours", "now": how far `when` is from `now`, for the page.
pub fn describe_wait(when: i64, now: i64) -> String {
    let hours = (when - now) / 3_600_000;
    let days = (when - now) / DAY_MS;
    if when <= now {
        "now".into()
    } else if days >= 1 {
        format!("in {days} day{}", if days == 1 { "" } else { "s" })
    } else if hours >= 1 {
        format!("in {hours} hour{}", if hours == 1 { "" } else { "s" })
    } else {
        "within the hour".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::practice::fsrs::{Grade, Scheduler};

    const NOW: i64 = 1_700_000_000_000;

    fn reviewed(due_in_days: i64) -> ReviewState {
        let mut state = Scheduler::default().review(None, Grade::Good, NOW - 10 * DAY_MS);
        state.due = NOW + due_in_days * DAY_MS;
        state
    }

    #[test]
    fn due_cards_come_first_longest_overdue_first_then_new_in_reading_order() {
        let cards = ["a", "b", "c", "d", "e", "f"];
        let reviews = BTreeMap::from([
            ("b".to_string(), reviewed(-1)),
            ("d".to_string(), reviewed(-5)),
            ("e".to_string(), reviewed(3)),
        ]);
        let queue = SessionQueue::build(&cards, &reviews, 10, NOW);
        assert_eq!(queue.due, ["d", "b"]);
        assert_eq!(queue.new, ["a", "c", "f"]);
        assert_eq!(queue.cards(), ["d", "b", "a", "c", "f"]);
        assert_eq!(queue.next_due, Some(NOW + 3 * DAY_MS));
        assert_eq!(queue.new_waiting, 0);
    }

    #[test]
    fn new_cards_stop_at_what_is_left_of_the_daily_limit() {
        let cards = ["a", "b", "c", "d"];
        let queue = SessionQueue::build(&cards, &BTreeMap::new(), 2, NOW);
        assert_eq!(queue.new, ["a", "b"]);
        assert_eq!(queue.new_waiting, 2);
        let none_left = SessionQueue::build(&cards, &BTreeMap::new(), 0, NOW);
        assert!(none_left.is_empty());
        assert_eq!(none_left.new_waiting, 4);
    }

    #[test]
    fn a_card_due_exactly_now_is_due_and_ties_keep_reading_order() {
        let cards = ["a", "b"];
        let reviews = BTreeMap::from([
            ("b".to_string(), reviewed(0)),
            ("a".to_string(), reviewed(0)),
        ]);
        let queue = SessionQueue::build(&cards, &reviews, 5, NOW);
        assert_eq!(queue.due, ["a", "b"]);
    }

    #[test]
    fn reviews_of_cards_no_longer_in_the_tree_are_ignored() {
        let reviews = BTreeMap::from([("gone".to_string(), reviewed(-1))]);
        let queue = SessionQueue::build(&["a"], &reviews, 5, NOW);
        assert_eq!(queue.cards(), ["a"]);
    }

    #[test]
    fn the_local_day_follows_the_browser_offset() {
        // 2023-11-14 22:13 UTC is already the 15th in UTC+2 (offset -120).
        assert_eq!(local_day(NOW, 0), 19_675);
        assert_eq!(local_day(NOW, -120), 19_676);
        assert_eq!(local_day(NOW, 300), 19_675);
    }

    #[test]
    fn waits_read_naturally() {
        assert_eq!(describe_wait(NOW, NOW), "now");
        assert_eq!(describe_wait(NOW + DAY_MS, NOW), "in 1 day");
        assert_eq!(describe_wait(NOW + 3 * DAY_MS + 5, NOW), "in 3 days");
        assert_eq!(describe_wait(NOW + 2 * 3_600_000, NOW), "in 2 hours");
        assert_eq!(describe_wait(NOW + 60_000, NOW), "within the hour");
    }
}
