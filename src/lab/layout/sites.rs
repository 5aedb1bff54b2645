//! Sites stacked top to bottom, each with its streams' labels and a row per part.

use hoplab_model::{fmt_n, PartView, SiteView, StreamView, View};

use super::*;

/// Places every site, stream label and part row, top to bottom; returns the rows for the
/// hops and readers drawn over them.
pub(super) fn lay_out_sites(view: &View, grid: &Grid, scene: &mut Scene) -> Rows {
    let mut rows = Rows(Vec::new());
    let tick_every = [1u64, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
        .into_iter()
        .find(|&n| n as f64 * grid.slot >= 40.0)
        .unwrap_or(1000);
    let mut y = PAD;
    for (si, site) in view.sites.iter().enumerate() {
        let top = y;
        y += SITE_HEAD;
        for st in view.streams.iter().filter(|s| s.site == site.name) {
            scene.streams.push(stream_label(view, site, st, y));
            y += STREAM_HEAD;
            for part in &st.parts {
                let row = part_row(
                    view,
                    grid,
                    tick_every,
                    RowKey::new(&site.name, &st.name, part.index),
                    part,
                    y,
                );
                scene.records_on_screen += row.records.len();
                rows.0.push(RowAt {
                    key: row.key.clone(),
                    y,
                    first: row.first,
                });
                scene.rows.push(row);
                y += ROW_H;
            }
        }
        let h = (y - top + 4.0).max(SITE_HEAD + 10.0);
        scene.sites.push(SiteBox {
            key: site.name.clone(),
            label: format!("Site {}", short(&site.name, 40)),
            title: format!("Site {}", site.name),
            colour: si.min(2),
            status: site_status(site.status),
            x: PAD,
            y: top,
            w: grid.x1 - PAD + 8.0,
            h,
        });
        y = top + h + SITE_GAP;
    }
    scene.height = (y - SITE_GAP + PAD).max(80.0);
    rows
}

/// A stream's label: its name and who writes to it (shortened on the stage, whole in the
/// title).
fn stream_label(view: &View, site: &SiteView, st: &StreamView, y: f64) -> StreamLabel {
    let writers: Vec<String> = view
        .writers
        .iter()
        .filter(|w| w.site == site.name && w.stream == st.name)
        .map(|w| {
            let mut s = format!("{} ({} acknowledged", w.id, fmt_n(w.acknowledged));
            if w.refused > 0 {
                s.push_str(&format!(", {} refused", fmt_n(w.refused)));
            }
            s.push(')');
            s
        })
        .collect();
    let mut title = format!("stream {}", st.name);
    let mut text = format!("stream {}", short(&st.name, 40));
    if !writers.is_empty() {
        title.push_str(&format!(" · written by {}", writers.join(", ")));
        let shown: Vec<String> = writers.iter().map(|w| short(w, 60)).collect();
        text.push_str(&format!(" · written by {}", shown.join(", ")));
    }
    StreamLabel {
        key: format!("{}/{}", site.name, st.name),
        x: PAD + 8.0,
        y: y + 13.0,
        text,
        title,
    }
}

/// One part's row at height `y`: the records in its window, position ticks every
/// `tick_every`, and the span not yet durable.
fn part_row(
    view: &View,
    grid: &Grid,
    tick_every: u64,
    key: RowKey,
    part: &PartView,
    y: f64,
) -> Row {
    let slot = grid.slot;
    let first = part.end.saturating_sub(grid.window).max(part.start);
    let site_index = |name: &str| view.sites.iter().position(|s| s.name == name).unwrap_or(0);
    let records = part
        .records
        .iter()
        .filter(|r| r.position >= first)
        .map(|r| {
            let origin = site_index(&r.origin_site).min(2);
            let variant = usize::from(r.id.hops > 0) + 2 * usize::from(r.id.dup > 0);
            RecShape {
                id: RecKey {
                    position: r.position,
                    writer: r.id.writer,
                    part: r.id.part,
                    seq: r.id.seq,
                    hops: r.id.hops,
                    dup: r.id.dup,
                },
                x: r.position as f64 * slot,
                w: (slot - 1.0).max(0.6),
                class: REC_CLASS[origin][variant],
                rx: [0.0, REC_H / 2.0, 3.0][usize::from(r.id.writer) % 3].min(slot / 2.0),
            }
        })
        .collect();
    let ticks = (first.div_ceil(tick_every) * tick_every..part.end.max(first))
        .step_by(tick_every as usize)
        .map(|p| Tick {
            position: p,
            x: p as f64 * slot + slot / 2.0,
        })
        .collect();
    let from = part.durable_end.clamp(first, part.end);
    Row {
        key,
        label: format!("part {}", part.index),
        y,
        shift: ROWS_X0 - first as f64 * slot,
        first,
        end: part.end,
        records,
        ticks,
        pending: (from < part.end).then(|| (grid.x(first, from), (part.end - from) as f64 * slot)),
        uncopied: None,
    }
}
