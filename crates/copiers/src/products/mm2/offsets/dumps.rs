//! The three things a MirrorMaker 2 deployment can print about where groups stand, read
//! line by line (so a million-line dump streams): the offset-syncs topic and the
//! checkpoints topic as `kafka-console-consumer.sh` prints them with MirrorMaker 2's
//! formatters, and the source cluster's `kafka-consumer-groups.sh --describe` table.
//!
//! The printed forms, from Kafka's source (see `docs/mm2-offset-data-formats.md`):
//! - `OffsetSync.toString()`: `OffsetSync{topicPartition=orders-0, upstreamOffset=120,
//!   downstreamOffset=118}`;
//! - `Checkpoint.toString()`: `Checkpoint{consumerGroupId=billing,
//!   topicPartition=primary.orders-0, upstreamOffset=120, downstreamOffset=118,
//!   metadata=}` (older releases spelt the last field `metatadata`);
//! - the group table: a header `GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG
//!   CONSUMER-ID HOST CLIENT-ID`, a row per partition, `-` for an offset never committed,
//!   a blank line between groups.

use crate::ImportError;

/// Which dump a text is, from its first line that says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DumpKind {
    OffsetSyncs,
    Checkpoints,
    Groups,
}

impl DumpKind {
    pub fn title(self) -> &'static str {
        match self {
            DumpKind::OffsetSyncs => "the offset-syncs topic (OffsetSyncFormatter)",
            DumpKind::Checkpoints => "the checkpoints topic (CheckpointFormatter)",
            DumpKind::Groups => {
                "the source cluster's consumer groups (kafka-consumer-groups.sh --describe)"
            }
        }
    }
}

/// A topic and partition as Kafka prints a `TopicPartition`: `orders-0`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TopicPart {
    pub topic: String,
    pub partition: u32,
}

impl TopicPart {
    fn parse(printed: &str) -> Option<TopicPart> {
        let (topic, part) = printed.rsplit_once('-')?;
        Some(TopicPart {
            topic: topic.to_string(),
            partition: part.parse().ok()?,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sync {
    pub at: TopicPart,
    pub upstream: u64,
    pub downstream: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    pub group: String,
    /// The target-side topic (`primary.orders` under the default policy).
    pub at: TopicPart,
    pub upstream: u64,
    pub downstream: u64,
}

/// One row of the group table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupRow {
    pub group: String,
    pub at: TopicPart,
    /// None where the table prints `-`: the group never committed here.
    pub committed: Option<u64>,
    pub log_end: Option<u64>,
    /// Whether a member of the group holds the partition now (a consumer id, not `-`).
    pub active: bool,
}

/// What one line said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Sync(Sync),
    Checkpoint(Checkpoint),
    Row(GroupRow),
    /// The table's header: the column names in order.
    Header(Vec<String>),
    /// "Consumer group 'audit' has no active members."
    NoActiveMembers(String),
    /// Blank, or a line the tools print beside their output ("Processed a total of 3
    /// messages", a log line).
    Nothing,
    /// Anything else: kept for the report, not an error.
    Unknown,
}

/// Reads one dump line by line; the table's columns come from its header.
#[derive(Debug, Default)]
pub struct LineReader {
    file: String,
    line: u32,
    columns: Vec<String>,
    pub kind: Option<DumpKind>,
}

fn field<'a>(body: &'a str, name: &str) -> Option<&'a str> {
    let start = body.find(&format!("{name}="))? + name.len() + 1;
    let rest = &body[start..];
    Some(
        rest.split(", ")
            .next()
            .unwrap_or(rest)
            .trim_end_matches('}'),
    )
}

impl LineReader {
    pub fn new(file: &str) -> Self {
        LineReader {
            file: file.to_string(),
            ..LineReader::default()
        }
    }

    /// The 1-based number of the line read last.
    pub fn line(&self) -> u32 {
        self.line
    }

    fn error(&self, message: impl Into<String>) -> ImportError {
        ImportError::new(&self.file, message).at_line(Some(self.line))
    }

    fn offset(&self, body: &str, name: &str) -> Result<u64, ImportError> {
        let v = field(body, name).ok_or_else(|| {
            self.error(format!("the line is cut short: it has no {name}"))
                .with_key(name)
        })?;
        v.trim()
            .parse::<u64>()
            .map_err(|_| {
                let what = if v.trim().starts_with('-') {
                    "is negative"
                } else if !v.trim().is_empty() && v.trim().bytes().all(|b| b.is_ascii_digit()) {
                    "is larger than any offset Kafka keeps (2^63 - 1)"
                } else {
                    "is not a whole number"
                };
                self.error(format!("{name} {v:?} {what}")).with_key(name)
            })
            .and_then(|n| {
                if n > i64::MAX as u64 {
                    Err(self
                        .error(format!(
                            "{name} {n} is larger than any offset Kafka keeps (2^63 - 1)"
                        ))
                        .with_key(name))
                } else {
                    Ok(n)
                }
            })
    }

