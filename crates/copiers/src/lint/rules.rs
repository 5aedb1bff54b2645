//! Every rule the import's lint applies: its stable code, the card it relates to, and
//! the sources it was checked against (each with the source's own words). Rules the
//! model's lint already has are listed too, with the product evidence behind them.

use serde::Serialize;

/// A place a rule was checked: the page or file and a short exact quote from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Evidence {
    pub url: &'static str,
    pub quote: &'static str,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Rule {
    pub code: &'static str,
    /// Slug of the question card (`content/cards/<slug>.md`).
    pub card: &'static str,
    /// What the rule finds, in a line.
    pub finds: &'static str,
    /// True where the model's own lint produces the finding and the import only adds
    /// the evidence (and, for MirrorMaker 2, the product's words).
    pub from_model: bool,
    pub evidence: &'static [Evidence],
}

/// An address in Apache Kafka's `connect/` at the commit the rules were checked against.
macro_rules! kafka {
    ($path:literal) => {
        concat!("https://github.com/apache/kafka/blob/1eb7644349cb07139d6a3c1ad1986979647cac99/connect/", $path)
    };
}
pub(crate) use kafka;

/// The rules no one product owns (each product's are in its folder: `crate::products::RULES`).
pub const SHARED: &[Rule] = &[
    Rule {
        code: "no-position-map",
        card: "position-map",
        finds: "a translating hop that writes no position map (MirrorMaker 2 with emit.offset-syncs.enabled = false, RabbitMQ links)",
        from_model: true,
        evidence: &[Evidence {
            url: kafka!("mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorCheckpointConfig.java"),
            quote: "MirrorCheckpointConnector can't run without offset syncs",
        }],
    },
    Rule {
        code: "echo-loop",
        card: "echo-loop",
        finds: "hops with no working origin stamp that form a cycle (queue federation both ways, identity-named copies)",
        from_model: true,
        evidence: &[Evidence {
            url: "https://github.com/rabbitmq/rabbitmq-website/blob/0acf2a429b51aa35667af4369b8353317ebea524/docs/federated-queues/index.md",
            quote: "many times a message can be forwarded between federated queues.",
        }],
    },
    Rule {
        code: "misspelt-or-removed-key",
        card: "rehearsal",
        finds: "a key the product silently ignores because it is misspelt, removed (topics.blacklist in Kafka 4.0) or at the wrong level",
        from_model: false,
        evidence: &[Evidence {
            url: "https://github.com/apache/kafka/commit/9e809be4ce99578a7de1596335061b71eda11d9d",
            quote: "KAFKA-17529 Remove blacklist from MM2 (#17202)",
        }],
    },
];

/// The rule with this code.
/// Every rule: the shared ones, then each product's.
pub fn rules() -> impl Iterator<Item = &'static Rule> {
    SHARED
        .iter()
        .chain(crate::products::RULES.iter().flat_map(|table| table.iter()))
}

pub fn rule(code: &str) -> Option<&'static Rule> {
    rules().find(|r| r.code == code)
}
