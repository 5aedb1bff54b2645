//! Rules over RabbitMQ links.

use crate::lint::each_way;
use crate::lint::{Evidence, Rule};
use crate::PresetId;
use hoplab_model::spec::Topology;
use hoplab_model::{Code, Finding, Subject};

use crate::estate::Estate;
use crate::lint::ImportFinding;

pub fn links_that_may_lose_messages(e: &Estate, out: &mut Vec<ImportFinding>) {
    for f in &e.flows {
        let Some(mode) = f.facts.ack_mode.as_deref() else {
            continue;
        };
        if mode == "no-ack" || mode == "on-publish" {
            out.push(ImportFinding::new(
                "link-may-lose-messages",
                format!("{}->{}", f.source, f.target),
                format!(
                    "{}: the {} {} -> {} has ack-mode {mode}: a message is taken off the source before the destination confirmed it, so a network or broker failure loses it; use on-confirm",
                    f.file,
                    f.product.title(),
                    f.source,
                    f.target
                ),
            ));
        }
    }
}

/// This product's rules: codes, cards and the evidence they quote.
pub const RULES: &[Rule] = &[
    Rule {
        code: "hop-budget-short-of-ring",
        card: "echo-loop",
        finds: "a ring of RabbitMQ federation links whose max-hops is below the ring's size less one",
        from_model: true,
        evidence: &[Evidence {
            url: "https://github.com/rabbitmq/rabbitmq-website/blob/main/docs/federation-reference.md",
            quote: "The maximum number of federation links that a message published to a federated exchange can traverse before it is discarded. Default is 1.",
        }],
    },
    Rule {
        code: "shovels-both-ways",
        card: "echo-loop",
        finds: "RabbitMQ shovels each way between the same two queues or exchanges",
        from_model: true,
        evidence: &[Evidence {
            url: "https://github.com/rabbitmq/rabbitmq-website/blob/main/docs/shovel-dynamic.md",
            quote: "Whether to add x-shovelled headers to the shovelled messages indicating where they have been shovelled from and to. Default is false.",
        }],
    },
    Rule {
        code: "link-may-lose-messages",
        card: "uncopied-tail",
        finds: "a RabbitMQ federation link or shovel with ack-mode no-ack or on-publish",
        from_model: false,
        evidence: &[Evidence {
            url: "https://github.com/rabbitmq/rabbitmq-website/blob/0acf2a429b51aa35667af4369b8353317ebea524/docs/federation-reference.md",
            quote: "This is the fastest option, but may lose messages in the event of network or broker failures.",
        }],
    },
    Rule {
        code: "rabbitmq-unrecognised-key",
        card: "rehearsal",
        finds: "a key RabbitMQ does not know in a shovel or federation upstream: the broker refuses the whole parameter, so the link is never created",
        from_model: false,
        evidence: &[Evidence {
            url: "https://github.com/rabbitmq/rabbitmq-server/blob/10209583990fedcd992abedeabdc48a2557052be/deps/rabbit/src/rabbit_parameter_validation.erl",
            quote: "_  -> [{error, \"Unrecognised terms ~tp in ~ts\", [Remainder, Name]}",
        }],
    },
];

/// RabbitMQ shovels both ways between two streams: a shovel marks nothing that stops a
/// message (its x-shovelled header is off by default and a record only), so each message
/// goes back and forth without end (seen in the real-copiers layer).
pub fn shovels_both_ways(t: &Topology, out: &mut Vec<Finding>) {
    for (a, b) in each_way(t, PresetId::RabbitmqShovel) {
        out.push(Finding {
            code: Code::Product("shovels-both-ways"),
            message: format!(
                "shovels {} and {} move messages each way between {} and {}: a shovel stops no message going back, so every message is moved round without end; shovel one way, or between queues no one republishes into",
                a.id, b.id, a.from.site, a.to.site
            ),
            subjects: Subject::hops(&[&a.id, &b.id]),
            card: "echo-loop",
        });
    }
}
