//! Which limit of a run's budget was reached: named apart from the simulation (a leaf
//! module), so the log can narrate a stop without depending on the engine.

use serde::Serialize;

/// Which limit a run reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BudgetLimit {
    Events,
    /// Serialised as `runs-held`, the name it had when blocks were called runs: the
    /// measures' JSON and the golden fingerprints (which digest the log's events) keep it.
    #[serde(rename = "runs-held")]
    BlocksHeld,
}
