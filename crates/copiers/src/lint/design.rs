//! The lint of a design's hops: the model's rules, then each product's over the hops whose
//! options name it, and what every product shares (a link that keeps no positions, a
//! product no preset stands for).

use hoplab_model::spec::Topology;

/// Every finding for a design: the model's own rules and each product's over the hops
/// whose options name it, in one list.
pub fn design_lint(t: &Topology) -> Vec<hoplab_model::Finding> {
    let rules: Vec<hoplab_model::ProductRule> = crate::products::DESIGN_RULES
        .iter()
        .copied()
        .chain([no_positions_to_map as hoplab_model::ProductRule])
        .collect();
    let mut out = hoplab_model::lint_with(t, &rules);
    unknown_products(t, &mut out);
    out
}

/// The model's `no-position-map` holds for stream copiers: it is taken back for hops whose
/// product keeps no positions (a queue broker's federation link or shovel).
fn no_positions_to_map(t: &Topology, out: &mut Vec<hoplab_model::Finding>) {
    let keeps_none = |s: &hoplab_model::Subject| {
        t.hops.iter().any(|h| {
            h.id == s.name()
                && crate::PresetId::of(&h.options)
                    .and_then(crate::products::about_preset)
                    .is_some_and(|a| !a.keeps_positions)
        })
    };
    out.retain(|f| {
        f.code != hoplab_model::Code::NoPositionMap || !f.subjects.iter().all(keeps_none)
    });
}

/// Hops whose options name a product no preset stands for (a hand-edited file): the
/// name is kept, and the hop runs as a copier in general.
fn unknown_products(t: &Topology, out: &mut Vec<hoplab_model::Finding>) {
    use crate::PresetId;
    for h in &t.hops {
        let Some(name) = &h.options.product else {
            continue;
        };
        if PresetId::parse(name.as_str()).is_none() {
            out.push(hoplab_model::Finding {
                code: hoplab_model::Code::Product("unknown-product"),
                message: format!(
                    "hop {} names the product '{name}', which is none of Hoplab's presets ({}): no product's rules or runbook words apply to it, and it runs as a copier in general",
                    h.id,
                    PresetId::ALL.map(PresetId::as_str).join(", ")
                ),
                subjects: hoplab_model::Subject::hops(&[&h.id]),
                card: "rehearsal",
            });
        }
    }
}

/// Pairs of hops naming preset `id` that copy each way between the same two streams.
pub(crate) fn each_way(
    t: &Topology,
    id: crate::PresetId,
) -> Vec<(&hoplab_model::spec::HopSpec, &hoplab_model::spec::HopSpec)> {
    let of_id: Vec<_> = t.hops.iter().filter(|h| hop_is(h, id)).collect();
    let mut pairs = Vec::new();
    for (i, a) in of_id.iter().enumerate() {
        for b in &of_id[i + 1..] {
            if b.from == a.to && b.to == a.from {
                pairs.push((*a, *b));
            }
        }
    }
    pairs
}

/// Whether `h`'s options name the product of preset `id`.
pub(crate) fn hop_is(h: &hoplab_model::spec::HopSpec, id: crate::PresetId) -> bool {
    crate::PresetId::of(&h.options) == Some(id)
}
