//! A render-ready view for the lab's stage: everything the UI draws, already expanded
//! from stored blocks, so the UI holds no model logic.

use crate::hop::HopStatus;
use crate::sim::{Sim, SiteStatus};
use crate::store::{Block, PayloadId};
use crate::time::Millis;
use crate::writer::key_name;
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub now_ms: Millis,
    pub sites: Vec<SiteView>,
    pub streams: Vec<StreamView>,
    pub hops: Vec<HopView>,
    pub writers: Vec<WriterView>,
    pub readers: Vec<ReaderView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SiteView {
    pub name: String,
    pub status: SiteStatus,
}

#[derive(Clone, Debug, Serialize)]
pub struct StreamView {
    pub site: String,
    pub name: String,
    pub parts: Vec<PartView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PartView {
    pub index: u32,
    /// First retained position.
    pub start: u64,
    /// Next position to be given out.
    pub end: u64,
    /// Below this, records are durable and readable.
    pub durable_end: u64,
    /// The last `window` records, oldest first.
    pub records: Vec<RecordView>,
}

/// Stable identity of one stored record: payload plus copy ordinal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct RecordId {
    pub writer: u16,
    pub part: u16,
    pub seq: u64,
    /// Hops travelled to get here (0: written here).
    pub hops: u16,
    /// 0 for a first copy, the copier's restart epoch for a duplicate.
    pub dup: u16,
}

