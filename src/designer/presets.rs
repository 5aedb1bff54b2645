//! Product presets for a hop's options: the model's own (`hoplab_model::presets`, with
//! their sources and approximations), plus the two things the designer needs on top:
//! recognising which preset a hop's options match, and applying one while keeping the
//! hop's own link settings.

use hoplab_model::spec::{HopOptions, OriginStamp};

pub use hoplab_model::presets::{all, get, Preset};

/// The preset whose options these are, if any (settings a preset leaves to the link,
/// such as the round trip, are not compared).
pub fn matching(o: &HopOptions) -> Option<Preset> {
    all().into_iter().find(|p| {
        let want = &p.options;
        want.kind == o.kind
            && want.stamp == o.stamp
            && (o.stamp != OriginStamp::Marker || want.forward_only_local == o.forward_only_local)
            && want.map_every == o.map_every
            && want.checkpoint_every_ms == o.checkpoint_every_ms
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

pub fn stamp_id(s: OriginStamp) -> String {
    match s {
        OriginStamp::None => "none".into(),
        OriginStamp::Marker => "marker".into(),
        OriginStamp::QualifiedName => "qualified-name".into(),
        OriginStamp::HopBudget(n) => format!("hop-budget {n}"),
    }
}

/// The settings a preset writes, as (option, value) for the page to show.
pub fn settings(p: &Preset) -> Vec<(&'static str, String)> {
    let o = &p.options;
    vec![
        ("kind", format!("{:?}", o.kind).to_lowercase()),
        ("stamp", stamp_id(o.stamp)),
        ("forward_only_local", o.forward_only_local.to_string()),
        (
            "map_every",
            o.map_every.map_or("none".into(), |n| n.to_string()),
        ),
        (
            "checkpoint_every_ms",
            o.checkpoint_every_ms
                .map_or("none (live position)".into(), |n| n.to_string()),
        ),
    ]
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
    fn identity_loops_and_the_default_policy_does_not() {
        use crate::designer::templates;
        let mut d = templates::build("active-active").unwrap();
        for h in &mut d.spec.topology.hops {
            h.options = apply(&get("mm2-identity").unwrap(), &h.options);
        }
        assert!(hoplab_model::lint(d.topology())
            .iter()
            .any(|f| f.code == "echo-loop"));
    }
}
