//! The simulation: state, the event loop and the public stepping API.
//!
//! Handlers for each actor live beside the actor (`writer.rs`, `hop.rs`, `reader.rs`) as
//! `impl Sim` blocks; this file owns time, the queue, sampling and the log.

mod budget;
mod checkpoint;
mod commands;
mod copy_append;
mod copying;
mod hop_control;
mod reading;
mod reconcile;
mod resume;
mod sampling;
mod setup;
mod writing;

use crate::hop::HopState;
use crate::log::EventLog;
use crate::reader::ReaderState;
use crate::rng::Rng;
use crate::series::Series;
use crate::spec::{Retention, ScenarioSpec, SpecError, Validated};
use crate::store::Part;
use crate::time::{EventQueue, Millis};
use crate::writer::WriterState;
use serde::Serialize;

pub(crate) use budget::HeldBlocksGuard;
pub use budget::{Budget, BudgetExhausted, BudgetLimit};
pub use commands::CommandError;

/// Whether a site's cluster answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SiteStatus {
    Up,
    /// Still there, not answering.
    Unreachable,
    /// Cut off from every other site, still answering its own clients: its writers
    /// and reader groups go on, no copier reaches it (a network partition).
    Partitioned,
    /// Gone with everything on it.
    Lost,
}

#[derive(Clone, Debug)]
pub(crate) struct StreamState {
    pub site: usize,
    pub name: String,
    pub parts: Vec<Part>,
    pub retention: Retention,
    pub start_position: u64,
    /// The mirror hop that owns this stream: read-only until that hop is promoted.
    pub mirrored_by: Option<usize>,
    /// Streams of the same name at other sites (where a writer moved here came from).
    pub twins: Vec<usize>,
    /// When a writer last wrote an original record here, for counting split writes.
    pub last_original_ms: Option<Millis>,
}

#[derive(Clone, Debug)]
pub(crate) struct CompanionState {
    pub name: String,
    pub kind: String,
    /// (site, answering) per instance.
    pub instances: Vec<(usize, bool)>,
}

/// A file backup: how many distinct records of each writer it holds.
#[derive(Clone, Debug, Serialize)]
pub struct Backup {
    pub site: String,
    pub taken_at_ms: Millis,
    pub records: u64,
    pub per_writer: Vec<(String, u64)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    WriterTick(u32),
    HopFetch { hop: u32, worker: u32, chain: u32 },
    HopDeliver { hop: u32, worker: u32, chain: u32 },
    ReaderTick(u32),
    Timeline(u32),
}

/// What kind of event one step ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepKind {
    Writer,
    HopFetch,
    HopDeliver,
    Reader,
    /// A timeline command, or a press the lab applied.
    Command,
}

/// What one [`Sim::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StepInfo {
    pub at_ms: Millis,
    pub kind: StepKind,
}

/// A deterministic simulation of one scenario. Cheap to clone (for the lab's snapshots).
#[derive(Clone, Debug)]
pub struct Sim {
    spec: ScenarioSpec,
    resolved: Validated,
    now: Millis,
    queue: EventQueue<Event>,
    rng: Rng,
    sites: Vec<SiteStatus>,
    /// Per site: fenced by the operator, refusing every write.
    fenced: Vec<bool>,
    /// When the last fault healed (a link, a site, a copier back): writes before it may
    /// have waited on the fault.
    calm_since: Millis,
    /// Per (mirror hop, source part): how far its stranded records were re-published.
    reconciled: std::collections::BTreeMap<(usize, usize), u64>,
    streams: Vec<StreamState>,
    hops: Vec<HopState>,
    writers: Vec<WriterState>,
    readers: Vec<ReaderState>,
    companions: Vec<CompanionState>,
    backups: Vec<Backup>,
    log: EventLog,
    series: Series,
    events: u64,
    /// Per-part batches handled: a writer's append to one part, a copier's read of one
    /// part, its write of that batch, a reader's read of one part.
    batches: u64,
    /// When the next copier checkpoint is due (Millis::MAX: none configured).
    next_checkpoint: Millis,
    /// [`Sim::housekeeping_due`] as of the last sample or checkpoint taken (only
    /// `sample_until` and `checkpoint_until` move either time; both run through
    /// `housekeeping` or at the end of `advance_with_budget`, which recompute it).
    housekeeping_at: Millis,
    budget: Budget,
    held_guard: HeldBlocksGuard,
    /// Set once the budget is spent; no event runs after it.
    stopped: Option<BudgetExhausted>,
}

