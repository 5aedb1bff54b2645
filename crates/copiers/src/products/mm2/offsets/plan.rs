//! The reset plans an operator chooses between, per row and per group, as the CSV
//! `kafka-consumer-groups.sh --reset-offsets --from-file` takes on the target.
//!
//! A row with a checkpoint has up to three offsets on the target's copy: the checkpoint's
//! downstream offset, what translating the source's commit gives now (by the release's
//! rule), and the group's own committed offset on the target. "Never skip" takes the
//! earliest of those known; "re-read least" the latest that skips nothing: no later than
//! the translated commit (Kafka's translation lands at or before the copy of the commit)
//! or, where the group has not rewound since it, the checkpoint (a translation of a commit
//! at or before the current one). An offset past both, the target's own, may skip: it is
//! never taken for "re-read least". Where none is known to skip nothing (a group rewound
//! behind its only checkpoint, no syncs), "re-read least" is the earliest too.
//!
//! Kafka's `parseResetPlan` (`ConsumerGroupCommand`) reads `topic,partition,offset` when
//! exactly one `--group` is given, and `group,topic,partition,offset` otherwise (several
//! `--group`s, or `--all-groups`).

use super::answer::{Answer, PartitionAnswer};
use super::dumps::UNNAMED_GROUP;
use super::start::StartFrom;
use super::Gathered;
use serde::Serialize;

/// Which reset plan.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Plan {
    /// The earliest known offset: reads some records again, skips none it can avoid.
    #[default]
    NeverSkip,
    /// The latest offset known to skip nothing.
    ReReadLeast,
}

impl Plan {
    pub fn parse(text: &str) -> Option<Plan> {
        match text.trim() {
            "never-skip" => Some(Plan::NeverSkip),
            "re-read-least" => Some(Plan::ReReadLeast),
            _ => None,
        }
    }

    /// As the command line and the JSON name it.
    pub fn id(self) -> &'static str {
        match self {
            Plan::NeverSkip => "never-skip",
            Plan::ReReadLeast => "re-read-least",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Plan::NeverSkip => "never skip",
            Plan::ReReadLeast => "re-read least",
        }
    }
}

/// Where a plan's offset comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlanFrom {
    Checkpoint,
    TranslatedNow,
    TargetCommitted,
}

impl PlanFrom {
    pub fn label(self) -> &'static str {
        match self {
            PlanFrom::Checkpoint => "the checkpoint",
            PlanFrom::TranslatedNow => "the commit translated now",
            PlanFrom::TargetCommitted => "the target's own offset",
        }
    }
}

/// One row's two plans (the JSON's `plans`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowPlans {
    pub never_skip: u64,
    pub never_skip_from: PlanFrom,
    pub re_read_least: u64,
    pub re_read_least_from: PlanFrom,
    /// Whether `re_read_least` is known to skip nothing (false: none of the offsets is,
    /// and it is the earliest).
    pub re_read_least_skips_nothing: bool,
}

impl RowPlans {
    pub fn of(&self, plan: Plan) -> (u64, PlanFrom) {
        match plan {
            Plan::NeverSkip => (self.never_skip, self.never_skip_from),
            Plan::ReReadLeast => (self.re_read_least, self.re_read_least_from),
        }
    }
}

/// A row's two plans; none without a checkpoint (the row is not in a plan).
pub(super) fn row_plans(p: &PartitionAnswer) -> Option<RowPlans> {
    let checkpoint = p.resume_at?;
    let translated_now = p.translated_now.filter(|_| !p.translated_is_source_offset);
    let candidates: Vec<(u64, PlanFrom)> = [
        Some((checkpoint, PlanFrom::Checkpoint)),
        translated_now.map(|t| (t, PlanFrom::TranslatedNow)),
        p.target_committed.map(|t| (t, PlanFrom::TargetCommitted)),
    ]
    .into_iter()
    .flatten()
    .collect();
    // The first of equal offsets is kept: the checkpoint, then the translation.
    let earliest = candidates
        .iter()
        .copied()
        .fold(None, |best: Option<(u64, PlanFrom)>, c| match best {
            Some(b) if b.0 <= c.0 => Some(b),
            _ => Some(c),
        })?;
    let skip_free = [translated_now, (!p.flagged).then_some(checkpoint)]
        .into_iter()
        .flatten()
        .max();
    let least = skip_free.and_then(|bound| {
        candidates.iter().copied().filter(|c| c.0 <= bound).fold(
            None,
            |best: Option<(u64, PlanFrom)>, c| match best {
                Some(b) if b.0 >= c.0 => Some(b),
                _ => Some(c),
            },
        )
    });
    Some(RowPlans {
        never_skip: earliest.0,
        never_skip_from: earliest.1,
        re_read_least: least.unwrap_or(earliest).0,
        re_read_least_from: least.unwrap_or(earliest).1,
        re_read_least_skips_nothing: least.is_some(),
    })
}

