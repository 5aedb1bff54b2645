//! RabbitMQ's failover and failback, in its words. Facts (`/work/shared/CONFIG-FORMATS.md`
//! §5): the downstream's policy applies `federation-upstream` / `federation-upstream-set`,
//! the upstream is unaware of it; `max-hops` (1) and `x-received-from` stop a message
//! visiting a broker twice; shovels detect no loops. Queues keep no positions.

use crate::products::runbook::{reverse, Ends, Runbook};

pub const FEDERATION: Runbook = Runbook {
    keeps_positions: false,
    failover: federation_failover,
    failback: Some(federation_failback),
};

fn federation_failover(e: &Ends) -> Vec<String> {
    let Ends { a, b, c, .. } = e;
    vec![format!(
            "RabbitMQ: exchange {c} at {b} receives {a}'s messages through the federation upstream its policy applies (`federation-upstream` or `federation-upstream-set`). Publishers moved to {b} publish to {c} there; consumers read the queues bound to it at {b} (there are no positions to translate); what {a}'s upstream queue still held stays there until {a} is back"
        )]
}

fn federation_failback(e: &Ends, reverse_exists: bool) -> Vec<String> {
    let Ends { a, s, b, .. } = e;
    vec![format!(
            "RabbitMQ: the upstream does not know its downstream, so {a} receives what was published at {b} only through a federation upstream of its own: a `federation-upstream` parameter at {a} with {b}'s URI and a policy matching {s} that applies it ({}); keep max-hops 1 with links both ways, so x-received-from stops a message coming back", reverse(reverse_exists)
        )]
}

pub const SHOVEL: Runbook = Runbook {
    keeps_positions: false,
    failover: shovel_failover,
    failback: Some(shovel_failback),
};

fn shovel_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, c } = e;
    vec![format!(
            "RabbitMQ: delete (or stop) the shovel {a}/{s} -> {b}/{c} before publishers move to {b}; it detects no loops, and what it had not moved stays in {a}'s queue"
        )]
}

fn shovel_failback(e: &Ends, _: bool) -> Vec<String> {
    let Ends { a, s, b, c: to } = e;
    vec![format!(
            "RabbitMQ: a shovel {b}/{to} -> {a}/{s} moves back what was published at {b}; delete it before the {a} -> {b} shovel starts again, or the two move messages back and forth without end"
        )]
}
