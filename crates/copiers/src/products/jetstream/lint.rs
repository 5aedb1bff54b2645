//! JetStream's own rules: what only its streams' configuration shows.

use crate::lint::{Evidence, Rule};

/// This product's rules: codes, cards and the evidence they quote.
pub const RULES: &[Rule] = &[
    Rule {
        code: "jetstream-cycle-refused",
        card: "echo-loop",
        finds: "JetStream sources in a cycle inside one domain: the server refuses the stream that closes it",
        from_model: true,
        evidence: &[Evidence {
            url: "https://github.com/nats-io/nats-server/blob/1787eee035cf0253c201fa0f05afad92b6f296dc/server/stream.go",
            quote: "NewJSStreamInvalidConfigError(errors.New(\"detected cycle\"))",
        }],
    },
    Rule {
        code: "jetstream-cycle-across-domains",
        card: "echo-loop",
        finds: "JetStream sources in a cycle through another domain: the server's check skips external sources, so it accepts the loop",
        from_model: true,
        evidence: &[Evidence {
            url: "https://github.com/nats-io/nats-server/blob/1787eee035cf0253c201fa0f05afad92b6f296dc/server/stream.go",
            quote: "if src.External != nil {",
        }],
    },
];
