//! Reader groups' markers: where each reads next on each part, under the row's numbers.

use hoplab_model::{fmt_n, View};

use super::*;

/// A marker per reader group and part; one whose position is off the window sits at the
/// row's edge with an arrow pointing the way.
pub(super) fn lay_out_readers(view: &View, grid: &Grid, rows: &Rows, scene: &mut Scene) {
    for rd in &view.readers {
        for (p, &pos) in rd.positions.iter().enumerate() {
            let Some(r) = rows.find(&rd.site, &rd.stream, p as u32) else {
                continue;
            };
            let row = &rows.0[r];
            let raw = grid.x(row.first, pos);
            let label = if raw < ROWS_X0 - 4.0 {
                format!("◂ {}", short(&rd.id, 16))
            } else if raw > grid.x1 + 4.0 {
                format!("{} ▸", short(&rd.id, 16))
            } else {
                short(&rd.id, 16)
            };
            scene.markers.push(Marker {
                key: format!("reader/{}/{p}", rd.id),
                kind: "reader",
                x: grid.clamp_x(raw),
                // Below the row's position numbers.
                y: row.y + REC_Y + REC_H + 13.0,
                label,
                title: format!(
                    "Reader group {} on site {} reads part {p} next at position {}",
                    rd.id,
                    rd.site,
                    fmt_n(pos)
                ),
            });
        }
    }
}
