//! How long an operator's move takes before it acts, and when the on-call can first know
//! of a fault. A drill's move is *made* at its time and *takes effect* this long after:
//! a client moves when it has been restarted, not when someone decides it should.
//! The figures are the model's estimates for a prepared team with a runbook; each names
//! the mechanism it stands for, and the page shows it beside the move.

use crate::spec::Command;
use crate::time::Millis;

/// The alert that pages the on-call fires this long after the fault: its rule must hold
/// for a minute (an alert's evaluation window, `for: 1m`), so a blip pages no one.
pub const ALERT_AFTER_MS: Millis = 60_000;

/// A move's delay and what it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTime {
    pub ms: Millis,
    /// The real mechanism, in words ("stop the group, reset its offsets, start it").
    pub how: &'static str,
}

/// How long `command` takes to act, made by an operator; `answers` says whether a site
/// answers when the move is made (a fence through a site that does not answer is a
/// network move, not a product's).
pub fn move_time(command: &Command, answers: impl Fn(&str) -> bool) -> MoveTime {
    let t = |ms, how| MoveTime { ms, how };
    match command {
        Command::CheckLag { .. } => t(0, "a look at the copier's lag on a dashboard"),
        Command::Promote { .. } => t(
            10_000,
            "one admin command on the standby (a mirror's promote or failover, a stream's edit) and its confirmation",
        ),
        Command::FenceSite { site } if answers(site) => t(
            15_000,
            "revoke the writers' access on the old site (its ACLs or listeners), which still answers",
        ),
        Command::FenceSite { .. } => t(
            120_000,
            "no product fences through a cluster it cannot reach: a firewall, load-balancer or DNS change around the site, and its propagation",
        ),
        Command::MoveWriter { .. } => t(
            60_000,
            "change the writers' bootstrap address (or the name it resolves) and restart them, one instance at a time",
        ),
        Command::SetWriterRate { .. } | Command::StopWriter { .. } => t(
            60_000,
            "change the writers' configuration and restart them, one instance at a time",
        ),
        Command::RestartReader { .. } => t(
            30_000,
            "restart the group's instances; its first rebalance waits group.initial.rebalance.delay.ms (3 s by default)",
        ),
        Command::MoveReader { .. } => t(
            30_000,
            "stop the group, reset its offsets (kafka-consumer-groups.sh --reset-offsets --execute), start it; its first rebalance waits group.initial.rebalance.delay.ms (3 s by default)",
        ),
        Command::StartHop { .. } | Command::ResumeHop { .. } | Command::RestartHop { .. } => t(
            30_000,
            "start the copier's connector or link, and its first fetch",
        ),
        Command::StallHop { .. } | Command::TakeBackup { .. } => t(10_000, "one admin command"),
        Command::Reconcile { .. } => t(
            300_000,
            "export the records the old primary took after the mirror's last copy (by position, from the mirror's high-water mark) and produce them on the new primary, checked by a second person",
        ),
        // Faults: the drill's own, never an operator's move (refused before a run).
        Command::LoseSite { .. }
        | Command::CutSite { .. }
        | Command::PartitionSite { .. }
        | Command::RestoreSite { .. }
        | Command::CutLink { .. }
        | Command::HealLink { .. }
        | Command::CompanionDown { .. }
        | Command::CompanionUp { .. } => t(0, "a fault, not a move"),
    }
}

/// In words, for a page or a debrief: "takes about 30 s: stop the group, …".
pub fn move_time_words(m: MoveTime) -> String {
    if m.ms == 0 {
        format!("acts at once: {}", m.how)
    } else {
        format!("takes about {} s: {}", m.ms / 1000, m.how)
    }
}

/// Whether `site` answers at `t`, by the faults on `timeline` up to then (a site lost stays
/// lost; one not answering or partitioned answers again when restored; a partitioned
/// site answers its own clients, never an operator on the other side).
pub fn answers_at(timeline: &[crate::spec::TimedCommand], site: &str, t: Millis) -> bool {
    let mut answers = true;
    for c in timeline.iter().filter(|c| c.at_ms <= t) {
        match &c.command {
            Command::LoseSite { site: s } if s == site => return false,
            Command::CutSite { site: s } | Command::PartitionSite { site: s } if s == site => {
                answers = false
            }
            Command::RestoreSite { site: s } if s == site => answers = true,
            _ => {}
        }
    }
    answers
}
