//! Where would my consumers resume? MirrorMaker 2's own offset data, read back: the
//! offset-syncs topic, the checkpoints topic and the source's group table (each detected
//! from its lines), with the MirrorMaker 2 configuration if given; for every group and
//! partition, where it resumes on the target, what translating now would give by the
//! release's rule, how much it re-reads or skips, and why. The site's `/resume` and
//! `hoplab resume` both answer with [`answer`].

mod answer;
pub mod dumps;
mod kcat;
mod notes;
mod plan;
mod start;
mod translate;
pub mod version;

pub use answer::{
    answer, plan_warnings, reset_plan, AfterRestart, Answer, CheckpointAt, GroupSummary, Options,
    PartitionAnswer, Reset,
};
pub use notes::Note;
pub use plan::{
    all_groups_plan, apply_command, group_plan, groups_command, groups_plan, plan_differences,
    plan_warnings_for, planned_groups, target_named, unplanned, Plan, PlanFrom, RowPlans,
    TargetCluster,
};
pub use start::StartFrom;
pub use version::{KafkaVersion, RuleUsed};

use crate::ImportError;
use dumps::{Checkpoint, DumpKind, GroupRow, Line, LineReader, TopicPart, UNNAMED_GROUP};
use std::collections::{BTreeMap, BTreeSet};

/// The largest dump read: a million syncs print in about 80 MB.
pub const MAX_DUMP_BYTES: usize = 256 * 1024 * 1024;

/// Everything read so far, from any number of files or pastes.
#[derive(Debug, Default)]
pub struct Gathered {
    /// Per source partition, its syncs in the topic's order.
    pub syncs: BTreeMap<TopicPart, Vec<(u64, u64)>>,
    /// The newest checkpoint per (group, target partition): the topic is compacted, so a
    /// later record replaces an earlier one.
    pub checkpoints: BTreeMap<(String, TopicPart), Checkpoint>,
    pub rows: Vec<GroupRow>,
    /// Groups the table says have no active members.
    pub inactive: BTreeSet<String>,
    /// A MirrorMaker 2 configuration: (file, text).
    pub config: Option<(String, String)>,
    /// One line per file: what it was read as.
    pub read: Vec<String>,
    /// Per group table read: its file and the topics its rows name (a table of the
    /// target's groups is told by them, and said so).
    pub tables: Vec<(String, BTreeSet<String>)>,
}

/// Reads one file or paste, line by line, into a [`Gathered`].
pub struct FileReading<'g> {
    gathered: &'g mut Gathered,
    lines: LineReader,
    file: String,
    counted: u64,
    unknown: Vec<u32>,
    /// The first line not read, quoted when nothing in the file reads.
    first_unknown: Option<String>,
    /// The groups with a row in this file: a table whose every group is gone says so.
    groups: BTreeSet<String>,
    /// The topics its rows name.
    topics: BTreeSet<String>,
    /// The groups the tool says have no active members, in this file.
    inactive: Kept,
    /// The tool's other sentences ("... is rebalancing.", "Error: ..."), as printed.
    said: Kept,
}

/// At most this many lines are named or quoted in what a file was read as.
const LINES_SAID: usize = 5;

/// The first few of many texts, to name in a report, and how many there were.
#[derive(Default)]
struct Kept {
    first: Vec<String>,
    count: usize,
}

impl Kept {
    fn keep(&mut self, text: String) {
        if self.first.len() < LINES_SAID {
            self.first.push(text);
        }
        self.count += 1;
    }

    fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The first few, each as `each` writes it, then how many more.
    fn said(&self, each: impl Fn(&String) -> String) -> String {
        let mut out: Vec<String> = self.first.iter().map(each).collect();
        if self.count > self.first.len() {
            out.push(format!("and {} more", self.count - self.first.len()));
        }
        out.join(", ")
    }
}

/// Lines as the report quotes them.
fn quoted(line: &String) -> String {
    format!("{line:?}")
}

impl Gathered {
    /// Starts reading a file; feed it its lines, then [`FileReading::finish`].
    pub fn file(&mut self, name: &str) -> FileReading<'_> {
        FileReading {
            gathered: self,
            lines: LineReader::new(name),
            file: name.to_string(),
            counted: 0,
            unknown: Vec::new(),
            first_unknown: None,
            groups: BTreeSet::new(),
            topics: BTreeSet::new(),
            inactive: Kept::default(),
            said: Kept::default(),
        }
    }

    /// Reads a whole text: a dump, or else a MirrorMaker 2 configuration.
    pub fn read_text(&mut self, name: &str, text: &str) -> Result<(), ImportError> {
        if text.len() > MAX_DUMP_BYTES {
            return Err(ImportError::new(
                name,
                format!(
                    "it is {} bytes; at most {MAX_DUMP_BYTES} (256 MiB) are read",
                    text.len()
                ),
            ));
        }
        let mut reading = self.file(name);
        for line in text.lines() {
            reading.line(line)?;
        }
        reading.finish(Some(text))
    }
}

