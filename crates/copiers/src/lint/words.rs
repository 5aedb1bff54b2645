//! The model's findings retold in the words of the product whose flows they concern: a hop
//! is named as the product names that copy ("A->B (orders)" for MirrorMaker 2, "rabbit-c →
//! rabbit-a (federated.)" for a federation link), and the model's terms become the
//! product's (a site is a cluster, a broker or a domain; a stream a topic, an exchange or
//! a queue). The model stays product-neutral; only what a person reads changes.

use crate::estate::{Estate, Flow, Product};
use crate::products::{FlowName, KAFKA_TERMS};
use hoplab_model::spec::{HopSpec, Topology};
use hoplab_model::Subject;

/// The flow of the estate a hop stands for.
fn flow_of<'a>(h: &HopSpec, e: &'a Estate) -> Option<&'a Flow> {
    e.flows
        .iter()
        .find(|f| f.source == h.from.site && f.target == h.to.site)
}

/// A hop as its product names it.
pub(crate) fn hop_name(h: &HopSpec, p: Product) -> String {
    let stream = &h.from.stream;
    let picked = if stream.contains('*') {
        String::new()
    } else {
        format!(" ({stream})")
    };
    match p.about().flow_name {
        FlowName::Arrow => format!("{}->{}{picked}", h.from.site, h.to.site),
        FlowName::StreamFromStream => format!(
            "{} in {} from {} in {}",
            h.to.stream, h.to.site, stream, h.from.site
        ),
        FlowName::Directed => format!("{} → {}{picked}", h.from.site, h.to.site),
    }
}

/// The one product every hop of `ids` stands for, if they agree and each has a flow.
fn one_product<'a>(ids: impl Iterator<Item = &'a HopSpec>, e: &Estate) -> Option<Product> {
    let mut product = None;
    for h in ids {
        let p = flow_of(h, e)?.product;
        match product {
            None => product = Some(p),
            Some(q) if q == p => {}
            Some(_) => return None,
        }
    }
    product
}

/// `message` and the names of what it concerns, in the words of the product behind every
/// hop it names; `None` where the hops are of no product's files or of several products.
pub(crate) fn retold(
    message: &str,
    subjects: &[Subject],
    t: &Topology,
    e: &Estate,
) -> Option<(String, Vec<String>)> {
    let named: Vec<&HopSpec> = t
        .hops
        .iter()
        .filter(|h| message.contains(&h.id) || subjects.contains(&Subject::Hop(h.id.clone())))
        .collect();
    // A finding about a stream names no hop: the estate's one product, if it has one.
    let product = if named.is_empty() {
        one_product(
            e.flows.iter().filter_map(|f| {
                t.hops
                    .iter()
                    .find(|h| h.from.site == f.source && h.to.site == f.target)
            }),
            e,
        )?
    } else {
        one_product(named.iter().copied(), e)?
    };
    let words = &product.about().vocabulary;
    let mut text = Protected::new(message);
    // Longest first: one id may hold another.
    let mut by_length = named.clone();
    by_length.sort_by_key(|h| std::cmp::Reverse(h.id.len()));
    for h in &by_length {
        text.protect(&h.id, &hop_name(h, product), Some(words.hop));
    }
    let mut names: Vec<&str> = t.sites.iter().map(|s| s.name.as_str()).collect();
    names.extend(t.streams.iter().map(|s| s.name.as_str()));
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for n in names {
        text.protect(n, n, None);
    }
    text.joiners();
    let [one, many] = words.hop;
    text.replace_word("every hop", &format!("every {one}"));
    text.replace_word("both hops", &format!("both {many}"));
    for (model, product_word) in words.terms {
        text.replace_word(model, product_word);
    }
    if let Some([one, many]) = words.streams {
        text.replace_word("streams", many);
        text.replace_word("stream", one);
    }
    if product.about().kafka_like {
        for (model, product_word) in KAFKA_TERMS {
            text.replace_word(model, product_word);
        }
    }
    let concerns = subjects
        .iter()
        .map(|s| match s {
            Subject::Hop(id) => t
                .hops
                .iter()
                .find(|h| &h.id == id)
                .map_or_else(|| id.clone(), |h| hop_name(h, product)),
            other => other.name().to_string(),
        })
        .collect();
    Some((text.restored(), concerns))
}

/// A message being retold, with the names in it set aside so no term inside a name (a
/// site called `site-a`) is replaced.
struct Protected {
    text: String,
    kept: Vec<String>,
}

const MARK: char = '\u{1}';

impl Protected {
    fn new(text: &str) -> Self {
        Protected {
            text: text.to_string(),
            kept: Vec::new(),
        }
    }

