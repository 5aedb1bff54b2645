//! The library of named scenarios, one per behaviour a card demonstrates. Each is data a
//! UI can render generically: knobs, buttons, and a builder from knob values to a spec.

mod copy;
mod loss;
mod mirrors;
mod positions;
mod two_sites;

use crate::knobs::{Knob, KnobError, KnobValues};
use crate::spec::{Command, OriginStamp, ScenarioSpec};
use serde::Serialize;
use std::sync::LazyLock;

/// The scenario library, in the order the lab lists them: the one list of scenarios.
/// Each constructor carries its scenario's id; [`NAMES`], [`all`] and [`get`] read it here.
const LIBRARY: &[fn() -> Scenario] = &[
    copy::follow_one_record,
    copy::lag_components,
    copy::stall_and_backlog,
    positions::drift_causes,
    positions::sampled_map,
    copy::subtraction_fallacy,
    two_sites::echo_loop,
    loss::site_loss_tail,
    positions::failover_resume,
    positions::replay_vs_gap,
    loss::failback,
    two_sites::two_site_interleaving,
    two_sites::single_writer_streams,
    loss::contract_store_outage,
    two_sites::order_across_parts,
    loss::backup_vs_copy,
    mirrors::mirror_vs_translate,
    loss::synchronous_copy,
];

static SCENARIOS: LazyLock<Vec<Scenario>> =
    LazyLock::new(|| LIBRARY.iter().map(|make| make()).collect());

/// Every scenario id, in the order the lab lists them (read from the library).
pub static NAMES: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| SCENARIOS.iter().map(|s| s.id).collect());

/// A fault or command the lab offers as a button while the scenario runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Button {
    pub id: &'static str,
    pub label: &'static str,
    pub command: Command,
}

/// A measure the lab lists beside the stage because the scenario's story is about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Highlight {
    /// "Target end − source end" beside each hop's lag, with its own chart (a meaningless
    /// figure, shown on purpose).
    Subtraction,
    /// Why each hop's positions drift from the source's.
    Drift,
    /// Keys split across parts and order inversions per stream.
    Order,
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
    /// The measures its story is about; most scenarios have none.
    pub highlights: Vec<Highlight>,
    pub knobs: Vec<Knob>,
    pub buttons: Vec<Button>,
    #[serde(skip)]
    builder: fn(&KnobValues) -> Result<ScenarioSpec, KnobError>,
}

impl Scenario {
    /// The topology, timeline and suggested duration for these knob values. An error
    /// names a knob the values lack (values made for another scenario).
    pub fn build(&self, values: &KnobValues) -> Result<ScenarioSpec, KnobError> {
        (self.builder)(values)
    }

    /// The spec at every knob's default; the unit tests build every scenario this way,
    /// so for the library's own scenarios this never fails.
    pub fn build_default(&self) -> Result<ScenarioSpec, KnobError> {
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
    SCENARIOS.clone()
}

/// The scenario with this id.
pub fn get(id: &str) -> Option<Scenario> {
    SCENARIOS.iter().find(|s| s.id == id).cloned()
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

/// The stamp a knob's value names (the values of [`STAMP_OPTIONS`]).
pub(crate) fn parse_stamp(v: &str) -> OriginStamp {
    match v {
        "marker" => OriginStamp::Marker,
        "qualified-name" => OriginStamp::QualifiedName,
        _ => OriginStamp::None,
    }
}

/// Origin stamp choices for a scenario's knob.
pub(crate) const STAMP_OPTIONS: &[(&str, &str)] = &[
    ("none", "No stamp"),
    ("marker", "Origin marker beside the payload"),
    ("qualified-name", "Origin-qualified stream name"),
];

/// Resume rule choices for a scenario's knob.
pub(crate) const RESUME_OPTIONS: &[(&str, &str)] = &[
    ("raw-number", "Same raw number (wrong on purpose)"),
    ("position-map", "Translate through the position map"),
    ("timestamp", "By timestamp"),
    ("start", "From the start"),
    ("end", "From the end"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_has_one_scenario_whose_id_matches() {
        for id in NAMES.iter() {
            let s = get(id).unwrap_or_else(|| panic!("missing {id}"));
            assert_eq!(&s.id, id);
            assert!(!s.card.is_empty() && !s.summary.is_empty() && !s.watch_for.is_empty());
            assert_eq!(NAMES.iter().filter(|n| *n == id).count(), 1, "{id} twice");
        }
        assert_eq!(all().len(), NAMES.len());
        assert_eq!(NAMES.len(), LIBRARY.len());
        assert!(get("no-such-scenario").is_none());
    }

    #[test]
    fn a_builder_given_another_scenarios_values_names_the_missing_knob() {
        let echo = get("echo-loop").unwrap();
        let lag = get("lag-components").unwrap();
        let e = lag.build(&echo.default_values()).unwrap_err();
        assert!(lag.knobs.iter().any(|k| k.id == e.knob), "{e}");
        assert!(e.problem.contains("no such knob"));
    }

    #[test]
    fn every_default_build_validates_and_every_button_names_real_things() {
        for s in all() {
            let spec = s
                .build_default()
                .unwrap_or_else(|e| panic!("{}: {e}", s.id));
            let v = spec.validate().unwrap_or_else(|e| panic!("{}: {e}", s.id));
            for b in &s.buttons {
                crate::spec::check_command(&v, &spec, &b.command)
                    .unwrap_or_else(|e| panic!("{} button {}: {e}", s.id, b.id));
            }
        }
    }

    /// The defaults, then each knob moved alone to each of its ends: every option of a
    /// choice, both sides of a toggle, a range's min and max.
    fn knob_settings(s: &Scenario) -> Vec<KnobValues> {
        let mut out = vec![s.default_values()];
        for k in &s.knobs {
            let values: Vec<String> = match &k.kind {
                crate::knobs::KnobKind::Choice { options, .. } => {
                    options.iter().map(|(v, _)| v.clone()).collect()
                }
                crate::knobs::KnobKind::Toggle { .. } => vec!["true".into(), "false".into()],
                crate::knobs::KnobKind::Range { min, max, .. } => {
                    vec![min.to_string(), max.to_string()]
                }
            };
            for v in values {
                out.push(s.values_from_pairs([(k.id, v.as_str())]).unwrap());
            }
        }
        out
    }

    #[test]
    fn every_knob_setting_is_valid_and_resolves_as_validation_does() {
        // What lets the lab run library specs with Sim::new_trusted (no checks).
        for s in all() {
            for values in knob_settings(&s) {
                let spec = s
                    .build(&values)
                    .unwrap_or_else(|e| panic!("{} {values:?}: {e}", s.id));
                let checked = spec
                    .validate()
                    .unwrap_or_else(|e| panic!("{} {values:?}: {e}", s.id));
                let resolved = spec.resolve_trusted().unwrap();
                assert_eq!(format!("{checked:?}"), format!("{resolved:?}"), "{}", s.id);
            }
        }
    }
}
