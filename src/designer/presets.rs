//! Product presets for a hop's options: the copiers crate's (`hoplab_copiers::presets`, with
//! their sources and approximations), plus the two things the designer needs on top:
//! recognising which preset a hop's options match, and applying one while keeping the
//! hop's own link settings.

use hoplab_model::spec::hop_option_table::{ForPresets, HOP_OPTIONS};
use hoplab_model::spec::{HopOptions, OriginStamp};

use super::design::Design;
use super::templates;

pub use hoplab_copiers::presets::{all, find, get, Preset, PresetId};

/// The template that shows what a preset is for: a one-way copy for the presets made for
/// disaster recovery, two sites copying both ways for the ones that must stop echoes (with
/// identity names the echo-loop finding shows), a ring for a hop budget.
fn demo_template(p: &Preset) -> &'static str {
    match (p.options.kind, p.options.stamp) {
        (hoplab_model::spec::HopKind::Mirror, _) => "one-way-dr",
        (_, OriginStamp::HopBudget(_)) => "ring-of-three",
        (_, OriginStamp::QualifiedName) => "one-way-dr",
        _ => "active-active",
    }
}

/// A small design whose every hop uses the preset `id`, and the hop to show first.
pub fn demo(id: PresetId) -> Option<(Design, String)> {
    let p = get(id);
    let template = demo_template(&p);
    let mut d = templates::build(template)?;
    for h in &mut d.spec.topology.hops {
        p.apply_to(h);
    }
    // A template's design is named by its title.
    d.spec.name = format!("{}: {}", p.title, d.spec.name.to_lowercase());
    let first = d.spec.topology.hops.first()?.id.clone();
    Some((d, first))
}

/// The preset ids as a URL spells them, for a message about a name that is not one of them.
pub fn ids() -> Vec<&'static str> {
    PresetId::ALL.iter().map(|id| id.as_str()).collect()
}

/// The preset whose options these are, if any: every option a preset sets agrees (the
/// option table says which; the link's own settings, such as the round trip, are not
/// compared). A hop an import marked as a preset's product (`mm2-default`) matches that
/// preset as well as one whose own options name it.
pub fn matching(o: &HopOptions) -> Option<Preset> {
    all().into_iter().find(|p| {
        HOP_OPTIONS
            .iter()
            .all(|d| d.agrees(&p.options, o, &p.id.name()))
    })
}

/// A preset's options, keeping the hop's own link: round trip, jitter, target write, start.
pub fn apply(p: &Preset, current: &HopOptions) -> HopOptions {
    HopOptions {
        rtt_ms: current.rtt_ms,
        rtt_jitter_ms: current.rtt_jitter_ms,
        target_write_ms: current.target_write_ms,
        start_at_ms: current.start_at_ms,
        ..p.options.clone()
    }
}

/// The settings a preset writes, as (option, value) for the page to show: the options
/// the table says presets set, where they do anything (a map's store only with a map).
pub fn settings(p: &Preset) -> Vec<(&'static str, String)> {
    HOP_OPTIONS
        .iter()
        .filter(|d| d.presets == ForPresets::Set && (d.applies)(&p.options))
        .map(|d| (d.id, d.shown(&p.options)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_preset_is_recognised_after_applying_it() {
        for p in all() {
            let o = apply(
                &p,
                &HopOptions {
                    rtt_ms: 90,
                    ..HopOptions::default()
                },
            );
            assert_eq!(o.rtt_ms, 90, "the link stays as it was");
            assert_eq!(matching(&o).map(|m| m.id), Some(p.id));
            assert!(!settings(&p).is_empty());
            assert!(!p.sources.is_empty());
        }
    }

    #[test]
    fn the_map_store_is_part_of_what_a_preset_sets() {
        let p = get(PresetId::Mm2Default);
        assert!(settings(&p)
            .iter()
            .any(|(k, v)| *k == "map_store" && v == "kafka-3.6"));
        let mirror = get(PresetId::OffsetPreservingMirror);
        assert!(settings(&mirror).iter().all(|(k, _)| *k != "map_store"));
        let mut o = apply(&p, &HopOptions::default());
        assert_eq!(matching(&o).map(|m| m.id), Some(PresetId::Mm2Default));
        o.map_store = hoplab_model::spec::MapStore::Kafka350;
        assert_eq!(matching(&o).map(|m| m.id), None);
    }

    #[test]
    fn each_preset_demo_is_valid_uses_the_preset_and_runs() {
        for p in all() {
            let (d, hop) = demo(p.id).unwrap();
            d.spec
                .validate()
                .unwrap_or_else(|e| panic!("{}: {e}", p.id));
            let h = d.topology().hops.iter().find(|h| h.id == hop).unwrap();
            assert_eq!(matching(&h.options).map(|m| m.id), Some(p.id));
            assert!(d.topology().hops.iter().all(|h| h.options == p.options));
            // The whole run, faults included, as the designer's Run button does it.
            let mut job = crate::designer::run::RunJob::start(&d.spec).unwrap();
            let summary = job.advance(u64::MAX).expect("the run ends").clone();
            assert_eq!(summary.stopped, None, "{}", p.id);
            assert!(summary.end.hops.iter().any(|h| h.copied > 0), "{}", p.id);
        }
    }

    #[test]
    fn the_demos_show_what_each_preset_is_about() {
        let codes = |id: PresetId| -> Vec<&str> {
            let (d, _) = demo(id).unwrap();
            hoplab_copiers::design_lint(d.topology())
                .iter()
                .map(|f| f.code.id())
                .collect()
        };
        assert!(codes(PresetId::Mm2Identity).contains(&"echo-loop"));
        for id in [
            PresetId::PulsarReplicatedMarker,
            PresetId::MskReplicatorIdentical,
        ] {
            assert!(!codes(id).contains(&"echo-loop"), "{id}");
        }
        let (ring, _) = demo(PresetId::RabbitmqFederationMaxHops).unwrap();
        assert_eq!(ring.topology().sites.len(), 3);
        let (mirror, _) = demo(PresetId::OffsetPreservingMirror).unwrap();
        assert_eq!(mirror.topology().hops.len(), 1);
    }

    #[test]
    fn identity_loops_and_the_default_policy_does_not() {
        use crate::designer::templates;
        let mut d = templates::build("active-active").unwrap();
        for h in &mut d.spec.topology.hops {
            h.options = apply(&get(PresetId::Mm2Identity), &h.options);
        }
        assert!(hoplab_copiers::design_lint(d.topology())
            .iter()
            .any(|f| f.code == "echo-loop"));
    }
}
