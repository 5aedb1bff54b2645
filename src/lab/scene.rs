//! The stage's scene: positioned, keyed shapes, as [`layout`](super::layout) makes them.

#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub width: f64,
    pub height: f64,
    pub slot: f64,
    pub sites: Vec<SiteBox>,
    pub streams: Vec<StreamLabel>,
    pub rows: Vec<Row>,
    pub hops: Vec<HopShape>,
    pub batches: Vec<BatchShape>,
    pub markers: Vec<Marker>,
    pub links: Vec<MapLink>,
    pub records_on_screen: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SiteBox {
    pub key: String,
    pub label: String,
    /// Index into the site colours (--site-a, -b, -c).
    pub colour: usize,
    pub status: &'static str,
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StreamLabel {
    pub key: String,
    pub x: f64,
    pub y: f64,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// "site/stream/part".
    pub key: String,
    pub label: String,
    pub y: f64,
    /// Horizontal translation of the row's group: records sit at `position × slot`.
    pub shift: f64,
    pub first: u64,
    pub end: u64,
    pub records: Vec<RecShape>,
    pub ticks: Vec<Tick>,
    /// Appended but not yet durable (the writer is still waiting): (x, width).
    pub pending: Option<(f64, f64)>,
    /// Not yet copied by a copier reading this row: (x, width).
    pub uncopied: Option<(f64, f64)>,
}

/// A record's identity on the stage: where it sits in its row and which payload copy
/// it is. Cheap to copy and hash, so keyed lists diff it fast.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RecKey {
    pub position: u64,
    pub writer: u16,
    pub part: u16,
    pub seq: u64,
    pub hops: u16,
    pub dup: u16,
}

impl RecKey {
    /// The payload, shared by every copy of the record on every cluster.
    pub fn payload(&self) -> (u16, u16, u64) {
        (self.writer, self.part, self.seq)
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RecShape {
    /// Unique within its row and stable for as long as the record is shown.
    pub id: RecKey,
    pub x: f64,
    pub w: f64,
    pub class: &'static str,
    /// Corner radius: the writer, as a shape.
    pub rx: f64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tick {
    pub position: u64,
    pub x: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct HopShape {
    pub key: String,
    pub label: String,
    pub status: &'static str,
    pub x: f64,
    pub y1: f64,
    pub y2: f64,
    /// Short horizontal lines from rows to the lane: (x1, y, x2).
    pub connectors: Vec<(f64, f64, f64)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BatchShape {
    pub key: String,
    pub x: f64,
    pub y: f64,
    pub text: String,
    pub title: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    pub key: String,
    /// "copier" (above the row) or "reader" (below it).
    pub kind: &'static str,
    pub x: f64,
    pub y: f64,
    pub label: String,
    pub title: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MapLink {
    pub key: String,
    pub x1: f64,
    pub y1: f64,
    pub x2: f64,
    pub y2: f64,
    pub title: String,
}
