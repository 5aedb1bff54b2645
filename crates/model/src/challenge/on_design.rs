//! A drill on any design: one site is lost, the estate fails over to another, with the
//! requirements every failover shares and, as the best moves, the failover the design's
//! runbook takes (the grader's own `fail_over`, made from 90 s after the loss, once the
//! alert has paged the on-call).

use super::drill::{Drill, FlawedMoves};
use super::{Challenge, Fault, GradeError, Measure, Requirement};
use crate::spec::{Command, HopKind, ResumeRule, TimedCommand, Topology};
use crate::time::Millis;

/// The fault strikes between these times (ms), as in the shipped drills.
const FAULT_BETWEEN_MS: [Millis; 2] = [60_000, 120_000];
/// Long enough to see a human-run failover through to its committed recovery time.
const DURATION_MS: Millis = 1_200_000;

/// The drill of losing `lost` and failing over to `to` on `design`.
pub fn drill_on(design: &Topology, lost: &str, to: &str) -> Result<Challenge, GradeError> {
    let known = |s: &str| design.sites.iter().any(|x| x.name == s);
    if !known(lost) || !known(to) {
        return Err(GradeError(format!(
            "the design has no site '{}': pick sites it has",
            if known(lost) { to } else { lost }
        )));
    }
    if lost == to {
        return Err(GradeError(
            "the site lost and the site failed over to must differ".into(),
        ));
    }
    let moves_away = design.writers.iter().any(|w| w.site == lost)
        || design.readers.iter().any(|r| r.site == lost);
    if !moves_away {
        return Err(GradeError(format!(
            "no writer or reader group is at {lost}: losing it leaves nothing to fail over"
        )));
    }
    Ok(Challenge {
        id: "custom".into(),
        title: format!("Game day on your design: {lost} is lost"),
        level: "senior".into(),
        brief: format!(
            "Your design is running. At a moment you do not choose, site {lost} is lost with everything on it. Fail over to {to}: every writer and reader group working there within 15 minutes (the alert pages you a minute after the loss, and each move takes the time its real mechanism takes), no group skipping a record, at most five seconds of acknowledged records lost, and nothing written at two sites at once."
        ),
        may_add: format!("Your moves, each at a time after the loss: read a copier's lag, fence a site, promote a mirror, move each writer and each reader group to {to}."),
        cards: vec!["rto-readers".into(), "failover-preconditions".into(), "reader-resume".into(), "rehearsal".into()],
        seeds: 5,
        duration_ms: DURATION_MS,
        givens: design.clone(),
        faults: vec![Fault::LoseSite {
            site: lost.into(),
            to: to.into(),
            between_ms: FAULT_BETWEEN_MS,
            fail_over_ms: 5_000,
        }],
        requirements: requirements(design, lost, to),
        reference: design.clone(),
        reference_why: String::new(),
        drill: Some(Drill {
            to: to.into(),
            best_moves: runbook_moves(design, lost, to),
            best_why: "The moves your design's runbook takes: read the copy's lag, promote any mirror so that the target takes writes, move each reader group by its planned rule (or the rule its copy allows) before new writes arrive, then each writer.".into(),
            flawed: Vec::<FlawedMoves>::new(),
        }),
        links: own_links(design),
        allowed_hops: Vec::new(),
    })
}

fn requirement(
    id: String,
    says: String,
    measure: Measure,
    at_most: f64,
    card: &str,
    hint: &str,
) -> Requirement {
    Requirement {
        id,
        says,
        measure,
        at_most: Some(at_most),
        at_least: None,
        card: card.into(),
        hint: hint.into(),
    }
}

fn requirements(design: &Topology, lost: &str, to: &str) -> Vec<Requirement> {
    let mut out = vec![requirement(
        "rto".into(),
        format!("every writer and reader group working on {to} within 15 minutes of the loss"),
        Measure::RtoSeconds {
            on: Some(to.into()),
        },
        900.0,
        "rto-readers",
        "The clock runs until the last reader group is back within a second of the end.",
    )];
    for r in design.readers.iter().filter(|r| r.site == lost) {
        out.push(requirement(
            format!("no-skip-{}", r.id),
            format!("{} skips no record", r.id),
            Measure::Gap {
                group: Some(r.id.clone()),
            },
            0.0,
            "reader-resume",
            "Resuming at the end skips what the group had not reached.",
        ));
    }
    out.push(requirement(
        "rpo".into(),
        "at most 5 s of acknowledged records lost".into(),
        Measure::RpoSeconds,
        5.0,
        "rpo-floor",
        "What the copier had not carried is gone whatever you do.",
    ));
    out.push(requirement(
        "no-split".into(),
        "no record written at two sites at once".into(),
        Measure::SplitWrites,
        0.0,
        "single-writer-streams",
        "A site that may answer again is fenced before its writers move.",
    ));
    out
}

