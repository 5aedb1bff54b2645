//! Scans of stored runs: who holds what (per site, per writer), and per-key order.

use crate::sim::Sim;
use serde::Serialize;
use std::collections::BTreeMap;

pub use crate::merge::MergeMeasure;

/// Stored records on one site, by where they came from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SiteCensus {
    pub stored: u64,
    /// Written here by writers.
    pub own: u64,
    /// Copies of this site's own records that came back (an echo).
    pub own_echoes: u64,
    /// First copies of records written at other sites.
    pub others: u64,
    /// Copies of other sites' records that already came around before (hops >= 2).
    pub others_echoes: u64,
    /// Re-appended after a copier restart.
    pub duplicates: u64,
}

/// Per-key order on one stream of one site.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StreamOrder {
    pub site: String,
    pub stream: String,
    pub parts: u32,
    pub stored: u64,
    /// Keys whose records sit in more than one part: they have no single order here.
    pub keys_split: u64,
    /// First copies stored after a later record of the same source sequence.
    pub order_inversions: u64,
}

impl Sim {
    pub(crate) fn site_census(&self, site: usize) -> SiteCensus {
        let mut c = SiteCensus::default();
        for st in self.streams().iter().filter(|s| s.site == site) {
            for r in st.parts.iter().flat_map(|p| p.runs.iter()) {
                c.stored += r.len;
                if r.dup > 0 {
                    c.duplicates += r.len;
                } else if r.hops == 0 {
                    c.own += r.len;
                } else if usize::from(r.origin) == site {
                    c.own_echoes += r.len;
                } else if r.hops == 1 {
                    c.others += r.len;
                } else {
                    c.others_echoes += r.len;
                }
            }
        }
        c
    }

    /// Distinct records per writer stored on sites for which `keep(site)` holds.
    pub(crate) fn distinct_per_writer(&self, keep: impl Fn(usize) -> bool) -> Vec<(String, u64)> {
        let mut ranges: BTreeMap<(u16, u16), Vec<(u64, u64)>> = BTreeMap::new();
        for st in self.streams().iter().filter(|s| keep(s.site)) {
            for r in st.parts.iter().flat_map(|p| p.runs.iter()) {
                ranges
                    .entry((r.payload.writer, r.payload.part))
                    .or_default()
                    .push((r.payload.seq, r.payload.seq + r.len));
            }
        }
        let mut per = vec![0u64; self.writers().len()];
        for ((w, _), mut v) in ranges {
            v.sort_unstable();
            let (mut count, mut upto) = (0u64, 0u64);
            for (a, b) in v {
                let a = a.max(upto);
                if b > a {
                    count += b - a;
                    upto = b;
                }
            }
            per[usize::from(w)] += count;
        }
        self.writers()
            .iter()
            .map(|w| w.id.clone())
            .zip(per)
            .collect()
    }

    pub(crate) fn stream_order(&self, s: usize) -> StreamOrder {
        let st = &self.streams()[s];
        let mut home: BTreeMap<(u16, u16), (usize, bool)> = BTreeMap::new();
        let mut inversions = 0;
        for (q, part) in st.parts.iter().enumerate() {
            let mut high: BTreeMap<(u16, u16), u64> = BTreeMap::new();
            for r in part.runs.iter().filter(|r| r.dup == 0) {
                let key = (r.payload.writer, r.payload.part);
                let h = high.entry(key).or_insert(0);
                inversions += h.saturating_sub(r.payload.seq).min(r.len);
                *h = (*h).max(r.payload.seq + r.len);
                let e = home.entry(key).or_insert((q, false));
                if e.0 != q {
                    e.1 = true;
                }
            }
        }
        StreamOrder {
            site: self.site_name(st.site).to_string(),
            stream: st.name.clone(),
            parts: st.parts.len() as u32,
            stored: st.parts.iter().map(|p| p.stored()).sum(),
            keys_split: home
                .iter()
                .filter(|(_, (_, split))| *split)
                .map(|(&(w, p), _)| {
                    let keys = &self.writers()[usize::from(w)].keys_of_part;
                    keys.get(usize::from(p)).map_or(1, |k| k.len().max(1)) as u64
                })
                .sum(),
            order_inversions: inversions,
        }
    }
}
