//! Scans of stored blocks: who holds what (per site, per writer), and per-key order.

use crate::sim::Sim;
use serde::Serialize;
use std::collections::BTreeMap;

pub use crate::merge::MergeMeasure;

/// Stored records on one site, by where they came from.
///
/// An echo is a repeat: a copy of a record this site already holds, or one of its own
/// records come back to it. A first copy is not an echo however many hops it crossed
/// (A -> B -> C delivers first copies at C).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SiteCensus {
    pub stored: u64,
    /// Written here by writers.
    pub own: u64,
    /// Copies of this site's own records that came back (an echo).
    pub own_echoes: u64,
    /// Records written at other sites, each counted once here: its first copy, by however
    /// many hops it came.
    pub others: u64,
    /// Further copies of other sites' records this site already holds: they came again by
    /// a second route or around a loop (an echo).
    pub others_echoes: u64,
    /// Re-appended after a copier restart.
    pub duplicates: u64,
}

impl SiteCensus {
    /// Own and others' echoes together.
    pub fn echoes(&self) -> u64 {
        self.own_echoes + self.others_echoes
    }
}

/// How many distinct numbers the half-open ranges cover (sorts them in place).
pub(crate) fn covered(ranges: &mut [(u64, u64)]) -> u64 {
    ranges.sort_unstable();
    let (mut count, mut upto) = (0u64, 0u64);
    for &(a, b) in ranges.iter() {
        let a = a.max(upto);
        if b > a {
            count += b - a;
            upto = b;
        }
    }
    count
}

