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

impl Command {
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
