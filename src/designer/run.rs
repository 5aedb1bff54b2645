//! Running a design: the model's simulation advanced in budgeted chunks (so the page can
//! draw a progress bar between them and cancel), pausing just before the first fault, each
//! site loss and each reader move to read what the model measures there. The figures are
//! the model's own.

use hoplab_model::egress::{self, DEFAULT_RECORD_BYTES};
use hoplab_model::spec::Command;
use hoplab_model::{hop_egress, Budget, Coverage, Measures, MoveReport, ScenarioSpec, Sim};

/// Longest run the designer's duration field offers: an hour of simulated time.
pub const MAX_DURATION_MS: u64 = 3_600_000;

/// What the model measured just before a site was lost.
#[derive(Clone, Debug, PartialEq)]
pub struct LossAt {
    pub site: String,
    pub at_ms: u64,
    /// Per hop reading from the lost site: (hop, source stream, target site, records
    /// acknowledged there and never copied, age of the oldest of them in ms).
    pub tails: Vec<(String, String, String, u64, u64)>,
}

/// A reader group's move: every rule priced just before it, and what the move did.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAt {
    pub reader: String,
    pub site: String,
    pub at_ms: u64,
    pub rule: String,
    pub priced: Vec<MoveReport>,
    pub actual: Option<MoveReport>,
    pub error: Option<String>,
}

/// Per hop: how long after its worst backlog the copy was back to its usual lag.
#[derive(Clone, Debug, PartialEq)]
pub struct Drain {
    pub hop: String,
    pub peak_records: u64,
    pub peak_at_ms: u64,
    /// None: not back to its usual lag by the end of the run.
    pub drained_after_ms: Option<u64>,
}

#[derive(Clone, Debug)]
pub struct RunSummary {
    pub duration_ms: u64,
    pub losses: Vec<LossAt>,
    pub moves: Vec<MoveAt>,
    pub drains: Vec<Drain>,
    /// Stored copies per original record (copies held across all sites per record ever
    /// written), just before the first fault and at the end: how far the records spread
    /// (echoes are in `end.echo`). The first is read from the state before the earliest
    /// timeline command runs, so it is the same whichever command that is; None with no
    /// timeline, or when the run stopped for its budget before the first fault.
    pub echo_at_first_fault: Option<f64>,
    pub echo_at_end: f64,
    pub end: Measures,
    /// The model's note when the run reached its budget before the end: the figures are as
    /// they stood then.
    pub stopped: Option<String>,
    /// Per origin stream, which sites hold its records and in how many copies.
    pub coverage: Vec<Coverage>,
}

impl RunSummary {
    pub fn duplicates(&self) -> u64 {
        self.end.hops.iter().map(|h| h.duplicates).sum()
    }
}

/// The run panel's record size and price per GB, as typed, read by the model's rules.
#[derive(Clone, Debug, PartialEq)]
pub struct EgressInputs {
    /// The record size, or why the text is not one.
    pub record_bytes: Result<u64, String>,
    /// The price (None: left empty, no cost shown), or why the text is not one.
    pub price_per_gb: Result<Option<f64>, String>,
}

impl EgressInputs {
    /// The record size field's first text.
    pub fn default_record_bytes() -> String {
        DEFAULT_RECORD_BYTES.to_string()
    }

    pub fn read(record_bytes: &str, price_per_gb: &str) -> EgressInputs {
        EgressInputs {
            record_bytes: egress::parse_record_bytes(record_bytes)
                .map_err(|e| format!("Record size: {e}.")),
            price_per_gb: if price_per_gb.trim().is_empty() {
                Ok(None)
            } else {
                egress::parse_price_per_gb(price_per_gb)
                    .map(Some)
                    .map_err(|e| format!("Price per GB: {e}."))
            },
        }
    }

    /// Per hop of the run, in its order: (hop, "~86.4 GB/day crossing, ≈ $1.73/day at
    /// $0.02/GB") at the hop's rate over the run; none while the record size is unusable
    /// (a bad price leaves the volume without a cost).
    pub fn hop_lines(&self, s: &RunSummary) -> Vec<(String, String)> {
        let Ok(bytes) = self.record_bytes else {
            return Vec::new();
        };
        let price = self.price_per_gb.clone().unwrap_or(None);
        s.end
            .hops
            .iter()
            .map(|h| {
                let e = hop_egress(h, s.end.at_ms, bytes, price);
                (h.id.clone(), e.summary())
            })
            .collect()
    }
}

