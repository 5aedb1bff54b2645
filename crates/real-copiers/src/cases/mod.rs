//! The cases: each runs one small estate on the real server and, through the matching
//! preset, in the model, and returns what was compared.

pub mod exports;
pub mod jetstream;
pub mod jetstream_headers;
pub mod jetstream_msg_id;
pub mod jetstream_promote;
pub mod rabbitmq;

use crate::compare::Fact;
use serde::Serialize;

/// What a case found: facts compared with the model, and notes of what only the real
/// server shows (a header's value, a refusal's words).
#[derive(Debug, Default, Serialize)]
pub struct Outcome {
    pub facts: Vec<Fact>,
    pub notes: Vec<String>,
}

impl Outcome {
    pub fn agrees(&self) -> bool {
        !self.facts.is_empty() && self.facts.iter().all(Fact::agrees)
    }
}

pub struct Case {
    pub id: &'static str,
    /// The copier's row on `/copiers` (its id in `content/copiers.toml`).
    pub copier: hoplab_copiers::CopierId,
    /// The server the case runs: `nats-server` or `rabbitmq-server`.
    pub server: &'static str,
    pub title: &'static str,
    /// The model preset the estate's hops use.
    pub preset: hoplab_copiers::PresetId,
    pub run: fn(&mut crate::Servers) -> Result<Outcome, String>,
}

pub fn all() -> Vec<Case> {
    let mut cases = jetstream::cases();
    cases.extend(jetstream_promote::cases());
    cases.extend(jetstream_msg_id::cases());
    cases.extend(jetstream_headers::cases());
    cases.extend(rabbitmq::cases());
    cases.extend(exports::cases());
    cases
}
