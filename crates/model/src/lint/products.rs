//! Rules that hold for one product only, for hops whose options name it
//! (`HopOptions::product`, set by its preset). Each is what the real server showed in the
//! real-copiers layer (`crates/real-copiers`), beside the product's source.

use super::{Code, Finding, Subject};
use crate::spec::PresetId;
use crate::spec::{HopSpec, OriginStamp, Topology};

fn is(h: &HopSpec, product: PresetId) -> bool {
    h.options.product == Some(product)
}

/// Whether `to` reaches `from` over the given hops (so the hop `from -> to` closes a
/// cycle), following hop indices in `among`.
fn closes_cycle(t: &Topology, among: &[usize], hop: usize) -> Option<Vec<usize>> {
    let h = &t.hops[hop];
    let (start, goal) = (&h.to, &h.from);
    // Breadth first over streams, remembering the hop that reached each.
    let mut seen = vec![start.clone()];
    let mut path: Vec<Vec<usize>> = vec![vec![hop]];
    let mut i = 0;
    while i < seen.len() {
        if seen[i] == *goal {
            return Some(path[i].clone());
        }
        for &j in among {
            let next = &t.hops[j];
            if next.from == seen[i] && !seen.contains(&next.to) {
                seen.push(next.to.clone());
                let mut p = path[i].clone();
                p.push(j);
                path.push(p);
            }
        }
        i += 1;
    }
    None
}

/// JetStream sources and mirrors in a cycle. nats-server checks a stream's sources and
/// mirror for a cycle when it is configured and refuses one it can see ("detected
/// cycle"), but it skips external sources (another domain or account), so a cycle
/// through another site is accepted and copies every message round without end.
/// nats-io/nats-server server/stream.go (`checkStreamCfg`: `if src.External != nil
/// { continue }`, `NewJSStreamInvalidConfigError(errors.New("detected cycle"))`).
pub(super) fn jetstream_cycles(t: &Topology, out: &mut Vec<Finding>) {
    let js: Vec<usize> = (0..t.hops.len())
        .filter(|&i| is(&t.hops[i], PresetId::JetstreamSource))
        .collect();
    let mut reported: Vec<usize> = Vec::new();
    for &i in &js {
        if reported.contains(&i) {
            continue;
        }
        let Some(cycle) = closes_cycle(t, &js, i) else {
            continue;
        };
        reported.extend(&cycle);
        let ids: Vec<&str> = cycle.iter().map(|&j| t.hops[j].id.as_str()).collect();
        let site = &t.hops[i].from.site;
        let one_site = cycle.iter().all(|&j| {
            let h = &t.hops[j];
            h.from.site == *site && h.to.site == *site
        });
        out.push(if one_site {
            Finding {
                code: Code::JetstreamCycleRefused,
                message: format!(
                    "JetStream sources {} form a cycle inside {site}: nats-server refuses the configuration that closes it (\"detected cycle\"), so the last of these streams cannot be created as drawn",
                    ids.join(" -> ")
                ),
                subjects: Subject::hops(&ids),
                card: "echo-loop",
            }
        } else {
            Finding {
                code: Code::JetstreamCycleAcrossDomains,
                message: format!(
                    "JetStream sources {} form a cycle through another domain: nats-server checks only the sources it can see in one domain, so it accepts this and every message goes round without end (Nats-Stream-Source names only the last stream, which stops nothing); copy one way, or source only streams written locally",
                    ids.join(" -> ")
                ),
                subjects: Subject::hops(&ids),
                card: "echo-loop",
            }
        });
    }
}