impl Sim {
    /// Builds a simulation at time 0. The seed is the only source of randomness.
    pub fn new(spec: &ScenarioSpec, seed: u64) -> Result<Sim, SpecError> {
        let resolved = spec.validate()?;
        // Runs the plain hops a selector hop expands to; `spec()` gives them back.
        Ok(setup::build(spec.expanded()?.into_owned(), resolved, seed))
    }

    /// Builds a simulation of a spec known to be valid: one the scenario library built (its
    /// tests validate every knob setting's build) or one that passed [`Sim::new`] or
    /// [`ScenarioSpec::validate`] before. Names are resolved; the limits, references and
    /// projected cost are not checked again, so a page that only runs such specs (the lab)
    /// does not carry the checks' code. Untrusted specs (a file, a design) go to
    /// [`Sim::new`].
    pub fn new_trusted(spec: &ScenarioSpec, seed: u64) -> Result<Sim, SpecError> {
        debug_assert!(spec.validate().is_ok(), "a trusted spec fails validation");
        let resolved = spec.resolve_trusted()?;
        Ok(setup::build(spec.expanded()?.into_owned(), resolved, seed))
    }

    /// Simulated time now.
    pub fn now(&self) -> Millis {
        self.now
    }

    pub fn spec(&self) -> &ScenarioSpec {
        &self.spec
    }

    /// Events processed since the start.
    pub fn events_processed(&self) -> u64 {
        self.events
    }

    /// Per-part batches handled since the start (one event often handles several).
    pub fn batches_processed(&self) -> u64 {
        self.batches
    }

    /// Events waiting in the queue.
    pub fn pending_events(&self) -> usize {
        self.queue.len()
    }

    /// Time of the next pending event.
    pub fn next_event_at(&self) -> Option<Millis> {
        self.queue.peek_time()
    }

    /// Processes exactly one event (time jumps to it). None when the queue is empty or
    /// the budget is spent ([`Sim::stopped`]).
    pub fn step(&mut self) -> Option<StepInfo> {
        if self.stopped.is_some() {
            return None;
        }
        let (at, event) = self.queue.peek()?;
        Some(StepInfo {
            at_ms: at,
            kind: self.run_next_event(at, event).0,
        })
    }

    /// Runs `event`, the queue's next, due at `at`; returns what kind it was and whether
    /// the run then stopped for its budget.
    #[inline(always)]
    fn run_next_event(&mut self, at: Millis, event: Event) -> (StepKind, bool) {
        // Rare: a series sample or a checkpoint due first (one test inline).
        if at >= self.housekeeping_at {
            self.housekeeping(at);
        }
        // The handler's first push refills the event's slot (see `EventQueue`).
        self.queue.take();
        self.now = at;
        self.events += 1;
        let kind = match event {
            Event::WriterTick(w) => {
                self.writer_tick(w as usize);
                StepKind::Writer
            }
            Event::HopFetch { hop, worker, chain } => {
                self.hop_fetch(hop as usize, worker as usize, chain);
                StepKind::HopFetch
            }
            Event::HopDeliver { hop, worker, chain } => {
                self.hop_deliver(hop as usize, worker as usize, chain);
                StepKind::HopDeliver
            }
            Event::ReaderTick(r) => {
                self.reader_tick(r as usize);
                StepKind::Reader
            }
            Event::Timeline(i) => {
                let cmd = self.spec.timeline[i as usize].command.clone();
                // Timeline commands were validated with the file.
                let _ = self.apply(cmd);
                StepKind::Command
            }
        };
        self.queue.taken_done();
        (kind, self.check_budget())
    }

    /// Runs every event up to and including `t`, then sets the clock to `t` (or stops
    /// where the run's budget ran out: see [`Sim::stopped`]).
    pub fn advance_to(&mut self, t: Millis) {
        self.advance_with_budget(t, u64::MAX);
    }

