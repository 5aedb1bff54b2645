//! The stage's layout: a pure function from the model's [`View`] to a [`Scene`] of
//! positioned, keyed shapes. The component only joins keyed SVG elements to it.
//!
//! Sites are stacked boxes; each stream's parts are rows of numbered slots, newest on
//! the right. A record is placed at `position × slot` inside its row's group and never
//! moves: the row's group slides instead (one attribute per row per frame). Copiers run
//! in lanes on the right, with their in-flight batches travelling along them.

use hoplab_model::decimal::{fixed, within};
use hoplab_model::{fmt_n, HopStatus, Millis, SiteStatus, View};

pub use super::scene::*;

/// Width of the stage's coordinate space (the SVG scales or scrolls to fit).
pub const WIDTH: f64 = 1000.0;
const PAD: f64 = 10.0;
const SITE_HEAD: f64 = 30.0;
const STREAM_HEAD: f64 = 20.0;
const ROW_H: f64 = 50.0;
pub const REC_H: f64 = 18.0;
pub const REC_Y: f64 = 6.0;
const SITE_GAP: f64 = 22.0;
pub const ROWS_X0: f64 = 58.0;
const LANE_W: f64 = 44.0;

/// Record classes by origin site (0..=2), then copy / duplicate.
const REC_CLASS: [[&str; 4]; 3] = [
    ["rec o0", "rec o0 copy", "rec o0 dup", "rec o0 copy dup"],
    ["rec o1", "rec o1 copy", "rec o1 dup", "rec o1 copy dup"],
    ["rec o2", "rec o2 copy", "rec o2 dup", "rec o2 copy dup"],
];

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LayoutOptions {
    /// Records shown per part row.
    pub window: usize,
    /// Place batches half-way instead of where their flight has got to.
    pub reduced_motion: bool,
}

pub fn site_status(s: SiteStatus) -> &'static str {
    match s {
        SiteStatus::Up => "up",
        SiteStatus::Unreachable => "unreachable",
        SiteStatus::Lost => "lost",
    }
}

pub fn hop_status(s: HopStatus) -> &'static str {
    match s {
        HopStatus::Waiting => "waiting",
        HopStatus::Running => "running",
        HopStatus::Stalled => "stalled",
        HopStatus::Cut => "link cut",
        HopStatus::Blocked => "blocked",
        HopStatus::Promoted => "promoted",
    }
}

/// Where a row's stream lives, for hops and markers.
struct RowAt {
    key: RowKey,
    y: f64,
    first: u64,
}

