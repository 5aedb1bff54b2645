//! Coverage: for every stream writers write to (an origin), which sites hold its records
//! and how many copies each. The question an architect asks of a ring or a mesh: does
//! every site get the data (a hop budget too small leaves one out), and does any get it
//! twice (two routes to one site).

use crate::census::covered;
use crate::sim::Sim;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// Where the records written to one stream at one site ended up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Coverage {
    /// The site the records were written at.
    pub origin: String,
    /// The stream they were written to there (a writer's stream: one moved to another
    /// site's stream of the same name writes a second origin).
    pub stream: String,
    /// Every site, in the topology's order, including those that hold none.
    pub sites: Vec<SiteCoverage>,
}

/// What one site holds of one origin stream's records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SiteCoverage {
    pub site: String,
    /// Distinct records held, in any of the site's streams.
    pub records: u64,
    /// Stored records counting every copy: above `records` when some came twice (two
    /// routes, an echo loop, a restart's duplicates).
    pub copies: u64,
    /// The site's streams that hold them (`orders`, `A.orders`, ...), in stream order.
    pub streams: Vec<String>,
}

impl SiteCoverage {
    /// Copies beyond the first of each record.
    pub fn repeats(&self) -> u64 {
        self.copies - self.records
    }
}

/// One site's tally for one origin stream while scanning.
#[derive(Default)]
struct Tally {
    /// (writer, origin part) -> sequence ranges held.
    ranges: BTreeMap<(u16, u16), Vec<(u64, u64)>>,
    copies: u64,
    streams: BTreeSet<usize>,
}

impl Sim {
    /// Per origin (a site and the name of a stream its writers wrote to there: every
    /// writer's current stream, and every origin a stored record names), what each site
    /// holds of its records now, ordered by origin site then stream name.
    pub fn coverage(&self) -> Vec<Coverage> {
        self.coverage_in(|_, _| true)
    }

    /// The same, counting only what the streams `held_in(site, stream)` selects hold: what
    /// a reader group reading those streams can see. Every origin is still listed, with
    /// 0 where none of its records is in them.
    pub fn coverage_in(&self, held_in: impl Fn(&str, &str) -> bool) -> Vec<Coverage> {
        let writers = self.writers();
        let stream_of = |w: u16| self.streams()[writers[usize::from(w)].stream].name.as_str();
        let mut origins: BTreeSet<(usize, &str)> = writers
            .iter()
            .map(|w| (w.site, self.streams()[w.stream].name.as_str()))
            .collect();
        // (origin site, origin stream name, holding site) -> tally
        let mut tallies: BTreeMap<(usize, &str, usize), Tally> = BTreeMap::new();
        for (s, st) in self.streams().iter().enumerate() {
            let counted = held_in(self.site_name(st.site), &st.name);
            for r in st.parts.iter().flat_map(|p| p.blocks.iter()) {
                let origin = (usize::from(r.origin), stream_of(r.payload.writer));
                origins.insert(origin);
                if !counted {
                    continue;
                }
                let t = tallies.entry((origin.0, origin.1, st.site)).or_default();
                t.ranges
                    .entry((r.payload.writer, r.payload.part))
                    .or_default()
                    .push((r.payload.seq, r.payload.seq + r.len));
                t.copies += r.len;
                t.streams.insert(s);
            }
        }
        origins
            .into_iter()
            .map(|(origin, stream)| Coverage {
                origin: self.site_name(origin).to_string(),
                stream: stream.to_string(),
                sites: (0..self.sites().len())
                    .map(|site| {
                        let mut t = tallies.remove(&(origin, stream, site)).unwrap_or_default();
                        SiteCoverage {
                            site: self.site_name(site).to_string(),
                            records: t.ranges.values_mut().map(|v| covered(v)).sum(),
                            copies: t.copies,
                            streams: t
                                .streams
                                .iter()
                                .map(|&s| self.streams()[s].name.clone())
                                .collect(),
                        }
                    })
                    .collect(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::spec::kit::*;
    use crate::spec::{HopOptions, OriginStamp, Topology};
    use crate::Sim;

    /// Stream `s` on each site, a writer at A (10 records in its first second), hops
    /// between the named sites with `stamp`.
    fn run(names: &[&str], links: &[(&str, &str)], stamp: OriginStamp) -> Sim {
        let mut w = writer("a", "A", "s", 10.0);
        w.stop_at_ms = Some(1_000);
        let options = HopOptions {
            stamp,
            ..HopOptions::default()
        };
        let t = Topology {
            sites: sites(names),
            streams: names.iter().map(|n| stream(n, "s", 1)).collect(),
            hops: links
                .iter()
                .map(|(f, t)| hop(&format!("{f}{t}"), at(f, "s"), at(t, "s"), options.clone()))
                .collect(),
            writers: vec![w],
            ..Topology::default()
        };
        let mut sim = Sim::new(&spec("t", t, vec![], 10_000), 1).unwrap();
        sim.advance_to(10_000);
        sim
    }

    /// (site, records, copies) for the one origin.
    fn held(sim: &Sim) -> Vec<(String, u64, u64)> {
        let c = sim.coverage();
        assert_eq!(c.len(), 1);
        assert_eq!((c[0].origin.as_str(), c[0].stream.as_str()), ("A", "s"));
        c[0].sites
            .iter()
            .map(|s| (s.site.clone(), s.records, s.copies))
            .collect()
    }

    fn row(site: &str, records: u64, copies: u64) -> (String, u64, u64) {
        (site.to_string(), records, copies)
    }

    #[test]
    fn a_ring_with_too_small_a_hop_budget_leaves_a_site_without_the_data() {
        let ring = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")];
        let four = ["A", "B", "C", "D"];
        // Two hops cover B and C; D, three hops round, never receives A's records.
        let short = run(&four, &ring, OriginStamp::HopBudget(2));
        assert_eq!(
            held(&short),
            [
                row("A", 10, 10),
                row("B", 10, 10),
                row("C", 10, 10),
                row("D", 0, 0)
            ]
        );
        // N-1 hops reach every site once.
        let enough = run(&four, &ring, OriginStamp::HopBudget(3));
        assert_eq!(
            held(&enough),
            [
                row("A", 10, 10),
                row("B", 10, 10),
                row("C", 10, 10),
                row("D", 10, 10)
            ]
        );
    }

    #[test]
    fn a_mesh_shows_the_copies_that_come_by_two_routes() {
        let mesh = [("A", "B"), ("A", "C"), ("B", "C")];
        let sim = run(&["A", "B", "C"], &mesh, OriginStamp::HopBudget(2));
        assert_eq!(
            held(&sim),
            [row("A", 10, 10), row("B", 10, 10), row("C", 10, 20)]
        );
        let c = sim.coverage();
        assert_eq!(c[0].sites[2].repeats(), 10);
        assert_eq!(c[0].sites[2].streams, ["s"]);
    }

    #[test]
    fn counted_in_some_streams_only_the_others_hold_none_and_the_origin_stays_listed() {
        let sim = run(&["A", "B", "C"], &[("A", "B")], OriginStamp::None);
        let at_b = sim.coverage_in(|site, stream| site == "B" && stream == "s");
        assert_eq!(at_b.len(), 1);
        let held: Vec<u64> = at_b[0].sites.iter().map(|s| s.records).collect();
        assert_eq!(held, [0, 10, 0]);
        let nowhere = sim.coverage_in(|_, _| false);
        assert_eq!(nowhere[0].origin, "A");
        assert!(nowhere[0].sites.iter().all(|s| s.records == 0));
    }
}
