//! JetStream's failover and failback, in its words. Facts (nats-io/nats-server
//! `1787eee035cf`, `server/stream.go`): a mirror refuses client writes and cannot have
//! subjects; an update may remove `mirror` ("promote" the mirror, from 2.12) but not add or
//! change it ("stream mirror configuration can not be updated"); a mirror keeps the
//! origin's sequence numbers, a source does not (the origin's are in `Nats-Stream-Source`);
//! the cycle check skips external sources.

use crate::products::runbook::{Ends, Runbook};

pub const MIRROR: Runbook = Runbook {
    keeps_positions: true,
    failover: mirror_failover,
    failback: Some(mirror_failback),
};

fn mirror_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, c } = e;
    vec![
            format!("JetStream: {c} at {b} mirrors {s} from {a} and refuses writes. Promote it (nats-server 2.12 and later): update the stream's configuration with `mirror` removed and the subjects writers publish to added (a mirror cannot have subjects). Earlier servers refuse the update (\"stream mirror configuration can not be updated\"): create a new stream with those subjects instead, whose sequence numbers start again"),
            format!("Consumers moved to {b} are created on {c} from the sequence after their last acknowledged one (`deliver_policy: by_start_sequence`, `opt_start_seq`): the mirror kept {s}'s sequence numbers"),
        ]
}

fn mirror_failback(e: &Ends, _: bool) -> Vec<String> {
    let Ends { a, s, b, c: to } = e;
    vec![format!(
            "JetStream: {s} at {a} has subjects, so it cannot become a mirror (an update cannot add `mirror`): recreate it at {a} as a mirror of {to} (`mirror: {{name: {to}, external: {{api: \"$JS.{b}.API\"}}}}`), let it catch up, stop the writers at {b}, promote it (remove `mirror`, add the subjects), then recreate {to} at {b} as a mirror of {s} again"
        )]
}

pub const SOURCE: Runbook = Runbook {
    keeps_positions: true,
    failover: source_failover,
    failback: Some(source_failback),
};

fn source_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, c } = e;
    vec![format!(
            "JetStream: {c} at {b} sources {s} from {a} and numbers its messages itself (the origin's sequence is in each copy's Nats-Stream-Source header): consumers moved there start by time (`deliver_policy: by_start_time`) or from that header, not from {s}'s sequence; {c} takes writers' messages once it has their subjects"
        )]
}

fn source_failback(e: &Ends, _: bool) -> Vec<String> {
    let Ends { a, s, b, c: to } = e;
    vec![format!(
            "JetStream: to bring {b}'s writes back, {s} at {a} sources {to} from {b} (`sources` with `external.api` \"$JS.{b}.API\"), with `filter_subject` limited to the subjects written at {b}: the server's cycle check skips external sources, so two streams sourcing each other unfiltered copy every message round without end"
        )]
}
