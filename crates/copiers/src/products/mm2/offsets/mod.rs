//! Where would my consumers resume? MirrorMaker 2's own offset data, read back: the
//! offset-syncs topic, the checkpoints topic and the source's group table (each detected
//! from its lines), with the MirrorMaker 2 configuration if given; for every group and
//! partition, where it resumes on the target, what translating now would give by the
//! release's rule, how much it re-reads or skips, and why. The site's `/resume` and
//! `hoplab resume` both answer with [`answer`].

mod answer;
pub mod dumps;
mod notes;
mod translate;
pub mod version;

pub use answer::{
    answer, reset_plan, Answer, CheckpointAt, GroupSummary, Options, PartitionAnswer, Reset,
};
pub use notes::Note;
pub use version::KafkaVersion;

use crate::ImportError;
use dumps::{Checkpoint, DumpKind, GroupRow, Line, LineReader, TopicPart};
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
}

/// Reads one file or paste, line by line, into a [`Gathered`].
pub struct FileReading<'g> {
    gathered: &'g mut Gathered,
    lines: LineReader,
    file: String,
    counted: u64,
    unknown: Vec<u32>,
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
            Line::Row(r) => g.rows.push(r),
            Line::NoActiveMembers(group) => {
                g.inactive.insert(group);
            }
            Line::Header(_) | Line::Nothing => return Ok(()),
            Line::Unknown => {
                if self.unknown.len() < 5 {
                    self.unknown.push(self.lines.line());
                }
                return Ok(());
            }
        }
        self.counted += 1;
        Ok(())
    }

    /// Ends the file: says what it was read as. A text with no dump line in it is taken
    /// as a MirrorMaker 2 configuration if it reads as one (`text` given), else refused.
    pub fn finish(self, text: Option<&str>) -> Result<(), ImportError> {
        let Some(kind) = self.lines.kind else {
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
            return match config {
                Some(t) => {
                    self.gathered.read.push(format!("{}: a MirrorMaker 2 configuration", self.file));
                    self.gathered.config = Some((self.file, t.to_string()));
                    Ok(())
                }
                None => Err(ImportError::new(
                    &self.file,
                    "this is none of what this page reads: the offset-syncs or checkpoints topic as the console consumer prints it with MirrorMaker 2's formatter, the consumer-groups table, or a MirrorMaker 2 configuration",
                )),
            };
        };
        let what = match kind {
            DumpKind::OffsetSyncs => "syncs",
            DumpKind::Checkpoints => "checkpoints",
            DumpKind::Groups => "rows",
        };
        let mut said = format!("{}: {}, {} {what}", self.file, kind.title(), self.counted);
        if !self.unknown.is_empty() {
            let lines: Vec<String> = self.unknown.iter().map(u32::to_string).collect();
            said.push_str(&format!(
                "; lines not read (not of this dump): {}",
                lines.join(", ")
            ));
        }
        self.gathered.read.push(said);
        Ok(())
    }
}
