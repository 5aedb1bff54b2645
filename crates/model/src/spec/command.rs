//! Commands: faults, failovers and operator actions, applied at a time on the timeline
//! or by a button in the lab.

use crate::time::Millis;
use serde::{Deserialize, Serialize};

/// Where a reader group resumes when moved to another cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResumeRule {
    /// The same position number as before: wrong on purpose, numbers differ per cluster.
    RawNumber,
    /// Translate through the copier's position map (at or before the old place).
    PositionMap,
    /// The first record whose timestamp is at or after the last one processed.
    Timestamp,
    /// The oldest retained record.
    Start,
    /// The end: only records written from now on.
    End,
}

impl ResumeRule {
    pub const ALL: [ResumeRule; 5] = [
        ResumeRule::RawNumber,
        ResumeRule::PositionMap,
        ResumeRule::Timestamp,
        ResumeRule::Start,
        ResumeRule::End,
    ];

    pub fn id(self) -> &'static str {
        match self {
            ResumeRule::RawNumber => "raw-number",
            ResumeRule::PositionMap => "position-map",
            ResumeRule::Timestamp => "timestamp",
            ResumeRule::Start => "start",
            ResumeRule::End => "end",
        }
    }

    pub fn parse(s: &str) -> Option<ResumeRule> {
        Self::ALL.into_iter().find(|r| r.id() == s)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Command {
    /// The site's cluster is gone with everything on it.
    LoseSite {
        site: String,
    },
    /// The site stops answering; its records are still there.
    CutSite {
        site: String,
    },
    /// The site is cut off from every other site while it still answers its own
    /// clients: its writers and reader groups go on there, no copier crosses.
    PartitionSite {
        site: String,
    },
    /// An unreachable or cut-off site answers again; a lost site comes back empty.
    RestoreSite {
        site: String,
    },
    /// The copier stops working (but stays up).
    StallHop {
        hop: String,
    },
    /// A stalled copier works again.
    ResumeHop {
        hop: String,
    },
    /// The copier restarts from its last committed read progress (duplicates follow).
    RestartHop {
        hop: String,
    },
    /// The link between the hop's sites is cut.
    CutLink {
        hop: String,
    },
    HealLink {
        hop: String,
    },
    /// Starts a hop now, ignoring its start time.
    StartHop {
        hop: String,
    },
    /// Promotes a mirror hop's target: the mirroring stops for good and the target
    /// stream becomes writable (Cluster Linking's promote/failover, Redpanda's failover).
    Promote {
        hop: String,
    },
    /// Moves a reader group to another site with a resume rule.
    MoveReader {
        reader: String,
        site: String,
        rule: ResumeRule,
    },
    /// The reader group's process restarts where it is: it resumes from its last commit
    /// (by its start rule before the first), reading again what it had processed since.
    RestartReader {
        reader: String,
    },
    /// Points a writer at the same-named stream on another site.
    MoveWriter {
        writer: String,
        site: String,
    },
    SetWriterRate {
        writer: String,
        rate_per_sec: f64,
    },
    StopWriter {
        writer: String,
    },
    CompanionDown {
        name: String,
        site: String,
    },
    CompanionUp {
        name: String,
        site: String,
    },
    /// Takes a file backup of everything on the site, now.
    TakeBackup {
        site: String,
    },
    /// Fences the site: it refuses every write from now on (producer permissions revoked,
    /// its streams made read-only), so nothing is written both there and elsewhere.
    FenceSite {
        site: String,
    },
    /// The failback step after a partition: the records the old primary took that a
    /// promoted mirror never copied are re-published on its target.
    Reconcile {
        hop: String,
    },
    /// The operator reads a copier's lag before deciding; it changes nothing, and a
    /// drill stamps it as the moment the fault was noticed.
    CheckLag {
        hop: String,
    },
}

/// The one list of the commands that name a hop, and of those that name a site: each a
/// `match` yielding the field, by reference or by mutable reference as `$c` is.
macro_rules! hop_field {
    ($c:expr) => {
        match $c {
            Command::StallHop { hop }
            | Command::ResumeHop { hop }
            | Command::RestartHop { hop }
            | Command::CutLink { hop }
            | Command::HealLink { hop }
            | Command::StartHop { hop }
            | Command::Promote { hop }
            | Command::Reconcile { hop }
            | Command::CheckLag { hop } => Some(hop),
            _ => None,
        }
    };
}

macro_rules! site_field {
    ($c:expr) => {
        match $c {
            Command::LoseSite { site }
            | Command::CutSite { site }
            | Command::PartitionSite { site }
            | Command::RestoreSite { site }
            | Command::TakeBackup { site }
            | Command::FenceSite { site }
            | Command::MoveReader { site, .. }
            | Command::MoveWriter { site, .. }
            | Command::CompanionDown { site, .. }
            | Command::CompanionUp { site, .. } => Some(site),
            _ => None,
        }
    };
}

/// The commands that name a reader group.
macro_rules! reader_field {
    ($c:expr) => {
        match $c {
            Command::MoveReader { reader, .. } | Command::RestartReader { reader } => Some(reader),
            _ => None,
        }
    };
}

impl Command {
    /// The reader group this command acts on, if it names one.
    pub fn reader(&self) -> Option<&str> {
        reader_field!(self).map(String::as_str)
    }

    /// The same, to rename it.
    pub fn reader_mut(&mut self) -> Option<&mut String> {
        reader_field!(self)
    }

    /// The hop this command acts on, if it names one.
    pub fn hop(&self) -> Option<&str> {
        hop_field!(self).map(String::as_str)
    }

    /// The same, to rename it.
    pub fn hop_mut(&mut self) -> Option<&mut String> {
        hop_field!(self)
    }

    /// The site this command acts on or moves something to, if it names one.
    pub fn site(&self) -> Option<&str> {
        site_field!(self).map(String::as_str)
    }

    /// The same, to rename it.
    pub fn site_mut(&mut self) -> Option<&mut String> {
        site_field!(self)
    }

    /// Whether this is a fault (the world's doing, a drill's to choose), not a move an
    /// operator makes.
    pub fn is_fault(&self) -> bool {
        matches!(
            self,
            Command::LoseSite { .. }
                | Command::CutSite { .. }
                | Command::PartitionSite { .. }
                | Command::RestoreSite { .. }
                | Command::CutLink { .. }
                | Command::HealLink { .. }
                | Command::CompanionDown { .. }
                | Command::CompanionUp { .. }
        )
    }

    /// A short plain-words label, used in the log and on buttons.
    pub fn describe(&self) -> String {
        match self {
            Command::LoseSite { site } => format!("Site {site} is lost with everything on it"),
            Command::CutSite { site } => format!("Site {site} stops answering"),
            Command::PartitionSite { site } => format!(
                "Site {site} is cut off from the other sites; its own clients still reach it"
            ),
            Command::RestoreSite { site } => format!("Site {site} is back"),
            Command::StallHop { hop } => format!("Copier {hop} stalls"),
            Command::ResumeHop { hop } => format!("Copier {hop} resumes"),
            Command::RestartHop { hop } => {
                format!("Copier {hop} restarts from its last committed progress")
            }
            Command::CutLink { hop } => format!("The link under copier {hop} is cut"),
            Command::HealLink { hop } => format!("The link under copier {hop} is back"),
            Command::StartHop { hop } => format!("Copier {hop} starts"),
            Command::Promote { hop } => format!(
                "Mirror {hop} is promoted: its target stream becomes writable and mirroring stops"
            ),
            Command::MoveReader { reader, site, rule } => {
                format!(
                    "Reader group {reader} moves to site {site}, resuming by {}",
                    rule.id()
                )
            }
            Command::RestartReader { reader } => {
                format!("Reader group {reader} restarts from its last commit")
            }
            Command::MoveWriter { writer, site } => {
                format!("Writer {writer} now writes to site {site}")
            }
            Command::SetWriterRate {
                writer,
                rate_per_sec,
            } => format!(
                "Writer {writer} now writes {} records/s",
                crate::decimal::plain(*rate_per_sec)
            ),
            Command::StopWriter { writer } => format!("Writer {writer} stops"),
            Command::CompanionDown { name, site } => {
                format!("Companion {name} at site {site} stops answering")
            }
            Command::CompanionUp { name, site } => {
                format!("Companion {name} at site {site} is back")
            }
            Command::TakeBackup { site } => format!("A file backup of site {site} is taken"),
            Command::FenceSite { site } => {
                format!("Site {site} is fenced: it refuses every write from now on")
            }
            Command::CheckLag { hop } => format!("The operator reads copier {hop}'s lag"),
            Command::Reconcile { hop } => format!(
                "The records mirror {hop} never copied are re-published on its promoted target"
            ),
        }
    }
}

/// A command at a time on the scenario's timeline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimedCommand {
    pub at_ms: Millis,
    pub command: Command,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of each command, as a file writes them.
    const ONE_OF_EACH: &str = r#"[
        {"do": "lose-site", "site": "s"}, {"do": "cut-site", "site": "s"},
        {"do": "partition-site", "site": "s"}, {"do": "restore-site", "site": "s"},
        {"do": "stall-hop", "hop": "h"}, {"do": "resume-hop", "hop": "h"},
        {"do": "restart-hop", "hop": "h"}, {"do": "cut-link", "hop": "h"},
        {"do": "heal-link", "hop": "h"}, {"do": "start-hop", "hop": "h"},
        {"do": "promote", "hop": "h"},
        {"do": "move-reader", "reader": "r", "site": "s", "rule": "end"},
        {"do": "move-writer", "writer": "w", "site": "s"},
        {"do": "set-writer-rate", "writer": "w", "rate_per_sec": 1},
        {"do": "stop-writer", "writer": "w"},
        {"do": "companion-down", "name": "c", "site": "s"},
        {"do": "companion-up", "name": "c", "site": "s"},
        {"do": "take-backup", "site": "s"}, {"do": "fence-site", "site": "s"},
        {"do": "reconcile", "hop": "h"}, {"do": "check-lag", "hop": "h"},
        {"do": "restart-reader", "reader": "r"}
    ]"#;

    /// Its place among the variants: a new variant does not compile until it is here, and
    /// in the list above.
    fn variant(c: &Command) -> usize {
        match c {
            Command::LoseSite { .. } => 0,
            Command::CutSite { .. } => 1,
            Command::PartitionSite { .. } => 2,
            Command::RestoreSite { .. } => 3,
            Command::StallHop { .. } => 4,
            Command::ResumeHop { .. } => 5,
            Command::RestartHop { .. } => 6,
            Command::CutLink { .. } => 7,
            Command::HealLink { .. } => 8,
            Command::StartHop { .. } => 9,
            Command::Promote { .. } => 10,
            Command::MoveReader { .. } => 11,
            Command::MoveWriter { .. } => 12,
            Command::SetWriterRate { .. } => 13,
            Command::StopWriter { .. } => 14,
            Command::CompanionDown { .. } => 15,
            Command::CompanionUp { .. } => 16,
            Command::TakeBackup { .. } => 17,
            Command::FenceSite { .. } => 18,
            Command::Reconcile { .. } => 19,
            Command::CheckLag { .. } => 20,
            Command::RestartReader { .. } => 21,
        }
    }

    #[test]
    fn every_command_that_names_a_hop_or_a_site_says_which() {
        let all: Vec<Command> = serde_json::from_str(ONE_OF_EACH).unwrap();
        let mut seen: Vec<usize> = all.iter().map(variant).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, (0..=21).collect::<Vec<_>>(), "one of each variant");
        for c in &all {
            let json = serde_json::to_value(c).unwrap();
            let named = |key: &str| json.get(key).and_then(|v| v.as_str());
            assert_eq!(c.hop(), named("hop"), "{c:?}");
            assert_eq!(c.site(), named("site"), "{c:?}");
            assert_eq!(c.reader(), named("reader"), "{c:?}");
        }
    }
}
