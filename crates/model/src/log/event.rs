//! What happened, as typed data: one variant per kind of event the log tells. The words
//! are made from these at the edge (`words.rs`); the fingerprint digests these.

use crate::budget_limit::BudgetLimit;
use crate::spec::{Command, ResumeRule};
use crate::time::Millis;
use serde::Serialize;

/// The family an event belongs to (the lab styles and filters entries by it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LogKind {
    Write,
    Refused,
    Copy,
    Duplicate,
    Read,
    Resume,
    Fault,
    Command,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum LogEvent {
    Appended(RecordsAppended),
    /// A writer's publish was refused (said once per reason, then every 5 s).
    Refused {
        writer: String,
        count: u64,
        why: Refusal,
        refused_so_far: u64,
    },
    /// A copier read a batch from a source part, and wrote what it forwards.
    BatchCopied(BatchCopied),
    /// A reader group processed records.
    ReaderRead {
        reader: String,
        count: u64,
        stream: String,
        site: String,
    },
    /// A reader group was moved and resumed on another site.
    ReaderResumed {
        reader: String,
        site: String,
        rule: ResumeRule,
        replay: u64,
        gap: u64,
    },
    CopierStarted {
        hop: String,
    },
    /// A copier restarted from its last commit, rewinding `rewound` records.
    CopierRestarted {
        hop: String,
        rewound: u64,
    },
    /// A copier's write to its target failed (said once, then every 5 s).
    CopierWriteFailing {
        hop: String,
        count: u64,
        site: String,
    },
    /// The run outgrew its budget and stopped.
    RunStopped {
        at_ms: Millis,
        limit: BudgetLimit,
        used: u64,
        allowed: u64,
    },
    /// A command from the timeline or a button was applied.
    Command {
        command: Command,
    },
}

/// A writer's tick appended `count` records; the first is described.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordsAppended {
    pub writer: String,
    pub count: u64,
    pub stream: String,
    pub site: String,
    pub part: usize,
    /// The first record's sequence number in its writer's part.
    pub seq: u64,
    pub key: u32,
    pub position: u64,
    pub acked_after_ms: Millis,
}

/// Why a writer's publish was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "why", rename_all = "kebab-case")]
pub enum Refusal {
    SiteLost {
        site: String,
    },
    SiteUnreachable {
        site: String,
    },
    /// The operator fenced the site.
    Fenced {
        site: String,
    },
    ReadOnlyMirror {
        stream: String,
        site: String,
    },
    /// A companion the writer requires has no answering instance, though the site is up.
    CompanionMissing {
        kind: String,
        name: String,
        site: String,
    },
}

/// One batch of a copier: source positions `from..to` of source part `part`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BatchCopied {
    pub hop: String,
    pub from: u64,
    pub to: u64,
    pub part: usize,
    pub src_site: String,
    pub dst_site: String,
    /// Where the batch's first forwarded record landed (none when nothing was forwarded).
    pub written: Option<CopyWritten>,
    /// The hop's latest copy latency.
    pub latency_ms: Option<Millis>,
    pub duplicates: u64,
    pub skipped: u64,
    pub echoes: u64,
    /// How echoes grow from here, told with the hop's first echo.
    pub echo_growth: Option<EchoGrowth>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CopyWritten {
    /// A mirror's copy (same positions) rather than a copier's write.
    pub mirrored: bool,
    pub part: u32,
    pub position: u64,
}

/// Unstamped copiers leaving an echo's stream send it on again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "growth", rename_all = "kebab-case")]
pub enum EchoGrowth {
    /// One such copier: one more copy per hop crossed.
    Linear,
    /// `ways` of them (two or more): copies multiply on every hop.
    Multiplies { ways: usize },
}

impl LogEvent {
    pub fn kind(&self) -> LogKind {
        match self {
            LogEvent::Appended(_) => LogKind::Write,
            LogEvent::Refused { .. } => LogKind::Refused,
            LogEvent::BatchCopied(b) if b.duplicates > 0 => LogKind::Duplicate,
            LogEvent::BatchCopied(_) => LogKind::Copy,
            LogEvent::ReaderRead { .. } => LogKind::Read,
            LogEvent::ReaderResumed { .. } => LogKind::Resume,
            LogEvent::CopierStarted { .. } | LogEvent::Command { .. } => LogKind::Command,
            LogEvent::CopierRestarted { .. }
            | LogEvent::CopierWriteFailing { .. }
            | LogEvent::RunStopped { .. } => LogKind::Fault,
        }
    }
}
