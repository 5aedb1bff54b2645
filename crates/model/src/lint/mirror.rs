//! Lint rules for offset-preserving mirrors: a mirror's target must be an empty part
//! that nothing else writes, or the copies cannot keep their source positions.

use super::{Code, Finding, Subject};
use crate::spec::{qualified_target, HopKind, Topology};

/// Appends one finding per broken mirror rule, hop by hop in file order.
pub(super) fn mirror_rules(t: &Topology, out: &mut Vec<Finding>) {
    for (i, h) in t.hops.iter().enumerate() {
        if h.options.kind != HopKind::Mirror {
            continue;
        }
        let target = &h.to;
        let at = format!("{}/{}", target.site, target.stream);
        for w in t
            .writers
            .iter()
            .filter(|w| w.site == target.site && w.stream == target.stream)
        {
            out.push(Finding {
                code: Code::MirrorTargetWritten,
                message: format!(
                    "writer {} publishes to {at}, which mirror {} keeps read-only until it is promoted: every publish is refused; write at the source, and promote only once its writers have stopped",
                    w.id, h.id
                ),
                subjects: vec![Subject::Writer(w.id.clone())],
                card: "single-writer-streams",
            });
        }
        let declared = t
            .streams
            .iter()
            .find(|s| s.site == target.site && s.name == target.stream);
        if let Some(s) = declared.filter(|s| s.start_position > 0) {
            out.push(Finding {
                code: Code::MirrorIntoNonEmpty,
                message: format!(
                    "mirror {} copies into {at}, which already numbers from {}: the copies cannot keep their source positions; mirror into a new, empty stream",
                    h.id, s.start_position
                ),
                subjects: vec![Subject::Hop(h.id.clone())],
                card: "position-map",
            });
        }
        let others: Vec<&str> = t
            .hops
            .iter()
            .enumerate()
            .filter(|&(j, o)| j != i && qualified_target(o) == *target)
            .map(|(_, o)| o.id.as_str())
            .collect();
        if !others.is_empty() {
            out.push(Finding {
                code: Code::MirrorTargetShared,
                message: format!(
                    "mirror {} copies into {at}, which hop {} also writes: two sources cannot both keep their positions in one part; give each its own target",
                    h.id,
                    others.join(", ")
                ),
                subjects: vec![Subject::Hop(h.id.clone())],
                card: "single-writer-streams",
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::lint;
    use crate::spec::kit::*;
    use crate::spec::{HopKind, HopOptions, Topology};

    fn mirror() -> HopOptions {
        HopOptions {
            kind: HopKind::Mirror,
            map_every: None,
            ..HopOptions::default()
        }
    }

    fn topology() -> Topology {
        Topology {
            sites: sites(&["A", "B", "C"]),
            streams: vec![
                stream("A", "s", 1),
                stream("B", "s", 1),
                stream("C", "s", 1),
            ],
            hops: vec![hop("m", at("A", "s"), at("B", "s"), mirror())],
            writers: vec![writer("w", "A", "s", 10.0)],
            ..Topology::default()
        }
    }

    fn codes(t: &Topology) -> Vec<&'static str> {
        lint(t).into_iter().map(|f| f.code.id()).collect()
    }

    #[test]
    fn a_clean_mirror_has_no_findings_and_needs_no_map() {
        assert!(codes(&topology()).is_empty(), "{:?}", lint(&topology()));
    }

    #[test]
    fn a_local_writer_on_the_target_is_named_with_its_card() {
        let mut t = topology();
        t.writers.push(writer("local", "B", "s", 10.0));
        let f = lint(&t);
        let hit = f
            .iter()
            .find(|f| f.code == "mirror-target-written")
            .unwrap();
        assert_eq!(
            (hit.subject().as_str(), hit.card),
            ("local", "single-writer-streams")
        );
    }

    #[test]
    fn a_target_that_already_numbers_high_is_refused() {
        let mut t = topology();
        t.streams[1].start_position = 5_000;
        let f = lint(&t);
        let hit = f
            .iter()
            .find(|f| f.code == "mirror-into-non-empty")
            .unwrap();
        assert_eq!(hit.card, "position-map");
        assert!(hit.message.contains("5000"), "{}", hit.message);
    }

    #[test]
    fn a_second_hop_into_the_target_is_named() {
        let mut t = topology();
        t.hops.push(hop(
            "other",
            at("C", "s"),
            at("B", "s"),
            HopOptions::default(),
        ));
        let f = lint(&t);
        let hit = f.iter().find(|f| f.code == "mirror-target-shared").unwrap();
        assert!(hit.message.contains("other"), "{}", hit.message);
        assert_eq!(hit.card, "single-writer-streams");
    }
}
