//! The stage's layout: a pure function from the model's [`View`] to a [`Scene`] of
//! positioned, keyed shapes. The component only joins keyed SVG elements to it.
//!
//! Sites are stacked boxes; each stream's parts are rows of numbered slots, newest on
//! the right. A record is placed at `position × slot` inside its row's group and never
//! moves: the row's group slides instead (one attribute per row per frame). Copiers run
//! in lanes on the right, with their in-flight batches travelling along them.

use hoplab_model::decimal::{fixed, within};
use hoplab_model::{HopStatus, Millis, SiteStatus, View};

pub use super::scene::*;

mod hops;
mod readers;
mod sites;

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
        SiteStatus::Partitioned => "partitioned",
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

/// The stage's horizontal grid for one frame: where the rows start and end, and how wide
/// one position's slot is.
struct Grid {
    window: u64,
    /// Where the rows end and the copiers' lanes begin.
    x1: f64,
    slot: f64,
}

impl Grid {
    fn new(window: usize, hops: usize) -> Grid {
        let window = window.max(1) as u64;
        let x1 = WIDTH - PAD - 12.0 - hops as f64 * LANE_W;
        Grid {
            window,
            x1,
            slot: (x1 - ROWS_X0) / window as f64,
        }
    }

    /// The x of position `p` on a row whose first shown position is `first`.
    fn x(&self, first: u64, p: u64) -> f64 {
        ROWS_X0 + (p as f64 - first as f64) * self.slot
    }

    /// `x` kept just inside the rows (a marker off the window sits at its edge).
    fn clamp_x(&self, x: f64) -> f64 {
        within(x, ROWS_X0 - 4.0, self.x1 + 4.0)
    }

    /// The x of copier lane `lane`.
    fn lane_x(&self, lane: usize) -> f64 {
        self.x1 + 24.0 + lane as f64 * LANE_W
    }
}

/// Where a row's stream lives, for hops and markers.
struct RowAt {
    key: RowKey,
    y: f64,
    first: u64,
}

impl RowAt {
    /// The vertical middle of the row's records.
    fn mid(&self) -> f64 {
        self.y + REC_Y + REC_H / 2.0
    }
}

/// Every part's row in stage order, for the hops and readers placed over them.
struct Rows(Vec<RowAt>);

impl Rows {
    fn find(&self, site: &str, stream: &str, part: u32) -> Option<usize> {
        self.0
            .iter()
            .position(|r| r.key.site == site && r.key.stream == stream && r.key.part == part)
    }

    /// The indices of a stream's rows.
    fn of_stream(&self, site: &str, stream: &str) -> Vec<usize> {
        (0..self.0.len())
            .filter(|&i| self.0[i].key.site == site && self.0[i].key.stream == stream)
            .collect()
    }
}

/// Lays out the view. Pure: the same view and options give the same scene. Not inlined
/// into the frame loop, so the redraw's steps stay apart.
#[inline(never)]
pub fn layout(view: &View, opts: LayoutOptions) -> Scene {
    let grid = Grid::new(opts.window, view.hops.len());
    let mut scene = Scene {
        width: WIDTH,
        height: 0.0,
        slot: grid.slot,
        sites: Vec::new(),
        streams: Vec::new(),
        rows: Vec::new(),
        hops: Vec::new(),
        batches: Vec::new(),
        markers: Vec::new(),
        links: Vec::new(),
        records_on_screen: 0,
    };
    let rows = sites::lay_out_sites(view, &grid, &mut scene);
    for (lane, hop) in view.hops.iter().enumerate() {
        hops::lay_out_hop(
            view,
            hop,
            lane,
            &grid,
            &rows,
            opts.reduced_motion,
            &mut scene,
        );
    }
    readers::lay_out_readers(view, &grid, &rows, &mut scene);
    scene
}

/// Simulated time as "12.3 s".
pub fn fmt_time(ms: Millis) -> String {
    format!("{} s", fixed(ms as f64 / 1000.0, 1))
}

#[cfg(test)]
#[allow(
    clippy::disallowed_methods,
    reason = "tests never reach a page: they run the model directly"
)]
mod tests;