    /// Like [`Sim::advance_to`] but stops after `max_events`; returns true once `t`
    /// is reached, or once the run has stopped for its budget (the clock then stays at
    /// the stop). The browser calls this each frame so it never blocks for long.
    pub fn advance_with_budget(&mut self, t: Millis, max_events: u64) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        let mut done = 0;
        while let Some((at, event)) = self.queue.peek() {
            if at > t {
                break;
            }
            if done >= max_events {
                return false;
            }
            if self.run_next_event(at, event).1 {
                return true; // stopped for the budget
            }
            done += 1;
        }
        self.sample_until(t.saturating_add(1));
        self.checkpoint_until(t);
        self.housekeeping_at = self.housekeeping_due();
        self.now = self.now.max(t);
        true
    }

    /// The series samples and checkpoints due before an event at `at`, in that order.
    #[inline(never)]
    fn housekeeping(&mut self, at: Millis) {
        if self.series.next_at() < at {
            self.sample_until(at);
        }
        if at >= self.next_checkpoint {
            self.checkpoint_until(at);
        }
        self.housekeeping_at = self.housekeeping_due();
    }

    /// When [`Sim::housekeeping`] is next due: an event after the next sample's grid
    /// point, or at or after the next checkpoint.
    fn housekeeping_due(&self) -> Millis {
        self.series
            .next_at()
            .saturating_add(1)
            .min(self.next_checkpoint)
    }

    /// Takes series samples for every grid point before `t` (state is constant
    /// between events, so a sample at a grid point is the state before time `t`).
    #[inline(never)]
    fn sample_until(&mut self, t: Millis) {
        while self.series.next_at() < t {
            let at = self.series.next_at();
            let saved = self.now;
            self.now = self.now.max(at);
            let sample = self.sample();
            self.series.push(sample);
            self.now = saved;
        }
    }

    /// A 64-bit digest of everything observable (measures, series, log): equal digests
    /// on native and wasm show the run was identical. The log counts as its typed events
    /// (their JSON, as the measures are), not their sentences, so rewording changes nothing.
    pub fn fingerprint(&self) -> u64 {
        let mut text = serde_json::to_string(&self.measures()).expect("measures serialise");
        text.push_str(&serde_json::to_string(self.series()).expect("series serialise"));
        for e in self.log.entries() {
            text.push_str(&serde_json::to_string(e).expect("log entries serialise"));
        }
        crate::rng::fnv1a(text.as_bytes())
    }

    /// How many recent log entries to keep (0 turns narration off, as the benchmark does).
    pub fn set_log_capacity(&mut self, n: usize) {
        self.log.set_capacity(n);
    }

    // Read-only views for the measures, census, view and inspection outside `sim/`: they
    // read the actors' state, only `sim/` changes it.
    pub(crate) fn resolved(&self) -> &Validated {
        &self.resolved
    }
    pub(crate) fn sites(&self) -> &[SiteStatus] {
        &self.sites
    }
    pub(crate) fn streams(&self) -> &[StreamState] {
        &self.streams
    }
    pub(crate) fn hops(&self) -> &[HopState] {
        &self.hops
    }
    pub(crate) fn writers(&self) -> &[WriterState] {
        &self.writers
    }
    pub(crate) fn readers(&self) -> &[ReaderState] {
        &self.readers
    }
    pub(crate) fn companions(&self) -> &[CompanionState] {
        &self.companions
    }
    pub(crate) fn backups(&self) -> &[Backup] {
        &self.backups
    }
    pub(crate) fn event_log(&self) -> &EventLog {
        &self.log
    }

    pub(crate) fn site_name(&self, site: usize) -> &str {
        &self.resolved.sites[site]
    }

    /// Whether the site answers everyone: copiers from other sites and operators too.
    pub(crate) fn site_up(&self, site: usize) -> bool {
        self.sites[site] == SiteStatus::Up
    }

    /// Whether the site answers its own clients (it may be cut off from the rest).
    pub(crate) fn serves_local(&self, site: usize) -> bool {
        matches!(self.sites[site], SiteStatus::Up | SiteStatus::Partitioned)
    }

    /// Whether `stream` is an unpromoted mirror's target (clients cannot write to it).
    pub(crate) fn read_only(&self, stream: usize) -> bool {
        self.streams[stream]
            .mirrored_by
            .is_some_and(|h| !self.hops[h].promoted())
    }
}

#[cfg(test)]
mod tests;