/// Read the lag, promote mirrors into `to`, move the reader groups, then the writers.
fn runbook_moves(design: &Topology, lost: &str, to: &str) -> Vec<TimedCommand> {
    let at = |at_ms: Millis, command: Command| TimedCommand { at_ms, command };
    let into_to: Vec<_> = design
        .hops
        .iter()
        .filter(|h| h.from.site == lost && h.to.site == to)
        .collect();
    let mut out: Vec<TimedCommand> = into_to
        .iter()
        .map(|h| at(90_000, Command::CheckLag { hop: h.id.clone() }))
        .collect();
    out.extend(
        into_to
            .iter()
            .filter(|h| h.options.kind == HopKind::Mirror)
            .map(|h| at(93_000, Command::Promote { hop: h.id.clone() })),
    );
    for r in design.readers.iter().filter(|r| r.site == lost) {
        let copy = into_to.iter().find(|h| h.from.stream == r.stream);
        let rule = r.planned_resume.unwrap_or(match copy {
            Some(h) if h.options.kind == HopKind::Mirror => ResumeRule::RawNumber,
            Some(h) if h.options.map_every.is_some() => ResumeRule::PositionMap,
            _ => ResumeRule::Timestamp,
        });
        out.push(at(
            94_000,
            Command::MoveReader {
                reader: r.id.clone(),
                site: to.into(),
                rule,
            },
        ));
    }
    for w in design.writers.iter().filter(|w| w.site == lost) {
        out.push(at(
            95_000,
            Command::MoveWriter {
                writer: w.id.clone(),
                site: to.into(),
            },
        ));
    }
    out
}

/// A design's own links, for a game day on it: the first hop between each pair of sites
/// gives the figures (it is the person's estate, so its round trips are theirs).
fn own_links(design: &Topology) -> Vec<super::LinkGiven> {
    let mut links: Vec<super::LinkGiven> = Vec::new();
    for h in &design.hops {
        let pair = [h.from.site.clone(), h.to.site.clone()];
        let known = links
            .iter()
            .any(|l| l.sites == pair || (l.sites[0] == pair[1] && l.sites[1] == pair[0]));
        if !known {
            links.push(super::LinkGiven {
                sites: pair,
                rtt_ms: h.options.rtt_ms,
                rtt_jitter_ms: h.options.rtt_jitter_ms,
                target_write_ms: h.options.target_write_ms,
            });
        }
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drill_on_the_standby_design_passes_with_its_runbook_moves_and_fails_with_none() {
        let c = super::super::find("dr-one-way").unwrap();
        let d = drill_on(&c.reference, "primary", "standby").unwrap();
        let best = &d.drill.as_ref().unwrap().best_moves;
        let v = super::super::grade(&d, &d.reference, best, None).unwrap();
        assert!(v.passed, "{:#?}", v.requirements);
        let v = super::super::grade(&d, &d.reference, &[], None).unwrap();
        let missed: Vec<&str> = v
            .requirements
            .iter()
            .filter(|r| !r.passed)
            .map(|r| r.id.as_str())
            .collect();
        assert_eq!(missed, ["rto"]);
    }

    #[test]
    fn a_drill_on_sites_the_design_lacks_or_with_nothing_to_move_is_refused() {
        let c = super::super::find("dr-one-way").unwrap();
        assert!(drill_on(&c.reference, "nowhere", "standby")
            .unwrap_err()
            .0
            .contains("no site 'nowhere'"));
        assert!(drill_on(&c.reference, "standby", "standby")
            .unwrap_err()
            .0
            .contains("must differ"));
        assert!(drill_on(&c.reference, "standby", "primary")
            .unwrap_err()
            .0
            .contains("nothing to fail over"));
    }
}
