//! The runbook's steps in a real copier's own words, where a hop's preset (or an import,
//! through `HopOptions::product`) says which copier it is. The words live with each
//! product (`hoplab_copiers::products::<product>::runbook`); here, which copier a hop is.

use crate::designer::presets;
use hoplab_copiers::products::runbook::{self, Ends, Runbook};
use hoplab_model::spec::{HopSpec, Topology};

/// A real copier whose words the runbook knows.
pub type Copier = &'static Runbook;

/// The copier a hop says it is: its `product`, else the preset its options match.
pub fn of_hop(h: &HopSpec) -> Option<Copier> {
    match hoplab_copiers::PresetId::of(&h.options) {
        Some(p) => runbook::of_preset(p),
        None => presets::matching_exactly(&h.options).and_then(|p| runbook::of_preset(p.id)),
    }
}

/// Whether the design already copies from `from` to `to` with this copier.
fn has_flow(t: &Topology, from: &str, to: &str, copier: Copier) -> bool {
    t.hops.iter().any(|h| {
        h.from.site == from && h.to.site == to && of_hop(h).is_some_and(|c| std::ptr::eq(c, copier))
    })
}

/// Steps of the switch itself, in the copier's words.
pub fn failover(h: &HopSpec, copier: Copier) -> Vec<String> {
    (copier.failover)(&Ends::of(h))
}

/// Coming back, in the copier's words; `None` where the general steps say it.
pub fn failback(h: &HopSpec, copier: Copier, t: &Topology) -> Option<Vec<String>> {
    let steps = copier.failback?;
    let ends = Ends::of(h);
    let reverse_exists = has_flow(t, &ends.b, &ends.a, copier);
    Some(steps(&ends, reverse_exists))
}
