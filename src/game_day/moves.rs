//! The operator's moves a drill offers, as the page's buttons: read a copier's lag, fence
//! a site, promote a mirror, move each writer, move each reader group with a resume rule.
//! Each is a model command, stamped with its time after the fault when made.

use hoplab_model::spec::{Command, HopKind, ResumeRule, Topology};

/// What a move works on, for the menu's headings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Look,
    Fence,
    Promote,
    MoveWriter,
    MoveReader,
    /// Starts a copy out of the site taking over (the copy back, for the failback).
    StartCopyBack,
    /// Re-publishes what a promoted mirror never copied (the failback after a partition).
    Reconcile,
}

/// One button of the menu.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveChoice {
    pub kind: MoveKind,
    /// What the button says.
    pub label: String,
    /// The command it sends; a reader group's carries the rule chosen beside it.
    pub command: Command,
}

/// Every move of the drill on `estate`, failing over to `to`, in the order a runbook
/// would take them; `old_site_returns` adds the failback step for the records the old
/// site took that never crossed.
pub fn menu(estate: &Topology, to: &str, old_site_returns: bool) -> Vec<MoveChoice> {
    let mut out = Vec::new();
    for h in estate.hops.iter().filter(|h| h.to.site == to) {
        out.push(MoveChoice {
            kind: MoveKind::Look,
            label: format!("Read {}’s lag", h.id),
            command: Command::CheckLag { hop: h.id.clone() },
        });
    }
    for s in estate.sites.iter().filter(|s| s.name != to) {
        out.push(MoveChoice {
            kind: MoveKind::Fence,
            label: format!("Fence {}", s.name),
            command: Command::FenceSite {
                site: s.name.clone(),
            },
        });
    }
    for h in estate
        .hops
        .iter()
        .filter(|h| h.to.site == to && h.options.kind == HopKind::Mirror)
    {
        out.push(MoveChoice {
            kind: MoveKind::Promote,
            label: format!("Promote mirror {}", h.id),
            command: Command::Promote { hop: h.id.clone() },
        });
    }
    for w in estate.writers.iter().filter(|w| w.site != to) {
        out.push(MoveChoice {
            kind: MoveKind::MoveWriter,
            label: format!("Move writer {} to {to}", w.id),
            command: Command::MoveWriter {
                writer: w.id.clone(),
                site: to.into(),
            },
        });
    }
    for r in estate.readers.iter().filter(|r| r.site != to) {
        out.push(MoveChoice {
            kind: MoveKind::MoveReader,
            label: format!("Move reader group {} to {to}", r.id),
            command: Command::MoveReader {
                reader: r.id.clone(),
                site: to.into(),
                rule: ResumeRule::PositionMap,
            },
        });
    }
    let mirrors_in = |h: &&hoplab_model::spec::HopSpec| {
        old_site_returns && h.to.site == to && h.options.kind == HopKind::Mirror
    };
    for h in estate.hops.iter().filter(mirrors_in) {
        out.push(MoveChoice {
            kind: MoveKind::Reconcile,
            label: format!("Re-publish on {to} what {} never copied", h.id),
            command: Command::Reconcile { hop: h.id.clone() },
        });
    }
    for h in estate.hops.iter().filter(|h| h.from.site == to) {
        out.push(MoveChoice {
            kind: MoveKind::StartCopyBack,
            label: format!("Start copier {} ({to} to {})", h.id, h.to.site),
            command: Command::StartHop { hop: h.id.clone() },
        });
    }
    out
}

/// `command` with the resume rule chosen for it (a reader group's move only).
pub fn with_rule(command: &Command, chosen: ResumeRule) -> Command {
    match command {
        Command::MoveReader { reader, site, .. } => Command::MoveReader {
            reader: reader.clone(),
            site: site.clone(),
            rule: chosen,
        },
        other => other.clone(),
    }
}

/// A resume rule in words, for the rule chooser.
pub fn rule_words(rule: ResumeRule) -> &'static str {
    match rule {
        ResumeRule::RawNumber => "the same position number",
        ResumeRule::PositionMap => "the copier’s position map",
        ResumeRule::Timestamp => "the last timestamp read",
        ResumeRule::Start => "the oldest record",
        ResumeRule::End => "the end (new records only)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_menu_of_a_mirrored_estate_runs_from_a_look_to_the_reader_groups() {
        let c = hoplab_model::challenge::find("failover-drill").unwrap();
        let kinds: Vec<MoveKind> = menu(&c.reference, "standby", false)
            .iter()
            .map(|m| m.kind)
            .collect();
        assert_eq!(
            kinds,
            [
                MoveKind::Look,
                MoveKind::Fence,
                MoveKind::Promote,
                MoveKind::MoveWriter,
                MoveKind::MoveReader
            ]
        );
        let reader = &menu(&c.reference, "standby", false)[4];
        assert_eq!(
            with_rule(&reader.command, ResumeRule::End),
            Command::MoveReader {
                reader: "settle".into(),
                site: "standby".into(),
                rule: ResumeRule::End
            }
        );
    }

    #[test]
    fn a_copy_out_of_the_site_taking_over_can_be_started() {
        let c = hoplab_model::challenge::find("failover-drill").unwrap();
        let mut estate = c.reference.clone();
        let mut back = estate.hops[0].clone();
        back.id = "payments-back".into();
        std::mem::swap(&mut back.from, &mut back.to);
        estate.hops.push(back);
        let last = menu(&estate, "standby", false).pop().unwrap();
        assert_eq!(last.kind, MoveKind::StartCopyBack);
        assert_eq!(
            last.command,
            Command::StartHop {
                hop: "payments-back".into()
            }
        );
    }

    #[test]
    fn a_drill_whose_old_site_returns_offers_the_failback_step() {
        let c = hoplab_model::challenge::find("split-brain-drill").unwrap();
        let returns = hoplab_model::challenge::old_site_returns(&c);
        let menu = menu(&c.reference, "standby", returns);
        let step = menu.iter().find(|m| m.kind == MoveKind::Reconcile).unwrap();
        assert_eq!(
            step.command,
            Command::Reconcile {
                hop: "orders-link".into()
            }
        );
        let lost = hoplab_model::challenge::find("failover-drill").unwrap();
        assert!(!hoplab_model::challenge::old_site_returns(&lost));
    }

    #[test]
    fn a_copy_that_renumbers_offers_no_promote() {
        let c = hoplab_model::challenge::find("translate-drill").unwrap();
        assert!(!menu(&c.reference, "standby", false)
            .iter()
            .any(|m| m.kind == MoveKind::Promote));
    }
}