#[derive(Clone, Debug)]
enum Stop {
    /// Just before the earliest timeline command: the state no fault has touched yet.
    BeforeFirstFault,
    BeforeLoss(String),
    BeforeMove(String, String, String),
    AfterMove,
    End,
}

/// A run in progress.
pub struct RunJob {
    sim: Sim,
    stops: Vec<(u64, Stop)>,
    next: usize,
    losses: Vec<LossAt>,
    moves: Vec<MoveAt>,
    echo_at_first_fault: Option<f64>,
    summary: Option<RunSummary>,
}

impl RunJob {
    /// Builds the simulation (seed 1, as `hoplab run` uses by default) under the model's
    /// default budget; a design the model refuses is refused with its reason.
    pub fn start(spec: &ScenarioSpec) -> Result<RunJob, String> {
        Self::start_with_budget(spec, Budget::default())
    }

    /// The same under another budget (a test's small one).
    #[expect(
        clippy::disallowed_methods,
        reason = "the designer's run checks the design (Sim::new): the designer's chunk, which the lab never loads"
    )]
    pub fn start_with_budget(spec: &ScenarioSpec, budget: Budget) -> Result<RunJob, String> {
        // Sim::new validates: the model's limits and its projection of the memory the
        // run needs, the same check `hoplab run` makes.
        let mut sim =
            Sim::new(spec, SEED).map_err(|e| format!("The model refuses this design: {e}"))?;
        sim.set_budget(budget);
        let mut stops = Vec::new();
        let mut echo_at_first_fault = None;
        match first_fault(spec) {
            // Nothing has run before time 0: read the state as built.
            Some(0) => echo_at_first_fault = Some(sim.measures().echo.copies_per_original),
            Some(t) => stops.push((t - 1, Stop::BeforeFirstFault)),
            None => {}
        }
        for tc in &spec.timeline {
            let before = tc.at_ms.saturating_sub(1);
            match &tc.command {
                Command::LoseSite { site } => stops.push((before, Stop::BeforeLoss(site.clone()))),
                Command::MoveReader { reader, site, rule } => {
                    stops.push((
                        before,
                        Stop::BeforeMove(reader.clone(), site.clone(), rule.id().into()),
                    ));
                    stops.push((tc.at_ms, Stop::AfterMove));
                }
                _ => {}
            }
        }
        stops.sort_by_key(|(t, _)| *t);
        stops.push((spec.duration_ms, Stop::End));
        Ok(RunJob {
            sim,
            stops,
            next: 0,
            losses: Vec::new(),
            moves: Vec::new(),
            echo_at_first_fault,
            summary: None,
        })
    }

    /// Runs at most `max_events` events; returns the summary once the run is over.
    #[expect(
        clippy::disallowed_methods,
        reason = "the designer's run advances the model itself: the designer's chunk, which the lab never loads"
    )]
    pub fn advance(&mut self, max_events: u64) -> Option<&RunSummary> {
        let mut left = max_events;
        while self.summary.is_none() {
            let (at, stop) = self.stops[self.next].clone();
            let before = self.sim.events_processed();
            let reached = self.sim.advance_with_budget(at, left);
            left = left.saturating_sub(self.sim.events_processed() - before);
            if !reached {
                return None;
            }
            self.at_stop(at, stop);
            self.next += 1;
            if left == 0 && self.summary.is_none() {
                return None;
            }
        }
        self.summary.as_ref()
    }

    /// How far the run is, 0 to 1.
    pub fn progress(&self) -> f64 {
        let end = self.sim.spec().duration_ms.max(1);
        (self.sim.now() as f64 / end as f64).clamp(0.0, 1.0)
    }

    pub fn sim(&self) -> &Sim {
        &self.sim
    }

    fn at_stop(&mut self, at: u64, stop: Stop) {
        match stop {
            // Every event before the fault's time has run and the fault has not (time is
            // whole milliseconds; a timeline command runs first among its time's events).
            Stop::BeforeFirstFault => {
                if self.sim.stopped().is_none() {
                    self.echo_at_first_fault = Some(self.sim.measures().echo.copies_per_original);
                }
            }
            Stop::BeforeLoss(site) => self.note_loss(at, site),
            Stop::BeforeMove(reader, site, rule) => {
                let (priced, error) = match self.sim.resume_options(&reader, &site) {
                    Ok(p) => (p, None),
                    Err(e) => (Vec::new(), Some(e.0)),
                };
                self.moves.push(MoveAt {
                    reader,
                    site,
                    at_ms: at + 1,
                    rule,
                    priced,
                    actual: None,
                    error,
                });
            }
            Stop::AfterMove => {
                let m = self.sim.measures();
                for mv in self
                    .moves
                    .iter_mut()
                    .filter(|mv| mv.at_ms == at && mv.actual.is_none())
                {
                    mv.actual = m
                        .readers
                        .iter()
                        .find(|r| r.id == mv.reader)
                        .and_then(|r| r.last_move.clone())
                        .filter(|x| x.at_ms == at);
                }
            }
            Stop::End => self.finish(),
        }
    }

    /// Just before `site` is lost: what each hop out of it had not copied yet.
    fn note_loss(&mut self, at: u64, site: String) {
        let m = self.sim.measures();
        let t = &self.sim.spec().topology;
        let tails = t
            .hops
            .iter()
            .zip(&m.hops)
            .filter(|(h, _)| h.from.site == site)
            .map(|(h, hm)| {
                (
                    h.id.clone(),
                    h.from.stream.clone(),
                    h.to.site.clone(),
                    hm.uncopied_tail,
                    hm.oldest_uncopied_age_ms,
                )
            })
            .collect();
        self.losses.push(LossAt {
            site,
            at_ms: at + 1,
            tails,
        });
    }

    /// The run's end: the summary the runbook's measured column reads.
    fn finish(&mut self) {
        let end = self.sim.measures();
        let spec = self.sim.spec();
        let first_fault = first_fault(spec);
        self.summary = Some(RunSummary {
            duration_ms: spec.duration_ms,
            losses: std::mem::take(&mut self.losses),
            moves: std::mem::take(&mut self.moves),
            drains: drains(&self.sim, first_fault),
            echo_at_first_fault: self.echo_at_first_fault.take(),
            echo_at_end: end.echo.copies_per_original,
            end,
            stopped: self.sim.stopped().map(|s| s.note.clone()),
            coverage: self.sim.coverage(),
        });
    }
}

