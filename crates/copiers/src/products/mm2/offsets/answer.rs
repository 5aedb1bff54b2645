//! The answer: per group and source partition, where it resumes on the target and why.
//!
//! Checkpoints name the target-side topic (`primary.orders` under the default replication
//! policy, `orders` under the identity policy); the syncs and the group table name the
//! source topic. They are joined on the partition and on the target name ending in the
//! source name after a separator (or equalling it).

use super::dumps::{Checkpoint, GroupRow, TopicPart, UNNAMED_GROUP};
use super::notes::{known_defects, note, Note, Seen};
use super::plan::{row_plans, target_cluster, Plan, RowPlans, TargetCluster};
use super::start::{start, OnTarget, StartFrom};
use super::translate::Syncs;
use super::version::{KafkaVersion, RuleUsed};
use super::Gathered;
use hoplab_model::Translation;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// What a consumer does where no committed offset is found (its `auto.offset.reset`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reset {
    #[default]
    Latest,
    Earliest,
}

impl Reset {
    pub fn parse(text: &str) -> Option<Reset> {
        match text.trim() {
            "latest" => Some(Reset::Latest),
            "earliest" => Some(Reset::Earliest),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    /// The release whose rules apply (its translation, its store, what a restart keeps).
    pub kafka: KafkaVersion,
    pub reset: Reset,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            kafka: KafkaVersion::parse("4.1.0").expect("a version"),
            reset: Reset::Latest,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckpointAt {
    pub upstream: u64,
    pub downstream: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartitionAnswer {
    pub group: String,
    /// The source topic.
    pub topic: String,
    pub partition: u32,
    /// The target-side topic the checkpoint names, where there is one.
    #[serde(skip)]
    pub target_topic: Option<String>,
    pub source_committed: Option<u64>,
    pub checkpoint: Option<CheckpointAt>,
    /// The checkpoint's downstream offset: where the checkpoint says the group resumes on
    /// the target.
    pub resume_at: Option<u64>,
    /// The group's own committed offset on the target, where the target's table was given.
    pub target_committed: Option<u64>,
    /// Where the consumer will actually start on the target (none: by its
    /// auto.offset.reset, or not known), from what, and why.
    pub starts_at: Option<u64>,
    pub start_from: StartFrom,
    pub start_why: String,
    /// Translating the source commit through the syncs now, by the release's rule.
    pub translated_now: Option<u64>,
    /// Records at most read again after resuming at the checkpoint: none where that is
    /// not known (no offset syncs to bound it) or where resuming there skips instead.
    pub replay_at_most: Option<u64>,
    /// Records skipped: with no checkpoint, those the consumer had not read when it starts
    /// at the end; with a checkpoint the group has since rewound behind, at most those from
    /// its commit to the checkpoint's upstream offset.
    pub skipped: Option<u64>,
    /// Resuming where the checkpoint says skips records (the group rewound after it):
    /// apply no reset plan to this row without reading its note.
    pub flagged: bool,
    /// The two reset plans' offsets for this row (none without a checkpoint: no plan
    /// line sets it).
    pub plans: Option<RowPlans>,
    /// Whether `translated_now` is the source offset copied unchanged (up to 3.2, a
    /// partition with no sync): Kafka's answer, but no position on the target, so no plan
    /// takes it.
    #[serde(skip)]
    pub translated_is_source_offset: bool,
    /// Kafka 3.4.1 to 3.7.0: the second answer, if the checkpoint task restarted since
    /// these syncs (none where it is the same answer, or the release keeps its syncs).
    pub after_restart: Option<AfterRestart>,
    pub notes: Vec<Note>,
}

/// Where a group stands if its checkpoint task restarted since the syncs: Kafka 3.4.1 to
/// 3.7.0 read the offset-syncs topic back keeping only the newest sync per partition
/// (`OffsetSyncStore.updateSyncArray` clears the array for every sync read before
/// `readToEnd`), and a task restarts whenever a group appears on or disappears from the
/// source (`MirrorCheckpointConnector.refreshConsumerGroups` reconfigures the tasks).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AfterRestart {
    /// The newest sync of the partition, all the restarted task keeps: upstream, downstream.
    pub newest_sync: CheckpointAt,
    /// What translating the commit gives then: none while it is behind the newest sync
    /// (no checkpoint is written until the group passes it).
    pub translated: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GroupSummary {
    pub group: String,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    pub partitions: Vec<PartitionAnswer>,
    pub groups: Vec<GroupSummary>,
    /// What each file was read as.
    pub read: Vec<String>,
    pub kafka: String,
    /// The release's translation rule the answer was worked by.
    pub rule: RuleUsed,
    /// About how many records lie between two syncs (none: no syncs read).
    pub sync_every: Option<u64>,
    /// The target cluster, as the checkpoints and the configuration name it (where a
    /// plan is applied).
    pub target: TargetCluster,
}

/// The separators a remote topic's name may use between the source alias and the topic
/// when no configuration says: `replication.policy.separator`'s default `.`, and the two
/// others people set.
const SEPARATORS: [&str; 3] = [".", "_", "-"];

/// How a checkpoint's target-side topic is joined to its source topic: by the
/// configuration's `replication.policy.separator` where one was given, else by the shapes
/// the default policy gives a name, and the answer says which.
pub(super) struct Join {
    separators: Vec<String>,
    pub said: String,
}

impl Join {
    fn of(config: &Config) -> Join {
        match &config.separator {
            Some(sep) => Join {
                separators: vec![sep.clone()],
                said: format!("the checkpoints' topic names as <source alias>{sep}<topic>, by the configuration's replication.policy.separator"),
            },
            None => Join {
                separators: SEPARATORS.iter().map(|s| s.to_string()).collect(),
                said: "the checkpoints' topic names as <source alias>.<topic>, the alias ending at the first '.', '_' or '-' (no configuration given: DefaultReplicationPolicy's shape assumed; give it for a separator of its own)".into(),
            },
        }
    }

    /// Whether a checkpoint's target topic stands for source topic `topic`: the same name
    /// (identity policy) or the name after a source-alias prefix (`primary.orders`,
    /// `us_east.orders`, `primary_orders`). As DefaultReplicationPolicy reads a name, the
    /// alias ends at the first separator: an alias holding the separator itself
    /// (`a.b.orders`, a copy of a copy) names another topic.
    pub(super) fn names_source(&self, target: &str, topic: &str) -> bool {
        target == topic
            || target.strip_suffix(topic).is_some_and(|prefix| {
                self.separators.iter().any(|sep| {
                    prefix
                        .strip_suffix(sep.as_str())
                        .is_some_and(|alias| !alias.is_empty() && !alias.contains(sep.as_str()))
                })
            })
    }
}

/// `groups.exclude`'s default in MirrorMaker 2 (`MirrorCheckpointConfig`).
const DEFAULT_GROUPS_EXCLUDE: [&str; 3] = ["console-consumer-.*", "connect-.*", "__.*"];

/// What a MirrorMaker 2 configuration, where one was given, says that bears on resuming.
#[derive(Default)]
struct Config {
    /// The `groups` patterns (none: no configuration).
    groups: Option<Vec<String>>,
    /// The flows' topic selectors: a topic none selects is not copied.
    topics: Vec<crate::estate::Selector>,
    /// `offset.lag.max`.
    lag_max: Option<u64>,
    /// `emit.checkpoints.interval.seconds`, in ms.
    checkpoint_ms: Option<u64>,
    /// `sync.group.offsets.enabled` on any flow (none: no configuration).
    group_sync: Option<bool>,
    /// `replication.policy.separator` of a flow under the default policy.
    separator: Option<String>,
}

fn config(g: &Gathered) -> Config {
    let Some((name, text)) = g.config.as_ref() else {
        return Config::default();
    };
    let Ok(done) = crate::import(&[crate::Input::new(name, text)], None) else {
        return Config::default();
    };
    let flows = &done.estate.flows;
    let mut groups: Vec<String> = flows.iter().flat_map(|f| f.facts.groups.clone()).collect();
    groups.dedup();
    Config {
        groups: (!groups.is_empty()).then_some(groups),
        topics: flows.iter().map(|f| f.selector.clone()).collect(),
        lag_max: flows.iter().find_map(|f| f.options.map_every),
        checkpoint_ms: flows.iter().find_map(|f| f.options.checkpoint_every_ms),
        group_sync: Some(flows.iter().any(|f| f.facts.group_sync)),
        separator: flows.iter().find_map(|f| match &f.naming {
            crate::estate::Naming::Prefixed { separator } => Some(separator.clone()),
            _ => None,
        }),
    }
}

/// The rules a partition is answered by: the release's and the consumers', and what the
/// configuration set where one was given (the notes quote it).
struct Rules {
    kafka: KafkaVersion,
    reset: Reset,
    /// "60 s by default", or "30 s in the configuration".
    checkpoint_every: String,
    lag_max: Option<u64>,
    /// Whether an offset-syncs dump was given: without one, what translating gives and
    /// how much a group re-reads are not known (not "no syncs").
    syncs_given: bool,
}

impl Rules {
    fn new(o: &Options, config: &Config, syncs_given: bool) -> Self {
        Rules {
            kafka: o.kafka,
            reset: o.reset,
            checkpoint_every: config.checkpoint_ms.map_or_else(
                || "60 s by default".to_string(),
                |ms| format!("{} s in the configuration", ms / 1000),
            ),
            lag_max: config.lag_max,
            syncs_given,
        }
    }
}

/// Whether the syncs name `topic`: a source topic, not a copy's target-side name.
fn is_source_topic(g: &Gathered, topic: &str) -> bool {
    g.syncs.keys().any(|s| s.topic == topic)
}

/// The target's group table: rows whose topic no sync names but a checkpoint does (a
/// copy's target-side name, `primary.orders`).
fn target_rows(g: &Gathered) -> Vec<&GroupRow> {
    g.rows
        .iter()
        .filter(|r| {
            !is_source_topic(g, &r.at.topic)
                && g.checkpoints.keys().any(|(_, at)| at.topic == r.at.topic)
        })
        .collect()
}

/// The target's rows, but for a table naming a topic some answer reads at the source: it
/// is not told apart from the source's (IdentityReplicationPolicy names both sides
/// alike), so it is not taken as the target's.
fn usable_target_rows<'g>(g: &'g Gathered, partitions: &[PartitionAnswer]) -> Vec<&'g GroupRow> {
    target_rows(g)
        .into_iter()
        .filter(|r| !partitions.iter().any(|p| p.topic == r.at.topic))
        .collect()
}

/// What each file was read as, a group table whose every topic is the target's named so.
fn read_as(g: &Gathered, partitions: &[PartitionAnswer]) -> Vec<String> {
    let targets = usable_target_rows(g, partitions);
    let of_target = |file: &str| {
        g.tables.iter().any(|(f, topics)| {
            f == file
                && topics
                    .iter()
                    .all(|t| targets.iter().any(|r| r.at.topic == *t))
        })
    };
    g.read
        .iter()
        .map(|said| {
            match g
                .tables
                .iter()
                .find(|(f, _)| said.starts_with(&format!("{f}: ")))
            {
                Some((file, _)) if of_target(file) => said.replacen(
                    "the source cluster's consumer groups",
                    "the target cluster's consumer groups",
                    1,
                ),
                _ => said.clone(),
            }
        })
        .collect()
}

/// Where each consumer will actually start on the target: its group's row in the
/// target's table (the checkpoint's topic, or a name standing for the source topic).
/// Under IdentityReplicationPolicy a target's table cannot be told from the source's by
/// its topics, so none is used: the start then says to give it.
fn starts(
    g: &Gathered,
    join: &Join,
    partitions: &mut [PartitionAnswer],
    group_sync: Option<bool>,
    reset: Reset,
) {
    let targets = usable_target_rows(g, partitions);
    for a in partitions {
        let row = targets.iter().copied().find(|r| {
            r.group == a.group
                && r.at.partition == a.partition
                && (a.target_topic.as_deref() == Some(r.at.topic.as_str())
                    || (a.target_topic.is_none() && join.names_source(&r.at.topic, &a.topic)))
        });
        let on_target = OnTarget {
            table_given: !targets.is_empty(),
            row,
            group_sync,
            reset,
        };
        start(a, &on_target);
    }
}

/// Every (group, source partition) to answer for: the table's rows, then checkpoints the
/// table does not name.
fn subjects<'g>(
    g: &'g Gathered,
    join: &Join,
) -> Vec<(
    String,
    TopicPart,
    Option<&'g GroupRow>,
    Option<&'g Checkpoint>,
)> {
    let mut out = Vec::new();
    let target_side = target_rows(g);
    let mut used: Vec<&(String, TopicPart)> = Vec::new();
    for r in g.rows.iter().filter(|r| !target_side.contains(r)) {
        let cp = g.checkpoints.iter().find(|((group, at), _)| {
            *group == r.group
                && at.partition == r.at.partition
                && join.names_source(&at.topic, &r.at.topic)
        });
        if let Some((key, _)) = cp {
            used.push(key);
        }
        out.push((r.group.clone(), r.at.clone(), Some(r), cp.map(|(_, c)| c)));
    }
    for (key, c) in &g.checkpoints {
        if used.contains(&key) {
            continue;
        }
        // The source topic: the one the syncs name that the target name stands for.
        let topic = g
            .syncs
            .keys()
            .find(|s| s.partition == c.at.partition && join.names_source(&c.at.topic, &s.topic))
            .map_or_else(|| c.at.topic.clone(), |s| s.topic.clone());
        out.push((
            c.group.clone(),
            TopicPart {
                topic,
                partition: c.at.partition,
            },
            None,
            Some(c),
        ));
    }
    out
}

/// The answer for everything gathered.
pub fn answer(g: &Gathered, o: &Options) -> Answer {
    let rule = o.kafka.rule();
    let stores: BTreeMap<&TopicPart, Syncs> = g
        .syncs
        .iter()
        .map(|(at, list)| {
            let mut s = Syncs::new(rule);
            for &(up, down) in list {
                s.receive(up, down);
            }
            (at, s)
        })
        .collect();
    let config = config(g);
    let active_on_target: Vec<(&str, &str)> = g
        .rows
        .iter()
        .filter(|r| r.active && !is_source_topic(g, &r.at.topic))
        .map(|r| (r.group.as_str(), r.at.topic.as_str()))
        .collect();
    let rules = Rules::new(o, &config, !g.syncs.is_empty());
    // Groups with a partition they never committed on (a Kafka defect drops their batch).
    let uncommitted: BTreeSet<&str> = g
        .rows
        .iter()
        .filter(|r| r.committed.is_none())
        .map(|r| r.group.as_str())
        .collect();
    let mut partitions = Vec::new();
    let join = Join::of(&config);
    for (group, at, row, cp) in subjects(g, &join) {
        let syncs = stores.get(&at);
        let has_uncommitted = uncommitted.contains(group.as_str());
        let mut a = one(has_uncommitted, &group, &at, row, cp, syncs, &rules);
        if syncs.is_none()
            && !config.topics.is_empty()
            && !config.topics.iter().any(|s| s.selects(&at.topic))
        {
            a.notes.push(note("not-copied", format!("{} is selected by none of the configuration's topics: MirrorMaker 2 does not copy it, so no group of it can resume on the target", at.topic)));
        }
        // A group the table does not name matches no pattern but may be any group.
        let named = group != UNNAMED_GROUP;
        if let Some(p) = config.groups.as_ref().filter(|_| named) {
            if cp.is_none() && !p.iter().any(|pat| crate::selector::matches(pat, &group)) {
                a.notes.insert(0, note("filtered-out", format!("{group} matches none of the configuration's groups ({}): MirrorMaker 2 writes it no checkpoint", p.join(", "))));
            }
        }
        let excluded = DEFAULT_GROUPS_EXCLUDE
            .iter()
            .find(|pat| crate::selector::matches(pat, &group));
        if let (None, Some(pat)) = (cp, excluded) {
            a.notes.insert(0, note("filtered-out", format!("{group} matches groups.exclude's default ({pat}): MirrorMaker 2 writes it no checkpoint unless groups.exclude is set otherwise")));
        }
        if let Some(t) = &a.target_topic {
            if active_on_target.contains(&(group.as_str(), t.as_str())) {
                a.notes.push(note("active-on-target", format!("{group} has active members on the target's {t}: sync.group.offsets.enabled skips a group with members there, so its offsets on the target are its own, not the translated ones")));
            }
        }
        partitions.push(a);
    }
    starts(g, &join, &mut partitions, config.group_sync, o.reset);
    for p in &mut partitions {
        p.plans = row_plans(p);
    }
    let target = target_cluster(g, &partitions);
    let groups = summaries(&partitions, o.reset);
    let mut read = read_as(g, &partitions);
    if !g.checkpoints.is_empty() {
        read.push(join.said);
    }
    Answer {
        partitions,
        groups,
        read,
        kafka: o.kafka.to_string(),
        rule: o.kafka.rule_used(),
        sync_every: sync_every(g),
        target,
    }
}

/// One partition's answer.
fn one(
    group_has_uncommitted: bool,
    group: &str,
    at: &TopicPart,
    row: Option<&GroupRow>,
    cp: Option<&Checkpoint>,
    syncs: Option<&Syncs>,
    rules: &Rules,
) -> PartitionAnswer {
    let committed = row.and_then(|r| r.committed);
    let translation = match (committed, syncs) {
        (Some(c), Some(s)) => Some(s.translate(c)),
        (Some(_), None) if rules.syncs_given => Some(Translation::NoPairs),
        _ => None,
    };
    let no_syncs = matches!(translation, Some(Translation::NoPairs));
    let translation = no_sync_rule(translation, committed, rules.kafka);
    let translated_now = translation.and_then(|t| t.at()).map(|(_, p)| p);
    let mut notes = Vec::new();
    let mut a = PartitionAnswer {
        group: group.into(),
        topic: at.topic.clone(),
        partition: at.partition,
        target_topic: cp.map(|c| c.at.topic.clone()),
        source_committed: committed,
        checkpoint: cp.map(|c| CheckpointAt {
            upstream: c.upstream,
            downstream: c.downstream,
        }),
        resume_at: cp.map(|c| c.downstream),
        translated_now,
        replay_at_most: None,
        skipped: None,
        flagged: false,
        plans: None,
        after_restart: None,
        translated_is_source_offset: no_syncs && translated_now.is_some(),
        target_committed: None,
        starts_at: None,
        start_from: StartFrom::Unknown,
        start_why: String::new(),
        notes: Vec::new(),
    };
    if row.is_some() && committed.is_none() {
        notes.push(note("never-committed", format!("{group} has never committed on {}-{} (the table prints -): there is nothing to translate", at.topic, at.partition)));
    }
    notes.extend(sync_notes(at, committed, translation, syncs, rules));
    if let (Some(cp), Some(c)) = (cp, committed) {
        if c > cp.upstream {
            notes.push(note("committed-since", format!("{group} committed {} records past its last checkpoint ({} → {c}): checkpoints follow every emit.checkpoints.interval.seconds ({})", c - cp.upstream, cp.upstream, rules.checkpoint_every)));
        }
    }
    notes.extend(release_notes(&mut a, cp, syncs, rules.kafka));
    notes.extend(resume_notes(&mut a, row, cp, syncs, rules.reset));
    if let (Some(cp), false) = (cp, rules.syncs_given) {
        notes.push(checkpoint_alone(&a, cp, rules));
    }
    let seen = Seen {
        translated: translated_now.is_some(),
        has_checkpoint: cp.is_some(),
        group_has_uncommitted,
        at_the_end: row.is_some_and(|r| r.committed.is_some() && r.committed == r.log_end),
        no_syncs,
        syncs_given: rules.syncs_given,
        committed_zero: committed == Some(0),
    };
    notes.extend(known_defects(rules.kafka, &seen));
    a.notes = notes;
    a
}

/// Up to 3.2, a partition with no sync translates to the source offset unchanged: the
/// store's default sync is (-1, -1), and `-1 + (committed - -1)` is the commit (apache/kafka
/// 3.2.3, `OffsetSyncStore.latestOffsetSync`; KAFKA-12635, 3.3.0, writes no checkpoint).
fn no_sync_rule(
    translation: Option<Translation>,
    committed: Option<u64>,
    kafka: KafkaVersion,
) -> Option<Translation> {
    match (translation, committed) {
        (Some(Translation::NoPairs), Some(c)) if kafka.between((0, 0, 0), (3, 3, 0)) => {
            Some(Translation::At {
                part: 0,
                position: c,
            })
        }
        (t, _) => t,
    }
}

/// Why a translation behind the last checkpoint does or does not move the group back, by
/// release: 3.4.1 added `checkpointIsMoreRecent` (apache/kafka 3.4.1,
/// `MirrorCheckpointTask`), whose last checkpoints were kept in memory only until 3.7.1
/// and 3.8.0 read them back from the checkpoints topic (KAFKA-15905).
fn backwards(now: u64, last: u64, kafka: KafkaVersion) -> Note {
    let text = if kafka.between((0, 0, 0), (3, 4, 1)) {
        format!("translating the commit now gives {now}, before the last checkpoint's {last}: Kafka {kafka} writes checkpoints that move a group back (3.4.1 stopped it), so its next checkpoint puts the group at {now}")
    } else if !kafka.restart_keeps_history() {
        format!("translating the commit now gives {now}, before the last checkpoint's {last}: Kafka {kafka} writes no checkpoint that moves a group back (unless the group itself rewound) while its checkpoint task runs, so it resumes at {last}; but a restarted task has forgotten its last checkpoints (3.7.1 and 3.8.0 read them back) and may then write {now}")
    } else {
        format!("translating the commit now gives {now}, before the last checkpoint's {last}: since 3.4.1 Kafka writes no checkpoint that moves a group back (unless the group itself rewound), and from 3.7.1 a restarted task reads its last checkpoints back first, so it resumes at {last}")
    };
    note("would-go-backwards", text)
}

/// What the release does with a translation behind the last checkpoint, and its second
/// answer after a restart.
fn release_notes(
    a: &mut PartitionAnswer,
    cp: Option<&Checkpoint>,
    syncs: Option<&Syncs>,
    kafka: KafkaVersion,
) -> Vec<Note> {
    let mut notes = Vec::new();
    let (committed, now) = (a.source_committed, a.translated_now);
    let rewound = matches!((cp, committed), (Some(cp), Some(c)) if c < cp.upstream);
    if let (Some(cp), Some(now), false) = (cp, now, rewound) {
        if now < cp.downstream {
            notes.push(backwards(now, cp.downstream, kafka));
        }
    }
    if let (Some(c), Some(s)) = (committed, syncs) {
        a.after_restart = after_restart(kafka, c, now, s);
        notes.extend(a.after_restart.as_ref().map(|r| restart_note(a, r, kafka)));
    }
    notes
}

/// The second answer of Kafka 3.4.1 to 3.7.0 (see [`AfterRestart`]), where it differs.
fn after_restart(
    kafka: KafkaVersion,
    committed: u64,
    translated_now: Option<u64>,
    syncs: &Syncs,
) -> Option<AfterRestart> {
    if !kafka.between((3, 4, 1), (3, 7, 1)) {
        return None;
    }
    let (up, down) = syncs.newest()?;
    // One kept sync: at or past it, `OffsetSyncStore.translateDownstream` gives its
    // downstream offset, plus one when past it.
    let translated = match committed.cmp(&up) {
        std::cmp::Ordering::Less => None,
        std::cmp::Ordering::Equal => Some(down),
        std::cmp::Ordering::Greater => Some(down + 1),
    };
    (translated != translated_now).then_some(AfterRestart {
        newest_sync: CheckpointAt {
            upstream: up,
            downstream: down,
        },
        translated,
    })
}

fn restart_note(a: &PartitionAnswer, r: &AfterRestart, kafka: KafkaVersion) -> Note {
    let (up, down) = (r.newest_sync.upstream, r.newest_sync.downstream);
    let first = match a.translated_now {
        Some(now) => format!("translating the commit gives {now}"),
        None => "the commit does not translate".to_string(),
    };
    let second = match (r.translated, a.resume_at) {
        (Some(t), _) => format!("translating it gives {t}"),
        (None, Some(cp)) => format!("it writes no checkpoint for {} until the group commits past {up}, so the group resumes at its last checkpoint, {cp}", a.group),
        (None, None) => format!("it writes no checkpoint for {} until the group commits past {up}, so the group has none and auto.offset.reset decides", a.group),
    };
    let mut n = note("restart-keeps-newest", format!("two answers for Kafka {kafka}: if its checkpoint task has not restarted since these syncs were written, {first}; if it has, it read the syncs back keeping only the newest per partition ({up} → {down}) and {second}. The task restarts whenever a consumer group appears on or disappears from the source (checked every refresh.groups.interval.seconds, 10 minutes by default): if groups changed since these syncs, the second answer holds. 3.7.1 and 3.8.0 read the syncs back whole"));
    n.jira = Some("KAFKA-15905");
    n
}

/// Where the group resumes: at its checkpoint (and how much it re-reads at most), or,
/// with none, where its `auto.offset.reset` puts it (and what it skips).
fn resume_notes(
    a: &mut PartitionAnswer,
    row: Option<&GroupRow>,
    cp: Option<&Checkpoint>,
    syncs: Option<&Syncs>,
    reset: Reset,
) -> Vec<Note> {
    let mut notes = Vec::new();
    let (group, committed) = (a.group.clone(), a.source_committed);
    let at = TopicPart {
        topic: a.topic.clone(),
        partition: a.partition,
    };
    if let Some(cp) = cp {
        if cp.at.topic == at.topic {
            notes.push(note("identity-names", format!("the checkpoint names {} on the target, the source's own name (IdentityReplicationPolicy): copies both ways would loop, and a group reading both sides mixes their offsets", at.topic)));
        }
        match committed {
            Some(c) if c < cp.upstream => notes.push(rewound_since(a, cp, c, syncs)),
            Some(c) => {
                let floor = syncs.and_then(|s| Some((s, s.source_floor(cp.downstream)?)));
                a.replay_at_most = floor.map(|(s, floor)| {
                    let again = s.recopied_after(cp.downstream, c);
                    if again > 0 {
                        notes.push(note("copied-again", format!("the syncs show the source task copied records again after a restart (the target holds more records than source offsets between two syncs; transaction markers on the target would show so too): resuming at {} reads {again} of them once more, counted in the bound", cp.downstream)));
                    }
                    c.saturating_sub(floor) + again
                });
            }
            None => {}
        }
    } else if group == UNNAMED_GROUP {
        notes.push(note("unnamed-group", format!("the group table names no group (Kafka 2.0 to 2.2 print no GROUP column), so no checkpoint is matched to {}-{}: where it resumes is not known from this; paste the command line with its --group above the table", at.topic, at.partition)));
    } else if row.is_some() && committed.is_some() {
        // Only a group that had committed here had a place to skip from.
        let skipped = row.and_then(|r| Some(r.log_end?.saturating_sub(committed?)));
        let then = match reset {
            Reset::Latest => {
                a.skipped = skipped;
                "it starts from the end of the target's topic (auto.offset.reset=latest) and skips what it had not read (a group new on the source waits up to 10 minutes, refresh.groups.interval.seconds, for its first checkpoint)".to_string()
            }
            Reset::Earliest => "it starts from the beginning of the target's topic (auto.offset.reset=earliest) and reads everything the target holds again".to_string(),
        };
        notes.push(note(
            "no-checkpoint",
            format!(
                "{group} has no checkpoint for {}-{}: {then}",
                at.topic, at.partition
            ),
        ));
    }
    notes
}

/// What a checkpoint alone says where no offset-syncs dump was given (all an operator has
/// once the source cluster is gone, if the syncs topic was on it): where the group resumes
/// and how old that position is, but not how much it re-reads, which only the syncs bound.
fn checkpoint_alone(a: &PartitionAnswer, cp: &Checkpoint, rules: &Rules) -> Note {
    let age = match a.source_committed {
        Some(c) if c >= cp.upstream => format!(
            "; the group has committed {} records at the source since it was written",
            c - cp.upstream
        ),
        _ => String::new(),
    };
    note("no-syncs-given", format!("no offset-syncs dump was given, so how many records {} re-reads on {}-{} is not known, nor what translating its commit now gives: the checkpoint alone says it resumes at {} on {}, a copy of a source record at or before {}, the commit it was written for; CheckpointFormatter prints no time, but checkpoints are written every emit.checkpoints.interval.seconds ({}) while MirrorMaker 2 runs{age}", a.group, a.topic, a.partition, cp.downstream, cp.at.topic, cp.upstream, rules.checkpoint_every))
}

/// A group whose commit is behind its last checkpoint's upstream offset was reset or
/// rewound after that checkpoint: resuming at the checkpoint skips the records from its
/// commit up to the checkpoint's source position, at most `upstream - committed` (the
/// record at the checkpoint's downstream offset is a copy of one at or before `upstream`)
/// and, where syncs bound it, at least from the commit to the source floor under it.
fn rewound_since(a: &mut PartitionAnswer, cp: &Checkpoint, c: u64, syncs: Option<&Syncs>) -> Note {
    let most = cp.upstream - c;
    a.skipped = Some(most);
    a.flagged = true;
    let least = syncs
        .and_then(|s| s.source_floor(cp.downstream))
        .map(|floor| format!(", at least {}", floor.saturating_sub(c)))
        .unwrap_or_default();
    let instead = match a.translated_now {
        Some(now) if now < cp.downstream => format!("translating the commit now gives {now}: reset the group there to skip nothing"),
        _ => "reset the group to the copy of its commit instead (translate it when syncs reach back that far)".to_string(),
    };
    note("rewound-since-checkpoint", format!("{} committed {c} on {}-{}, {most} records before its last checkpoint's upstream offset {}: it was reset or rewound after that checkpoint. Resuming at the checkpoint's {} skips records the rewind asked to read again (at most {most}{least}); MirrorMaker 2 follows a rewind with a new checkpoint at its next emit.checkpoints.interval.seconds when it can translate the commit, but none comes once the source is gone: {instead}", a.group, a.topic, a.partition, cp.upstream, cp.downstream))
}

/// What the syncs say of a commit: none for its partition, too old to translate, or too
/// sparse for the rate.
fn sync_notes(
    at: &TopicPart,
    committed: Option<u64>,
    translation: Option<Translation>,
    syncs: Option<&Syncs>,
    rules: &Rules,
) -> Vec<Note> {
    let kafka = rules.kafka;
    let mut notes = Vec::new();
    let translated_now = translation.and_then(|t| t.at()).map(|(_, p)| p);
    match (translation, syncs) {
        (Some(Translation::NoPairs), _) => notes.push(note("no-syncs", format!("{}-{} has no offset syncs in the dump: no checkpoint can be written for it (is emit.offset-syncs.enabled off, or the topic not copied?)", at.topic, at.partition))),
        (Some(Translation::OlderThanHistory { oldest }), _) => notes.push(note("before-oldest-sync", format!("the commit at {} is before the oldest sync Kafka {} still keeps ({oldest}): it cannot be translated, so no newer checkpoint is written", committed.unwrap_or(0), kafka))),
        (Some(Translation::At { .. }), Some(s)) => {
            if let (Some(c), Some(floor)) = (committed, s.source_floor(translated_now.unwrap_or(0))) {
                let behind = c.saturating_sub(floor);
                if behind > 1_000 && behind > s.widest_gap() / 2 {
                    let lag_max = rules.lag_max.map(|l| format!("; the configuration's offset.lag.max is {l}")).unwrap_or_default();
                    notes.push(note("sparse-syncs", format!("the newest sync under the commit is {behind} records behind it: syncs are sparse for this rate (the widest gap between two is {}), so a failover now re-reads up to that many{lag_max}", s.widest_gap())));
                }
            }
        }
        _ => {}
    }
    notes
}

/// The CSV `kafka-consumer-groups.sh --reset-offsets --from-file` takes for one group on
/// the target, by the "never skip" plan (see [`super::plan`]).
pub fn reset_plan(a: &Answer, group: &str) -> Result<String, String> {
    super::plan::group_plan(a, group, Plan::NeverSkip)
}

/// What to read before applying a group's "never skip" plan: a sentence per row whose
/// plan offset skips records (the group rewound after its checkpoint).
pub fn plan_warnings(a: &Answer, group: &str) -> Vec<String> {
    super::plan::plan_warnings_for(a, group, Plan::NeverSkip)
}

/// About how many source records lie between two syncs, over every partition: what the
/// lab's sampled-map scenario is set to for "show me".
fn sync_every(g: &Gathered) -> Option<u64> {
    let (mut span, mut gaps) = (0u64, 0u64);
    for list in g.syncs.values() {
        if let (Some(first), Some(last)) = (list.first(), list.last()) {
            span += last.0.saturating_sub(first.0);
            gaps += list.len() as u64 - 1;
        }
    }
    (gaps > 0).then(|| (span / gaps).max(1))
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn partitions(n: usize) -> String {
    format!("{n} partition{}", if n == 1 { "" } else { "s" })
}

/// What resuming at their checkpoints does on these partitions: re-reads at most so many
/// records, skips up to so many where the group rewound since, or re-reads an unknown
/// number where no offset syncs bound it.
fn checkpoint_clauses(with_cp: &[&PartitionAnswer]) -> String {
    let known: Vec<&&PartitionAnswer> = with_cp
        .iter()
        .filter(|p| p.replay_at_most.is_some())
        .collect();
    let skips: Vec<&&PartitionAnswer> = with_cp.iter().filter(|p| p.flagged).collect();
    let unknown = with_cp.len() - known.len() - skips.len();
    let mut out = Vec::new();
    if !known.is_empty() {
        let replay: u64 = known.iter().filter_map(|p| p.replay_at_most).sum();
        out.push(format!(
            "re-reads at most {} records across {}",
            thousands(replay),
            partitions(known.len())
        ));
    }
    if !skips.is_empty() {
        let skipped: u64 = skips.iter().filter_map(|p| p.skipped).sum();
        out.push(format!("skips up to {} records on {} where it rewound after its checkpoint (reset it there to the translated commit, not the checkpoint)", thousands(skipped), partitions(skips.len())));
    }
    if unknown > 0 {
        let uncommitted = with_cp
            .iter()
            .filter(|p| !p.flagged && p.replay_at_most.is_none())
            .all(|p| p.source_committed.is_none());
        let no_syncs = with_cp
            .iter()
            .any(|p| p.notes.iter().any(|n| n.code == "no-syncs-given"));
        let why = if no_syncs {
            "no offset-syncs dump was given to bound it"
        } else if uncommitted {
            "no commit at the source is known for them"
        } else {
            "no offset sync bounds it"
        };
        out.push(format!(
            "re-reads an unknown number of records on {} ({why})",
            partitions(unknown)
        ));
    }
    out.join("; ")
}

/// A sentence per group: what it re-reads at most, or what it skips.
fn summaries(parts: &[PartitionAnswer], reset: Reset) -> Vec<GroupSummary> {
    let mut groups: Vec<&str> = parts.iter().map(|p| p.group.as_str()).collect();
    groups.sort_unstable();
    groups.dedup();
    groups
        .into_iter()
        .map(|group| {
            let mine: Vec<&PartitionAnswer> = parts.iter().filter(|p| p.group == group).collect();
            let mut text = summary(group, &mine, reset);
            text.push_str(&elsewhere(&mine));
            GroupSummary {
                group: group.to_string(),
                text,
            }
        })
        .collect()
}

/// Where the consumer starts elsewhere than its checkpoint says (the target's own offset,
/// or auto.offset.reset where the target holds none), said after the group's sentence.
fn elsewhere(mine: &[&PartitionAnswer]) -> String {
    let n = mine
        .iter()
        .filter(|p| p.resume_at.is_some() && p.starts_at != p.resume_at)
        .count();
    if n == 0 {
        return String::new();
    }
    format!(
        "; on {} the consumer actually starts elsewhere than its checkpoint (see where it starts)",
        partitions(n)
    )
}

fn summary(group: &str, mine: &[&PartitionAnswer], reset: Reset) -> String {
    let with_cp: Vec<&PartitionAnswer> = mine
        .iter()
        .copied()
        .filter(|p| p.checkpoint.is_some())
        .collect();
    if group == UNNAMED_GROUP {
        return format!(
            "{group}: the table names no group, so none of its {} is matched to a checkpoint",
            partitions(mine.len())
        );
    }
    if with_cp.len() == mine.len() {
        return format!("{group} {}", checkpoint_clauses(&with_cp));
    }
    let start = if reset == Reset::Latest {
        "latest"
    } else {
        "earliest"
    };
    if !with_cp.is_empty() {
        return format!("{group} has checkpoints for {} of {} partitions ({} there); the others start from {start}", with_cp.len(), mine.len(), checkpoint_clauses(&with_cp));
    }
    match reset {
        Reset::Latest => {
            let skipped: u64 = mine.iter().filter_map(|p| p.skipped).sum();
            format!("{group} has no checkpoint: it would start from latest and skip {} records it had not read", thousands(skipped))
        }
        Reset::Earliest => format!("{group} has no checkpoint: it would start from earliest and read everything the target holds again"),
    }
}

#[cfg(test)]
#[path = "answer_tests.rs"]
mod tests;
