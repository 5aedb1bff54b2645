//! The runbook's failover and failback steps in a real copier's own words: each product's
//! live in its folder (`runbook.rs`); this is their shape and the table from a preset to
//! them. A hop no preset or import names gets the designer's general steps only.

use crate::PresetId;
use hoplab_model::spec::{qualified_target, HopSpec};

/// A hop's ends as the words name them: source site `a` and stream `s`, target site `b`
/// and stream `c` (the copy's name there).
pub struct Ends {
    pub a: String,
    pub s: String,
    pub b: String,
    pub c: String,
}

impl Ends {
    pub fn of(h: &HopSpec) -> Ends {
        let to = qualified_target(h);
        Ends {
            a: h.from.site.clone(),
            s: h.from.stream.clone(),
            b: to.site,
            c: to.stream,
        }
    }
}

/// One copier's steps.
pub struct Runbook {
    /// Whether readers of its copies have positions that must be translated (a queue has none).
    pub keeps_positions: bool,
    /// The switch itself.
    pub failover: fn(&Ends) -> Vec<String>,
    /// Coming back, told whether the design already copies back with this copier; none
    /// where the general steps say it.
    pub failback: Option<fn(&Ends, bool) -> Vec<String>>,
}

/// The steps of the copier a preset stands for (as its product's `About::runbooks` says);
/// none where there are no words of its own.
pub fn of_preset(id: PresetId) -> Option<&'static Runbook> {
    super::about_preset(id)?
        .runbooks
        .iter()
        .find(|(preset, _)| *preset == id)
        .map(|(_, words)| *words)
}

/// Whether to add the reverse copy, in a step's words.
pub fn reverse(exists: bool) -> &'static str {
    if exists {
        "the design already has it"
    } else {
        "add it"
    }
}

/// A stream name or a selector's pattern as a regex (`us-west.orders` -> `us-west\.orders`,
/// `*` -> `.*`), so a pattern hop never gives an invalid expression such as `^(B\.)?*$`.
pub fn re(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '*' => out.push_str(".*"),
            '.' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|' | '^' | '$' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// The offset-preserving mirror preset stands for Cluster Linking, Redpanda Shadowing and
/// JetStream mirrors at once: its words name all three.
pub const READ_ONLY_MIRROR: Runbook = Runbook {
    keeps_positions: true,
    failover: read_only_mirror_failover,
    failback: None,
};

fn read_only_mirror_failover(e: &Ends) -> Vec<String> {
    let Ends { a, s, b, c } = e;
    vec![format!(
            "{c} at {b} is a read-only mirror of {a}/{s} until it is promoted: Cluster Linking's promote (or failover) of the mirror topic, Redpanda Shadowing's failover, or for a JetStream mirror an update of the stream's configuration without `mirror`; readers keep their positions (the mirror kept the numbers)"
        )]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_of_a_product_has_its_words_once() {
        for id in PresetId::ALL {
            let owners = crate::products::Product::ALL
                .into_iter()
                .filter(|&p| {
                    crate::products::about(p)
                        .runbooks
                        .iter()
                        .any(|(q, _)| *q == id)
                })
                .count();
            // Pulsar's preset stands for no product this crate reads; the offset-preserving
            // mirror for Cluster Linking and Redpanda Shadowing at once.
            match id {
                PresetId::PulsarReplicatedMarker => assert!(of_preset(id).is_none()),
                PresetId::OffsetPreservingMirror => assert_eq!(owners, 2),
                _ => assert_eq!(owners, 1, "{id}"),
            }
        }
        let words = (of_preset(PresetId::KafkaClusterMirror).unwrap().failover)(&Ends {
            a: "a".into(),
            s: "orders".into(),
            b: "b".into(),
            c: "orders".into(),
        });
        assert!(words[0].contains("kafka-cluster-mirrors.sh"), "{words:?}");
    }
}
