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

/// The preset whose options these are, if any (`hoplab_copiers::presets::matching`).
pub fn matching(o: &HopOptions) -> Option<Preset> {
    hoplab_copiers::presets::matching(o)
}

/// The preset these options are exactly, intervals included
/// (`hoplab_copiers::presets::matching_exactly`): the runbook's words.
pub fn matching_exactly(o: &HopOptions) -> Option<Preset> {
    hoplab_copiers::presets::matching_exactly(o)
}

/// A preset's options onto a hop's: only what makes the preset changes
/// (`Preset::onto`); the hop's link, start and own limits stay.
pub fn apply(p: &Preset, current: &HopOptions) -> HopOptions {
    p.onto(current)
}

/// `apply`, and the notice that says what it changed and what stayed the hop's own.
pub fn apply_saying(p: &Preset, current: &HopOptions) -> (HopOptions, String) {
    let after = apply(p, current);
    let said = what_changed(p, current, &after);
    (after, said)
}

/// What applying `p` did to options `before` (now `after`), for the page's notice: each
/// option changed, and the ones kept that differ from the preset's own value.
pub fn what_changed(p: &Preset, before: &HopOptions, after: &HopOptions) -> String {
    let mut changed = Vec::new();
    let mut kept = Vec::new();
    for d in HOP_OPTIONS.iter() {
        let (was, now) = (d.shown(before), d.shown(after));
        if was != now {
            changed.push(format!("{} {was} → {now}", d.id));
        } else if (d.presets == ForPresets::Whether || d.id == "heartbeat_every_ms")
            && now != d.shown(&p.options)
        {
            kept.push(format!("{} {now}", d.id));
        }
    }
    let changed = if changed.is_empty() {
        "nothing changed".to_string()
    } else {
        format!("changed {}", changed.join(", "))
    };
    let kept = if kept.is_empty() {
        String::new()
    } else {
        format!("; kept the hop's own {}", kept.join(", "))
    };
    format!("{}: {changed}{kept}.", p.title)
}

/// The settings a preset writes, as (option, value) for the page to show: the options
/// the table says presets set, where they do anything (a map's store only with a map).
pub fn settings(p: &Preset) -> Vec<(&'static str, String)> {
    HOP_OPTIONS
        .iter()
        .filter(|d| {
            matches!(d.presets, ForPresets::Set | ForPresets::Whether) && (d.applies)(&p.options)
        })
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

    /// Issue 57: switching a MirrorMaker 2 file's identity flows to the default policy
    /// changes the stamp only, keeps the file's 30 s checkpoints and heartbeats, and says so.
    #[test]
    fn applying_a_preset_says_what_it_changed_and_what_stayed() {
        let identity = HopOptions {
            checkpoint_every_ms: Some(30_000),
            workers: 4,
            ..get(PresetId::Mm2Identity).options
        };
        let p = get(PresetId::Mm2Default);
        let after = apply(&p, &identity);
        assert_eq!(after.workers, 4);
        assert_eq!(after.heartbeat_every_ms, Some(1_000));
        let said = what_changed(&p, &identity, &after);
        assert!(
            said.starts_with("MirrorMaker 2, default policy: changed stamp "),
            "{said}"
        );
        assert!(
            said.contains("kept the hop's own checkpoint_every_ms 30000"),
            "{said}"
        );
        assert!(
            !said.contains("heartbeat") && !said.contains("workers"),
            "{said}"
        );
        assert_eq!(matching(&after).map(|m| m.id), Some(PresetId::Mm2Default));
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