/// When the earliest timeline command runs (a timeline need not be in time order).
fn first_fault(spec: &ScenarioSpec) -> Option<u64> {
    spec.timeline.iter().map(|tc| tc.at_ms).min()
}

/// The seed every designer run uses (the command line's default too).
pub const SEED: u64 = 1;

/// Per hop: the worst backlog after the first fault, and how long until the lag was back
/// under its usual level (the highest lag seen before any fault).
fn drains(sim: &Sim, first_fault: Option<u64>) -> Vec<Drain> {
    let Some(fault) = first_fault else {
        return Vec::new();
    };
    let series = sim.series();
    sim.spec()
        .topology
        .hops
        .iter()
        .enumerate()
        .filter_map(|(i, h)| {
            let lag = |s: &hoplab_model::Sample| s.hop_lag_records.get(i).copied().unwrap_or(0);
            let usual = series
                .iter()
                .filter(|s| s.at_ms < fault)
                .map(lag)
                .max()
                .unwrap_or(0)
                .max(1);
            let (peak_at, peak) = series
                .iter()
                .filter(|s| s.at_ms >= fault)
                .map(|s| (s.at_ms, lag(s)))
                .fold((fault, 0), |best, x| if x.1 > best.1 { x } else { best });
            if peak <= usual {
                return None;
            }
            let back = series
                .iter()
                .find(|s| s.at_ms > peak_at && lag(s) <= usual)
                .map(|s| s.at_ms - peak_at);
            Some(Drain {
                hop: h.id.clone(),
                peak_records: peak,
                peak_at_ms: peak_at,
                drained_after_ms: back,
            })
        })
        .collect()
}

#[cfg(test)]
#[allow(
    clippy::disallowed_methods,
    reason = "tests never reach a page: they run the model directly"
)]
#[path = "run_tests.rs"]
mod tests;
