//! Kafka cluster mirroring's failover and failback (KIP-1279, a proposal; its discussion on
//! dev@kafka.apache.org, `content/evidence/kip-1279-*.toml`): mirror topics keep names,
//! topic ids and offsets and refuse writes until `kafka-cluster-mirrors.sh --stop`, which
//! truncates to the last stable offset; group offsets are synced 1:1 except into groups
//! active on the destination; failing back truncates to the last mirrored offset and
//! mirrors the rest.

use crate::products::runbook::{re, reverse, Ends, Runbook};

pub const RUNBOOK: Runbook = Runbook {
    keeps_positions: true,
    failover: mirror_failover,
    failback: Some(mirror_failback),
};

fn mirror_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, c } = e;
    vec![
            format!("Kafka cluster mirroring (KIP-1279, proposed): {c} at {b} is a read-only mirror topic of {a}/{s}, with its name, topic id and offsets. Stop the mirror for it at {b} (kafka-cluster-mirrors.sh --bootstrap-server <{b}> --stop --mirror <mirror> --topics {}): the stop truncates each partition to its last stable offset, so transactions still open at {a} are not there, and makes {c} writable", re(s)),
            format!("Consumer groups moved to {b} keep their offsets (the mirror synced them as they are), except groups that had members at {b} while it mirrored: those keep what they committed there. Start them at {b} only after the stop"),
        ]
}

fn mirror_failback(e: &Ends, reverse_exists: bool) -> Vec<String> {
    let Ends { a, s, b, c: to } = e;
    vec![
            format!("KIP-1279 mirrors one way, so {a} comes back as a mirror of {b}: create a mirror at {a} from {b} and start it for {to} ({}); {a}'s partitions are truncated to the last offset mirrored before the stop (or to zero) and only the rest is mirrored", reverse(reverse_exists)),
            format!("Once it has no lag, stop writers at {b}, stop the mirror at {a} (which makes {s} writable there), move writers and groups back, then start {a}->{b} again"),
        ]
}
