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
//!   CONSUMER-ID HOST CLIENT-ID` per group, a row per partition, `-` for an offset never
//!   committed. Kafka 3.8 and 3.9 (the tool in Java) print no blank line between groups;
//!   the Scala tool up to 3.7 printed one before each header, as trunk does after 3.9.
//!   Around the tables, on stderr, the sentences `tool_sentence` knows. Kafka 2.0 to 2.2
//!   print no `GROUP` column: their `--describe` takes one `--group`.

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
    /// Another sentence the group tool prints beside its tables ("Warning: Consumer group
    /// 'billing' is rebalancing.", "Error: Consumer group 'gone' does not exist."), as printed.
    ToolSaid(String),
    /// Blank, or a line the tools print beside their output ("Processed a total of 3
    /// messages", a log line).
    Nothing,
    /// Anything else: kept for the report, not an error.
    Unknown,
}

/// The group of the rows of a table without a `GROUP` column, when neither the caller nor
/// a pasted command line names it. Holds a space, so no row of a table can be named so.
pub const UNNAMED_GROUP: &str = "(unnamed group)";

/// Reads one dump line by line; the table's columns come from its header.
#[derive(Debug, Default)]
pub struct LineReader {
    file: String,
    line: u32,
    columns: Vec<String>,
    pub kind: Option<DumpKind>,
    /// The group a table without a `GROUP` column is of: the caller's, or the `--group`
    /// of the command line pasted above it.
    group_of_table: Option<String>,
    /// Whether the caller named the group (a pasted command line then does not replace it).
    group_given: bool,
}

/// The value of `name=` in a record's body (`topicPartition=orders-0, upstreamOffset=9`):
/// up to the next `, ` or the closing brace. Split on the comma, not searched for
/// `name=`: three fields a line, a million lines, and a substring search set up each time
/// was a quarter of the reading.
fn field<'a>(body: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = body;
    loop {
        let end = comma_space(rest);
        let part = &rest[..end.unwrap_or(rest.len())];
        if let Some(value) = part.strip_prefix(name).and_then(|v| v.strip_prefix('=')) {
            return Some(value.trim_end_matches('}'));
        }
        rest = &rest[end? + 2..];
    }
}

