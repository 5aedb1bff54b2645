//! The model's topology from an estate: a site per cluster, a stream per name each side
//! holds, a hop per (flow, stream), and a placeholder writer per stream that takes its
//! own writes. Pattern-selecting copiers are followed through chains as MirrorMaker 2
//! follows them: a copy is itself a stream the next flow may select, and a topic whose
//! alias chain already names the target is not copied (`isCycle`).

use crate::estate::{Estate, Flow, Naming};
use crate::limits::MAX_STREAMS;
use crate::presets::PresetId;
use crate::report::Report;
use crate::selector;
use hoplab_model::spec::{
    HopOptions, HopSpec, SiteSpec, StreamRef, StreamSpec, Topology, WriterSpec,
};

/// Records per second of each placeholder writer: the files say nothing about traffic.
pub const PLACEHOLDER_RATE_PER_SEC: f64 = 10.0;

/// MirrorMaker 2's cycle rule for prefixed names: walk the aliases in front of the name
/// (`B.A.orders`: B, then A, with the policy's separator); a copy toward any of them would
/// come home.
fn alias_chain_names(name: &str, target: &str, separator: &str) -> bool {
    let mut rest = name;
    while let Some((alias, tail)) = rest.split_once(separator) {
        if alias == target {
            return true;
        }
        rest = tail;
    }
    false
}

/// The preset that names the flow's copier, so the model's product rules and the
/// designer's runbook speak of it (by the product's own rule: MirrorMaker 2 by its naming).
pub fn product_preset(flow: &Flow) -> Option<PresetId> {
    (flow.product.about().preset)(&flow.naming)
}

pub(crate) fn skips_as_cycle(flow: &Flow, stream: &str) -> bool {
    match &flow.naming {
        Naming::Prefixed { separator } if !separator.is_empty() => {
            alias_chain_names(stream, &flow.target, separator)
        }
        _ => false,
    }
}

#[derive(Default)]
struct Builder {
    t: Topology,
}

impl Builder {
    fn site(&mut self, name: &str) {
        if !self.t.sites.iter().any(|s| s.name == name) {
            self.t.sites.push(SiteSpec { name: name.into() });
        }
    }

    fn stream(&mut self, site: &str, name: &str) -> bool {
        if self
            .t
            .streams
            .iter()
            .any(|s| s.site == site && s.name == name)
        {
            return false;
        }
        self.site(site);
        self.t.streams.push(StreamSpec::new(site, name, 1));
        true
    }

    fn streams_at(&self, site: &str) -> Vec<String> {
        self.t
            .streams
            .iter()
            .filter(|s| s.site == site)
            .map(|s| s.name.clone())
            .collect()
    }

    /// Adds the hop unless one already joins these two streams; true if added.
    fn hop(&mut self, flow: &Flow, from: &str, to: &str) -> bool {
        let id = format!("{}/{from}->{}/{to}", flow.source, flow.target);
        if self.t.hops.iter().any(|h| h.id == id) {
            return false;
        }
        self.stream(&flow.source, from);
        self.stream(&flow.target, to);
        self.t.hops.push(HopSpec {
            id,
            from: StreamRef {
                site: flow.source.clone(),
                stream: from.into(),
            },
            to: StreamRef {
                site: flow.target.clone(),
                stream: to.into(),
            },
            options: HopOptions {
                product: product_preset(flow).map(PresetId::name),
                ..flow.options.clone()
            },
        });
        true
    }
}

/// The topology the estate describes; what had to be approximated goes to `report`.
pub fn topology(estate: &Estate, report: &mut Report) -> Topology {
    let mut b = Builder::default();
    for c in &estate.clusters {
        b.site(&c.name);
    }
    let mut origins = estate.origins.clone();
    for f in estate.flows.iter().filter(|f| f.pairs.is_empty()) {
        for p in &f.selector.include {
            let name = selector::representative(p);
            if !selector::is_literal(p) {
                report.approximate(format!(
                    "{}: {} -> {} selects topics by the pattern '{p}'; the model draws one stream '{name}' for every topic it matches",
                    f.file, f.source, f.target
                ));
            }
            // `A.orders` under prefixed naming is A's copy, not a topic of its own.
            let remote = matches!(f.naming, Naming::Prefixed { .. })
                && name
                    .split_once('.')
                    .is_some_and(|(a, _)| estate.clusters.iter().any(|c| c.name == a));
            if !remote
                && f.selector.selects(&name)
                && !origins.contains(&(f.source.clone(), name.clone()))
            {
                origins.push((f.source.clone(), name));
            }
        }
    }
    for (site, name) in &origins {
        b.stream(site, name);
    }
    for f in &estate.flows {
        b.site(&f.source);
        b.site(&f.target);
        for (from, to) in &f.pairs {
            b.hop(f, from, to);
        }
    }
    follow_chains(&mut b, estate, report);
    for (site, name) in &origins {
        b.t.writers.push(WriterSpec::new(
            &format!("{site}/{name} writer"),
            site,
            name,
            PLACEHOLDER_RATE_PER_SEC,
        ));
    }
    for (site, name, ms) in &estate.max_ages {
        if let Some(s) =
            b.t.streams
                .iter_mut()
                .find(|s| &s.site == site && &s.name == name)
        {
            s.retention.max_age_ms = Some(*ms);
        }
    }
    if !origins.is_empty() {
        report.approximate(format!(
            "the files say nothing about traffic: each stream that takes its own writes has a placeholder writer at {PLACEHOLDER_RATE_PER_SEC} records/s, and every stream one part"
        ));
    }
    b.t
}

/// Copies of copies: each round lets every pattern flow select what the last round
/// created at its source, until nothing new appears (names only grow along alias
/// chains that never repeat the target, so this ends; the stream cap ends it anyway).
fn follow_chains(b: &mut Builder, estate: &Estate, report: &mut Report) {
    let pattern_flows: Vec<&Flow> = estate.flows.iter().filter(|f| f.pairs.is_empty()).collect();
    for _round in 0..=estate.clusters.len() + 1 {
        let mut added = false;
        for f in &pattern_flows {
            for name in b.streams_at(&f.source) {
                if !f.selector.selects(&name) || skips_as_cycle(f, &name) {
                    continue;
                }
                if b.t.streams.len() >= MAX_STREAMS {
                    report.approximate(format!(
                        "copies of copies stopped at {MAX_STREAMS} streams, the model's limit"
                    ));
                    return;
                }
                let to = f.naming.remote(&f.source, &name);
                added |= b.hop(f, &name, &to);
            }
        }
        if !added {
            return;
        }
    }
    report.approximate(format!(
        "copies of copies still grow after {} rounds (names like A.B.B.topic: an identity-named flow feeds a prefixed one back); the model stops there",
        estate.clusters.len() + 2
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_alias_chain_rule_is_mirrormaker_s() {
        assert!(alias_chain_names("B.A.orders", "A", "."));
        assert!(alias_chain_names("A.orders", "A", "."));
        assert!(!alias_chain_names("orders", "A", "."));
        assert!(!alias_chain_names("B.orders", "A", "."));
        // The policy's own separator: with "_", "A.orders" names no alias.
        assert!(alias_chain_names("B_A_orders", "A", "_"));
        assert!(!alias_chain_names("A.orders", "A", "_"));
    }
}
