//! A failover runbook drawn from the design and (when there is one) its run: the checks
//! before a switch, the companions the publish path needs, how each reader group resumes
//! and what that cost in the run, failback, and a rehearsal checklist of stated against
//! measured figures. Built as data, then written as Markdown or drawn by the page.

mod document;
mod sections;
pub mod terms;

use super::design::Design;
use super::run::RunSummary;
pub use document::{Runbook, Section, Table};
use hoplab_model::Finding;
use sections::{
    companion_inventory, copier_steps, failback, failover_steps, preconditions, reader_groups,
    recovery_point_floor, rehearsal_checklist,
};
pub use terms::Copier;

pub fn build(d: &Design, findings: &[Finding], run: Option<&RunSummary>) -> Runbook {
    let t = d.topology();
    let name = if d.spec.name.trim().is_empty() {
        "this design"
    } else {
        d.spec.name.as_str()
    };
    let mut sections = vec![preconditions(t, findings), companion_inventory(t)];
    sections.extend(run.and_then(recovery_point_floor));
    sections.push(reader_groups(t, run));
    sections.extend(failover_steps(d));
    sections.extend(copier_steps(t));
    sections.push(failback(t));
    sections.push(rehearsal_checklist(t, run));
    Runbook {
        title: format!("Failover runbook: {name}"),
        sections,
    }
}

/// Escapes Markdown's active characters so a name is shown, not interpreted.
pub fn md_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '!' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