/// Where the next `, ` starts (a search for the comma alone, the byte search).
fn comma_space(s: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = s[from..].find(',') {
        if s.as_bytes().get(from + i + 1) == Some(&b' ') {
            return Some(from + i);
        }
        from += i + 1;
    }
    None
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

    /// The cell under column `name`, if the row reaches it.
    fn cell<'a>(&self, cells: &[&'a str], name: &str) -> Option<&'a str> {
        self.columns
            .iter()
            .position(|c| c == name)
            .and_then(|i| cells.get(i).copied())
    }

    /// Whether a line under a header has a row's shape: as many cells as the header (one
    /// fewer where CLIENT-ID is empty, more where it holds spaces), the partition a number
    /// and the offsets numbers or `-`. Tested before any other reading, so a group named
    /// like a log line or a prompt (`[eu]-payments`, `$shipping`) is still a row.
    fn has_row_shape(&self, cells: &[&str]) -> bool {
        let number = |v: &str| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit());
        let offset = |name| {
            self.cell(cells, name)
                .is_some_and(|v| v == "-" || number(v))
        };
        !self.columns.is_empty()
            && (cells.len() + 1 >= self.columns.len() || self.rpk_row_reaches_lag(cells))
            && self.cell(cells, "PARTITION").is_some_and(number)
            && offset("CURRENT-OFFSET")
            && offset("LOG-END-OFFSET")
    }

    /// `rpk group describe` leaves MEMBER-ID, CLIENT-ID and HOST empty for a partition no
    /// member holds, so its row ends at LAG.
    fn rpk_row_reaches_lag(&self, cells: &[&str]) -> bool {
        self.columns.iter().any(|c| c == "MEMBER-ID")
            && self
                .columns
                .iter()
                .position(|c| c == "LAG")
                .is_some_and(|lag| cells.len() > lag)
    }

    fn row(&self, cells: &[&str]) -> Result<Line, ImportError> {
        let at = |name: &str| self.cell(cells, name);
        let group = match at("GROUP") {
            Some(group) => Some(group),
            None if !self.columns.iter().any(|c| c == "GROUP") => {
                Some(self.group_of_table.as_deref().unwrap_or(UNNAMED_GROUP))
            }
            None => None,
        };
        let (Some(group), Some(topic), Some(partition)) = (group, at("TOPIC"), at("PARTITION"))
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
            active: at("CONSUMER-ID")
                .or_else(|| at("MEMBER-ID"))
                .is_some_and(|c| c != "-"),
        }))
    }

    /// Names the group of the rows of a table without a `GROUP` column (Kafka 2.0 to 2.2
    /// print none; `--describe` then took one `--group`).
    pub fn of_group(&mut self, group: &str) {
        self.group_of_table = Some(group.to_string());
        self.group_given = true;
    }

    /// Reads the next line. A line that starts like a record but does not read, and a line
    /// under a table's header that is neither a row nor what the tools print beside one,
    /// is an error naming the file and line and quoting it; lines the tools print beside
    /// their output pass.
    pub fn read(&mut self, raw: &str) -> Result<Line, ImportError> {
        self.line += 1;
        let untrimmed = raw.trim_start_matches('\u{feff}');
        if super::kcat::is_formatted(untrimmed) {
            // The key's raw bytes may start or end with what trimming would cut.
            let record = super::kcat::read_formatted(untrimmed)
                .map_err(|m| self.error(format!("{m} (the line: {})", quoted(untrimmed))))?;
            return self.kcat_record(record);
        }
        let text = untrimmed.trim();
        self.read_text(text).map_err(|mut e| {
            e.message = format!("{} (the line: {})", e.message, quoted(text));
            e
        })
    }

    fn read_text(&mut self, text: &str) -> Result<Line, ImportError> {
        if let Some(body) = text.strip_prefix("OffsetSync{") {
            self.settle(DumpKind::OffsetSyncs)?;
            return self.sync(body);
        }
        if let Some(body) = text.strip_prefix("Checkpoint{") {
            self.settle(DumpKind::Checkpoints)?;
            return self.checkpoint(body);
        }
        if let Some(body) = text.strip_prefix("Heartbeat{") {
            let alias = |name| field(body, name).map(str::to_string);
            return Err(self.error(heartbeats_said(
                alias("sourceClusterAlias"),
                alias("targetClusterAlias"),
            )));
        }
        if super::kcat::is_envelope(text) {
            return self.kcat(text);
        }
        let cells: Vec<&str> = text.split_whitespace().collect();
        if is_offsets_header(&cells) {
            self.settle(DumpKind::Groups)?;
            self.columns = cells.iter().map(|c| c.to_string()).collect();
            return Ok(Line::Header(self.columns.clone()));
        }
        let in_table = self.kind == Some(DumpKind::Groups) && !self.columns.is_empty();
        if in_table && self.has_row_shape(&cells) {
            return self.row(&cells);
        }
        if let Some(sentence) = tool_sentence(text) {
            return Ok(match sentence {
                ToolSentence::NoActiveMembers(group) => Line::NoActiveMembers(group.to_string()),
                ToolSentence::Other => Line::ToolSaid(text.to_string()),
            });
        }
        if let Some(line) = self.rpk_summary(&cells) {
            return Ok(line);
        }
        if let Some(group) = command_line_group(&cells) {
            if !self.group_given {
                self.group_of_table = group;
            }
            return Ok(Line::Nothing);
        }
        if text.is_empty() || is_tool_noise(text, &cells) {
            return Ok(Line::Nothing);
        }
        if in_table {
            if cells.first() == Some(&"GROUP") {
                return Err(self.error("this is the header of --describe --members' or --state's table, which holds no offsets: give the table --describe prints without them"));
            }
            // Says what is wrong with it as a row (a cell that is not a number, too few).
            self.row(&cells)?;
            return Err(self.error(if cells.len() + 1 < self.columns.len() {
                format!(
                    "a row of {} cells under a header of {}: the line is cut short",
                    cells.len(),
                    self.columns.len()
                )
            } else {
                "this line is neither a row of the group table nor what Kafka's tools print beside one".to_string()
            }));
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

impl LineReader {
    /// A line of the summary `rpk group describe` prints above each group's table
    /// (`GROUP  billing`, `COORDINATOR  0`, `STATE  Stable`, `BALANCER  range`, `MEMBERS  1`,
    /// `TOTAL-LAG  40`, `ERROR  ...`): its `GROUP` names the rows of the table below it.
    fn rpk_summary(&mut self, cells: &[&str]) -> Option<Line> {
        let (key, value) = cells.split_first()?;
        match (*key, value) {
            ("GROUP", [group]) => {
                if !self.group_given {
                    self.group_of_table = Some(group.to_string());
                }
                Some(Line::Nothing)
            }
            // An empty group has no balancer: `BALANCER` alone.
            ("COORDINATOR" | "STATE" | "BALANCER" | "MEMBERS" | "TOTAL-LAG", [] | [_]) => {
                Some(Line::Nothing)
            }
            ("ERROR", [_, ..]) => Some(Line::ToolSaid(cells.join(" "))),
            _ => None,
        }
    }
}

impl LineReader {
    /// A record as `kcat -C -J` prints it (see `kcat.rs`).
    fn kcat(&mut self, text: &str) -> Result<Line, ImportError> {
        let record = super::kcat::read(text).map_err(|m| self.error(m))?;
        self.kcat_record(record)
    }

    fn kcat_record(&mut self, record: super::kcat::Record) -> Result<Line, ImportError> {
        use super::kcat::Record;
        match record {
            Record::Sync(s) => {
                self.settle(DumpKind::OffsetSyncs)?;
                Ok(Line::Sync(s))
            }
            Record::Checkpoint(c) => {
                self.settle(DumpKind::Checkpoints)?;
                Ok(Line::Checkpoint(c))
            }
            Record::Heartbeat(from, to) => Err(self.error(heartbeats_said(Some(from), Some(to)))),
            Record::Empty => Ok(Line::Nothing),
        }
    }
}

/// What a line of MirrorMaker 2's heartbeats topic (`HeartbeatFormatter`:
/// `Heartbeat{sourceClusterAlias=primary, targetClusterAlias=backup, timestamp=...}`, or
/// kcat's JSON of it) says instead of being read.
fn heartbeats_said(from: Option<String>, to: Option<String>) -> String {
    let flow = match (from, to) {
        (Some(from), Some(to)) => format!(" (from {from} to {to})"),
        _ => String::new(),
    };
    format!("this is MirrorMaker 2's heartbeats topic (HeartbeatFormatter): it shows the flow{flow} is running, not where any group stands; give the offset-syncs topic (mm2-offset-syncs.<target>.internal, with OffsetSyncFormatter) or the checkpoints topic (<source>.checkpoints.internal, with CheckpointFormatter)")
}

/// Whether a line is the offsets table's header: from Kafka 2.3 `GROUP TOPIC PARTITION
/// CURRENT-OFFSET ...`, before it `TOPIC PARTITION CURRENT-OFFSET ...`; after 3.9 (the
/// release not confirmed), `--offsets --verbose` adds `LEADER-EPOCH` after PARTITION; `rpk group describe` prints
/// `TOPIC PARTITION CURRENT-OFFSET LOG-START-OFFSET LOG-END-OFFSET LAG MEMBER-ID ...`.
fn is_offsets_header(cells: &[&str]) -> bool {
    matches!(cells.first(), Some(&"GROUP") | Some(&"TOPIC"))
        && cells.contains(&"PARTITION")
        && cells.contains(&"CURRENT-OFFSET")
}

/// A sentence `kafka-consumer-groups.sh --describe` prints beside its tables.
#[derive(Debug, PartialEq, Eq)]
enum ToolSentence<'a> {
    /// `Consumer group 'audit' has no active members.` (on stderr).
    NoActiveMembers(&'a str),
    /// `Warning: Consumer group 'billing' is rebalancing.` (on stderr), or `Error: ` and a
    /// message (on stdout, `printError`: "Consumer group 'gone' does not exist.").
    Other,
}

/// The text between `before` and `after` when `text` is exactly that.
fn between<'a>(text: &'a str, before: &str, after: &str) -> Option<&'a str> {
    text.strip_prefix(before)?.strip_suffix(after)
}

