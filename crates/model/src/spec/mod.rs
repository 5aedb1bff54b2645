//! The topology-and-scenario file format (JSON, versioned). Field names are snake_case,
//! enum values kebab-case, times in simulated milliseconds. Every struct refuses unknown
//! fields so a typo is an error, not a silently ignored setting.

mod command;
mod cost;
mod error;
mod file_head;
mod hop;
mod hop_checks;
pub mod hop_option_table;
mod json_path;
pub mod kit;
pub mod limits;
mod product_name;
mod selector;
mod timeline_checks;
mod validate;

pub use command::{Command, ResumeRule, TimedCommand};
pub use cost::MAX_PROJECTED_RUNS;
pub use error::{field_in_words, SpecError};
use file_head::{FileHead, FileVersion};
pub use hop::{
    qualified_target, Ack, Filter, HopKind, HopOptions, HopSpec, MapStore, NatsRelease,
    OriginStamp, PartMapping, StartFrom, Timestamps,
};
pub use product_name::ProductName;
pub use selector::{glob_matches, StreamSelector, HEARTBEATS};
pub use timeline_checks::check_command;
pub use validate::Validated;

use crate::time::Millis;
use serde::{Deserialize, Serialize};

/// The file format version this model reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// A whole scenario file: a topology, a timeline of commands and a suggested duration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSpec {
    pub version: u32,
    #[serde(default)]
    pub name: String,
    pub topology: Topology,
    #[serde(default)]
    pub timeline: Vec<TimedCommand>,
    #[serde(default = "d_duration")]
    pub duration_ms: Millis,
    /// Grid of the measures time series.
    #[serde(default = "d_sample")]
    pub sample_every_ms: Millis,
    /// Compare merge rules over a stream written at two sites (no-single-order).
    #[serde(default)]
    pub merge: Option<MergeSpec>,
}

/// Which stream to merge, and the rule the learner picked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MergeSpec {
    pub stream: String,
    pub rule: MergeRule,
}

/// A rule for putting records from two sites into one order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MergeRule {
    /// By the record's create timestamp, ties broken by site name.
    Timestamp,
    /// By whole second, the first site's records before the second's.
    SitePriority,
    /// The order the first site stored them in.
    ArrivalAtFirst,
    /// The order the second site stored them in.
    ArrivalAtSecond,
}

impl MergeRule {
    pub const ALL: [MergeRule; 4] = [
        MergeRule::Timestamp,
        MergeRule::SitePriority,
        MergeRule::ArrivalAtFirst,
        MergeRule::ArrivalAtSecond,
    ];

    pub fn id(self) -> &'static str {
        match self {
            MergeRule::Timestamp => "timestamp",
            MergeRule::SitePriority => "site-priority",
            MergeRule::ArrivalAtFirst => "arrival-at-first",
            MergeRule::ArrivalAtSecond => "arrival-at-second",
        }
    }

    pub fn parse(s: &str) -> Option<MergeRule> {
        Self::ALL.into_iter().find(|r| r.id() == s)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Topology {
    pub sites: Vec<SiteSpec>,
    #[serde(default)]
    pub streams: Vec<StreamSpec>,
    #[serde(default)]
    pub hops: Vec<HopSpec>,
    #[serde(default)]
    pub writers: Vec<WriterSpec>,
    #[serde(default)]
    pub readers: Vec<ReaderSpec>,
    #[serde(default)]
    pub companions: Vec<CompanionSpec>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiteSpec {
    pub name: String,
}

/// A stream on one site's cluster.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreamSpec {
    pub site: String,
    pub name: String,
    #[serde(default = "d_one")]
    pub parts: u32,
    #[serde(default)]
    pub retention: Retention,
    /// Where each part's numbering stands when the run begins (a stream that already
    /// held records starts high).
    #[serde(default)]
    pub start_position: u64,
}

impl StreamSpec {
    /// A stream that keeps everything and numbers each part from zero.
    pub fn new(site: &str, name: &str, parts: u32) -> Self {
        StreamSpec {
            site: site.into(),
            name: name.into(),
            parts,
            retention: Retention::default(),
            start_position: 0,
        }
    }
}

/// Removes the oldest records; both limits may apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retention {
    #[serde(default)]
    pub max_age_ms: Option<Millis>,
    #[serde(default)]
    pub max_records: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreamRef {
    pub site: String,
    /// Left out (empty) only on a hop whose `options.streams` selects its streams.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stream: String,
}

/// Produces to `stream` on `site` at a steady rate, keys hashed to parts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WriterSpec {
    pub id: String,
    pub site: String,
    pub stream: String,
    pub rate_per_sec: f64,
    #[serde(default = "d_interval")]
    pub interval_ms: Millis,
    /// The cluster acknowledges after this durability delay.
    #[serde(default = "d_durability")]
    pub durability_ms: Millis,
    #[serde(default = "d_keys")]
    pub keys: u32,
    #[serde(default)]
    pub start_at_ms: Millis,
    #[serde(default)]
    pub stop_at_ms: Option<Millis>,
    /// Companions (by name) the writer must reach before each publish.
    #[serde(default)]
    pub requires: Vec<String>,
}