    fn topic_part(&self, body: &str) -> Result<TopicPart, ImportError> {
        let printed = field(body, "topicPartition")
            .ok_or_else(|| self.error("the line is cut short: it has no topicPartition"))?;
        TopicPart::parse(printed).ok_or_else(|| {
            self.error(format!(
                "topicPartition {printed:?} is not a topic and a partition number (orders-0)"
            ))
        })
    }

    fn sync(&self, body: &str) -> Result<Line, ImportError> {
        self.complete(body)?;
        Ok(Line::Sync(Sync {
            at: self.topic_part(body)?,
            upstream: self.offset(body, "upstreamOffset")?,
            downstream: self.offset(body, "downstreamOffset")?,
        }))
    }

    fn checkpoint(&self, body: &str) -> Result<Line, ImportError> {
        self.complete(body)?;
        let group = field(body, "consumerGroupId")
            .ok_or_else(|| self.error("the line is cut short: it has no consumerGroupId"))?;
        Ok(Line::Checkpoint(Checkpoint {
            group: group.to_string(),
            at: self.topic_part(body)?,
            upstream: self.offset(body, "upstreamOffset")?,
            downstream: self.offset(body, "downstreamOffset")?,
        }))
    }

    /// A record's line ends in `}`: one that does not was cut off (a paste, a `head`).
    fn complete(&self, body: &str) -> Result<(), ImportError> {
        if body.trim_end().ends_with('}') {
            Ok(())
        } else {
            Err(self.error("the line is cut short: it does not end with }"))
        }
    }

    fn row(&self, cells: &[&str]) -> Result<Line, ImportError> {
        let at = |name: &str| {
            self.columns
                .iter()
                .position(|c| c == name)
                .and_then(|i| cells.get(i).copied())
        };
        let (Some(group), Some(topic), Some(partition)) =
            (at("GROUP"), at("TOPIC"), at("PARTITION"))
        else {
            return Err(self.error(format!(
                "a row of {} cells under a header of {}: the line is cut short",
                cells.len(),
                self.columns.len()
            )));
        };
        let number = |name: &str| -> Result<Option<u64>, ImportError> {
            match at(name) {
                None | Some("-") => Ok(None),
                Some(v) => v.parse::<u64>().map(Some).map_err(|_| {
                    self.error(format!("{name} {v:?} is not an offset"))
                        .with_key(name)
                }),
            }
        };
        Ok(Line::Row(GroupRow {
            group: group.to_string(),
            at: TopicPart {
                topic: topic.to_string(),
                partition: partition.parse().map_err(|_| {
                    self.error(format!("PARTITION {partition:?} is not a partition number"))
                })?,
            },
            committed: number("CURRENT-OFFSET")?,
            log_end: number("LOG-END-OFFSET")?,
            active: at("CONSUMER-ID").is_some_and(|c| c != "-"),
        }))
    }

    /// Reads the next line. A line that starts like a record but does not read is an
    /// error naming the file and line; lines the tools print beside their output pass.
    pub fn read(&mut self, raw: &str) -> Result<Line, ImportError> {
        self.line += 1;
        let text = raw.trim_start_matches('\u{feff}').trim();
        if let Some(body) = text.strip_prefix("OffsetSync{") {
            self.settle(DumpKind::OffsetSyncs)?;
            return self.sync(body);
        }
        if let Some(body) = text.strip_prefix("Checkpoint{") {
            self.settle(DumpKind::Checkpoints)?;
            return self.checkpoint(body);
        }
        let cells: Vec<&str> = text.split_whitespace().collect();
        if cells.first() == Some(&"GROUP") && cells.contains(&"CURRENT-OFFSET") {
            self.settle(DumpKind::Groups)?;
            self.columns = cells.iter().map(|c| c.to_string()).collect();
            return Ok(Line::Header(self.columns.clone()));
        }
        if let Some(rest) = text.strip_prefix("Consumer group '") {
            let group = rest.split('\'').next().unwrap_or_default().to_string();
            if rest.contains("has no active members") {
                return Ok(Line::NoActiveMembers(group));
            }
            return Ok(Line::Nothing);
        }
        if text.is_empty() || is_tool_noise(text) {
            return Ok(Line::Nothing);
        }
        if self.kind == Some(DumpKind::Groups) && !self.columns.is_empty() {
            return self.row(&cells);
        }
        Ok(Line::Unknown)
    }

