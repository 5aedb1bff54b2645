//! Choosing a record on the stage with the keyboard: the arrow keys walk along a row and
//! between rows, Home and End jump to a row's oldest and newest record. Works on what the
//! stage shows (rows in order, each with its records' positions), so it never asks the model.

/// A key that moves the selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Older,
    Newer,
    RowAbove,
    RowBelow,
    Oldest,
    Newest,
}

impl Move {
    /// The move a key stands for on the stage (`KeyboardEvent.key`), if any.
    pub fn from_key(key: &str) -> Option<Move> {
        Some(match key {
            "ArrowLeft" => Move::Older,
            "ArrowRight" => Move::Newer,
            "ArrowUp" => Move::RowAbove,
            "ArrowDown" => Move::RowBelow,
            "Home" => Move::Oldest,
            "End" => Move::Newest,
            _ => return None,
        })
    }
}

/// One row as the stage shows it: its key and its records' positions, in any order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowRecords {
    pub key: String,
    pub positions: Vec<u64>,
}

/// The record selected after `mv`, as (row key, position). With nothing selected yet (or a
/// selection the stage no longer shows a row for), the newest record of the first row that
/// has any is chosen. Moves past an end stay where they are.
pub fn move_selection(
    rows: &[RowRecords],
    current: Option<(&str, u64)>,
    mv: Move,
) -> Option<(String, u64)> {
    let sorted: Vec<(&str, Vec<u64>)> = rows
        .iter()
        .filter(|r| !r.positions.is_empty())
        .map(|r| {
            let mut p = r.positions.clone();
            p.sort_unstable();
            p.dedup();
            (r.key.as_str(), p)
        })
        .collect();
    let pick = |i: usize, pos: u64| Some((sorted[i].0.to_string(), pos));
    let at = current.and_then(|(key, pos)| Some((sorted.iter().position(|r| r.0 == key)?, pos)));
    let Some((row, pos)) = at else {
        let first = sorted.first()?;
        return pick(0, *first.1.last()?);
    };
    let positions = &sorted[row].1;
    match mv {
        Move::Older => pick(
            row,
            positions
                .iter()
                .rev()
                .find(|&&p| p < pos)
                .copied()
                .unwrap_or(positions[0]),
        ),
        Move::Newer => pick(
            row,
            positions
                .iter()
                .find(|&&p| p > pos)
                .copied()
                .unwrap_or(positions[positions.len() - 1]),
        ),
        Move::Oldest => pick(row, positions[0]),
        Move::Newest => pick(row, positions[positions.len() - 1]),
        Move::RowAbove | Move::RowBelow => {
            let target = if mv == Move::RowAbove {
                row.checked_sub(1).unwrap_or(row)
            } else {
                (row + 1).min(sorted.len() - 1)
            };
            pick(target, nearest(&sorted[target].1, pos))
        }
    }
}

/// The position in `sorted` (ascending, not empty) closest to `pos`; the lower on a tie.
fn nearest(sorted: &[u64], pos: u64) -> u64 {
    let i = sorted.partition_point(|&p| p < pos);
    match (i.checked_sub(1).map(|j| sorted[j]), sorted.get(i)) {
        (Some(below), Some(&above)) if pos - below <= above - pos => below,
        (_, Some(&above)) => above,
        (Some(below), None) => below,
        (None, None) => pos,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows() -> Vec<RowRecords> {
        vec![
            RowRecords {
                key: "A/orders/0".into(),
                positions: vec![12, 10, 11, 14],
            },
            RowRecords {
                key: "A/orders/1".into(),
                positions: vec![],
            },
            RowRecords {
                key: "B/orders/0".into(),
                positions: vec![3, 7, 13],
            },
        ]
    }

    fn sel(row: &str, pos: u64) -> Option<(String, u64)> {
        Some((row.to_string(), pos))
    }

    #[test]
    fn with_nothing_selected_any_move_picks_the_newest_record_of_the_first_row() {
        for mv in [Move::Older, Move::Newer, Move::RowBelow, Move::Oldest] {
            assert_eq!(move_selection(&rows(), None, mv), sel("A/orders/0", 14));
        }
        assert_eq!(
            move_selection(&rows(), Some(("gone/0", 5)), Move::Older),
            sel("A/orders/0", 14)
        );
        assert_eq!(move_selection(&[], None, Move::Newer), None);
    }

    #[test]
    fn left_and_right_walk_the_row_in_position_order_and_stop_at_its_ends() {
        let r = rows();
        assert_eq!(
            move_selection(&r, Some(("A/orders/0", 12)), Move::Older),
            sel("A/orders/0", 11)
        );
        assert_eq!(
            move_selection(&r, Some(("A/orders/0", 12)), Move::Newer),
            sel("A/orders/0", 14)
        );
        assert_eq!(
            move_selection(&r, Some(("A/orders/0", 10)), Move::Older),
            sel("A/orders/0", 10)
        );
        assert_eq!(
            move_selection(&r, Some(("A/orders/0", 14)), Move::Newer),
            sel("A/orders/0", 14)
        );
        // A selected record that has scrolled away: the walk goes on from where it was.
        assert_eq!(
            move_selection(&r, Some(("A/orders/0", 13)), Move::Newer),
            sel("A/orders/0", 14)
        );
    }

    #[test]
    fn home_and_end_jump_to_the_oldest_and_newest_shown() {
        let r = rows();
        assert_eq!(
            move_selection(&r, Some(("B/orders/0", 7)), Move::Oldest),
            sel("B/orders/0", 3)
        );
        assert_eq!(
            move_selection(&r, Some(("B/orders/0", 7)), Move::Newest),
            sel("B/orders/0", 13)
        );
    }

    #[test]
    fn up_and_down_skip_empty_rows_and_land_on_the_nearest_position() {
        let r = rows();
        assert_eq!(
            move_selection(&r, Some(("A/orders/0", 12)), Move::RowBelow),
            sel("B/orders/0", 13)
        );
        assert_eq!(
            move_selection(&r, Some(("B/orders/0", 7)), Move::RowAbove),
            sel("A/orders/0", 10)
        );
        assert_eq!(
            move_selection(&r, Some(("A/orders/0", 12)), Move::RowAbove),
            sel("A/orders/0", 12)
        );
        assert_eq!(
            move_selection(&r, Some(("B/orders/0", 3)), Move::RowBelow),
            sel("B/orders/0", 3)
        );
    }

    #[test]
    fn nearest_prefers_the_lower_position_on_a_tie() {
        assert_eq!(nearest(&[4, 8], 6), 4);
        assert_eq!(nearest(&[4, 8], 7), 8);
        assert_eq!(nearest(&[4, 8], 1), 4);
        assert_eq!(nearest(&[4, 8], 9), 8);
    }

    #[test]
    fn only_the_stage_keys_are_moves() {
        assert_eq!(Move::from_key("ArrowUp"), Some(Move::RowAbove));
        assert_eq!(Move::from_key("End"), Some(Move::Newest));
        assert_eq!(Move::from_key(" "), None);
        assert_eq!(Move::from_key("a"), None);
    }
}