/// The sentences by their whole shape, as `ConsumerGroupCommand` prints them (the same
/// words from Kafka 0.10 to 3.9). Rows are tried first, so a group named `Warning:` or
/// `Error:` is still read as one.
fn tool_sentence(text: &str) -> Option<ToolSentence<'_>> {
    if let Some(group) = between(text, "Consumer group '", "' has no active members.") {
        return Some(ToolSentence::NoActiveMembers(group));
    }
    let rebalancing = between(text, "Warning: Consumer group '", "' is rebalancing.").is_some();
    let error = text
        .strip_prefix("Error: ")
        .is_some_and(|m| !m.trim().is_empty());
    (rebalancing || error).then_some(ToolSentence::Other)
}

/// Where a line is a Kafka tool's command line (`$ bin/kafka-consumer-groups.sh
/// --bootstrap-server ... --describe --group billing`), the group it describes: `Some(None)`
/// for none or several, `None` for a line that is no command line.
fn command_line_group(cells: &[&str]) -> Option<Option<String>> {
    let tool = cells.iter().position(|c| {
        let name = c.rsplit(['/', '\\']).next().unwrap_or(c);
        name.starts_with("kafka-")
            && (name.ends_with(".sh") || name.ends_with(".bat") || name == "kafka-consumer-groups")
    })?;
    let options = &cells[tool + 1..];
    if !options.iter().any(|c| c.starts_with("--")) {
        return None;
    }
    let mut groups = Vec::new();
    for (i, c) in options.iter().enumerate() {
        if let Some(g) = c.strip_prefix("--group=") {
            groups.push(g);
        } else if *c == "--group" {
            groups.extend(options.get(i + 1));
        }
    }
    let unquoted = |g: &str| g.trim_matches(['\'', '"']).to_string();
    Some(match groups.as_slice() {
        [one] => Some(unquoted(one)),
        _ => None,
    })
}

