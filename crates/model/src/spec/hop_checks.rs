//! Checks a hop's kind and stamp against what the kind can do: an offset-preserving
//! mirror copies every record of a part as it is, so it cannot filter, re-partition,
//! restamp or rename; a hop budget of zero would forward nothing; a synchronous hop
//! (`ack: far-copy-durable`) cannot filter.

use super::{Ack, HopKind, HopSpec, OriginStamp, PartMapping, SpecError, StreamSpec, Timestamps};

/// `field` is the hop's path, e.g. `topology.hops[0]`.
pub(super) fn check(
    field: &str,
    h: &HopSpec,
    src: &StreamSpec,
    dst: &StreamSpec,
) -> Result<(), SpecError> {
    let o = &h.options;
    if o.stamp == OriginStamp::HopBudget(0) {
        return Err(SpecError::new(
            format!("{field}.options.stamp.hop-budget"),
            "must be at least 1: a budget of 0 forwards nothing",
        ));
    }
    if o.ack == Ack::FarCopyDurable && !o.filter.drop_writers.is_empty() {
        return Err(SpecError::new(
            format!("{field}.options.filter.drop_writers"),
            "a hop that acknowledges writers only once the far copy is durable copies every \
             record: a filtered writer would never be acknowledged",
        ));
    }
    if o.kind != HopKind::Mirror {
        return Ok(());
    }
    let why = |what: &str, problem: &str| {
        Err(SpecError::new(
            format!("{field}.options.{what}"),
            format!("a mirror copies every record as it is, so {problem}"),
        ))
    };
    if !o.filter.drop_writers.is_empty() {
        return why("filter.drop_writers", "it cannot filter");
    }
    if o.mapping != PartMapping::OneToOne {
        return why("mapping", "it needs one-to-one");
    }
    if o.timestamps != Timestamps::KeepSource {
        return why("timestamps", "it keeps the source's timestamps");
    }
    if o.stamp != OriginStamp::None {
        return why("stamp", "it adds no stamp (use none)");
    }
    if src.parts != dst.parts {
        return Err(SpecError::new(
            format!("{field}.to.stream"),
            format!(
                "a mirror needs as many parts as its source: '{}' has {}, '{}' has {}",
                src.name, src.parts, dst.name, dst.parts
            ),
        ));
    }
    Ok(())
}