/// What one stream on one site holds of one writer's records: the comparison a person
/// makes between two clusters (none, one copy each, or more and more copies).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Holding {
    pub site: String,
    pub stream: String,
    pub writer: String,
    /// Distinct records of the writer held here.
    pub records: u64,
    /// Stored records of the writer, counting every copy of each.
    pub copies: u64,
    /// Of `copies`, those a hop wrote (the rest were written here).
    pub copied: u64,
    /// Of `copied`, those stored at the position they had on the cluster they came from.
    pub kept_positions: u64,
    /// The most hops any of them crossed to get here (0: all written here).
    pub most_hops: u16,
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
        // Others' records by payload (writer, origin part): the sequence ranges held, in
        // any stream of this site. Each number covered once is a first copy; every
        // further cover is a repeat, whatever the hop count.
        let mut others: BTreeMap<(u16, u16), Vec<(u64, u64)>> = BTreeMap::new();
        let mut others_stored = 0;
        for st in self.streams().iter().filter(|s| s.site == site) {
            for r in st.parts.iter().flat_map(|p| p.blocks.iter()) {
                c.stored += r.len;
                if r.dup > 0 {
                    c.duplicates += r.len;
                } else if r.hops == 0 {
                    c.own += r.len;
                } else if usize::from(r.origin) == site {
                    c.own_echoes += r.len;
                } else {
                    others_stored += r.len;
                    others
                        .entry((r.payload.writer, r.payload.part))
                        .or_default()
                        .push((r.payload.seq, r.payload.seq + r.len));
                }
            }
        }
        c.others = others.values_mut().map(|v| covered(v)).sum();
        c.others_echoes = others_stored - c.others;
        c
    }

    /// Every (site, stream, writer) that holds at least one record, in stream order then
    /// writer order.
    pub fn holdings(&self) -> Vec<Holding> {
        let mut out = Vec::new();
        for st in self.streams() {
            // Per writer: (part, first seq, end seq) of each block, then the counts.
            type Tally = (Vec<(u16, u64, u64)>, [u64; 4]);
            let mut per: BTreeMap<u16, Tally> = BTreeMap::new();
            for r in st.parts.iter().flat_map(|p| p.blocks.iter()) {
                let e = per.entry(r.payload.writer).or_default();
                e.0.push((r.payload.part, r.payload.seq, r.payload.seq + r.len));
                e.1[0] += r.len;
                e.1[3] = e.1[3].max(u64::from(r.hops));
                if r.hops > 0 {
                    e.1[1] += r.len;
                    if r.pos == r.src_pos {
                        e.1[2] += r.len;
                    }
                }
            }
            for (w, (mut ranges, [copies, copied, kept, most_hops])) in per {
                ranges.sort_unstable();
                let (mut records, mut last) = (0u64, None::<(u16, u64)>);
                for (part, a, b) in ranges {
                    let a = match last {
                        Some((p, upto)) if p == part => a.max(upto),
                        _ => a,
                    };
                    if b > a {
                        records += b - a;
                        last = Some((part, b));
                    }
                }
                out.push(Holding {
                    site: self.site_name(st.site).to_string(),
                    stream: st.name.clone(),
                    writer: self.writers()[usize::from(w)].id.clone(),
                    records,
                    copies,
                    copied,
                    kept_positions: kept,
                    most_hops: most_hops as u16,
                });
            }
        }
        out
    }

    /// Distinct records per writer stored on sites for which `keep(site)` holds.
    pub(crate) fn distinct_per_writer(&self, keep: impl Fn(usize) -> bool) -> Vec<(String, u64)> {
        let mut ranges: BTreeMap<(u16, u16), Vec<(u64, u64)>> = BTreeMap::new();
        for st in self.streams().iter().filter(|s| keep(s.site)) {
            for r in st.parts.iter().flat_map(|p| p.blocks.iter()) {
                ranges
                    .entry((r.payload.writer, r.payload.part))
                    .or_default()
                    .push((r.payload.seq, r.payload.seq + r.len));
            }
        }
        let mut per = vec![0u64; self.writers().len()];
        for ((w, _), mut v) in ranges {
            per[usize::from(w)] += covered(&mut v);
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
            for r in part.blocks.iter().filter(|r| r.dup == 0) {
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

#[cfg(test)]
mod tests {
    use crate::spec::kit::*;
    use crate::spec::{HopKind, HopOptions, Topology};
    use crate::Sim;

    fn two_sites(options: HopOptions, writes_at_b: bool) -> Sim {
        let mut writers = vec![writer("a", "A", "s", 10.0)];
        writers[0].stop_at_ms = Some(1_000);
        if writes_at_b {
            let mut b = writer("b", "B", "s", 10.0);
            b.stop_at_ms = Some(300);
            writers.push(b);
        }
        let t = Topology {
            sites: sites(&["A", "B"]),
            streams: vec![stream("A", "s", 1), stream("B", "s", 1)],
            hops: vec![hop("h", at("A", "s"), at("B", "s"), options)],
            writers,
            ..Topology::default()
        };
        let mut sim = Sim::new(&spec("t", t, vec![], 10_000), 1).unwrap();
        sim.advance_to(10_000);
        sim
    }

    /// Stream `s` on each site, a writer at A (10 records in its first second), and
    /// plain hops (no stamp) between the named sites.
    fn plain_hops(names: &[&str], links: &[(&str, &str)], run_ms: u64) -> Sim {
        let mut w = writer("a", "A", "s", 10.0);
        w.stop_at_ms = Some(1_000);
        let t = Topology {
            sites: sites(names),
            streams: names.iter().map(|n| stream(n, "s", 1)).collect(),
            hops: links
                .iter()
                .map(|(f, t)| {
                    hop(
                        &format!("{f}{t}"),
                        at(f, "s"),
                        at(t, "s"),
                        HopOptions::default(),
                    )
                })
                .collect(),
            writers: vec![w],
            ..Topology::default()
        };
        let mut sim = Sim::new(&spec("t", t, vec![], run_ms), 1).unwrap();
        sim.advance_to(run_ms);
        sim
    }

    #[test]
    fn a_chain_delivers_first_copies_not_echoes() {
        let sim = plain_hops(&["A", "B", "C"], &[("A", "B"), ("B", "C")], 10_000);
        let m = sim.measures();
        let at_c = &m.sites[2].census;
        assert_eq!((at_c.others, at_c.echoes()), (10, 0), "{at_c:?}");
        assert_eq!(m.echo.echoes_stored, 0);
        assert_eq!(m.echo.echoes_per_original, 0.0);
        // The records spread to two sites: two copies each, none of them an echo.
        assert_eq!(m.echo.copies_per_original, 2.0);
    }

    #[test]
    fn a_record_arriving_by_a_second_route_is_an_echo() {
        let mesh = [("A", "B"), ("A", "C"), ("B", "C")];
        let sim = plain_hops(&["A", "B", "C"], &mesh, 10_000);
        let m = sim.measures();
        let at_c = &m.sites[2].census;
        assert_eq!((at_c.others, at_c.others_echoes), (10, 10), "{at_c:?}");
        assert_eq!(at_c.own_echoes, 0);
        assert_eq!(m.echo.echoes_stored, 10);
        assert_eq!(m.sites[1].census.echoes(), 0, "B has one route");
    }

    #[test]
    fn a_ring_without_stamps_counts_every_lap_as_echoes() {
        let ring = [("A", "B"), ("B", "C"), ("C", "A")];
        let sim = plain_hops(&["A", "B", "C"], &ring, 5_000);
        let m = sim.measures();
        let at_a = &m.sites[0].census;
        assert_eq!(at_a.own, 10);
        assert!(at_a.own_echoes >= 10, "its records came back: {at_a:?}");
        // A's records reach C over two hops first: first copies, not echoes.
        let at_c = &m.sites[2].census;
        assert_eq!(at_c.others, 10, "{at_c:?}");
        assert!(at_c.others_echoes >= 10, "later laps repeat them: {at_c:?}");
        assert_eq!(
            m.echo.echoes_stored,
            m.echo.copies_stored - 20,
            "every copy but the first at B and at C is an echo"
        );
    }

    #[test]
    fn holdings_count_records_copies_and_kept_positions() {
        let mirror = HopOptions {
            kind: HopKind::Mirror,
            map_every: None,
            ..HopOptions::default()
        };
        let sim = two_sites(mirror, false);
        let h = sim.holdings();
        let at_b = h.iter().find(|h| h.site == "B" && h.writer == "a").unwrap();
        assert_eq!((at_b.records, at_b.copies, at_b.copied), (10, 10, 10));
        assert_eq!(at_b.kept_positions, 10, "a mirror keeps positions");
        assert_eq!(at_b.most_hops, 1);
        let at_a = h.iter().find(|h| h.site == "A" && h.writer == "a").unwrap();
        assert_eq!((at_a.copies, at_a.copied), (10, 0));

        // Local writes first push the copies further down the target's numbering.
        let sim = two_sites(HopOptions::default(), true);
        let h = sim.holdings();
        let at_b = h.iter().find(|h| h.site == "B" && h.writer == "a").unwrap();
        assert_eq!((at_b.records, at_b.copied), (10, 10));
        assert!(at_b.kept_positions < 10);
    }
}
