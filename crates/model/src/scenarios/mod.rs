//! The library of named scenarios, one per behaviour a card demonstrates. Each is data a
//! UI can render generically: knobs, buttons, and a builder from knob values to a spec.

mod copy;
pub(crate) mod kit;
mod loss;
mod mirrors;
mod positions;
mod two_sites;

use crate::knobs::{Knob, KnobError, KnobValues};
use crate::spec::{Command, ScenarioSpec};
use serde::Serialize;

/// Every scenario id, in the order the lab lists them.
pub const NAMES: &[&str] = &[
    "follow-one-record",
    "lag-components",
    "stall-and-backlog",
    "drift-causes",
    "sampled-map",
    "subtraction-fallacy",
    "echo-loop",
    "site-loss-tail",
    "failover-resume",
    "replay-vs-gap",
    "failback",
    "two-site-interleaving",
    "single-writer-streams",
    "contract-store-outage",
    "order-across-parts",
    "backup-vs-copy",
    "mirror-vs-translate",
];

/// A fault or command the lab offers as a button while the scenario runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Button {
    pub id: &'static str,
    pub label: &'static str,
    pub command: Command,
}

#[derive(Clone, Debug, Serialize)]
pub struct Scenario {
    pub id: &'static str,
    pub title: &'static str,
    /// Slug of the card this scenario demonstrates.
    pub card: &'static str,
    pub summary: &'static str,
    /// What the learner should watch for.
    pub watch_for: Vec<&'static str>,
    pub knobs: Vec<Knob>,
    pub buttons: Vec<Button>,
    #[serde(skip)]
    builder: fn(&KnobValues) -> ScenarioSpec,
}

impl Scenario {
    /// The topology, timeline and suggested duration for these knob values.
    pub fn build(&self, values: &KnobValues) -> ScenarioSpec {
        (self.builder)(values)
    }

    pub fn build_default(&self) -> ScenarioSpec {
        self.build(&self.default_values())
    }

    pub fn default_values(&self) -> KnobValues {
        KnobValues::defaults(&self.knobs)
    }

    /// Knob values from (id, string) pairs, e.g. a URL query.
    pub fn values_from_pairs<'a>(
        &self,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<KnobValues, KnobError> {
        KnobValues::from_pairs(&self.knobs, pairs)
    }
}

/// Every scenario, in [`NAMES`] order.
pub fn all() -> Vec<Scenario> {
    NAMES.iter().filter_map(|id| get(id)).collect()
}

/// The scenario with this id.
pub fn get(id: &str) -> Option<Scenario> {
    let s = match id {
        "follow-one-record" => copy::follow_one_record(),
        "lag-components" => copy::lag_components(),
        "stall-and-backlog" => copy::stall_and_backlog(),
        "subtraction-fallacy" => copy::subtraction_fallacy(),
        "drift-causes" => positions::drift_causes(),
        "sampled-map" => positions::sampled_map(),
        "failover-resume" => positions::failover_resume(),
        "replay-vs-gap" => positions::replay_vs_gap(),
        "site-loss-tail" => loss::site_loss_tail(),
        "failback" => loss::failback(),
        "contract-store-outage" => loss::contract_store_outage(),
        "backup-vs-copy" => loss::backup_vs_copy(),
        "echo-loop" => two_sites::echo_loop(),
        "two-site-interleaving" => two_sites::two_site_interleaving(),
        "single-writer-streams" => two_sites::single_writer_streams(),
        "order-across-parts" => two_sites::order_across_parts(),
        "mirror-vs-translate" => mirrors::mirror_vs_translate(),
        _ => return None,
    };
    Some(s)
}

fn button(id: &'static str, label: &'static str, command: Command) -> Button {
    Button { id, label, command }
}

/// Buttons most one-hop scenarios offer.
fn hop_buttons(hop: &str, source: &str) -> Vec<Button> {
    vec![
        button(
            "stall",
            "Stall the copier",
            Command::StallHop { hop: hop.into() },
        ),
        button(
            "resume",
            "Resume the copier",
            Command::ResumeHop { hop: hop.into() },
        ),
        button(
            "restart",
            "Restart the copier",
            Command::RestartHop { hop: hop.into() },
        ),
        button(
            "cut-link",
            "Cut the link",
            Command::CutLink { hop: hop.into() },
        ),
        button(
            "heal-link",
            "Heal the link",
            Command::HealLink { hop: hop.into() },
        ),
        button(
            "lose-source",
            "Lose the source site",
            Command::LoseSite {
                site: source.into(),
            },
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_has_a_scenario_whose_id_matches() {
        for id in NAMES {
            let s = get(id).unwrap_or_else(|| panic!("missing {id}"));
            assert_eq!(&s.id, id);
            assert!(!s.card.is_empty() && !s.summary.is_empty() && !s.watch_for.is_empty());
        }
        assert_eq!(all().len(), NAMES.len());
    }

    #[test]
    fn every_default_build_validates_and_every_button_names_real_things() {
        for s in all() {
            let spec = s.build_default();
            let v = spec.validate().unwrap_or_else(|e| panic!("{}: {e}", s.id));
            for b in &s.buttons {
                crate::spec::check_command(&v, &spec, &b.command)
                    .unwrap_or_else(|e| panic!("{} button {}: {e}", s.id, b.id));
            }
        }
    }

    #[test]
    fn every_knob_option_builds_a_valid_spec() {
        for s in all() {
            for k in &s.knobs {
                if let crate::knobs::KnobKind::Choice { options, .. } = &k.kind {
                    for (v, _) in options {
                        let vals = s.values_from_pairs([(k.id, v.as_str())]).unwrap();
                        s.build(&vals)
                            .validate()
                            .unwrap_or_else(|e| panic!("{} {}={v}: {e}", s.id, k.id));
                    }
                }
            }
        }
    }
}