/// RabbitMQ shovels both ways between two streams: a shovel marks nothing that stops a
/// message (its x-shovelled header is off by default and a record only), so each message
/// goes back and forth without end (seen in the real-copiers layer).
pub(super) fn shovels_both_ways(t: &Topology, out: &mut Vec<Finding>) {
    for (i, a) in t.hops.iter().enumerate() {
        if !is(a, PresetId::RabbitmqShovel) {
            continue;
        }
        for b in &t.hops[i + 1..] {
            if is(b, PresetId::RabbitmqShovel) && b.from == a.to && b.to == a.from {
                out.push(Finding {
                    code: Code::ShovelsBothWays,
                    message: format!(
                        "shovels {} and {} move messages each way between {} and {}: a shovel stops no message going back, so every message is moved round without end; shovel one way, or between queues no one republishes into",
                        a.id, b.id, a.from.site, a.to.site
                    ),
                    subjects: Subject::hops(&[&a.id, &b.id]),
                    card: "echo-loop",
                });
            }
        }
    }
}

/// Kafka cluster mirrors (KIP-1279, proposed) both ways between two topics: the KIP
/// mirrors one way only, and a mirror topic is read-only until its mirror is stopped, so
/// the mirror back cannot take a topic the first one writes. No record loops; the design
/// does not run as drawn.
pub(super) fn cluster_mirrors_both_ways(t: &Topology, out: &mut Vec<Finding>) {
    for (i, a) in t.hops.iter().enumerate() {
        if !is(a, PresetId::KafkaClusterMirror) {
            continue;
        }
        for b in &t.hops[i + 1..] {
            if is(b, PresetId::KafkaClusterMirror) && b.from == a.to && b.to == a.from {
                out.push(Finding {
                    code: Code::ClusterMirrorBothWays,
                    message: format!(
                        "cluster mirrors {} and {} mirror {} each way between {} and {}: KIP-1279 mirrors one way only, and a mirror topic takes no writes until its mirror is stopped, so the mirror back cannot start on a topic the other one writes; mirror one way, and give each cluster's producers a topic of their own to mirror",
                        a.id, b.id, a.from.stream, a.from.site, a.to.site
                    ),
                    subjects: Subject::hops(&[&a.id, &b.id]),
                    card: "single-writer-streams",
                });
            }
        }
    }
}