fn rows_of<'a>(a: &'a Answer, group: &'a str) -> impl Iterator<Item = &'a PartitionAnswer> {
    a.partitions.iter().filter(move |p| p.group == group)
}

/// The CSV `kafka-consumer-groups.sh --group GROUP --reset-offsets --from-file` takes on
/// the target: `topic,partition,offset`, one line per partition with a checkpoint.
pub fn group_plan(a: &Answer, group: &str, plan: Plan) -> Result<String, String> {
    let rows: Vec<String> = rows_of(a, group)
        .filter_map(|p| {
            let (offset, _) = p.plans.as_ref()?.of(plan);
            Some(format!(
                "{},{},{offset}",
                p.target_topic.as_deref()?,
                p.partition
            ))
        })
        .collect();
    if rows.is_empty() {
        return Err(format!("{group} has no checkpoint to reset to"));
    }
    Ok(rows.join("\n") + "\n")
}

/// The groups with a row in a plan, in the answer's order.
pub fn planned_groups(a: &Answer) -> Vec<String> {
    let mut groups: Vec<String> = Vec::new();
    for p in a.partitions.iter().filter(|p| p.plans.is_some()) {
        if !groups.contains(&p.group) {
            groups.push(p.group.clone());
        }
    }
    groups
}

/// The CSV for every group at once (`--all-groups`, or a `--group` per group):
/// `group,topic,partition,offset`, one line per partition with a checkpoint.
pub fn all_groups_plan(a: &Answer, plan: Plan) -> Result<String, String> {
    groups_plan(a, &planned_groups(a), plan)
}

/// The four-column CSV for these groups only.
pub fn groups_plan(a: &Answer, groups: &[String], plan: Plan) -> Result<String, String> {
    let rows: Vec<String> = a
        .partitions
        .iter()
        .filter(|p| groups.contains(&p.group))
        .filter_map(|p| {
            let (offset, _) = p.plans.as_ref()?.of(plan);
            let topic = p.target_topic.as_deref()?;
            Some(format!("{},{topic},{},{offset}", p.group, p.partition))
        })
        .collect();
    if rows.is_empty() {
        return Err("no group has a checkpoint to reset to".to_string());
    }
    Ok(rows.join("\n") + "\n")
}

/// What to read before applying a group's plan: a sentence per row whose group rewound
/// behind its checkpoint and whose plan offset is that checkpoint (it skips records) or
/// the target's own offset (not known to skip nothing: no translation bounds it).
pub fn plan_warnings_for(a: &Answer, group: &str, plan: Plan) -> Vec<String> {
    rows_of(a, group)
        .filter(|p| p.flagged)
        .filter_map(|p| {
            let (at, from) = p.plans.as_ref()?.of(plan);
            let (t, n) = (&p.topic, p.partition);
            match from {
                PlanFrom::Checkpoint => Some(format!("{group} {t}-{n}: resetting to the checkpoint's {at} skips up to {} records (the group rewound after it)", p.skipped.unwrap_or(0))),
                PlanFrom::TargetCommitted => Some(format!("{group} {t}-{n}: the target's own {at} is before the checkpoint the group rewound behind, but whether it skips is not known (no offset sync translates the commit)")),
                PlanFrom::TranslatedNow => None,
            }
        })
        .collect()
}

/// The rows on which the two plans differ, each with both offsets.
pub fn plan_differences(a: &Answer, group: &str) -> Vec<String> {
    rows_of(a, group)
        .filter_map(|p| {
            let r = p.plans.as_ref()?;
            (r.never_skip != r.re_read_least).then(|| {
                format!(
                    "{group} {}-{}: never skip {} ({}), re-read least {} ({}), {} records apart",
                    p.topic,
                    p.partition,
                    r.never_skip,
                    r.never_skip_from.label(),
                    r.re_read_least,
                    r.re_read_least_from.label(),
                    r.re_read_least.abs_diff(r.never_skip)
                )
            })
        })
        .collect()
}

/// The group's rows with no checkpoint, which no plan line sets: each with where its
/// consumer starts instead (the offset it keeps on the target, or auto.offset.reset).
pub fn unplanned(a: &Answer, group: &str) -> Vec<String> {
    rows_of(a, group)
        .filter(|p| p.plans.is_none() && p.group != UNNAMED_GROUP)
        .map(|p| {
            let then = match (p.start_from, p.starts_at) {
                (StartFrom::TargetCommitted, Some(at)) => {
                    format!("the group keeps the {at} it holds on the target")
                }
                _ => p
                    .start_why
                    .strip_prefix("no checkpoint: ")
                    .unwrap_or(&p.start_why)
                    .to_string(),
            };
            format!(
                "{group} {}-{} has no checkpoint, so no plan line sets it: {then}",
                p.topic, p.partition
            )
        })
        .collect()
}

