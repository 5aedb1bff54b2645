//! The answer's outline as a checklist: the learner ticks the points they made, the count
//! suggests a grade (the learner still chooses), and the points they missed come first the
//! next time the card comes round. Pure logic; the session page draws it.

use super::fsrs::Grade;

/// The grade the ticked count suggests: every point made is easy, at least 60% good, at
/// least 30% hard, fewer again. Nothing to tick suggests nothing.
pub fn suggest(ticked: usize, total: usize) -> Option<Grade> {
    if total == 0 {
        return None;
    }
    let ticked = ticked.min(total);
    Some(if ticked == total {
        Grade::Easy
    } else if 10 * ticked >= 6 * total {
        Grade::Good
    } else if 10 * ticked >= 3 * total {
        Grade::Hard
    } else {
        Grade::Again
    })
}

/// The order to show `count` cues in: those missed last time first (in the card's order),
/// then the others. Indexes out of range are ignored.
pub fn order(count: usize, missed: &[u8]) -> Vec<usize> {
    let was_missed = |i: usize| missed.iter().any(|&m| usize::from(m) == i);
    let (mut first, rest): (Vec<usize>, Vec<usize>) = (0..count).partition(|&i| was_missed(i));
    first.extend(rest);
    first
}

/// The cue indexes not ticked, to store with the card (empty when every point was made).
pub fn missed(ticked: &[bool]) -> Vec<u8> {
    ticked
        .iter()
        .enumerate()
        .filter(|(_, &t)| !t)
        .filter_map(|(i, _)| u8::try_from(i).ok())
        .collect()
}

/// The sentence under the checklist: how many points were made and what that suggests.
pub fn describe(ticked: usize, total: usize) -> String {
    match suggest(ticked, total) {
        None => "This card has no outline to check against.".into(),
        Some(grade) => format!(
            "{ticked} of {total} point{} made: that suggests {} ({}). The grade is yours.",
            if total == 1 { "" } else { "s" },
            grade.label().to_lowercase(),
            grade.number()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_suggests_a_grade() {
        assert_eq!(suggest(0, 0), None);
        let three: Vec<_> = (0..=3).map(|t| suggest(t, 3).unwrap()).collect();
        assert_eq!(three, [Grade::Again, Grade::Hard, Grade::Good, Grade::Easy]);
        let five: Vec<_> = (0..=5).map(|t| suggest(t, 5).unwrap()).collect();
        assert_eq!(
            five,
            [
                Grade::Again,
                Grade::Again,
                Grade::Hard,
                Grade::Good,
                Grade::Good,
                Grade::Easy
            ]
        );
        assert_eq!(suggest(9, 4), Some(Grade::Easy), "over-counting is capped");
    }

    #[test]
    fn more_ticks_never_suggest_a_lower_grade() {
        for total in 1..=8 {
            for ticked in 1..=total {
                assert!(suggest(ticked, total) >= suggest(ticked - 1, total));
            }
        }
    }

    #[test]
    fn missed_cues_come_first_in_the_cards_order() {
        assert_eq!(order(4, &[]), [0, 1, 2, 3]);
        assert_eq!(order(4, &[3, 1]), [1, 3, 0, 2]);
        assert_eq!(
            order(3, &[7, 2]),
            [2, 0, 1],
            "a cue the card lost is ignored"
        );
    }

    #[test]
    fn missed_lists_the_unticked_indexes() {
        assert_eq!(missed(&[true, false, true, false]), [1, 3]);
        assert!(missed(&[true, true]).is_empty());
    }

    #[test]
    fn the_sentence_names_the_count_and_the_grade() {
        assert_eq!(
            describe(2, 3),
            "2 of 3 points made: that suggests good (3). The grade is yours."
        );
        assert!(describe(0, 0).contains("no outline"));
    }
}
