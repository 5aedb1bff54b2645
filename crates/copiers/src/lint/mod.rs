//! Product-aware lint over an imported estate: the model's own topology lint (with the
//! products' evidence attached, and MirrorMaker 2's words where a loop is its identity
//! policy's), then the rules only the products' settings can show.

mod design;
mod rules;
mod words;

pub use design::design_lint;
pub(crate) use design::{each_way, hop_is};
pub(crate) use rules::kafka;
pub use rules::{rule, rules, Evidence, Rule};

use crate::estate::{Estate, Naming, Product};
use crate::products::{kafka_lint as kafka, rabbitmq::lint as rabbitmq};
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
    /// The rule's sources that are the product's own (another product's words never
    /// stand as evidence).
    pub evidence: Vec<Evidence>,
    /// The model's finding this one says in the product's words (`echo-loop` for
    /// MirrorMaker 2's identity loop); none for a rule only the product's files show.
    pub model_code: Option<&'static str>,
    /// What it concerns as the product names it ("A->B (orders)"); empty where the
    /// model's own names stand.
    pub concerns: Vec<String>,
}

impl ImportFinding {
    pub(crate) fn new(code: &'static str, subject: String, message: String) -> Self {
        let r = rule(code).expect("every finding's code is a rule (lint::rules)");
        ImportFinding {
            code,
            message,
            subject,
            card: r.card,
            evidence: r.evidence.to_vec(),
            model_code: None,
            concerns: Vec::new(),
        }
    }
}

/// The products behind the hops a finding names (none for a design no product file gave).
fn products_of(f: &hoplab_model::Finding, t: &Topology, e: &Estate) -> Vec<Product> {
    let mut out = Vec::new();
    for s in &f.subjects {
        let Some(h) = t.hops.iter().find(|h| h.id == s.name()) else {
            continue;
        };
        for flow in e
            .flows
            .iter()
            .filter(|fl| fl.source == h.from.site && fl.target == h.to.site)
        {
            if !out.contains(&flow.product) {
                out.push(flow.product);
            }
        }
    }
    out
}

/// RabbitMQ's federation and shovels: a broker's links, with no positions to map.
fn is_rabbitmq(p: Product) -> bool {
    matches!(
        p,
        Product::FederatedExchange | Product::FederatedQueue | Product::Shovel
    )
}

impl ImportFinding {
    /// A finding about flows of `products`: their own sources only.
    pub(crate) fn for_products(
        code: &'static str,
        subject: String,
        message: String,
        products: &[Product],
    ) -> Self {
        ImportFinding::own_evidence(code, subject, message, products)
    }

    /// A finding whose evidence is only the sources of `products` (all where none is known).
    fn own_evidence(
        code: &'static str,
        subject: String,
        message: String,
        products: &[Product],
    ) -> Self {
        let mut f = ImportFinding::new(code, subject, message);
        f.evidence.retain(|e| is_products_own(e, products));
        f
    }
}

impl ImportFinding {
    /// A finding about one flow: its subject is the flow, its evidence only the flow's
    /// product's own sources (none rather than another product's).
    pub(crate) fn for_flow(
        code: &'static str,
        flow: &crate::estate::Flow,
        message: String,
    ) -> Self {
        ImportFinding::own_evidence(
            code,
            format!("{}->{}", flow.source, flow.target),
            message,
            &[flow.product],
        )
    }
}

/// Whether `e` is one of `products`' own sources (any, where no product is known).
fn is_products_own(e: &Evidence, products: &[Product]) -> bool {
    products.is_empty()
        || products
            .iter()
            .any(|p| p.about().sources_at.iter().any(|at| e.url.contains(at)))
}

