//! MSK Replicator's failover and failback (identical topic names), in its words.

use crate::products::runbook::{reverse, Ends, Runbook};

pub const RUNBOOK: Runbook = Runbook {
    keeps_positions: true,
    failover: replicator_failover,
    failback: Some(replicator_failback),
};

fn replicator_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, c } = e;
    vec![
            format!("MSK Replicator {a}->{b} (identical topic names): {s} is {c} at {b}. Consumer groups moved to {b} resume from the offsets the replicator translated and committed at {b}, but only if consumer group offset synchronization was turned on when it was created, and only for groups with no active consumers at {b}: start a group there only once it has moved"),
            format!("The translated offsets are approximate (the replicator samples its offset mapping): expect a group moved to {b} to read a few records again"),
        ]
}

fn replicator_failback(e: &Ends, reverse_exists: bool) -> Vec<String> {
    let Ends { a, b, .. } = e;
    vec![
            format!("MSK Replicator: one replicator copies one way, so {b}'s writes come back to {a} through a replicator {b}->{a} ({}); its starting position is fixed when it is created", reverse(reverse_exists)),
            format!("With LEGACY offset synchronization (the default) no offsets are translated back from {b} to {a}: groups returning to {a} need the bidirectional set-up with ENHANCED offset synchronization, a replicator each way"),
        ]
}