/// What the console tools print around their output (and people paste with it), each by
/// its whole shape, never by a first word a group could be named with.
fn is_tool_noise(text: &str, cells: &[&str]) -> bool {
    is_log_line(text)
        || is_stack_trace_line(cells)
        || text.starts_with("SLF4J: ")
        || OLD_CONSUMER_NOTES.contains(&text)
        // The console consumer's last line: "Processed a total of 3 messages".
        || matches!(cells, ["Processed", "a", "total", "of", n, "messages" | "message"] if n.bytes().all(|b| b.is_ascii_digit()))
        // A shell prompt alone: "$", "user@host:~/kafka$".
        || matches!(cells, [prompt] if prompt.ends_with(['$', '#', '%', '>']))
        || is_other_tool_command(cells)
}

/// The command line of `rpk` or `kcat` pasted above what it printed: `$ rpk group describe
/// billing`, `kcat -C -b backup:9092 -t ... -J`.
fn is_other_tool_command(cells: &[&str]) -> bool {
    let after_prompt = match cells {
        [prompt, rest @ ..] if prompt.ends_with(['$', '#', '%', '>']) => rest,
        _ => cells,
    };
    match after_prompt {
        [tool, option, ..] => {
            let name = tool.rsplit(['/', '\\']).next().unwrap_or(tool);
            ["rpk", "kcat", "kafkacat"].contains(&name)
                && (option.starts_with('-') || *option == "group")
        }
        _ => false,
    }
}

