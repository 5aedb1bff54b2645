//! # Hoplab model
//!
//! A deterministic simulation of clusters, streams and cross-cluster copiers (hops), for
//! teaching. Time is simulated milliseconds; events run in (time, sequence) order; the
//! only randomness comes from the seed given to [`Sim::new`]. The same spec, seed and
//! commands give the same state and log on every platform, native or wasm.
//!
//! ```
//! use hoplab_model::{scenarios, Sim};
//! let scenario = scenarios::get("stall-and-backlog").unwrap();
//! let spec = scenario.build_default().unwrap();
//! let mut sim = Sim::new(&spec, 42).unwrap();
//! sim.advance_to(30_000);
//! let m = sim.measures();
//! assert!(m.hops[0].uncopied_tail > 0); // stalled since 20 s
//! assert_eq!(m.writers[0].max_ack_delay_ms, 5); // writers never wait for the copier
//! ```
//!
//! Storage is by blocks (of consecutive records from one batch), so cost grows with
//! batches and commands, not with records. See the crate README for the concepts and the
//! JSON file format.

pub mod bench;
mod budget_limit;
mod census;
pub mod challenge;
mod coverage;
pub mod decimal;
pub mod egress;
mod hop;
pub mod inspect;
pub mod knobs;
pub mod lint;
mod log;
mod measures;
mod merge;
mod numbers;
mod posmap;
pub mod prove;
mod reader;
mod recovery;
mod rng;
pub mod scenarios;
mod series;
mod sim;
pub mod spec;
mod store;
mod time;
mod view;
mod writer;

pub use census::{Holding, SiteCensus, StreamOrder};
pub use coverage::{Coverage, SiteCoverage};
pub use egress::{hop_egress, Egress};
pub use hop::HopStatus;
pub use inspect::CopyRecord;
pub use knobs::{Knob, KnobError, KnobKind, KnobValue, KnobValues};
pub use lint::{lint, lint_with, Code, Finding, ProductRule, Subject};
pub use log::{
    fmt_n, BatchCopied, CopyWritten, EchoGrowth, LogEntry, LogEvent, LogKind, RecordsAppended,
    Refusal,
};
pub use measures::{
    CompanionMeasure, EchoMeasure, HopMeasure, HopPartMeasure, Measures, ReaderMeasure,
    SiteMeasure, WriterMeasure,
};
pub use merge::{MergeMeasure, RuleDisagreement};
pub use posmap::{MapPair, PositionMap, Translation, SYNCS_PER_PART};

pub use reader::{MoveReport, PartMove};
pub use recovery::{ActorKind, ActorRecovery};
pub use rng::Rng;
pub use scenarios::{Button, Scenario};
pub use series::Sample;
pub use sim::{
    Backup, Budget, BudgetExhausted, BudgetLimit, CommandError, Sim, SiteStatus, StepInfo, StepKind,
};
pub use spec::{Command, ResumeRule, ScenarioSpec, SpecError, Topology};
pub use time::Millis;
pub use view::{
    BatchView, Elsewhere, HopPartView, HopView, PartView, ReaderView, RecordId, RecordView,
    SiteView, StreamView, View, WriterView,
};
