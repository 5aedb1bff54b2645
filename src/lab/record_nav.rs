//! Choosing a record on the stage with the keyboard: the arrow keys walk along a row and
//! between rows, Home and End jump to a row's oldest and newest record. Works on the drawn
//! scene (rows in order, each with its records' positions): never the DOM, never the model.

use super::scene::{RecordRef, RowKey, Scene};

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

/// One row as the stage shows it: its key and its records' positions, ascending (as the
/// model's view lists a part's records: oldest first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowRecords {
    pub key: RowKey,
    pub positions: Vec<u64>,
}

/// The rows a scene draws, in order, with their records' positions.
pub fn shown_rows(scene: &Scene) -> Vec<RowRecords> {
    scene
        .rows
        .iter()
        .map(|r| RowRecords {
            key: r.key.clone(),
            positions: r.records.iter().map(|x| x.id.position).collect(),
        })
        .collect()
}

/// The record selected after `mv`. With nothing selected yet (or a selection the stage no
/// longer shows a row for), the newest record of the first row that has any is chosen.
/// Moves past an end stay where they are.
pub fn move_selection(
    rows: &[RowRecords],
    current: Option<&RecordRef>,
    mv: Move,
) -> Option<RecordRef> {
    let sorted: Vec<(&RowKey, &[u64])> = rows
        .iter()
        .filter(|r| !r.positions.is_empty())
        .map(|r| {
            // Ascending already: no sort (its code would be the lab's only one of u64s).
            debug_assert!(
                r.positions.is_sorted(),
                "{:?} lists {:?}",
                r.key,
                r.positions
            );
            (&r.key, &r.positions[..])
        })
        .collect();
    let pick = |i: usize, position: u64| {
        Some(RecordRef {
            row: sorted[i].0.clone(),
            position,
        })
    };
    let at = current.and_then(|c| Some((sorted.iter().position(|r| *r.0 == c.row)?, c.position)));
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
            pick(target, nearest(sorted[target].1, pos))
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
#[allow(
    clippy::disallowed_methods,
    reason = "tests never reach a page: they run the model directly"
)]
mod tests {
    use super::*;

    /// Rows named as "site/stream/part"; names with slashes are tested in `odd_names`.
    fn key(row: &str) -> RowKey {
        let mut it = row.split('/');
        let (site, stream, part) = (it.next().unwrap(), it.next().unwrap(), it.next().unwrap());
        RowKey::new(site, stream, part.parse().unwrap())
    }

    fn rows() -> Vec<RowRecords> {
        vec![
            RowRecords {
                key: key("A/orders/0"),
                positions: vec![10, 11, 12, 14],
            },
            RowRecords {
                key: key("A/orders/1"),
                positions: vec![],
            },
            RowRecords {
                key: key("B/orders/0"),
                positions: vec![3, 7, 13],
            },
        ]
    }

    fn sel(row: &str, position: u64) -> Option<RecordRef> {
        Some(RecordRef {
            row: key(row),
            position,
        })
    }

    fn at(row: &str, position: u64) -> Option<RecordRef> {
        sel(row, position)
    }

    #[test]
    fn odd_names_are_kept_apart_and_never_confused() {
        // "a/b" + "c" and "a" + "b/c" would be the same joined with a slash.
        let rows = vec![
            RowRecords {
                key: RowKey::new("a/b", "c", 0),
                positions: vec![1, 2],
            },
            RowRecords {
                key: RowKey::new("a", "b/c", 0),
                positions: vec![5],
            },
        ];
        let first = move_selection(&rows, None, Move::Newest).unwrap();
        assert_eq!(first.row, RowKey::new("a/b", "c", 0));
        let below = move_selection(&rows, Some(&first), Move::RowBelow).unwrap();
        assert_eq!(below.row, RowKey::new("a", "b/c", 0));
        assert_eq!(below.position, 5);
    }

    #[test]
    fn the_scene_gives_its_rows_in_order() {
        let spec = hoplab_model::scenarios::get("follow-one-record")
            .unwrap()
            .build_default()
            .unwrap();
        let mut sim = hoplab_model::Sim::new(&spec, 1).unwrap();
        sim.advance_to(8_000);
        let scene = crate::lab::layout::layout(
            &sim.view(40),
            crate::lab::layout::LayoutOptions {
                window: 40,
                reduced_motion: false,
            },
        );
        let rows = shown_rows(&scene);
        assert_eq!(rows.len(), scene.rows.len());
        assert!(rows.iter().any(|r| !r.positions.is_empty()));
        let picked = move_selection(&rows, None, Move::Newest).unwrap();
        assert_eq!(picked.row, scene.rows[0].key);
    }

    #[test]
    fn with_nothing_selected_any_move_picks_the_newest_record_of_the_first_row() {
        for mv in [Move::Older, Move::Newer, Move::RowBelow, Move::Oldest] {
            assert_eq!(move_selection(&rows(), None, mv), sel("A/orders/0", 14));
        }
        assert_eq!(
            move_selection(&rows(), at("gone/x/0", 5).as_ref(), Move::Older),
            sel("A/orders/0", 14)
        );
        assert_eq!(move_selection(&[], None, Move::Newer), None);
    }

    #[test]
    fn left_and_right_walk_the_row_in_position_order_and_stop_at_its_ends() {
        let r = rows();
        assert_eq!(
            move_selection(&r, at("A/orders/0", 12).as_ref(), Move::Older),
            sel("A/orders/0", 11)
        );
        assert_eq!(
            move_selection(&r, at("A/orders/0", 12).as_ref(), Move::Newer),
            sel("A/orders/0", 14)
        );
        assert_eq!(
            move_selection(&r, at("A/orders/0", 10).as_ref(), Move::Older),
            sel("A/orders/0", 10)
        );
        assert_eq!(
            move_selection(&r, at("A/orders/0", 14).as_ref(), Move::Newer),
            sel("A/orders/0", 14)
        );
        // A selected record that has scrolled away: the walk goes on from where it was.
        assert_eq!(
            move_selection(&r, at("A/orders/0", 13).as_ref(), Move::Newer),
            sel("A/orders/0", 14)
        );
    }

    #[test]
    fn home_and_end_jump_to_the_oldest_and_newest_shown() {
        let r = rows();
        assert_eq!(
            move_selection(&r, at("B/orders/0", 7).as_ref(), Move::Oldest),
            sel("B/orders/0", 3)
        );
        assert_eq!(
            move_selection(&r, at("B/orders/0", 7).as_ref(), Move::Newest),
            sel("B/orders/0", 13)
        );
    }

    #[test]
    fn up_and_down_skip_empty_rows_and_land_on_the_nearest_position() {
        let r = rows();
        assert_eq!(
            move_selection(&r, at("A/orders/0", 12).as_ref(), Move::RowBelow),
            sel("B/orders/0", 13)
        );
        assert_eq!(
            move_selection(&r, at("B/orders/0", 7).as_ref(), Move::RowAbove),
            sel("A/orders/0", 10)
        );
        assert_eq!(
            move_selection(&r, at("A/orders/0", 12).as_ref(), Move::RowAbove),
            sel("A/orders/0", 12)
        );
        assert_eq!(
            move_selection(&r, at("B/orders/0", 3).as_ref(), Move::RowBelow),
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
