//! Knobs a scenario exposes to the lab. Values travel in URLs as strings, so each knob
//! parses a string with a clear error; ranges clamp to their bounds and step.

use serde::Serialize;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum KnobKind {
    /// One of a fixed set of (value, label) options.
    Choice {
        options: Vec<(String, String)>,
        default: String,
    },
    Toggle {
        default: bool,
    },
    Range {
        min: f64,
        max: f64,
        step: f64,
        default: f64,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Knob {
    pub id: &'static str,
    pub label: &'static str,
    pub kind: KnobKind,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum KnobValue {
    Choice(String),
    Toggle(bool),
    Number(f64),
}

impl fmt::Display for KnobValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KnobValue::Choice(s) => f.write_str(s),
            KnobValue::Toggle(b) => write!(f, "{b}"),
            KnobValue::Number(n) => f.write_str(&crate::decimal::plain(*n)),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnobError {
    pub knob: String,
    pub problem: String,
}

impl fmt::Display for KnobError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "knob {}: {}", self.knob, self.problem)
    }
}

impl std::error::Error for KnobError {}

impl Knob {
    pub fn choice(
        id: &'static str,
        label: &'static str,
        options: &[(&str, &str)],
        default: &str,
    ) -> Knob {
        Knob {
            id,
            label,
            kind: KnobKind::Choice {
                options: options
                    .iter()
                    .map(|(v, l)| (v.to_string(), l.to_string()))
                    .collect(),
                default: default.to_string(),
            },
        }
    }

    pub fn toggle(id: &'static str, label: &'static str, default: bool) -> Knob {
        Knob {
            id,
            label,
            kind: KnobKind::Toggle { default },
        }
    }

    pub fn range(
        id: &'static str,
        label: &'static str,
        min: f64,
        max: f64,
        step: f64,
        default: f64,
    ) -> Knob {
        Knob {
            id,
            label,
            kind: KnobKind::Range {
                min,
                max,
                step,
                default,
            },
        }
    }

    pub fn default_value(&self) -> KnobValue {
        match &self.kind {
            KnobKind::Choice { default, .. } => KnobValue::Choice(default.clone()),
            KnobKind::Toggle { default } => KnobValue::Toggle(*default),
            KnobKind::Range { default, .. } => KnobValue::Number(*default),
        }
    }

    /// Parses a value from its string form. Choices must match an option; toggles take
    /// true/false/on/off/1/0; ranges clamp into [min, max] and snap to the step.
    pub fn parse(&self, s: &str) -> Result<KnobValue, KnobError> {
        let err = |problem: String| KnobError {
            knob: self.id.to_string(),
            problem,
        };
        let s = s.trim();
        match &self.kind {
            KnobKind::Choice { options, .. } => options
                .iter()
                .find(|(v, _)| v == s)
                .map(|(v, _)| KnobValue::Choice(v.clone()))
                .ok_or_else(|| {
                    let all: Vec<&str> = options.iter().map(|(v, _)| v.as_str()).collect();
                    err(format!("'{s}' is not one of: {}", all.join(", ")))
                }),
            KnobKind::Toggle { .. } => match s {
                "true" | "on" | "1" | "yes" => Ok(KnobValue::Toggle(true)),
                "false" | "off" | "0" | "no" => Ok(KnobValue::Toggle(false)),
                _ => Err(err(format!("'{s}' is not true or false"))),
            },
            KnobKind::Range { min, max, step, .. } => {
                let v = crate::decimal::parse(s)
                    .ok_or_else(|| err(format!("'{s}' is not a number")))?;
                if !v.is_finite() {
                    return Err(err(format!("'{s}' is not a finite number")));
                }
                let clamped = crate::decimal::within(v, *min, *max);
                let snapped = if *step > 0.0 {
                    (min + ((clamped - min) / step).round() * step).min(*max)
                } else {
                    clamped
                };
                Ok(KnobValue::Number(snapped))
            }
        }
    }
}

/// (id, value) pairs kept sorted by id, one per id: a map, without a `BTreeMap` (or a
/// sort) of its own in the lab's first download. Serialised as a map.
#[derive(Clone, Debug, Default, PartialEq)]
struct ById(Vec<(String, KnobValue)>);

impl ById {
    fn at(&self, id: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(id))
    }

    fn get(&self, id: &str) -> Option<&KnobValue> {
        self.at(id).ok().map(|i| &self.0[i].1)
    }

    fn insert(&mut self, id: &str, value: KnobValue) {
        match self.at(id) {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (id.to_string(), value)),
        }
    }
}

impl Serialize for ById {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// Knob values by id. Missing knobs read as their defaults.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct KnobValues {
    values: ById,
    #[serde(skip)]
    defaults: ById,
}

impl KnobValues {
    /// Every knob at its default.
    pub fn defaults(knobs: &[Knob]) -> KnobValues {
        let mut defaults = ById::default();
        for k in knobs {
            defaults.insert(k.id, k.default_value());
        }
        KnobValues {
            values: defaults.clone(),
            defaults,
        }
    }