/// The target cluster, as far as the checkpoints and the configuration name it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TargetCluster {
    /// The source cluster's alias, the prefix of the checkpoints' topics (`primary` of
    /// `primary.orders`): MirrorMaker 2 names its checkpoints topic after the source
    /// (`MirrorCheckpointConfig.checkpointsTopic()` is the policy's
    /// `checkpointsTopic(sourceClusterAlias())`).
    pub source_alias: Option<String>,
    /// `<source alias>.checkpoints.internal`: the checkpoints topic, on the target.
    pub checkpoints_topic: Option<String>,
    /// The target's alias: the configuration's flow out of the source alias.
    pub alias: Option<String>,
    /// Its bootstrap servers, where the configuration gives them.
    pub bootstrap: Option<String>,
}

impl TargetCluster {
    /// What `--bootstrap-server` takes: the configuration's addresses, or a placeholder
    /// naming the cluster.
    pub fn bootstrap_server(&self) -> String {
        if let Some(b) = &self.bootstrap {
            return b.clone();
        }
        match (&self.alias, &self.checkpoints_topic) {
            (Some(alias), _) => format!("<{alias}'s bootstrap servers>"),
            (None, Some(topic)) => format!("<bootstrap servers of the cluster holding {topic}>"),
            (None, None) => "<the target's bootstrap servers>".to_string(),
        }
    }
}

/// The source alias the checkpoints' topics carry: a target topic that ends in its source
/// topic after a one-character separator.
fn source_alias(partitions: &[PartitionAnswer]) -> Option<String> {
    partitions.iter().find_map(|p| {
        let target = p.target_topic.as_deref()?;
        let prefix = target.strip_suffix(p.topic.as_str())?;
        let alias = &prefix[..prefix.len().checked_sub(1)?];
        (!alias.is_empty()).then(|| alias.to_string())
    })
}

/// The target cluster from the checkpoints (its checkpoints topic) and, where one was
/// given, the configuration (its alias and addresses).
pub(super) fn target_cluster(g: &Gathered, partitions: &[PartitionAnswer]) -> TargetCluster {
    let source = source_alias(partitions);
    let estate = g.config.as_ref().and_then(|(name, text)| {
        crate::import(&[crate::Input::new(name, text)], None)
            .ok()
            .map(|done| done.estate)
    });
    let flow = estate.as_ref().and_then(|e| {
        let mut flows = e.flows.iter();
        match &source {
            Some(s) => flows.find(|f| f.source == *s),
            None => flows.next(),
        }
    });
    let alias = flow.map(|f| f.target.clone());
    let bootstrap = estate.as_ref().and_then(|e| {
        let c = e
            .clusters
            .iter()
            .find(|c| Some(&c.name) == alias.as_ref())?;
        (!c.addresses.is_empty()).then(|| c.addresses.join(","))
    });
    let source = source.or_else(|| flow.map(|f| f.source.clone()));
    TargetCluster {
        checkpoints_topic: source.as_ref().map(|s| format!("{s}.checkpoints.internal")),
        source_alias: source,
        alias,
        bootstrap,
    }
}

/// The command that applies a plan file on the target: `--group GROUP` for one group's
/// three-column file; for the four-column file of every planned group, see
/// [`groups_command`].
pub fn apply_command(a: &Answer, file: &str, group: Option<&str>) -> String {
    match group {
        Some(g) => command(a, file, &format!("--group {g}")),
        None => groups_command(a, file, &planned_groups(a)),
    }
}

/// The command for a four-column file of these groups: a `--group` per group, or
/// `--all-groups` where it holds one (one `--group` would make Kafka try the three-column
/// form first; the other groups find no line and are left as they are).
pub fn groups_command(a: &Answer, file: &str, groups: &[String]) -> String {
    let which = match groups {
        [_] => "--all-groups".to_string(),
        _ => groups
            .iter()
            .map(|g| format!("--group {g}"))
            .collect::<Vec<_>>()
            .join(" "),
    };
    command(a, file, &which)
}

fn command(a: &Answer, file: &str, which: &str) -> String {
    let server = a.target.bootstrap_server();
    format!("kafka-consumer-groups.sh --bootstrap-server {server} {which} --reset-offsets --from-file {file} --execute")
}

/// Where the command runs, in words: the target, by its alias, or as the cluster that
/// holds the checkpoints topic.
pub fn target_named(a: &Answer) -> String {
    let t = &a.target;
    match (&t.alias, &t.checkpoints_topic) {
        (Some(alias), _) => format!("on the target, {alias}"),
        (None, Some(topic)) => format!("on the target, the cluster holding {topic} (give the MirrorMaker 2 configuration to name it and its addresses)"),
        (None, None) => "on the target".to_string(),
    }
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
