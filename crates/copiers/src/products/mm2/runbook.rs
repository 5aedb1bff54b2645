//! MirrorMaker 2's failover and failback, in its words. Facts (apache/kafka
//! `1eb7644349cb`): `DefaultReplicationPolicy` names a copy `<source alias>.<topic>`;
//! `MirrorSourceConnector.isCycle` skips a topic whose alias chain names the target;
//! checkpoints go to `<source alias>.checkpoints.internal` on the target
//! (`ReplicationPolicy.checkpointsTopic`), read by `RemoteClusterUtils.translateOffsets`;
//! `sync.group.offsets.enabled` writes them into groups with no members there;
//! `IdentityReplicationPolicy` cannot prevent cycles.

use crate::products::runbook::{re, reverse, Ends, Runbook};

pub const PREFIXED: Runbook = Runbook {
    keeps_positions: true,
    failover: prefixed_failover,
    failback: Some(prefixed_failback),
};

fn prefixed_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, c } = e;
    vec![
            format!("MirrorMaker 2 {a}->{b} (DefaultReplicationPolicy, separator \".\"): {s} from {a} is the topic {c} at {b}. Readers moved to {b} read {c}; writers moved to {b} write {s} there, a topic of its own (only the copier writes {c})"),
            format!("Before a group starts at {b}, give it its translated position in {c}: from the checkpoints in {a}.checkpoints.internal at {b} (MirrorClient: RemoteClusterUtils.translateOffsets), or let sync.group.offsets.enabled on {a}->{b} write them into the group while it has no members at {b}"),
        ]
}

fn prefixed_failback(e: &Ends, reverse_exists: bool) -> Vec<String> {
    let Ends { a, s, b, c: to } = e;
    vec![
            format!("MirrorMaker 2 will not copy {b}/{to} back to {a}: the name's alias chain already names {a} (its cycle check, isCycle), so a rebuilt {a} does not get its old records back that way. What writers wrote to {s} at {b} comes over the reverse flow {b}->{a} ({b}->{a}.enabled = true, its topics including {s}; {}), as {b}.{s} at {a}", reverse(reverse_exists)),
            format!("Readers at {a} read both {s} and {b}.{s} (a pattern such as ^({}\\.)?{}$): the records written during the failover are only in {b}.{s}. Translate their positions from the checkpoints in {b}.checkpoints.internal at {a} (RemoteClusterUtils.translateOffsets), or with sync.group.offsets.enabled on {b}->{a}", re(b), re(s)),
            format!("Move writers back to {s} at {a} once {b}->{a} has no lag; {a}->{b} copies their new records to {to} at {b} again"),
        ]
}

pub const IDENTITY: Runbook = Runbook {
    keeps_positions: true,
    failover: identity_failover,
    failback: Some(identity_failback),
};

fn identity_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, .. } = e;
    vec![
            format!("MirrorMaker 2 {a}->{b} (IdentityReplicationPolicy): {s} keeps its name at {b}, so readers and writers moved there use {s}; translate each group's position from the checkpoints in {a}.checkpoints.internal at {b} (RemoteClusterUtils.translateOffsets) before it starts"),
            format!("Stop the {a}->{b} flow ({a}->{b}.enabled = false) before writers write {s} at {b}: with identity names MirrorMaker 2 cannot tell its copies from their writes"),
        ]
}

fn identity_failback(e: &Ends, _: bool) -> Vec<String> {
    let Ends { a, s, b, .. } = e;
    vec![format!(
            "MirrorMaker 2 with IdentityReplicationPolicy: the reverse flow {b}->{a} writes into {a}'s own {s}, and MirrorMaker 2 is not able to prevent cycles with this policy. Enable {b}->{a} only while {a}->{b} is stopped, let it drain, then stop it before {a}->{b} starts again"
        )]
}