/// A ring of hops with a hop budget below the ring's length less one: RabbitMQ exchange
/// federation's `max-hops` (default 1) stops a message after that many links, so in a
/// ring of N brokers a budget under N-1 leaves the farther brokers without it (seen in the
/// real-copiers layer with max-hops 1 in a ring of three).
pub(super) fn short_hop_budget(t: &Topology, out: &mut Vec<Finding>) {
    let budgeted: Vec<usize> = (0..t.hops.len())
        .filter(|&i| matches!(t.hops[i].options.stamp, OriginStamp::HopBudget(_)))
        .collect();
    let mut reported: Vec<usize> = Vec::new();
    for &i in &budgeted {
        if reported.contains(&i) {
            continue;
        }
        let Some(cycle) = closes_cycle(t, &budgeted, i) else {
            continue;
        };
        reported.extend(&cycle);
        let mut sites: Vec<&str> = cycle
            .iter()
            .map(|&j| t.hops[j].from.site.as_str())
            .collect();
        sites.sort_unstable();
        sites.dedup();
        let need = sites.len().saturating_sub(1);
        let short: Vec<&str> = cycle
            .iter()
            .filter(|&&j| matches!(t.hops[j].options.stamp, OriginStamp::HopBudget(b) if usize::from(b) < need))
            .map(|&j| t.hops[j].id.as_str())
            .collect();
        if !short.is_empty() {
            out.push(Finding {
                code: Code::HopBudgetShortOfRing,
                message: format!(
                    "hops {} form a ring of {} sites, but {} allow fewer than {need} hops (RabbitMQ's max-hops): a record stops before it has reached every site, so the farther sites never hold it; set the budget to {need}",
                    cycle.iter().map(|&j| t.hops[j].id.as_str()).collect::<Vec<_>>().join(" -> "),
                    sites.len(),
                    short.join(", "),
                ),
                subjects: Subject::hops(&short),
                card: "echo-loop",
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::kit::*;
    use crate::spec::HopOptions;

    fn with(hops: Vec<HopSpec>, site_names: &[&str]) -> Topology {
        let mut streams = Vec::new();
        for h in &hops {
            for s in [&h.from, &h.to] {
                if !streams
                    .iter()
                    .any(|x: &crate::spec::StreamSpec| x.site == s.site && x.name == s.stream)
                {
                    streams.push(stream(&s.site, &s.stream, 1));
                }
            }
        }
        Topology {
            sites: sites(site_names),
            streams,
            hops,
            ..Topology::default()
        }
    }

    fn codes(t: &Topology) -> Vec<&'static str> {
        crate::lint(t).into_iter().map(|f| f.code.id()).collect()
    }

    #[test]
    fn a_jetstream_cycle_inside_one_site_is_refused_and_across_sites_loops() {
        let js = HopOptions {
            map_every: None,
            product: Some(PresetId::JetstreamSource),
            ..HopOptions::default()
        };
        let one = with(
            vec![
                hop("x-y", at("A", "X"), at("A", "Y"), js.clone()),
                hop("y-x", at("A", "Y"), at("A", "X"), js.clone()),
            ],
            &["A"],
        );
        assert!(codes(&one).contains(&"jetstream-cycle-refused"));
        assert!(!codes(&one).contains(&"jetstream-cycle-across-domains"));
        let two = with(
            vec![
                hop("e-w", at("E", "X"), at("W", "X"), js.clone()),
                hop("w-e", at("W", "X"), at("E", "X"), js.clone()),
            ],
            &["E", "W"],
        );
        assert!(codes(&two).contains(&"jetstream-cycle-across-domains"));
        // The same cycle with a generic copier names no product.
        let generic = with(
            vec![
                hop("e-w", at("E", "X"), at("W", "X"), HopOptions::default()),
                hop("w-e", at("W", "X"), at("E", "X"), HopOptions::default()),
            ],
            &["E", "W"],
        );
        assert!(!codes(&generic).iter().any(|c| c.starts_with("jetstream")));
        // A chain is no cycle.
        let chain = with(
            vec![hop("e-w", at("E", "X"), at("W", "X"), js)],
            &["E", "W"],
        );
        assert!(!codes(&chain).iter().any(|c| c.starts_with("jetstream")));
    }

    #[test]
    fn shovels_each_way_are_found_and_one_way_is_not() {
        let sh = HopOptions {
            map_every: None,
            commit_interval_ms: 1,
            product: Some(PresetId::RabbitmqShovel),
            ..HopOptions::default()
        };
        let both = with(
            vec![
                hop("a-b", at("A", "x"), at("B", "x"), sh.clone()),
                hop("b-a", at("B", "x"), at("A", "x"), sh.clone()),
            ],
            &["A", "B"],
        );
        assert_eq!(
            codes(&both)
                .iter()
                .filter(|c| **c == "shovels-both-ways")
                .count(),
            1
        );
        assert!(
            !codes(&both).contains(&"echo-loop"),
            "the shovels' own finding says the loop once"
        );
        let one = with(
            vec![hop("a-b", at("A", "x"), at("B", "x"), sh)],
            &["A", "B"],
        );
        assert!(!codes(&one).contains(&"shovels-both-ways"));
    }

    #[test]
    fn a_ring_of_three_needs_a_budget_of_two() {
        let ring = |budget| {
            let o = HopOptions {
                stamp: OriginStamp::HopBudget(budget),
                map_every: None,
                ..HopOptions::default()
            };
            with(
                vec![
                    hop("a-b", at("a", "x"), at("b", "x"), o.clone()),
                    hop("b-c", at("b", "x"), at("c", "x"), o.clone()),
                    hop("c-a", at("c", "x"), at("a", "x"), o),
                ],
                &["a", "b", "c"],
            )
        };
        assert!(codes(&ring(1)).contains(&"hop-budget-short-of-ring"));
        assert!(!codes(&ring(2)).contains(&"hop-budget-short-of-ring"));
        assert!(!codes(&ring(5)).contains(&"hop-budget-short-of-ring"));
    }
}