impl FileReading<'_> {
    /// Names the group of a table without a `GROUP` column (Kafka 2.0 to 2.2 print none;
    /// their `--describe` takes one `--group`), for a caller that knows it. Without it, a
    /// `--group` on a command line pasted above the table names it, or else its rows are
    /// of [`UNNAMED_GROUP`].
    pub fn of_group(mut self, group: &str) -> Self {
        self.lines.of_group(group);
        self
    }

    pub fn line(&mut self, raw: &str) -> Result<(), ImportError> {
        let g = &mut *self.gathered;
        match self.lines.read(raw)? {
            Line::Sync(s) => {
                g.syncs
                    .entry(s.at)
                    .or_default()
                    .push((s.upstream, s.downstream));
            }
            Line::Checkpoint(c) => {
                g.checkpoints.insert((c.group.clone(), c.at.clone()), c);
            }
            Line::Row(r) => {
                if !self.groups.contains(&r.group) {
                    self.groups.insert(r.group.clone());
                }
                if !self.topics.contains(&r.at.topic) {
                    self.topics.insert(r.at.topic.clone());
                }
                g.rows.push(r);
            }
            Line::NoActiveMembers(group) => {
                g.inactive.insert(group.clone());
                self.inactive.keep(group);
                return Ok(());
            }
            Line::ToolSaid(sentence) => {
                self.said.keep(sentence);
                return Ok(());
            }
            Line::Header(_) | Line::Nothing => return Ok(()),
            Line::Unknown => {
                if self.unknown.len() < LINES_SAID {
                    self.unknown.push(self.lines.line());
                }
                self.first_unknown
                    .get_or_insert_with(|| raw.trim().to_string());
                return Ok(());
            }
        }
        self.counted += 1;
        Ok(())
    }

    /// What the group tool printed instead of tables, for a file with no row in it.
    fn only_the_tool_said(&self) -> String {
        let mut what = Vec::new();
        if !self.inactive.is_empty() {
            what.push(format!(
                "that {} {} no active members (a group with no members and no committed offset gets no table)",
                self.inactive.said(String::clone),
                if self.inactive.count == 1 { "has" } else { "have" }
            ));
        }
        if !self.said.is_empty() {
            what.push(self.said.said(quoted));
        }
        what.join(", and ")
    }

    /// Ends the file: says what it was read as. A text with no dump line in it is taken
    /// as a MirrorMaker 2 configuration if it reads as one (`text` given), else refused; a
    /// group table with no group's row in it is refused saying what the tool printed.
    pub fn finish(self, text: Option<&str>) -> Result<(), ImportError> {
        let Some(kind) = self.lines.kind else {
            return self.finish_without_dump(text);
        };
        if kind == DumpKind::Groups && self.groups.is_empty() {
            let said = self.only_the_tool_said();
            let besides = if said.is_empty() {
                String::new()
            } else {
                format!("; kafka-consumer-groups.sh printed only {said}")
            };
            return Err(ImportError::new(
                &self.file,
                format!("the group table's header is in it but no group's row{besides}"),
            ));
        }
        let said = self.read_as(kind);
        self.gathered.read.push(said);
        if kind == DumpKind::Groups {
            self.gathered.tables.push((self.file, self.topics));
        }
        Ok(())
    }

    /// A file with no dump line: a MirrorMaker 2 configuration, or refused.
    fn finish_without_dump(self, text: Option<&str>) -> Result<(), ImportError> {
        let config = text.filter(|t| {
            matches!(
                crate::detect(t),
                Some(
                    crate::Format::Mm2Properties
                        | crate::Format::Mm2Connect
                        | crate::Format::Strimzi
                )
            )
        });
        if let Some(t) = config {
            self.gathered
                .read
                .push(format!("{}: a MirrorMaker 2 configuration", self.file));
            self.gathered.config = Some((self.file, t.to_string()));
            return Ok(());
        }
        let message = if !self.inactive.is_empty() || !self.said.is_empty() {
            format!(
                "no group's table is in it: kafka-consumer-groups.sh printed only {}",
                self.only_the_tool_said()
            )
        } else {
            let first = self
                .first_unknown
                .as_ref()
                .map(|l| format!(" (its first line that is none of them: {l:?})"))
                .unwrap_or_default();
            format!("this is none of what this page reads: the offset-syncs or checkpoints topic as the console consumer prints it with MirrorMaker 2's formatter or kcat prints it (-J, or -f '%k %s\\n' with -s value='>q q' or '>h q q'), the consumer-groups table (kafka-consumer-groups.sh --describe or rpk group describe), or a MirrorMaker 2 configuration{first}")
        };
        Err(ImportError::new(&self.file, message))
    }

    /// What a dump was read as: its kind, how many records, and what else it held.
    fn read_as(&self, kind: DumpKind) -> String {
        let (file, title, n) = (&self.file, kind.title(), self.counted);
        let mut said = match kind {
            DumpKind::OffsetSyncs => format!("{file}: {title}, {n} syncs"),
            DumpKind::Checkpoints => format!("{file}: {title}, {n} checkpoints"),
            DumpKind::Groups => {
                let groups = self.groups.len();
                let s = if groups == 1 { "" } else { "s" };
                format!("{file}: {title}, {n} rows of {groups} group{s}")
            }
        };
        if self.groups.contains(UNNAMED_GROUP) {
            said.push_str(&format!("; the table has no GROUP column (Kafka 2.0 to 2.2 print none) and nothing names its group, so its rows are shown as {UNNAMED_GROUP} and matched to no checkpoint: paste the command line with its --group above it"));
        }
        if !self.said.is_empty() {
            let tool = match kind {
                DumpKind::Groups => "kafka-consumer-groups.sh",
                _ => "the tool",
            };
            said.push_str(&format!("; {tool} also printed {}", self.said.said(quoted)));
        }
        if !self.unknown.is_empty() {
            let lines: Vec<String> = self.unknown.iter().map(u32::to_string).collect();
            said.push_str(&format!(
                "; lines not read (not of this dump): {}",
                lines.join(", ")
            ));
        }
        said
    }
}