impl RecordId {
    /// A string key for keyed lists, e.g. "w0-p2-412-h1-d0".
    pub fn key(&self) -> String {
        format!(
            "w{}-p{}-{}-h{}-d{}",
            self.writer, self.part, self.seq, self.hops, self.dup
        )
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct RecordView {
    pub id: RecordId,
    /// The payload as people would name it, e.g. "w1#412".
    pub payload: String,
    pub key: String,
    pub origin_site: String,
    /// The origin marker a hop wrote, if any.
    pub stamp: Option<String>,
    pub created_ms: Millis,
    /// The record's timestamp as this cluster holds it.
    pub timestamp_ms: Millis,
    pub arrived_ms: Millis,
    pub position: u64,
    /// The same payload elsewhere: (site, stream, part, position), where known.
    pub elsewhere: Vec<Elsewhere>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Elsewhere {
    pub site: String,
    pub stream: String,
    pub part: u32,
    pub position: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct HopView {
    pub id: String,
    pub from_site: String,
    pub from_stream: String,
    pub to_site: String,
    pub to_stream: String,
    pub status: HopStatus,
    pub parts: Vec<HopPartView>,
    pub in_flight: Vec<BatchView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct HopPartView {
    pub part: u32,
    pub read_position: u64,
    pub committed: u64,
    pub copied_upto: u64,
    /// Kept position-map pairs (source, target part, target position), newest last
    /// (at most 64, exponentially spaced: MirrorMaker 2's `OffsetSyncStore`).
    pub map: Vec<(u64, u32, u64)>,
    /// Source positions before this are "older than every kept pair" (None: no pairs yet).
    pub map_oldest: Option<u64>,
    /// Pairs written since the start, kept or not.
    pub map_written: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct BatchView {
    pub source_part: u32,
    /// The target part it will be written to.
    pub target_part: u32,
    pub from_position: u64,
    pub to_position: u64,
    /// Up to `window` records of the batch.
    pub records: Vec<RecordId>,
    pub depart_ms: Millis,
    pub arrive_ms: Millis,
}

#[derive(Clone, Debug, Serialize)]
pub struct WriterView {
    pub id: String,
    pub site: String,
    pub stream: String,
    pub acknowledged: u64,
    pub refused: u64,
    pub stopped: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct ReaderView {
    pub id: String,
    pub site: String,
    pub stream: String,
    pub positions: Vec<u64>,
}

/// How many blocks back from the end of other parts to search for a payload.
const ELSEWHERE_SCAN: usize = 256;

fn record_id(r: &Block, i: u64) -> RecordId {
    RecordId {
        writer: r.payload.writer,
        part: r.payload.part,
        seq: r.payload.seq + i,
        hops: r.hops,
        dup: r.dup,
    }
}

impl Sim {
    fn find_elsewhere(&self, id: PayloadId, not_stream: usize, out: &mut Vec<Elsewhere>) {
        for (s, st) in self.streams().iter().enumerate() {
            if s == not_stream || self.sites()[st.site] == SiteStatus::Lost {
                continue;
            }
            for (q, part) in st.parts.iter().enumerate() {
                let hit = part.blocks.iter().rev().take(ELSEWHERE_SCAN).find(|r| {
                    r.payload.writer == id.writer
                        && r.payload.part == id.part
                        && (r.payload.seq..r.payload.seq + r.len).contains(&id.seq)
                });
                if let Some(r) = hit {
                    out.push(Elsewhere {
                        site: self.site_name(st.site).to_string(),
                        stream: st.name.clone(),
                        part: q as u32,
                        position: r.pos + (id.seq - r.payload.seq),
                    });
                }
            }
        }
    }

    fn record_view(&self, s: usize, r: &Block, i: u64) -> RecordView {
        let mut id = r.payload;
        id.seq += i;
        let writer = &self.writers()[usize::from(id.writer)];
        let mut elsewhere = Vec::new();
        self.find_elsewhere(id, s, &mut elsewhere);
        RecordView {
            id: record_id(r, i),
            payload: format!("{}#{}", writer.id, id.seq),
            key: key_name(writer.key_of(id)),
            origin_site: self.site_name(usize::from(r.origin)).to_string(),
            stamp: r.stamp.map(|x| self.site_name(usize::from(x)).to_string()),
            created_ms: r.created_ms,
            timestamp_ms: r.ts_ms,
            arrived_ms: r.arrived_ms,
            position: r.pos + i,
            elsewhere,
        }
    }

    /// The stage, with the last `window` records of each part expanded.
    pub fn view(&self, window: usize) -> View {
        View {
            now_ms: self.now(),
            sites: self
                .sites()
                .iter()
                .enumerate()
                .map(|(s, &status)| SiteView {
                    name: self.site_name(s).to_string(),
                    status,
                })
                .collect(),
            streams: (0..self.streams().len())
                .map(|s| self.stream_view(s, window as u64))
                .collect(),
            hops: (0..self.hops().len())
                .map(|h| self.hop_view(h, window))
                .collect(),
            writers: self.writer_views(),
            readers: self.reader_views(),
        }
    }

    /// One stream with the last `window` records of each part expanded.
    fn stream_view(&self, s: usize, window: u64) -> StreamView {
        let st = &self.streams()[s];
        StreamView {
            site: self.site_name(st.site).to_string(),
            name: st.name.clone(),
            parts: (0..st.parts.len())
                .map(|q| self.part_view(s, q, window))
                .collect(),
        }
    }

    fn part_view(&self, s: usize, q: usize, window: u64) -> PartView {
        let part = &self.streams()[s].parts[q];
        let from = part.end.saturating_sub(window).max(part.start);
        let mut blocks = Vec::new();
        part.read(from, part.end, &mut blocks);
        let records = blocks
            .iter()
            .flat_map(|r| (0..r.len).map(move |i| (r, i)))
            .map(|(r, i)| self.record_view(s, r, i))
            .collect();
        PartView {
            index: q as u32,
            start: part.start,
            end: part.end,
            durable_end: part.durable_end(self.now()),
            records,
        }
    }

    fn hop_view(&self, h: usize, window: usize) -> HopView {
        let hop = &self.hops()[h];
        HopView {
            id: hop.id().to_string(),
            from_site: self.site_name(hop.src_site()).to_string(),
            from_stream: self.streams()[hop.src()].name.clone(),
            to_site: self.site_name(hop.dst_site()).to_string(),
            to_stream: self.streams()[hop.dst()].name.clone(),
            status: self.hop_status(h),
            parts: (0..hop.parts().len())
                .map(|p| self.hop_part_view(h, p))
                .collect(),
            in_flight: hop
                .in_flight()
                .map(|b| BatchView {
                    source_part: b.part as u32,
                    target_part: self.target_part_for(h, b.part),
                    from_position: b.from,
                    to_position: b.to,
                    records: b
                        .blocks
                        .iter()
                        .flat_map(|r| (0..r.len).map(move |i| record_id(r, i)))
                        .take(window)
                        .collect(),
                    depart_ms: b.depart_ms,
                    arrive_ms: b.arrive_ms,
                })
                .collect(),
        }
    }

    /// A hop's read, commit and copy positions on one source part, with its position map.
    fn hop_part_view(&self, h: usize, p: usize) -> HopPartView {
        let hp = &self.hops()[h].parts()[p];
        HopPartView {
            part: p as u32,
            read_position: hp.read_pos,
            committed: hp.committed,
            copied_upto: hp.copied_upto,
            map: hp
                .map
                .pairs()
                .map(|m| (m.up, m.down_part, m.down))
                .collect(),
            map_oldest: hp.map.oldest(),
            map_written: hp.map.written(),
        }
    }

    fn writer_views(&self) -> Vec<WriterView> {
        self.writers()
            .iter()
            .map(|w| WriterView {
                id: w.id.clone(),
                site: self.site_name(w.site).to_string(),
                stream: self.streams()[w.stream].name.clone(),
                acknowledged: w.acked(self.now()),
                refused: w.refused,
                stopped: w.stopped,
            })
            .collect()
    }

    fn reader_views(&self) -> Vec<ReaderView> {
        self.readers()
            .iter()
            .map(|r| ReaderView {
                id: r.id.clone(),
                site: self.site_name(r.site).to_string(),
                stream: self.streams()[r.stream].name.clone(),
                positions: r.positions.clone(),
            })
            .collect()
    }

    /// The recent log, oldest first.
    pub fn log(&self) -> impl DoubleEndedIterator<Item = &crate::log::LogEntry> + '_ {
        self.event_log().entries()
    }
}