/// Lays out the view. Pure: the same view and options give the same scene. Not inlined
/// into the frame loop, so the redraw's steps stay apart.
#[inline(never)]
pub fn layout(view: &View, opts: LayoutOptions) -> Scene {
    let window = opts.window.max(1);
    let lanes = view.hops.len() as f64;
    let x1 = WIDTH - PAD - 12.0 - lanes * LANE_W;
    let row_w = x1 - ROWS_X0;
    let slot = row_w / window as f64;
    let site_index = |name: &str| view.sites.iter().position(|s| s.name == name).unwrap_or(0);
    let at = |first: u64, p: u64| ROWS_X0 + (p as f64 - first as f64) * slot;
    let clamp_x = |x: f64| within(x, ROWS_X0 - 4.0, x1 + 4.0);

    let mut scene = Scene {
        width: WIDTH,
        height: 0.0,
        slot,
        sites: Vec::new(),
        streams: Vec::new(),
        rows: Vec::new(),
        hops: Vec::new(),
        batches: Vec::new(),
        markers: Vec::new(),
        links: Vec::new(),
        records_on_screen: 0,
    };
    let mut row_at: Vec<RowAt> = Vec::new();
    let tick_every = [1u64, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
        .into_iter()
        .find(|&n| n as f64 * slot >= 40.0)
        .unwrap_or(1000);

    let mut y = PAD;
    for (si, site) in view.sites.iter().enumerate() {
        let top = y;
        y += SITE_HEAD;
        for st in view.streams.iter().filter(|s| s.site == site.name) {
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
            scene.streams.push(StreamLabel {
                key: format!("{}/{}", site.name, st.name),
                x: PAD + 8.0,
                y: y + 13.0,
                text,
                title,
            });
            y += STREAM_HEAD;
            for part in &st.parts {
                let first = part.end.saturating_sub(window as u64).max(part.start);
                let key = RowKey::new(&site.name, &st.name, part.index);
                let records: Vec<RecShape> = part
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
                            rx: [0.0, REC_H / 2.0, 3.0][usize::from(r.id.writer) % 3]
                                .min(slot / 2.0),
                        }
                    })
                    .collect();
                scene.records_on_screen += records.len();
                let ticks = (first.div_ceil(tick_every) * tick_every..part.end.max(first))
                    .step_by(tick_every as usize)
                    .map(|p| Tick {
                        position: p,
                        x: p as f64 * slot + slot / 2.0,
                    })
                    .collect();
                let span = |from: u64| {
                    let from = from.clamp(first, part.end);
                    (from < part.end).then(|| (at(first, from), (part.end - from) as f64 * slot))
                };
                scene.rows.push(Row {
                    key: key.clone(),
                    label: format!("part {}", part.index),
                    y,
                    shift: ROWS_X0 - first as f64 * slot,
                    first,
                    end: part.end,
                    records,
                    ticks,
                    pending: span(part.durable_end),
                    uncopied: None,
                });
                row_at.push(RowAt { key, y, first });
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
            w: x1 - PAD + 8.0,
            h,
        });
        y = top + h + SITE_GAP;
    }
    scene.height = (y - SITE_GAP + PAD).max(80.0);

    let find = |site: &str, stream: &str, part: u32| {
        row_at
            .iter()
            .position(|r| r.key.site == site && r.key.stream == stream && r.key.part == part)
    };
    let mid = |r: &RowAt| r.y + REC_Y + REC_H / 2.0;

    for (hi, hop) in view.hops.iter().enumerate() {
        let lane = x1 + 24.0 + hi as f64 * LANE_W;
        let src: Vec<usize> = (0..row_at.len())
            .filter(|&i| {
                row_at[i].key.site == hop.from_site && row_at[i].key.stream == hop.from_stream
            })
            .collect();
        let dst: Vec<usize> = (0..row_at.len())
            .filter(|&i| row_at[i].key.site == hop.to_site && row_at[i].key.stream == hop.to_stream)
            .collect();
        let ys: Vec<f64> = src.iter().chain(&dst).map(|&i| mid(&row_at[i])).collect();
        let (y1, y2) = ys
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), &v| (a.min(v), b.max(v)));
        let connectors = src
            .iter()
            .chain(&dst)
            .map(|&i| (x1 + 2.0, mid(&row_at[i]), lane))
            .collect();
        scene.hops.push(HopShape {
            key: hop.id.clone(),
            label: format!("copier {}", hop.id),
            short: short(&hop.id, 24),
            status: hop_status(hop.status),
            x: lane,
            y1: if y1 == f64::MAX { 0.0 } else { y1 },
            y2: if y2 == f64::MIN { 0.0 } else { y2 },
            connectors,
        });
        for hp in &hop.parts {
            let Some(r) = find(&hop.from_site, &hop.from_stream, hp.part) else {
                continue;
            };
            let row = &row_at[r];
            let x = clamp_x(at(row.first, hp.read_position));
            scene.markers.push(Marker {
                key: format!("copier/{}/{}", hop.id, hp.part),
                kind: "copier",
                x,
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
            });
            let end = scene.rows[r].end;
            let from = hp.copied_upto.clamp(row.first, end);
            if from < end {
                let span = (at(row.first, from), (end - from) as f64 * slot);
                scene.rows[r].uncopied = Some(match scene.rows[r].uncopied {
                    // Several copiers read the row: show the furthest behind.
                    Some(old) if old.0 < span.0 => old,
                    _ => span,
                });
            }
            for &(up, tpart, down) in hp.map.iter().rev().take(2) {
                let Some(t) = find(&hop.to_site, &hop.to_stream, tpart) else {
                    continue;
                };
                let tr = &row_at[t];
                if up < row.first || down < tr.first {
                    continue;
                }
                let (xa, xb) = (
                    at(row.first, up) + slot / 2.0,
                    at(tr.first, down) + slot / 2.0,
                );
                if xa > x1 || xb > x1 {
                    continue;
                }
                let (ya, yb) = if tr.y > row.y {
                    (row.y + REC_Y + REC_H, tr.y + REC_Y)
                } else {
                    (row.y + REC_Y, tr.y + REC_Y + REC_H)
                };
                scene.links.push(MapLink {
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
        let target_y = {
            let ys: Vec<f64> = dst.iter().map(|&i| mid(&row_at[i])).collect();
            if ys.is_empty() {
                y2
            } else {
                ys.iter().sum::<f64>() / ys.len() as f64
            }
        };
        for b in &hop.in_flight {
            let from_y = find(&hop.from_site, &hop.from_stream, b.source_part)
                .map_or(y1, |r| mid(&row_at[r]));
            let progress = if opts.reduced_motion || b.arrive_ms <= b.depart_ms {
                0.5
            } else {
                within(
                    view.now_ms.saturating_sub(b.depart_ms) as f64
                        / (b.arrive_ms - b.depart_ms) as f64,
                    0.0,
                    1.0,
                )
            };
            let n = b.to_position - b.from_position;
            scene.batches.push(BatchShape {
                key: format!("batch/{}/{}/{}", hop.id, b.source_part, b.from_position),
                x: lane,
                y: from_y + (target_y - from_y) * progress,
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
            });
        }
    }

    for rd in &view.readers {
        for (p, &pos) in rd.positions.iter().enumerate() {
            let Some(r) = find(&rd.site, &rd.stream, p as u32) else {
                continue;
            };
            let row = &row_at[r];
            let raw = at(row.first, pos);
            let x = clamp_x(raw);
            let label = if raw < ROWS_X0 - 4.0 {
                format!("◂ {}", short(&rd.id, 16))
            } else if raw > x1 + 4.0 {
                format!("{} ▸", short(&rd.id, 16))
            } else {
                short(&rd.id, 16)
            };
            scene.markers.push(Marker {
                key: format!("reader/{}/{p}", rd.id),
                kind: "reader",
                x,
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
    scene
}

/// Simulated time as "12.3 s".
/// The copier's kept position-map history for one part, for its marker's title: how many
/// pairs it keeps and where translation stops (older positions have no pair at or before).
fn map_history(hp: &hoplab_model::HopPartView) -> String {
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

pub fn fmt_time(ms: Millis) -> String {
    format!("{} s", fixed(ms as f64 / 1000.0, 1))
}

#[cfg(test)]
#[path = "layout_tests.rs"]
mod tests;
