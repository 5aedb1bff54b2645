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
    /// Shortened to fit; `title` has the whole name.
    pub label: String,
    pub title: String,
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
    /// Shortened to fit; `title` has the whole text.
    pub text: String,
    pub title: String,
}

/// Which part of which stream on which site a row shows. Names are free text (a user's
/// file may call a site `a/b"<c>`), so they are kept apart, never joined into a string.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RowKey {
    pub site: String,
    pub stream: String,
    pub part: u32,
}

impl RowKey {
    pub fn new(site: &str, stream: &str, part: u32) -> RowKey {
        RowKey {
            site: site.to_string(),
            stream: stream.to_string(),
            part,
        }
    }

    /// "site/stream part N", for people (never parsed back).
    pub fn describe(&self) -> String {
        format!("{}/{} part {}", self.site, self.stream, self.part)
    }
}

/// The record chosen on the stage: a row and a position in it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordRef {
    pub row: RowKey,
    pub position: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub key: RowKey,
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
    /// "copier <id>" in full (the lane's tooltip).
    pub label: String,
    /// The id, shortened to fit the lane.
    pub short: String,
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

/// `name` cut to at most `max` characters (not bytes: emoji stay whole), with "…" when cut.
pub fn short(name: &str, max: usize) -> String {
    match name.char_indices().nth(max.saturating_sub(1)) {
        Some((i, _)) if name[i..].chars().nth(1).is_some() => format!("{}…", &name[..i]),
        _ => name.to_string(),
    }
}