/// What the group tool of Kafka 0.10 to 1.1 printed first, on stderr, when old consumers
/// (ZooKeeper-based) still existed.
const OLD_CONSUMER_NOTES: [&str; 3] = [
    "Note: This will not show information about old Zookeeper-based consumers.",
    "Note: This will only show information about consumers that use the Java consumer API (non-ZooKeeper-based consumers).",
    "Note: This will only show information about consumers that use ZooKeeper (not those using the Java consumer API).",
];

/// A log line as Kafka's tools print them (`config/tools-log4j.properties`: `[%d] %p %m
/// (%c)%n`): `[2024-05-01 10:00:00,000] WARN ...`.
fn is_log_line(text: &str) -> bool {
    const STAMP: &str = "[9999-99-99 99:99:99,999] ";
    let Some(stamp) = text.get(..STAMP.len()) else {
        return false;
    };
    let stamped = stamp
        .bytes()
        .zip(STAMP.bytes())
        .all(|(b, want)| match want {
            b'9' => b.is_ascii_digit(),
            b',' => b == b',' || b == b'.',
            _ => b == want,
        });
    let level = text[STAMP.len()..].split(' ').next().unwrap_or_default();
    stamped && ["TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"].contains(&level)
}

/// A line of a Java stack trace, as a log line or `printError` prints one after it.
fn is_stack_trace_line(cells: &[&str]) -> bool {
    let is_class = |c: &str| {
        let name = c.trim_end_matches(':');
        name.contains('.')
            && name.split('.').all(|part| {
                !part.is_empty()
                    && part
                        .chars()
                        .all(|ch| ch.is_alphanumeric() || ch == '_' || ch == '$')
            })
            && (name.ends_with("Exception")
                || name.ends_with("Error")
                || name.ends_with("Throwable"))
    };
    match cells {
        // `at a.b.C.run(C.java:12)`, `(Native Method)`, `(Unknown Source)`.
        ["at", frame, ..] => {
            frame.contains('(')
                && cells.last().is_some_and(|c| c.ends_with(')'))
                && cells.len() <= 4
        }
        ["...", n, "more"] => n.bytes().all(|b| b.is_ascii_digit()),
        ["Caused", "by:", class, ..] => is_class(class),
        [class, ..] => is_class(class) && (cells.len() == 1 || class.ends_with(':')),
        _ => false,
    }
}

