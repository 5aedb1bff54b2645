//! A copier's lane on the right, with its read markers, the position map's newest pairs
//! as links between rows, and its batches in flight.

use hoplab_model::{fmt_n, BatchView, HopPartView, HopView, View};

use super::*;

/// Lays out copier `hop` in lane `lane`: its lane, then for each part it reads a marker,
/// the row's uncopied span and the map's links, then its batches.
pub(super) fn lay_out_hop(
    view: &View,
    hop: &HopView,
    lane: usize,
    grid: &Grid,
    rows: &Rows,
    reduced_motion: bool,
    scene: &mut Scene,
) {
    let x = grid.lane_x(lane);
    let src = rows.of_stream(&hop.from_site, &hop.from_stream);
    let dst = rows.of_stream(&hop.to_site, &hop.to_stream);
    let (y1, y2) = src
        .iter()
        .chain(&dst)
        .map(|&i| rows.0[i].mid())
        .fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)));
    let (y1, y2) = if y1 == f64::MAX { (0.0, 0.0) } else { (y1, y2) };
    scene.hops.push(HopShape {
        key: hop.id.clone(),
        label: format!("copier {}", hop.id),
        short: short(&hop.id, 24),
        status: hop_status(hop.status),
        x,
        y1,
        y2,
        connectors: src
            .iter()
            .chain(&dst)
            .map(|&i| (grid.x1 + 2.0, rows.0[i].mid(), x))
            .collect(),
    });
    for hp in &hop.parts {
        let Some(r) = rows.find(&hop.from_site, &hop.from_stream, hp.part) else {
            continue;
        };
        scene.markers.push(copier_marker(hop, hp, grid, &rows.0[r]));
        mark_uncopied(&mut scene.rows[r], hp.copied_upto, grid);
        map_links(hop, hp, grid, rows, r, &mut scene.links);
    }
    // Batches travel from their source row toward the middle of the target's rows.
    let target_y = if dst.is_empty() {
        y2
    } else {
        dst.iter().map(|&i| rows.0[i].mid()).sum::<f64>() / dst.len() as f64
    };
    for b in &hop.in_flight {
        let from_y = rows
            .find(&hop.from_site, &hop.from_stream, b.source_part)
            .map_or(y1, |r| rows.0[r].mid());
        let progress = if reduced_motion || b.arrive_ms <= b.depart_ms {
            0.5
        } else {
            within(
                view.now_ms.saturating_sub(b.depart_ms) as f64 / (b.arrive_ms - b.depart_ms) as f64,
                0.0,
                1.0,
            )
        };
        scene.batches.push(batch_shape(
            hop,
            b,
            x,
            from_y + (target_y - from_y) * progress,
        ));
    }
}

/// The copier's read marker on its source row.
fn copier_marker(hop: &HopView, hp: &HopPartView, grid: &Grid, row: &RowAt) -> Marker {
    Marker {
        key: format!("copier/{}/{}", hop.id, hp.part),
        kind: "copier",
        x: grid.clamp_x(grid.x(row.first, hp.read_position)),
        y: row.y + REC_Y - 1.0,
        label: String::new(),
        title: format!(
            "Copier {} has read part {} up to position {}; everything below {} is copied; progress committed at {}{}",
            hop.id,
            hp.part,
            fmt_n(hp.read_position),
            fmt_n(hp.copied_upto),
            fmt_n(hp.committed),
            map_history(hp)
        ),
    }
}

/// Shades a source row from `copied_upto` to its end; with several copiers reading the
/// row, the one furthest behind shows.
fn mark_uncopied(row: &mut Row, copied_upto: u64, grid: &Grid) {
    let from = copied_upto.clamp(row.first, row.end);
    if from < row.end {
        let span = (grid.x(row.first, from), (row.end - from) as f64 * grid.slot);
        row.uncopied = Some(match row.uncopied {
            Some(old) if old.0 < span.0 => old,
            _ => span,
        });
    }
}

/// The position map's two newest pairs that are on screen, each a link from the source
/// row's position to the target row's.
fn map_links(
    hop: &HopView,
    hp: &HopPartView,
    grid: &Grid,
    rows: &Rows,
    r: usize,
    links: &mut Vec<MapLink>,
) {
    let row = &rows.0[r];
    for &(up, tpart, down) in hp.map.iter().rev().take(2) {
        let Some(t) = rows.find(&hop.to_site, &hop.to_stream, tpart) else {
            continue;
        };
        let tr = &rows.0[t];
        if up < row.first || down < tr.first {
            continue;
        }
        let (xa, xb) = (
            grid.x(row.first, up) + grid.slot / 2.0,
            grid.x(tr.first, down) + grid.slot / 2.0,
        );
        if xa > grid.x1 || xb > grid.x1 {
            continue;
        }
        let (ya, yb) = if tr.y > row.y {
            (row.y + REC_Y + REC_H, tr.y + REC_Y)
        } else {
            (row.y + REC_Y, tr.y + REC_Y + REC_H)
        };
        links.push(MapLink {
            key: format!("map/{}/{}/{up}", hop.id, hp.part),
            x1: xa,
            y1: ya,
            x2: xb,
            y2: yb,
            title: format!(
                "Position map of {}: {} on {} part {} is {} on {} part {}",
                hop.id,
                fmt_n(up),
                hop.from_site,
                hp.part,
                fmt_n(down),
                hop.to_site,
                tpart
            ),
        });
    }
}

/// A batch in flight at height `y` of the copier's lane.
fn batch_shape(hop: &HopView, b: &BatchView, x: f64, y: f64) -> BatchShape {
    let n = b.to_position - b.from_position;
    BatchShape {
        key: format!("batch/{}/{}/{}", hop.id, b.source_part, b.from_position),
        x,
        y,
        text: fmt_n(n),
        title: format!(
            "Copier {} carries {} records (positions {} to {} of part {}), arriving at {}",
            hop.id,
            fmt_n(n),
            fmt_n(b.from_position),
            fmt_n(b.to_position.saturating_sub(1)),
            b.source_part,
            fmt_time(b.arrive_ms)
        ),
    }
}

/// The copier's kept position-map history for one part, for its marker's title: how many
/// pairs it keeps and where translation stops (older positions have no pair at or before).
fn map_history(hp: &HopPartView) -> String {
    let Some(oldest) = hp.map_oldest.filter(|_| hp.map_written > 0) else {
        return String::new();
    };
    let kept = format!(
        "; position map keeps {} of {} pairs written",
        hp.map.len(),
        fmt_n(hp.map_written)
    );
    if oldest == 0 {
        kept
    } else {
        format!(
            "{kept}: positions before {} are older than every kept pair",
            fmt_n(oldest)
        )
    }
}
