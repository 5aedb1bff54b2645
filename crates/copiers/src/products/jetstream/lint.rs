//! JetStream's own rules: what only its streams' configuration shows.

use crate::lint::hop_is as is;
use crate::lint::{Evidence, Rule};
use crate::PresetId;
use hoplab_model::lint::closes_cycle;
use hoplab_model::spec::Topology;
use hoplab_model::{Code, Finding, Subject};

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

/// JetStream sources and mirrors in a cycle. nats-server checks a stream's sources and
/// mirror for a cycle when it is configured and refuses one it can see ("detected
/// cycle"), but it skips external sources (another domain or account), so a cycle
/// through another site is accepted and copies every message round without end.
/// nats-io/nats-server server/stream.go (`checkStreamCfg`: `if src.External != nil
/// { continue }`, `NewJSStreamInvalidConfigError(errors.New("detected cycle"))`).
pub fn cycles(t: &Topology, out: &mut Vec<Finding>) {
    let js: Vec<usize> = (0..t.hops.len())
        .filter(|&i| is(&t.hops[i], PresetId::JetstreamSource))
        .collect();
    let mut reported: Vec<usize> = Vec::new();
    for &i in &js {
        if reported.contains(&i) {
            continue;
        }
        let Some(cycle) = closes_cycle(t, &js, i) else {
            continue;
        };
        reported.extend(&cycle);
        let ids: Vec<&str> = cycle.iter().map(|&j| t.hops[j].id.as_str()).collect();
        let site = &t.hops[i].from.site;
        let one_site = cycle.iter().all(|&j| {
            let h = &t.hops[j];
            h.from.site == *site && h.to.site == *site
        });
        out.push(if one_site {
            Finding {
                code: Code::Product("jetstream-cycle-refused"),
                message: format!(
                    "JetStream sources {} form a cycle inside {site}: nats-server refuses the configuration that closes it (\"detected cycle\"), so the last of these streams cannot be created as drawn",
                    ids.join(" -> ")
                ),
                subjects: Subject::hops(&ids),
                card: "echo-loop",
            }
        } else {
            Finding {
                code: Code::Product("jetstream-cycle-across-domains"),
                message: format!(
                    "JetStream sources {} form a cycle through another domain: nats-server checks only the sources it can see in one domain, so it accepts this and every message goes round without end (Nats-Stream-Source names only the last stream, which stops nothing); copy one way, or source only streams written locally",
                    ids.join(" -> ")
                ),
                subjects: Subject::hops(&ids),
                card: "echo-loop",
            }
        });
    }
}