pub fn to_markdown(r: &Runbook) -> String {
    let mut o = format!("# {}\n", md_escape(&r.title));
    for s in &r.sections {
        o.push_str(&format!("\n## {}\n\n", md_escape(&s.heading)));
        for i in &s.items {
            o.push_str(&format!("- [ ] {}\n", md_escape(i)));
        }
        if let Some(t) = &s.table {
            if !s.items.is_empty() {
                o.push('\n');
            }
            let line = |cells: &[String]| {
                format!(
                    "| {} |\n",
                    cells
                        .iter()
                        .map(|c| md_escape(c))
                        .collect::<Vec<_>>()
                        .join(" | ")
                )
            };
            o.push_str(&line(&t.head));
            o.push_str(&format!("|{}\n", "---|".repeat(t.head.len())));
            for r in &t.rows {
                o.push_str(&line(r));
            }
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::designer::presets::PresetId;
    use crate::designer::run::RunJob;
    use crate::designer::templates;

    fn with_run(id: &str) -> (Design, Runbook) {
        let d = templates::build(id).unwrap();
        let mut job = RunJob::start(&d.spec).unwrap();
        let summary = loop {
            if let Some(s) = job.advance(50_000) {
                break s.clone();
            }
        };
        let f = hoplab_copiers::design_lint(d.topology());
        let rb = build(&d, &f, Some(&summary));
        (d, rb)
    }

    #[test]
    fn the_runbook_names_the_tail_companions_and_resume_figures() {
        let (_, rb) = with_run("one-way-dr");
        let md = to_markdown(&rb);
        let headings: Vec<&str> = rb.sections.iter().map(|s| s.heading.as_str()).collect();
        for h in [
            "Preconditions",
            "Companion inventory",
            "Recovery-point floor (measured)",
            "Reader groups: resume rules",
            "Failback",
            "Rehearsal checklist",
        ] {
            assert!(headings.contains(&h), "{h} in {headings:?}");
        }
        assert!(md.contains("uncopied tail"));
        assert!(md.contains("contracts"));
        assert!(md.contains("position-map (used)"));
        assert!(md.contains("| figure | stated by the design | measured in the run |"));
    }

    #[test]
    fn a_mirrormaker_estate_s_runbook_points_at_the_resume_check() {
        let mut d = templates::build("one-way-dr").unwrap();
        let f = hoplab_copiers::design_lint(d.topology());
        assert!(!to_markdown(&build(&d, &f, None)).contains("/resume"));
        let mut t = d.topology().clone();
        for h in &mut t.hops {
            h.options.product = Some(hoplab_copiers::PresetId::Mm2Default.name());
        }
        d.spec.topology = t;
        assert!(to_markdown(&build(&d, &f, None)).contains("/resume page (or hoplab resume)"));
    }

    #[test]
    fn without_a_run_the_measured_column_says_so() {
        let d = templates::build("active-active").unwrap();
        let rb = build(&d, &[], None);
        assert!(to_markdown(&rb).contains("not run yet"));
    }

    fn section<'a>(rb: &'a Runbook, heading: &str) -> Option<&'a Section> {
        rb.sections.iter().find(|s| s.heading == heading)
    }

    /// Every check-list item, as written (Markdown escapes `>` and backquotes).
    fn items(rb: &Runbook) -> String {
        let all: Vec<&str> = rb
            .sections
            .iter()
            .flat_map(|s| s.items.iter().map(String::as_str))
            .collect();
        all.join("\n")
    }

    #[test]
    fn a_mirrormaker_2_design_fails_back_in_mirrormaker_2_s_terms() {
        let (d, _) = crate::designer::presets::demo(PresetId::Mm2Default).unwrap();
        let rb = build(&d, &[], None);
        let md = items(&rb);
        let steps = section(&rb, "Failover in the copiers' terms").expect("product steps");
        assert!(steps.items[0].contains("DefaultReplicationPolicy"), "{md}");
        for words in [
            "is the topic primary.orders at standby",
            "primary.checkpoints.internal at standby",
            "RemoteClusterUtils.translateOffsets",
            "sync.group.offsets.enabled",
            "will not copy standby/primary.orders back to primary",
            "reverse flow standby->primary",
            "as standby.orders at primary",
            "read both orders and standby.orders",
            "add it",
        ] {
            assert!(md.contains(words), "{words}: {md}");
        }
        let back = section(&rb, "Failback").unwrap();
        assert!(
            !back
                .items
                .iter()
                .any(|i| i.starts_with("Set up the reverse copy")),
            "{:?}",
            back.items
        );
        // Both ways already: the reverse flow is there.
        let mut both = templates::build("active-active").unwrap();
        let p = crate::designer::presets::get(PresetId::Mm2Default);
        for h in &mut both.spec.topology.hops {
            p.apply_to(h);
        }
        let md = items(&build(&both, &[], None));
        assert!(md.contains("the design already has it"), "{md}");
    }

    #[test]
    fn a_plain_design_has_no_product_words() {
        let d = templates::build("one-way-dr").unwrap();
        let rb = build(&d, &[], None);
        let md = to_markdown(&rb);
        assert!(section(&rb, "Failover in the copiers' terms").is_none());
        for words in [
            "MirrorMaker",
            "checkpoints.internal",
            "JetStream",
            "RabbitMQ",
        ] {
            assert!(!md.contains(words), "{words}: {md}");
        }
        assert!(md.contains("Set up the reverse copy standby/primary.orders to primary"));
    }

    #[test]
    fn a_mirror_that_keeps_numbers_is_not_told_to_translate_positions_back() {
        for preset in [
            PresetId::OffsetPreservingMirror,
            PresetId::KafkaClusterMirror,
        ] {
            let (d, _) = crate::designer::presets::demo(preset).unwrap();
            let back = section(&build(&d, &[], None), "Failback")
                .expect("failback")
                .items
                .join("\n");
            assert!(
                !back.contains("Translate every reader group"),
                "{preset}: {back}"
            );
            assert!(back.contains("keep their numbers"), "{preset}: {back}");
        }
        let (d, _) = crate::designer::presets::demo(PresetId::Mm2Default).unwrap();
        let back = section(&build(&d, &[], None), "Failback")
            .unwrap()
            .items
            .join("\n");
        assert!(back.contains("Translate every reader group"), "{back}");
    }

    #[test]
    fn mirrors_federation_and_an_imported_product_use_their_words() {
        let (d, _) = crate::designer::presets::demo(PresetId::OffsetPreservingMirror).unwrap();
        let md = items(&build(&d, &[], None));
        assert!(
            md.contains("read-only mirror") && md.contains("Cluster Linking"),
            "{md}"
        );
        let (d, _) = crate::designer::presets::demo(PresetId::JetstreamMirror).unwrap();
        let md = items(&build(&d, &[], None));
        for words in [
            "with `mirror` removed",
            "nats-server 2.12",
            "stream mirror configuration can not be updated",
            "`opt_start_seq`",
            "$JS.standby.API",
        ] {
            assert!(md.contains(words), "{words}: {md}");
        }
        assert!(!md.contains("Cluster Linking"), "{md}");
        let (d, _) = crate::designer::presets::demo(PresetId::RabbitmqFederationMaxHops).unwrap();
        let md = items(&build(&d, &[], None));
        assert!(
            md.contains("federation-upstream") && md.contains("x-received-from"),
            "{md}"
        );
    }

    #[test]
    fn msk_replicator_has_its_own_words_and_queues_are_not_told_to_translate_positions() {
        let (d, _) = crate::designer::presets::demo(PresetId::MskReplicatorIdentical).unwrap();
        let md = items(&build(&d, &[], None));
        for words in [
            "MSK Replicator",
            "no active consumers",
            "LEGACY",
            "ENHANCED",
            "one replicator copies one way",
        ] {
            assert!(md.contains(words), "{words}: {md}");
        }
        for id in [
            PresetId::RabbitmqFederationMaxHops,
            PresetId::RabbitmqShovel,
        ] {
            let (mut d, _) = crate::designer::presets::demo(id).unwrap();
            // As an import of the broker's definitions marks them.
            for h in &mut d.spec.topology.hops {
                h.options.product = Some(id.name());
            }
            let findings = hoplab_copiers::design_lint(d.topology());
            let md = items(&build(&d, &findings, None));
            assert!(!md.contains("position map"), "{id}: {md}");
            assert!(!md.contains("from the position they had"), "{id}: {md}");
            assert!(md.contains("no positions to translate"), "{id}: {md}");
        }
    }

    #[test]
    fn a_pattern_hop_gets_a_valid_regex_for_its_readers() {
        let (mut d, _) = crate::designer::presets::demo(PresetId::Mm2Default).unwrap();
        for h in &mut d.spec.topology.hops {
            h.from.stream = "*".into();
        }
        let md = items(&build(&d, &[], None));
        assert!(!md.contains(")?*$"), "{md}");
        assert!(md.contains(")?.*$"), "{md}");
    }

    #[test]
    fn names_cannot_break_the_markdown() {
        assert_eq!(md_escape("a|b*<script>"), "a\\|b\\*\\<script\\>");
        let mut d = templates::build("active-active").unwrap();
        d.spec.name = "# evil | name\nnext".into();
        let md = to_markdown(&build(&d, &[], None));
        assert!(md.starts_with("# Failover runbook: \\# evil \\| name next\n"));
    }
}
