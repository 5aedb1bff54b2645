//! Which of a person's real stream names an estate copies, and why not where it does not:
//! the question an architect asks of a pattern ("would `__consumer_offsets` be copied?"),
//! answered by each flow's own selector, exclusions and cycle rule.

use crate::estate::{Estate, Flow, Product};
use crate::selector;
use serde::Serialize;

/// What the estate does with one name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NameVerdict {
    pub name: String,
    /// The flows that copy it (`east->west (MirrorMaker 2)`).
    pub copied_by: Vec<String>,
    /// Flows whose patterns take it in but that leave it, each with why.
    pub left_by: Vec<String>,
}

fn flow_name(f: &Flow) -> String {
    format!("{}->{} ({})", f.source, f.target, f.product.title())
}

/// The verdict for each name, in the order given, as if a stream of that name stood at
/// every flow's source; a name no flow's patterns take in has both lists empty.
pub fn which_copied(estate: &Estate, names: &[&str]) -> Vec<NameVerdict> {
    names
        .iter()
        .map(|name| {
            let mut v = NameVerdict {
                name: (*name).to_string(),
                copied_by: Vec::new(),
                left_by: Vec::new(),
            };
            for f in &estate.flows {
                let mm2 = f.product == Product::MirrorMaker2;
                if mm2 && is_internal(name) {
                    v.left_by.push(format!(
                        "{}: MirrorMaker 2 never copies an internal topic (ReplicationPolicy.isInternalTopic: a name starting __ or ., or ending .internal or -internal), whatever the patterns say",
                        flow_name(f)
                    ));
                    continue;
                }
                if mm2 && f.facts.heartbeats && is_heartbeats(name) {
                    v.copied_by.push(format!("{} (heartbeats are copied whatever the patterns say)", flow_name(f)));
                    continue;
                }
                if !f.pairs.is_empty() {
                    if f.pairs.iter().any(|(from, _)| from == name) {
                        v.copied_by.push(flow_name(f));
                    }
                    continue;
                }
                let Some(include) = f.selector.include.iter().find(|p| selector::matches(p, name))
                else {
                    continue;
                };
                if let Some(exclude) = f.selector.exclude.iter().find(|p| selector::matches(p, name)) {
                    v.left_by.push(format!(
                        "{}: `{include}` takes it in, but `{exclude}` excludes it",
                        flow_name(f)
                    ));
                } else if crate::build::skips_as_cycle(f, name) {
                    v.left_by.push(format!(
                        "{}: its name already carries {}, so the copy would go home (its cycle check)",
                        flow_name(f),
                        f.target
                    ));
                } else {
                    v.copied_by.push(flow_name(f));
                }
            }
            v
        })
        .collect()
}

/// MirrorMaker 2's internal topics (`ReplicationPolicy.isInternalTopic`): Kafka's own
/// (`__consumer_offsets`, `.`-prefixed) and Connect's (`….internal`, `…-internal`).
fn is_internal(name: &str) -> bool {
    name.starts_with("__")
        || name.starts_with('.')
        || name.ends_with(".internal")
        || name.ends_with("-internal")
}

/// A heartbeats topic, at any depth of copies (`heartbeats`, `A.heartbeats`).
fn is_heartbeats(name: &str) -> bool {
    name == "heartbeats" || name.ends_with(".heartbeats")
}

/// Names as a person pastes them: one a line, or separated by commas or spaces.
pub fn names_in(text: &str) -> Vec<&str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{import, Input};

    #[test]
    fn the_default_exclusions_and_the_cycle_rule_say_why_a_name_is_left() {
        let text = "clusters = A, B\nA->B.enabled = true\nA->B.topics = .*\nB->A.enabled = true\nB->A.topics = .*\n";
        let done = import(&[Input::new("mm2.properties", text)], None).unwrap();
        let v = which_copied(
            &done.estate,
            &names_in("orders, __consumer_offsets\nmm2-offsets.B.internal B.orders"),
        );
        assert_eq!(v[0].copied_by.len(), 2, "{v:?}");
        assert!(
            v[1].copied_by.is_empty() && v[1].left_by[0].contains("internal topic"),
            "{v:?}"
        );
        assert!(
            v[2].copied_by.is_empty() && v[2].left_by[0].contains("internal"),
            "{v:?}"
        );
        // B.orders, B's copy at A: A->B would send it home, so MirrorMaker 2 leaves it.
        assert!(
            v[3].left_by
                .iter()
                .any(|l| l.starts_with("A->B") && l.contains("would go home")),
            "{v:?}"
        );
    }

    #[test]
    fn internal_topics_stay_and_heartbeats_cross_whatever_the_patterns_say() {
        let text =
            "clusters = A, B\nA->B.enabled = true\nA->B.topics = .*\nA->B.topics.exclude = audit\n";
        let done = import(&[Input::new("mm2.properties", text)], None).unwrap();
        let v = which_copied(&done.estate, &["__consumer_offsets", "heartbeats", "audit"]);
        assert!(
            v[0].copied_by.is_empty() && v[0].left_by[0].contains("internal topic"),
            "{v:?}"
        );
        assert!(v[1].copied_by[0].contains("heartbeats are copied"), "{v:?}");
        assert!(v[2].left_by[0].contains("`audit` excludes it"), "{v:?}");
    }

    #[test]
    fn a_name_no_pattern_takes_in_is_neither_copied_nor_left() {
        let text = "clusters = A, B\nA->B.enabled = true\nA->B.topics = orders\n";
        let done = import(&[Input::new("mm2.properties", text)], None).unwrap();
        let v = which_copied(&done.estate, &["payments"]);
        assert!(v[0].copied_by.is_empty() && v[0].left_by.is_empty());
    }
}