    /// Sets `name` aside wherever it stands as a whole token, to come back as `shown`;
    /// a hop's "hop"/"hops" before it becomes the product's word for one.
    fn protect(&mut self, name: &str, shown: &str, hop_word: Option<[&str; 2]>) {
        if name.is_empty() || !self.text.contains(name) {
            return;
        }
        let mark = format!("{MARK}{}{MARK}", self.kept.len());
        let mut out = String::with_capacity(self.text.len());
        let mut rest = self.text.as_str();
        while let Some(at) = rest.find(name) {
            let before = rest[..at].chars().next_back();
            let after = rest[at + name.len()..].chars().next();
            out.push_str(&rest[..at]);
            if is_edge(before) && is_edge(after) {
                out.push_str(&mark);
            } else {
                out.push_str(name);
            }
            rest = &rest[at + name.len()..];
        }
        out.push_str(rest);
        if let Some([one, many]) = hop_word {
            out = out
                .replace(&format!("hops {mark}"), &format!("{many} {mark}"))
                .replace(&format!("hop {mark}"), &format!("{one} {mark}"));
        }
        self.text = out;
        self.kept.push(shown.to_string());
    }

    /// The model joins a cycle's hops with " -> ", which reads as a flow's own name in
    /// MirrorMaker 2: "A->B, then B->A".
    fn joiners(&mut self) {
        self.text = self.text.replace(
            &format!("{MARK} -> {MARK}"),
            &format!("{MARK}, then {MARK}"),
        );
    }

    fn replace_word(&mut self, model: &str, product: &str) {
        let mut out = String::with_capacity(self.text.len());
        let mut rest = self.text.as_str();
        while let Some(at) = rest.find(model) {
            let before = rest[..at].chars().next_back();
            let after = rest[at + model.len()..].chars().next();
            out.push_str(&rest[..at]);
            let whole = before.is_none_or(|c| !c.is_alphanumeric() && c != MARK)
                && after.is_none_or(|c| !c.is_alphanumeric());
            out.push_str(if whole { product } else { model });
            rest = &rest[at + model.len()..];
        }
        out.push_str(rest);
        self.text = out;
    }

    fn restored(self) -> String {
        let mut text = self.text;
        for (i, shown) in self.kept.iter().enumerate().rev() {
            text = text.replace(&format!("{MARK}{i}{MARK}"), shown);
        }
        text
    }
}

/// Whether a name ends here: the text's edge, or a character no name goes on with.
fn is_edge(c: Option<char>) -> bool {
    c.is_none_or(|c| {
        c.is_whitespace()
            || matches!(c, ',' | ';' | ':' | '(' | ')' | '[' | ']' | '"' | '\'')
            || c == MARK
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{import, Input};

    fn retell(files: &[(&str, &str)]) -> Vec<String> {
        let inputs: Vec<Input> = files.iter().map(|(n, t)| Input::new(n, t)).collect();
        let done = import(&inputs, None).unwrap();
        crate::lint::design_lint(&done.spec.topology)
            .iter()
            .filter_map(|f| retold(&f.message, &f.subjects, &done.spec.topology, &done.estate))
            .map(|(m, _)| m)
            .collect()
    }

    #[test]
    fn a_rabbitmq_ring_is_told_in_brokers_links_and_max_hops() {
        let fixture = |x: &str| {
            std::fs::read_to_string(format!(
                "{}/../../tests/import/rabbitmq-ring-{x}.json",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap()
        };
        let (a, b, c) = (fixture("a"), fixture("b"), fixture("c"));
        let said = retell(&[
            ("rabbitmq-ring-a.json", &a),
            ("rabbitmq-ring-b.json", &b),
            ("rabbitmq-ring-c.json", &c),
        ]);
        let ring = said.iter().find(|m| m.contains("ring")).expect("the ring");
        assert!(ring.starts_with("federation links rabbit-"), "{ring}");
        assert!(ring.contains(" → rabbit-"), "{ring}");
        assert!(ring.contains("ring of 3 brokers"), "{ring}");
        assert!(ring.contains("set max-hops to 2"), "{ring}");
        assert!(!ring.contains("/federated."), "no model hop id: {ring}");
        assert!(!ring.contains("site"), "{ring}");
    }

    #[test]
    fn mirrormaker_flows_are_named_as_its_own_files_name_them() {
        let said = retell(&[(
            "mm2.properties",
            "clusters = A, B\nA->B.enabled = true\nB->A.enabled = true\n\
             replication.policy.class = org.apache.kafka.connect.mirror.IdentityReplicationPolicy\n",
        )]);
        let echo = said.iter().find(|m| m.contains("cycle")).expect("the loop");
        assert!(
            echo.starts_with("flows A->B, then B->A form a cycle"),
            "{echo}"
        );
        assert!(echo.contains("source-alias prefix"), "{echo}");
    }

    #[test]
    fn a_name_holding_a_model_term_is_kept_as_written() {
        let mut p = Protected::new("site site-a holds stream site");
        p.protect("site-a", "site-a", None);
        p.replace_word("site", "broker");
        p.replace_word("stream", "queue");
        assert_eq!(p.restored(), "broker site-a holds queue broker");
    }
}
