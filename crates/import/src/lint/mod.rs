//! Product-aware lint over an imported estate: the model's own topology lint (with the
//! products' evidence attached, and MirrorMaker 2's words where a loop is its identity
//! policy's), then the rules only the products' settings can show.

mod kafka;
mod rabbitmq;
mod rules;

pub use rules::{rule, Evidence, Rule, RULES};

use crate::estate::{Estate, Naming, Product};
use crate::Imported;
use hoplab_model::spec::Topology;
use serde::Serialize;

/// One finding, with the card that explains it and the sources behind its rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ImportFinding {
    pub code: &'static str,
    pub message: String,
    /// The hops, clusters, flows or keys concerned.
    pub subject: String,
    pub card: &'static str,
    pub evidence: &'static [Evidence],
}

impl ImportFinding {
    pub(crate) fn new(code: &'static str, subject: String, message: String) -> Self {
        let r = rule(code).expect("every finding's code is in RULES");
        ImportFinding {
            code,
            message,
            subject,
            card: r.card,
            evidence: r.evidence,
        }
    }
}

/// A model finding, with its evidence where a rule lists one.
fn from_model(f: hoplab_model::Finding) -> ImportFinding {
    ImportFinding {
        code: f.code.id(),
        evidence: rule(f.code.id()).map_or(&[], |r| r.evidence),
        card: f.card,
        subject: f.subject(),
        message: f.message,
    }
}

/// Whether every hop the finding names is a MirrorMaker 2 flow with identity names.
fn all_mm2_identity(f: &hoplab_model::Finding, t: &Topology, e: &Estate) -> bool {
    f.subjects.iter().all(|s| {
        t.hops.iter().find(|h| h.id == s.name()).is_some_and(|h| {
            e.flows.iter().any(|f| {
                f.product == Product::MirrorMaker2
                    && f.naming == Naming::Identity
                    && f.source == h.from.site
                    && f.target == h.to.site
            })
        })
    })
}

/// The model's lint of a design, evidence attached (for the model's own file).
pub fn lint_topology(t: &Topology) -> Vec<ImportFinding> {
    hoplab_model::lint(t).into_iter().map(from_model).collect()
}

/// Every finding for an import, in a stable order.
pub fn lint(imported: &Imported) -> Vec<ImportFinding> {
    let t = &imported.spec.topology;
    let e = &imported.estate;
    let mut out = Vec::new();
    for f in hoplab_model::lint(t) {
        if f.code == hoplab_model::Code::EchoLoop && all_mm2_identity(&f, t, e) {
            out.push(ImportFinding::new(
                "mm2-identity-loop",
                f.subject(),
                format!(
                    "MirrorMaker 2 with IdentityReplicationPolicy both ways: its cycle check reads the source alias from a topic's name, and identity names carry none, so {}; use DefaultReplicationPolicy (prefixed names) or copy one way",
                    f.message.trim_end_matches('.')
                ),
            ));
        } else {
            out.push(from_model(f));
        }
    }
    kafka::one_cluster_two_aliases(e, &mut out);
    kafka::connect_cluster_not_target(e, &mut out);
    kafka::group_sync_into_active_groups(e, &mut out);
    kafka::checkpoint_source_mismatch(e, &mut out);
    kafka::failover_without_position_map(e, &mut out);
    kafka::head_lost_at_start(e, &mut out);
    kafka::head_aged_out_before_discovery(e, t, &mut out);
    kafka::heartbeats_off(e, &mut out);
    rabbitmq::links_that_may_lose_messages(e, &mut out);
    for k in imported.report.suspicious_keys() {
        let line = k.line.map(|l| format!(":{l}")).unwrap_or_default();
        out.push(ImportFinding::new(
            "misspelt-or-removed-key",
            format!("{}{line}: {}", k.file, k.key),
            format!(
                "{}{line}: {} has no effect ({}); the product accepts it silently and runs as if it were not there",
                k.file, k.key, k.why
            ),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_has_a_card_that_exists_and_quoted_https_evidence() {
        let cards = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/cards");
        assert!(RULES.len() >= 10);
        for r in RULES {
            assert!(
                cards.join(format!("{}.md", r.card)).exists(),
                "{}: {}",
                r.code,
                r.card
            );
            assert!(!r.evidence.is_empty(), "{}", r.code);
            for e in r.evidence {
                assert!(
                    e.url.starts_with("https://") && !e.quote.trim().is_empty(),
                    "{}",
                    r.code
                );
            }
        }
        let mut codes: Vec<_> = RULES.iter().map(|r| r.code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), RULES.len());
    }
}