/// A line as an error quotes it: in quotes, cut at 160 characters.
fn quoted(text: &str) -> String {
    const LONGEST: usize = 160;
    match text.char_indices().nth(LONGEST) {
        Some((cut, _)) => format!("{:?}…", &text[..cut]),
        None => format!("{text:?}"),
    }
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

    #[test]
    fn groups_named_like_what_the_tools_print_are_rows_and_the_tools_lines_are_not() {
        let header =
            "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID";
        let groups = [
            "WARN",
            "[eu]",
            "$shipping",
            "kafka-mirror",
            "Error:",
            "SLF4J:",
            "at",
        ];
        let mut text = format!("{header}\n");
        for g in groups {
            text.push_str(&format!("{g} orders 0 5 9 4 - - -\n"));
        }
        let rows: Vec<String> = read_all(&text)
            .unwrap()
            .into_iter()
            .filter_map(|l| match l {
                Line::Row(r) => Some(r.group),
                _ => None,
            })
            .collect();
        assert_eq!(rows, groups);

        // Under the same header, each by its whole shape.
        let beside = [
            "[2024-11-04 09:12:44,153] WARN [AdminClient clientId=adminclient-1] Connection to node -1 could not be established. (org.apache.kafka.clients.NetworkClient)",
            "java.util.concurrent.ExecutionException: org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment.",
            "\tat org.apache.kafka.tools.consumer.group.ConsumerGroupCommand.run(ConsumerGroupCommand.java:125)",
            "Caused by: org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment.",
            "\t... 3 more",
            "\tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)",
            "SLF4J: Class path contains multiple SLF4J bindings.",
            "user@host:~/kafka$ bin/kafka-consumer-groups.sh --bootstrap-server localhost:9092 --describe --all-groups",
            "user@host:~/kafka$",
            "Note: This will not show information about old Zookeeper-based consumers.",
            "Warning: Consumer group 'billing' is rebalancing.",
        ];
        let text = format!("{header}\n{}", beside.join("\n"));
        let lines = read_all(&text).unwrap();
        assert!(
            lines[1..]
                .iter()
                .all(|l| matches!(l, Line::Nothing | Line::ToolSaid(_))),
            "{lines:?}"
        );
    }

    /// A row as the tests compare it: group, partition, committed, log end, active.
    type Seen = (String, u32, Option<u64>, Option<u64>, bool);

    fn rows(text: &str) -> Vec<Seen> {
        read_all(text)
            .unwrap()
            .into_iter()
            .filter_map(|l| match l {
                Line::Row(r) => Some((r.group, r.at.partition, r.committed, r.log_end, r.active)),
                _ => None,
            })
            .collect()
    }

    // The header `--describe --offsets --verbose` prints after 3.9, as apache/kafka's
    // DescribeConsumerGroupTest (after trunk@2024-10-25, checkOffsetsArgsHeaderOutput)
    // expects it: LEADER-EPOCH after PARTITION, `-` where the commit has no epoch (which
    // release added it is not confirmed: docs/mm2-offset-data-formats.md §2.4). Laid out
    // by the Java tool's printf widths, no blank line between groups.
    #[test]
    fn the_verbose_table_with_leader_epoch_reads_by_its_header() {
        let text = include_str!("kafka-describe-offsets-verbose.txt");
        assert_eq!(
            rows(text),
            [
                ("billing".into(), 0, Some(120), Some(160), true),
                ("billing".into(), 1, Some(95), Some(150), true),
                ("audit".into(), 0, None, Some(160), false),
            ]
        );
    }

    // `rpk group describe` as redpanda's src/go/rpk/pkg/cli/group/describe.go prints it
    // (commit 1c6cff34, 2024-12-20): per group, sorted by name, a summary whose GROUP line
    // names the table below it, a blank line, then a table with no GROUP column padded by
    // Go's tabwriter (minwidth 6, padding 2); `-` for no commit, and MEMBER-ID, CLIENT-ID
    // and HOST empty where no member holds the partition; a blank line between groups.
    #[test]
    fn rpk_group_describe_reads_each_group_by_its_summary() {
        let text = include_str!("rpk-group-describe.txt");
        assert_eq!(
            read_all(text).unwrap()[0],
            Line::Nothing,
            "the command line"
        );
        assert_eq!(
            rows(text),
            [
                ("audit".into(), 0, None, Some(160), false),
                ("billing".into(), 0, Some(120), Some(160), true),
                ("billing".into(), 1, Some(95), Some(150), false),
            ]
        );
    }

    // HeartbeatFormatter prints `Heartbeat.toString()` (apache/kafka 3.9,
    // connect/mirror-client/.../Heartbeat.java).
    #[test]
    fn a_heartbeats_dump_is_named_not_read() {
        let e = read_all("Heartbeat{sourceClusterAlias=primary, targetClusterAlias=backup, timestamp=1730710364153}").unwrap_err();
        assert_eq!(e.line, Some(1));
        assert!(
            e.message.contains("heartbeats topic") && e.message.contains("from primary to backup"),
            "{e}"
        );
    }

    #[test]
    fn a_line_under_the_header_that_is_no_row_is_refused_quoting_it() {
        let header =
            "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID";
        let e = read_all(&format!("{header}\nWARN no partitions here at all")).unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(
            e.message
                .ends_with("(the line: \"WARN no partitions here at all\")"),
            "{e}"
        );
        let members = format!("{header}\nGROUP CONSUMER-ID HOST CLIENT-ID #PARTITIONS");
        let e = read_all(&members).unwrap_err();
        assert!(e.message.contains("--members"), "{e}");
    }
}
