//! Lint a topology without running it: designs that the cards say will hurt.

use crate::spec::{HopKind, OriginStamp, PartMapping, ResumeRule, Timestamps, Topology};
use serde::Serialize;

/// One finding: what, where, and the card that explains it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub code: &'static str,
    pub message: String,
    /// The hop, stream ("site/stream"), reader group or companion concerned.
    pub subject: String,
    pub card: &'static str,
}

fn stops_loop(o: &crate::spec::HopOptions) -> bool {
    match o.stamp {
        OriginStamp::None => false,
        OriginStamp::Marker => o.forward_only_local,
        OriginStamp::QualifiedName => true,
        OriginStamp::HopBudget(_) => true,
    }
}

/// Every finding for `t`, in a stable order.
pub fn lint(t: &Topology) -> Vec<Finding> {
    let mut out = Vec::new();
    echo_loops(t, &mut out);
    crate::lint_mirror::mirror_rules(t, &mut out);
    for h in &t.hops {
        if h.options.map_every.is_none() && h.options.kind == HopKind::Translate {
            out.push(Finding {
                code: "no-position-map",
                message: format!(
                    "hop {} writes no position map: after a failover no reader position on {} can be translated to {}",
                    h.id, h.from.site, h.to.site
                ),
                subject: h.id.clone(),
                card: "position-map",
            });
        }
        if h.options.mapping == PartMapping::FanOut {
            out.push(Finding {
                code: "fan-out-breaks-order",
                message: format!(
                    "hop {} spreads each source part over several target parts: per-key order is lost on {}",
                    h.id, h.to.site
                ),
                subject: h.id.clone(),
                card: "what-crosses",
            });
        }
    }
    for r in &t.readers {
        if r.planned_resume != Some(ResumeRule::Timestamp) {
            continue;
        }
        for h in t
            .hops
            .iter()
            .filter(|h| h.from.site == r.site && h.from.stream == r.stream)
            .filter(|h| h.options.timestamps == Timestamps::StampArrival)
        {
            out.push(Finding {
                code: "time-resume-without-timestamps",
                message: format!(
                    "reader group {} plans to resume by timestamp, but hop {} stamps arrival time on {}: the timestamps there are not the source's",
                    r.id, h.id, h.to.site
                ),
                subject: r.id.clone(),
                card: "reader-resume",
            });
        }
    }
    // One stream written at two sites: copies land in a stream local writers also write,
    // and the copied stream is itself written where it lives. One finding per name.
    let written = |site: &str, stream: &str| {
        t.writers
            .iter()
            .any(|w| w.site == site && w.stream == stream)
    };
    let mut mixed: Vec<(String, Vec<String>)> = Vec::new();
    for h in &t.hops {
        let target = crate::spec::qualified_target(h);
        if written(&target.site, &target.stream) && written(&h.from.site, &h.from.stream) {
            let i = match mixed.iter().position(|(n, _)| *n == target.stream) {
                Some(i) => i,
                None => {
                    mixed.push((target.stream.clone(), Vec::new()));
                    mixed.len() - 1
                }
            };
            for site in [&h.from.site, &target.site] {
                if !mixed[i].1.contains(site) {
                    mixed[i].1.push(site.clone());
                }
            }
        }
    }
    for (name, mut sites) in mixed {
        sites.sort();
        out.push(Finding {
            code: "written-at-two-sites",
            message: format!(
                "stream {name} is written at {} and copied between them into the same stream: there is no order across sites and every hop needs loop prevention; give each site its own stream",
                sites.join(" and ")
            ),
            subject: name,
            card: "single-writer-streams",
        });
    }
    if t.sites.len() > 1 {
        for c in &t.companions {
            let mut sites = c.sites.clone();
            sites.sort();
            sites.dedup();
            if sites.len() == 1 {
                out.push(Finding {
                    code: "companion-at-one-site",
                    message: format!(
                        "{} {} runs only at {}: if that site goes, every writer that needs it is refused while the cluster looks healthy",
                        c.kind, c.name, sites[0]
                    ),
                    subject: c.name.clone(),
                    card: "companion-inventory",
                });
            }
        }
    }
    out
}

/// Cycles of hops over streams in which no hop stops a record coming back.
fn echo_loops(t: &Topology, out: &mut Vec<Finding>) {
    let open: Vec<usize> = (0..t.hops.len())
        .filter(|&i| !stops_loop(&t.hops[i].options))
        .collect();
    let mut reported: Vec<Vec<usize>> = Vec::new();
    for &start in &open {
        // Depth-first search for a path of open hops back to the start hop's source.
        let mut stack = vec![(start, vec![start])];
        while let Some((h, path)) = stack.pop() {
            let to = &t.hops[h].to;
            if to.site == t.hops[start].from.site && to.stream == t.hops[start].from.stream {
                let mut cycle = path.clone();
                cycle.sort_unstable();
                if !reported.contains(&cycle) {
                    reported.push(cycle);
                    let ids: Vec<&str> = path.iter().map(|&i| t.hops[i].id.as_str()).collect();
                    out.push(Finding {
                        code: "echo-loop",
                        message: format!(
                            "hops {} form a cycle and none carries an origin stamp: every record comes back and is copied again, without end",
                            ids.join(" -> ")
                        ),
                        subject: ids.join(","),
                        card: "echo-loop",
                    });
                }
                continue;
            }
            for &next in &open {
                let from = &t.hops[next].from;
                if from.site == to.site && from.stream == to.stream && !path.contains(&next) {
                    let mut p = path.clone();
                    p.push(next);
                    stack.push((next, p));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{HopOptions, HopSpec, SiteSpec, StreamRef};

    fn hop(id: &str, from: &str, to: &str, stamp: OriginStamp, only_local: bool) -> HopSpec {
        let at = |s: &str| StreamRef {
            site: s.into(),
            stream: "orders".into(),
        };
        HopSpec {
            id: id.into(),
            from: at(from),
            to: at(to),
            options: HopOptions {
                stamp,
                forward_only_local: only_local,
                ..HopOptions::default()
            },
        }
    }

    fn ring(stamps: [(OriginStamp, bool); 3]) -> Topology {
        let sites = ["A", "B", "C"];
        Topology {
            sites: sites
                .iter()
                .map(|s| SiteSpec {
                    name: s.to_string(),
                })
                .collect(),
            hops: (0..3)
                .map(|i| {
                    hop(
                        &format!("h{i}"),
                        sites[i],
                        sites[(i + 1) % 3],
                        stamps[i].0,
                        stamps[i].1,
                    )
                })
                .collect(),
            ..Topology::default()
        }
    }

    #[test]
    fn a_three_site_ring_without_stamps_is_one_echo_loop() {
        let f = lint(&ring([(OriginStamp::None, true); 3]));
        let loops: Vec<_> = f.iter().filter(|f| f.code == "echo-loop").collect();
        assert_eq!(loops.len(), 1);
        assert_eq!(loops[0].card, "echo-loop");
    }

    #[test]
    fn one_stamped_hop_with_the_rule_breaks_the_ring() {
        let mut stamps = [(OriginStamp::None, true); 3];
        stamps[1] = (OriginStamp::Marker, true);
        assert!(!lint(&ring(stamps)).iter().any(|f| f.code == "echo-loop"));
        // A marker nobody acts on stops nothing.
        stamps[1] = (OriginStamp::Marker, false);
        assert!(lint(&ring(stamps)).iter().any(|f| f.code == "echo-loop"));
    }
}