/// A reader group with a stored read position per part.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReaderSpec {
    pub id: String,
    pub site: String,
    /// The stream it reads; left out (empty) when `streams` names several.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stream: String,
    /// Several streams read by one group (names or globs, as a hop's selector: `orders`,
    /// `*.orders`), as active/active consumers read `orders` and `us-east.orders`
    /// together. Expanded before validation into one member per stream
    /// (`<id>/<stream>`), sharing `rate_per_sec` evenly; see `spec/selector.rs`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub streams: Vec<String>,
    pub rate_per_sec: f64,
    #[serde(default = "d_interval")]
    pub interval_ms: Millis,
    #[serde(default = "d_earliest")]
    pub start_from: StartFrom,
    /// The resume rule the runbook plans for a failover (checked by the lint).
    #[serde(default)]
    pub planned_resume: Option<ResumeRule>,
    /// How often the group commits its position to its cluster (Kafka's
    /// `auto.commit.interval.ms`, 5 s by default). What it processed after its last commit
    /// is read again when its cluster is lost. Written to a file only when not the default.
    #[serde(
        default = "d_commit_every",
        skip_serializing_if = "is_default_commit_every"
    )]
    pub commit_every_ms: Millis,
}

impl WriterSpec {
    /// A writer with every optional field at the file format's default.
    pub fn new(id: &str, site: &str, stream: &str, rate_per_sec: f64) -> Self {
        WriterSpec {
            id: id.into(),
            site: site.into(),
            stream: stream.into(),
            rate_per_sec,
            interval_ms: d_interval(),
            durability_ms: d_durability(),
            keys: d_keys(),
            start_at_ms: 0,
            stop_at_ms: None,
            requires: Vec::new(),
        }
    }
}

impl ReaderSpec {
    /// A reader group with every optional field at the file format's default.
    pub fn new(id: &str, site: &str, stream: &str, rate_per_sec: f64) -> Self {
        ReaderSpec {
            id: id.into(),
            site: site.into(),
            stream: stream.into(),
            rate_per_sec,
            interval_ms: d_interval(),
            start_from: d_earliest(),
            planned_resume: None,
            streams: Vec::new(),
            commit_every_ms: d_commit_every(),
        }
    }
}

/// A service outside the brokers that the publish path depends on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompanionSpec {
    pub name: String,
    #[serde(default = "d_contract")]
    pub kind: String,
    /// Sites running an instance.
    pub sites: Vec<String>,
}

fn d_duration() -> Millis {
    60_000
}
fn d_sample() -> Millis {
    1_000
}
fn d_one() -> u32 {
    1
}
fn d_interval() -> Millis {
    100
}
fn d_durability() -> Millis {
    5
}
fn d_keys() -> u32 {
    16
}
/// Kafka's `auto.commit.interval.ms` default.
pub const DEFAULT_COMMIT_EVERY_MS: Millis = 5_000;
fn d_commit_every() -> Millis {
    DEFAULT_COMMIT_EVERY_MS
}
fn is_default_commit_every(ms: &Millis) -> bool {
    *ms == DEFAULT_COMMIT_EVERY_MS
}
fn d_earliest() -> StartFrom {
    StartFrom::Earliest
}
fn d_contract() -> String {
    "contract-store".into()
}

impl Topology {
    /// This topology with every stream-selector hop expanded (see
    /// [`ScenarioSpec::expanded`]); borrowed when no hop has a selector.
    pub fn expanded(&self) -> Result<std::borrow::Cow<'_, Topology>, SpecError> {
        selector::expand_topology(self).map(|(t, _)| t)
    }
}

impl ScenarioSpec {
    /// Parses and validates a scenario file.
    pub fn from_json(text: &str) -> Result<ScenarioSpec, SpecError> {
        // Whether it is JSON at all, then the version, so a file of another version is told
        // so, not what it lacks.
        serde_json::from_str::<serde::de::IgnoredAny>(text)
            .map_err(|e| SpecError::new("(file)", e.to_string()).at_json_line(&e))?;
        let version = serde_json::from_str::<FileHead>(text).map(|head| head.version);
        match version.ok().flatten() {
            Some(FileVersion(Some(v))) if v == u64::from(FORMAT_VERSION) => {}
            Some(FileVersion(Some(v))) => {
                return Err(SpecError::new(
                    "version",
                    format!("unsupported version {v}; this model reads version {FORMAT_VERSION}"),
                ))
            }
            _ => {
                return Err(SpecError::new(
                    "version",
                    "missing or not a number; write \"version\": 1",
                ))
            }
        }
        let spec: ScenarioSpec =
            serde_json::from_str(text).map_err(|e| SpecError::from_serde(text, &e))?;
        spec.validate()?;
        Ok(spec)
    }

    /// Pretty JSON, the form `hoplab export` prints.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("spec serialises")
    }

    /// Checks names and references; the error names the field and the problem. Hops with
    /// stream selectors are checked as the plain hops they expand to ([`Self::expanded`]).
    pub fn validate(&self) -> Result<Validated, SpecError> {
        validate::validate(self)
    }

    /// This spec with every stream-selector hop expanded into one plain hop per stream it
    /// selects (`<hop>/<stream>`), the streams those copies create declared, and timeline
    /// commands naming a selector hop repeated for each of its hops; borrowed when no hop
    /// has a selector. What a simulation of this spec runs.
    pub fn expanded(&self) -> Result<std::borrow::Cow<'_, ScenarioSpec>, SpecError> {
        selector::expand(self).map(|e| e.spec)
    }

    /// Resolves names to indices without checking anything else (see
    /// [`crate::Sim::new_trusted`]): for a spec validated before.
    pub(crate) fn resolve_trusted(&self) -> Result<Validated, SpecError> {
        validate::resolve(self)
    }
}
