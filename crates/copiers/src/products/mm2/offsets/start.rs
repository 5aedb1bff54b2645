//! Where the consumer will actually start on the target, beside where the checkpoint says.
//!
//! A consumer starts at its group's committed offset on the target, or by its
//! `auto.offset.reset` where it has none; a checkpoint moves that offset only through a
//! reset (the plan), a client's `RemoteClusterUtils.translateOffsets`, or MirrorMaker 2's
//! `sync.group.offsets.enabled` (off by default). That sync (`MirrorCheckpointTask.
//! syncGroupOffset`, the same from 2.7 to 4.x) writes a group's checkpointed offsets on
//! the target only while the group there is empty or does not exist (a group with
//! members refuses the write, UnknownMemberIdException), and for a partition the group
//! already holds only when the checkpoint is later (`latestDownstreamOffset >=
//! convertedOffset` is skipped): it never moves a group back.

use super::answer::{PartitionAnswer, Reset};
use super::dumps::{GroupRow, UNNAMED_GROUP};
use serde::Serialize;

/// What the consumer's real start comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartFrom {
    /// The group's own committed offset on the target (its table was given).
    TargetCommitted,
    /// The checkpoint, written into the group by `sync.group.offsets.enabled`.
    Synced,
    /// The checkpoint, once the group is reset to it (nothing else puts it there).
    Checkpoint,
    /// No committed offset on the target: the consumer's `auto.offset.reset`.
    AutoOffsetReset,
    #[default]
    Unknown,
}

impl StartFrom {
    /// As the JSON names it.
    pub fn id(self) -> &'static str {
        match self {
            StartFrom::TargetCommitted => "target-committed",
            StartFrom::Synced => "synced",
            StartFrom::Checkpoint => "checkpoint",
            StartFrom::AutoOffsetReset => "auto-offset-reset",
            StartFrom::Unknown => "unknown",
        }
    }

    /// A few words for a table cell.
    pub fn label(self) -> &'static str {
        match self {
            StartFrom::TargetCommitted => "the target's own offset",
            StartFrom::Synced => "synced by MirrorMaker 2",
            StartFrom::Checkpoint => "the checkpoint, once reset there",
            StartFrom::AutoOffsetReset => "auto.offset.reset",
            StartFrom::Unknown => "not known",
        }
    }
}

/// What is known of the group on the target.
pub struct OnTarget<'a> {
    /// Whether the target's group table was given.
    pub table_given: bool,
    /// The group's row there for this partition, if any.
    pub row: Option<&'a GroupRow>,
    /// `sync.group.offsets.enabled` (none: no configuration given).
    pub group_sync: Option<bool>,
    pub reset: Reset,
}

const EVERY: &str = "every sync.group.offsets.interval.seconds, 60 s by default";

impl OnTarget<'_> {
    fn sync_is(&self) -> &'static str {
        match self.group_sync {
            Some(true) => "on in the configuration",
            Some(false) => "off in the configuration",
            None => "off by default (no configuration was given)",
        }
    }

    fn reset_does(&self) -> &'static str {
        match self.reset {
            Reset::Latest => "auto.offset.reset=latest: at the end of the topic, skipping what it had not read",
            Reset::Earliest => "auto.offset.reset=earliest: at the beginning of the topic, reading all it holds again",
        }
    }
}

/// Fills in where the consumer will actually start, from what, and why.
pub fn start(a: &mut PartitionAnswer, t: &OnTarget) {
    let committed = t.row.and_then(|r| r.committed);
    let (from, at, why) = if a.group == UNNAMED_GROUP {
        (
            StartFrom::Unknown,
            None,
            "the table names no group, so nothing is known of it on the target".to_string(),
        )
    } else if let Some(held) = committed {
        from_target_commit(a.resume_at, held, t)
    } else if t.table_given {
        without_target_commit(a.resume_at, t)
    } else {
        without_target_table(a.resume_at, t)
    };
    a.start_from = from;
    a.starts_at = at;
    a.start_why = why;
    a.target_committed = committed;
}