/// The model's "written at two sites" in the words of the products that copy between
/// those sites, where its advice ("give each site its own stream") does not fit: JetStream
/// domains already hold a stream each, and RabbitMQ federation both ways is meant to.
fn written_at_two_sites_in_product_words(
    f: &hoplab_model::Finding,
    e: &Estate,
) -> Option<ImportFinding> {
    if f.code != hoplab_model::Code::WrittenAtTwoSites {
        return None;
    }
    let name = f.subjects.first()?.name();
    let all =
        |is: fn(Product) -> bool| !e.flows.is_empty() && e.flows.iter().all(|fl| is(fl.product));
    let message = if all(|p| matches!(p, Product::JetStreamSource | Product::JetStreamMirror)) {
        format!(
            "streams named {name} take their own writers in each domain and also source each other, so each holds both domains' messages in one sequence with no order across domains; give each domain's writers subjects of their own and source only those (filter_subject), or source into a stream kept apart for copies"
        )
    } else if all(is_rabbitmq) && e.flows.iter().any(|fl| fl.product == Product::Shovel) {
        format!(
            "{name} takes publishes at each broker and also receives the other's through a shovel, so its consumers see no order across brokers, and a shovel carries no mark that stops a message going back; let publishers write to one queue and shovel from it into another that only the shovel fills"
        )
    } else if all(is_rabbitmq) {
        format!(
            "{name} takes publishes at each broker and receives the others' through federation, so its consumers see no order across brokers; federation both ways is built for this (max-hops and x-received-from stop the loop), so keep it only where consumers need no order across sites"
        )
    } else {
        return None;
    };
    Some(ImportFinding {
        code: f.code.id(),
        message,
        subject: f.subject(),
        card: f.card,
        evidence: Vec::new(),
        model_code: Some(f.code.id()),
        concerns: Vec::new(),
    })
}

/// A model finding with the evidence its rule lists that is the products' own: where the
/// finding concerns a product's flows, only that product's sources (none rather than
/// another product's); for a design of the model's own, every source.
fn from_model(f: hoplab_model::Finding, products: &[Product]) -> ImportFinding {
    let evidence = rule(f.code.id()).map_or(&[][..], |r| r.evidence);
    ImportFinding {
        model_code: Some(f.code.id()),
        code: f.code.id(),
        evidence: evidence
            .iter()
            .filter(|e| is_products_own(e, products))
            .copied()
            .collect(),
        card: f.card,
        subject: f.subject(),
        message: f.message,
        concerns: Vec::new(),
    }
}

