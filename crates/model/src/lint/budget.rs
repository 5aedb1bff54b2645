//! A hop budget (RabbitMQ federation's `max-hops`) too small for the ring it is on, and
//! the cycle search that rule and the products' own cycle rules share.

use super::{Code, Finding, Subject};
use crate::spec::{OriginStamp, Topology};

/// Whether `to` reaches `from` over the given hops (so the hop `from -> to` closes a
/// cycle), following hop indices in `among`.
pub fn closes_cycle(t: &Topology, among: &[usize], hop: usize) -> Option<Vec<usize>> {
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

    fn codes(t: &Topology) -> Vec<&'static str> {
        crate::lint(t).into_iter().map(|f| f.code.id()).collect()
    }

    #[test]
    fn a_ring_of_three_needs_a_budget_of_two() {
        let ring = |budget| {
            let o = HopOptions {
                stamp: OriginStamp::HopBudget(budget),
                map_every: None,
                ..HopOptions::default()
            };
            hops_between(
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