/// The target holds a committed offset for the group: it starts there, unless the sync
/// will move it forward to a later checkpoint first.
fn from_target_commit(
    checkpoint: Option<u64>,
    held: u64,
    t: &OnTarget,
) -> (StartFrom, Option<u64>, String) {
    let active = t.row.is_some_and(|r| r.active);
    let Some(d) = checkpoint else {
        return (
            StartFrom::TargetCommitted,
            Some(held),
            format!("the group's own committed offset on the target, {held} (no checkpoint)"),
        );
    };
    if held >= d {
        let past = if held == d {
            "the checkpoint's own offset".to_string()
        } else {
            format!("{} records past the checkpoint's {d}", held - d)
        };
        return (StartFrom::TargetCommitted, Some(held), format!("the target already holds {held}, {past}: the consumer starts there, and MirrorMaker 2 never moves a group's offset back"));
    }
    if t.group_sync == Some(true) && !active {
        return (StartFrom::Synced, Some(d), format!("the target holds {held}, {} records before the checkpoint's {d}; sync.group.offsets.enabled is on in the configuration and the group has no members there, so MirrorMaker 2 moves it forward to {d} at its next sync ({EVERY}) while it still runs; until then the consumer would start at {held}", d - held));
    }
    let why = if active {
        "the group has members on the target, so sync.group.offsets.enabled cannot write it"
            .to_string()
    } else {
        format!("sync.group.offsets.enabled is {}", t.sync_is())
    };
    (StartFrom::TargetCommitted, Some(held), format!("the group's own committed offset on the target, {held}, {} records before the checkpoint's {d}: {why}, so the consumer re-reads them unless the group is reset to the checkpoint first (the plan)", d - held))
}

/// The target's table was given but holds no committed offset for this partition.
fn without_target_commit(
    checkpoint: Option<u64>,
    t: &OnTarget,
) -> (StartFrom, Option<u64>, String) {
    match checkpoint {
        Some(d) if t.group_sync == Some(true) => (StartFrom::Synced, Some(d), format!("the target holds no offset for it yet; sync.group.offsets.enabled, on in the configuration, writes the checkpoint's {d} into a group with no members there at its next sync ({EVERY})")),
        Some(d) => (StartFrom::AutoOffsetReset, None, format!("the target holds no committed offset for it and sync.group.offsets.enabled is {}: the consumer starts by {} unless the group is reset to the checkpoint's {d} first (the plan)", t.sync_is(), t.reset_does())),
        None => (StartFrom::AutoOffsetReset, None, format!("no committed offset on the target and no checkpoint: the consumer starts by {}", t.reset_does())),
    }
}

/// Nothing is known of the target's own offsets.
fn without_target_table(checkpoint: Option<u64>, t: &OnTarget) -> (StartFrom, Option<u64>, String) {
    match checkpoint {
        Some(d) if t.group_sync == Some(true) => (StartFrom::Synced, Some(d), format!("sync.group.offsets.enabled, on in the configuration, writes the checkpoint's {d} into the group on the target while it has no members there ({EVERY}), but never moves it back: if the target already holds a later offset the consumer starts there instead (give the target's group table to know)")),
        Some(d) => (StartFrom::Checkpoint, Some(d), format!("the checkpoint's {d}, once the group is reset to it (the plan) or its consumers seek there with RemoteClusterUtils.translateOffsets: sync.group.offsets.enabled is {}, so nothing else puts it there, and an offset the group already holds on the target comes first (give the target's group table to know)", t.sync_is())),
        None => (StartFrom::AutoOffsetReset, None, format!("no checkpoint: unless the group already holds an offset on the target, the consumer starts by {}", t.reset_does())),
    }
}

#[cfg(test)]
mod tests {
    use super::StartFrom::*;

    #[test]
    fn each_start_is_named_as_the_json_names_it() {
        for from in [
            TargetCommitted,
            Synced,
            Checkpoint,
            AutoOffsetReset,
            Unknown,
        ] {
            assert_eq!(serde_json::to_value(from).unwrap(), from.id());
        }
    }
}