/// `said` in the words of the product behind the hops `f` names, where there is one.
fn in_product_words(
    mut said: ImportFinding,
    f: &hoplab_model::Finding,
    t: &Topology,
    e: &Estate,
) -> ImportFinding {
    if let Some((message, concerns)) = words::retold(&said.message, &f.subjects, t, e) {
        said.message = message;
        said.concerns = concerns;
    }
    said
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

/// The lint of a design, evidence attached (for the model's own file).
pub fn lint_topology(t: &Topology) -> Vec<ImportFinding> {
    design_lint(t)
        .into_iter()
        .map(|f| from_model(f, &[]))
        .collect()
}

/// Every finding for an import, in a stable order.
pub fn lint(imported: &Imported) -> Vec<ImportFinding> {
    lint_design(imported, &imported.spec.topology)
}

/// The lint of a design `t` that stands on an import, edited or not: the model's findings
/// of `t` in the products' words, and the products' own rules over the flows `t` still has
/// a hop for (a flow whose hops were removed says nothing any more). What is about the
/// files themselves (a misspelt key) stays while they are the design's.
pub fn lint_design(imported: &Imported, t: &Topology) -> Vec<ImportFinding> {
    let kept = standing(&imported.estate, t);
    let e = &kept;
    let mut out = Vec::new();
    for f in design_lint(t) {
        if f.code == hoplab_model::Code::EchoLoop && all_mm2_identity(&f, t, e) {
            let mut said = ImportFinding::new(
                "mm2-identity-loop",
                f.subject(),
                format!(
                    "MirrorMaker 2 with IdentityReplicationPolicy both ways: its cycle check reads the source alias from a topic's name, and identity names carry none, so {}; use DefaultReplicationPolicy (prefixed names) or copy one way",
                    f.message.trim_end_matches('.')
                ),
            );
            said.model_code = Some(f.code.id());
            out.push(in_product_words(said, &f, t, e));
        } else {
            if let Some(said) = written_at_two_sites_in_product_words(&f, e) {
                out.push(said);
                continue;
            }
            let products = products_of(&f, t, e);
            // Queues have no positions: a queue federation link wants no position map.
            let queues_only =
                !products.is_empty() && products.iter().all(|p| !p.about().keeps_positions);
            if f.code == hoplab_model::Code::NoPositionMap && queues_only {
                continue;
            }
            let said = from_model(f.clone(), &products);
            out.push(in_product_words(said, &f, t, e));
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
    crate::products::cluster_mirror::lint::stop_truncates_open_transactions(e, &mut out);
    about_the_files(imported, e, &mut out);
    out
}

/// The estate's flows that `t` still has a hop for, with what the design now says of them.
fn standing(estate: &Estate, t: &Topology) -> Estate {
    let mut kept = estate.clone();
    kept.flows.retain(|f| {
        t.hops
            .iter()
            .any(|h| h.from.site == f.source && h.to.site == f.target)
    });
    for f in &mut kept.flows {
        as_designed(f, t);
    }
    kept
}

/// A flow's facts as the design's hops now hold them, where a hop option stands for the
/// fact (the readers set it from the file, so an unedited design changes nothing): where
/// it starts (MirrorMaker 2, MSK Replicator and shovels carry it in `start_from`) and
/// MirrorMaker 2's heartbeats (`heartbeat_every_ms`). Facts no option holds (Cluster
/// Linking's and Redpanda's start) stay as the file said.
fn as_designed(f: &mut crate::estate::Flow, t: &Topology) {
    use hoplab_model::spec::StartFrom;
    let hops: Vec<_> = t
        .hops
        .iter()
        .filter(|h| h.from.site == f.source && h.to.site == f.target)
        .collect();
    if matches!(
        f.product,
        Product::MirrorMaker2 | Product::MskReplicator | Product::Shovel
    ) {
        f.facts.start_latest = hops
            .iter()
            .any(|h| h.options.start_from == StartFrom::Latest);
    }
    if f.product == Product::MirrorMaker2 {
        f.facts.heartbeats = hops.iter().any(|h| h.options.heartbeat_every_ms.is_some());
    }
}

/// What is about the files themselves: keys that have no effect, in their product's terms.
fn about_the_files(imported: &Imported, e: &Estate, out: &mut Vec<ImportFinding>) {
    for k in imported.report.suspicious_keys() {
        let line = k.line.map(|l| format!(":{l}")).unwrap_or_default();
        // The key's own product's sources: a shovel's misspelt key quotes no Kafka commit.
        let products: Vec<Product> = e
            .flows
            .iter()
            .filter(|f| f.file == k.file)
            .map(|f| f.product)
            .collect();
        // RabbitMQ checks a runtime parameter's keys and refuses one it does not know;
        // the Kafka-family products take an unknown key and ignore it.
        if products.iter().any(|&p| is_rabbitmq(p)) {
            out.push(ImportFinding::new(
                "rabbitmq-unrecognised-key",
                format!("{}{line}: {}", k.file, k.key),
                format!(
                    "{}{line}: {} is not a key RabbitMQ knows ({}); the broker refuses the whole parameter (\"Unrecognised terms\"), so importing these definitions fails there and this link is never created",
                    k.file, k.key, k.why
                ),
            ));
            continue;
        }
        out.push(ImportFinding::own_evidence(
            "misspelt-or-removed-key",
            format!("{}{line}: {}", k.file, k.key),
            format!(
                "{}{line}: {} has no effect ({}); the product accepts it silently and runs as if it were not there",
                k.file, k.key, k.why
            ),
            &products,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_has_a_card_that_exists_and_quoted_https_evidence() {
        let cards = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/cards");
        let all: Vec<&Rule> = rules().collect();
        assert!(all.len() >= 10);
        for r in &all {
            assert!(
                cards.join(format!("{}.md", r.card)).exists(),
                "{}: {}",
                r.code,
                r.card
            );
            assert!(!r.evidence.is_empty(), "{}", r.code);
            for e in r.evidence.iter() {
                assert!(
                    e.url.starts_with("https://") && !e.quote.trim().is_empty(),
                    "{}",
                    r.code
                );
            }
        }
        let mut codes: Vec<_> = all.iter().map(|r| r.code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), all.len(), "no two rules share a code");
    }
}