    /// Defaults overridden by (id, string) pairs, e.g. from a URL query. Unknown ids
    /// and unparsable values are errors.
    pub fn from_pairs<'a>(
        knobs: &[Knob],
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<KnobValues, KnobError> {
        let mut v = Self::defaults(knobs);
        for (id, s) in pairs {
            let knob = knobs.iter().find(|k| k.id == id).ok_or_else(|| KnobError {
                knob: id.to_string(),
                problem: "this scenario has no such knob".into(),
            })?;
            v.values.insert(id, knob.parse(s)?);
        }
        Ok(v)
    }

    pub fn get(&self, id: &str) -> Option<&KnobValue> {
        self.values.get(id).or_else(|| self.defaults.get(id))
    }

    /// The value of a knob these values hold, or an error naming an id the scenario does
    /// not have (a builder asking for a knob it never declared is a bug, never a 0).
    fn lookup(&self, id: &str) -> Result<&KnobValue, KnobError> {
        self.get(id).ok_or_else(|| KnobError {
            knob: id.to_string(),
            problem: "this scenario has no such knob".into(),
        })
    }

    fn wrong_kind(id: &str, v: &KnobValue, wanted: &str) -> KnobError {
        KnobError {
            knob: id.to_string(),
            problem: format!("holds '{v}', not {wanted}"),
        }
    }

    pub fn choice(&self, id: &str) -> Result<&str, KnobError> {
        match self.lookup(id)? {
            KnobValue::Choice(s) => Ok(s),
            v => Err(Self::wrong_kind(id, v, "a choice")),
        }
    }

    pub fn toggle(&self, id: &str) -> Result<bool, KnobError> {
        match self.lookup(id)? {
            KnobValue::Toggle(b) => Ok(*b),
            v => Err(Self::wrong_kind(id, v, "true or false")),
        }
    }

    pub fn number(&self, id: &str) -> Result<f64, KnobError> {
        match self.lookup(id)? {
            KnobValue::Number(n) => Ok(*n),
            v => Err(Self::wrong_kind(id, v, "a number")),
        }
    }

    /// (id, string) pairs that differ from the defaults, for a URL.
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        self.values
            .0
            .iter()
            .filter(|(k, v)| self.defaults.get(k) != Some(v))
            .map(|(k, v)| (k.clone(), v.to_string()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knobs() -> Vec<Knob> {
        vec![
            Knob::choice(
                "stamp",
                "Origin stamp",
                &[("none", "None"), ("marker", "Marker")],
                "none",
            ),
            Knob::toggle("restart", "Restart", false),
            Knob::range("rtt", "Round trip (ms)", 0.0, 500.0, 10.0, 40.0),
        ]
    }

    #[test]
    fn parses_and_clamps() {
        let v = KnobValues::from_pairs(
            &knobs(),
            [("stamp", "marker"), ("rtt", "9999"), ("restart", "on")],
        )
        .unwrap();
        assert_eq!(v.choice("stamp"), Ok("marker"));
        assert_eq!(v.number("rtt"), Ok(500.0));
        assert_eq!(v.toggle("restart"), Ok(true));
        let v = KnobValues::from_pairs(&knobs(), [("rtt", "44")]).unwrap();
        assert_eq!(v.number("rtt"), Ok(40.0));
    }

    #[test]
    fn refuses_bad_values_with_the_knob_named() {
        let e = KnobValues::from_pairs(&knobs(), [("stamp", "hat")]).unwrap_err();
        assert_eq!(e.knob, "stamp");
        assert!(e.problem.contains("none, marker"));
        assert!(KnobValues::from_pairs(&knobs(), [("rtt", "abc")]).is_err());
        assert!(KnobValues::from_pairs(&knobs(), [("nope", "1")]).is_err());
    }

    #[test]
    fn values_are_kept_by_id_in_id_order_and_serialise_as_a_map() {
        let v = KnobValues::from_pairs(&knobs(), [("stamp", "marker"), ("rtt", "100")]).unwrap();
        assert_eq!(
            v.to_pairs(),
            vec![
                ("rtt".to_string(), "100".to_string()),
                ("stamp".to_string(), "marker".to_string())
            ]
        );
        assert_eq!(
            serde_json::to_string(&v).unwrap(),
            r#"{"values":{"restart":false,"rtt":100.0,"stamp":"marker"}}"#
        );
        let again = KnobValues::from_pairs(&knobs(), [("rtt", "100"), ("stamp", "marker")]);
        assert_eq!(again.unwrap(), v);
    }

    #[test]
    fn to_pairs_lists_only_changes() {
        let v = KnobValues::from_pairs(&knobs(), [("stamp", "marker")]).unwrap();
        assert_eq!(
            v.to_pairs(),
            vec![("stamp".to_string(), "marker".to_string())]
        );
    }

    #[test]
    fn a_lookup_by_an_unknown_id_or_of_the_wrong_kind_is_an_error_not_zero() {
        let v = KnobValues::defaults(&knobs());
        let e = v.number("rtt_ms").unwrap_err();
        assert_eq!(e.knob, "rtt_ms");
        assert!(e.problem.contains("no such knob"));
        assert!(v.choice("nope").is_err());
        assert!(v.toggle("nope").is_err());
        assert!(v
            .number("stamp")
            .unwrap_err()
            .problem
            .contains("not a number"));
        assert!(v.toggle("rtt").is_err());
    }
}