    /// A dump is one kind throughout: a checkpoint in a dump of syncs is two topics pasted
    /// together, said rather than mixed.
    fn settle(&mut self, kind: DumpKind) -> Result<(), ImportError> {
        match self.kind {
            Some(k) if k != kind => Err(self.error(format!(
                "this line is from {}, but the lines before it are from {}: give each its own file or paste",
                kind.title(),
                k.title()
            ))),
            _ => {
                self.kind = Some(kind);
                Ok(())
            }
        }
    }
}

/// What the console tools print around their output (and people paste with it).
fn is_tool_noise(text: &str) -> bool {
    text.starts_with("Processed a total of")
        || text.starts_with('[') // a log line: [2024-05-01 10:00:00,000] WARN ...
        || text.starts_with("WARN")
        || text.starts_with("SLF4J")
        || text.starts_with("Error: Consumer group")
        || text.starts_with('$') // the command itself, pasted with a prompt
        || text.starts_with("kafka-")
        || text.starts_with("bin/kafka-")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &str) -> Result<Vec<Line>, ImportError> {
        let mut r = LineReader::new("dump.txt");
        text.lines().map(|l| r.read(l)).collect()
    }

    #[test]
    fn a_sync_line_as_offset_sync_formatter_prints_it() {
        let lines = read_all(
            "OffsetSync{topicPartition=orders.eu-2, upstreamOffset=120, downstreamOffset=118}",
        )
        .unwrap();
        assert_eq!(
            lines,
            [Line::Sync(Sync {
                at: TopicPart {
                    topic: "orders.eu".into(),
                    partition: 2
                },
                upstream: 120,
                downstream: 118
            })]
        );
    }

    #[test]
    fn both_spellings_of_the_checkpoint_metadata_field_read() {
        for field in ["metadata", "metatadata"] {
            let text = format!("Checkpoint{{consumerGroupId=billing, topicPartition=primary.orders-0, upstreamOffset=7, downstreamOffset=6, {field}=}}");
            let lines = read_all(&text).unwrap();
            let Line::Checkpoint(c) = &lines[0] else {
                panic!("{lines:?}")
            };
            assert_eq!(
                (
                    c.group.as_str(),
                    c.at.topic.as_str(),
                    c.upstream,
                    c.downstream
                ),
                ("billing", "primary.orders", 7, 6)
            );
        }
    }

    #[test]
    fn the_group_table_reads_by_its_header_with_dashes_blank_lines_and_notes() {
        let text = "\nConsumer group 'audit' has no active members.\n\n\
            GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID\n\
            audit           orders          0          -               40              -               -               -               -\n\
            billing         orders          1          12              40              28              consumer-1-ab   /10.0.0.1       consumer-1\n";
        let lines = read_all(text).unwrap();
        assert_eq!(lines[1], Line::NoActiveMembers("audit".into()));
        let rows: Vec<&GroupRow> = lines
            .iter()
            .filter_map(|l| match l {
                Line::Row(r) => Some(r),
                _ => None,
            })
            .collect();
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].committed, rows[0].active), (None, false));
        assert_eq!(
            (rows[1].committed, rows[1].log_end, rows[1].active),
            (Some(12), Some(40), true)
        );
    }

    #[test]
    fn a_cut_line_a_negative_or_overflowing_offset_and_a_mixed_paste_name_their_line() {
        let cut = read_all("OffsetSync{topicPartition=orders-0, upstreamOffset=1, downstreamOffset=1}\nOffsetSync{topicPartition=orders-0, upstreamOff").unwrap_err();
        assert_eq!(cut.line, Some(2));
        assert!(cut.message.contains("cut short"), "{cut}");
        let big = read_all("OffsetSync{topicPartition=orders-0, upstreamOffset=99999999999999999999, downstreamOffset=1}").unwrap_err();
        assert!(big.message.contains("larger than any offset"), "{big}");
        let negative =
            read_all("OffsetSync{topicPartition=orders-0, upstreamOffset=-1, downstreamOffset=1}")
                .unwrap_err();
        assert!(negative.message.contains("negative"), "{negative}");
        let mixed = read_all("OffsetSync{topicPartition=orders-0, upstreamOffset=1, downstreamOffset=1}\nCheckpoint{consumerGroupId=g, topicPartition=A.orders-0, upstreamOffset=1, downstreamOffset=1, metadata=}").unwrap_err();
        assert!(mixed.message.contains("give each its own"), "{mixed}");
        assert_eq!(mixed.line, Some(2));
    }

    #[test]
    fn what_the_tools_print_beside_their_output_is_passed_over() {
        let lines = read_all("[2024-05-01 10:00:00,000] WARN something (org.apache.kafka)\nOffsetSync{topicPartition=orders-0, upstreamOffset=1, downstreamOffset=1}\nProcessed a total of 1 messages").unwrap();
        assert_eq!(lines[0], Line::Nothing);
        assert_eq!(lines[2], Line::Nothing);
    }
}
