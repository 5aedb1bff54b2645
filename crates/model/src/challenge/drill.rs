//! Failover drills: a challenge whose fault the model chooses and whose failover the
//! learner performs, move by move, each move stamped with its time after the fault. A
//! drill's run is measured like any challenge's, and also told as stages (noticing,
//! deciding, fencing and moving writers, moving readers, catching up) and set beside the
//! best run of the same seed in a debrief.

use super::{figures, finished_run, Challenge, GradeError};
use crate::recovery::{ActorKind, ActorRecovery};
use crate::spec::{Command, TimedCommand, Topology};
use crate::time::Millis;
use crate::Sim;
use serde::{Deserialize, Serialize};

/// What makes a challenge a drill: the moves it expects and the ones that fail it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drill {
    /// The site the estate fails over to.
    pub to: String,
    /// A practised operator's moves at the earliest sensible moments, `at_ms` after the
    /// fault: the best run a debrief compares with.
    pub best_moves: Vec<TimedCommand>,
    /// Why these moves, in this order.
    pub best_why: String,
    /// Move lists with a known flaw; each fails the requirements it names.
    pub flawed: Vec<FlawedMoves>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlawedMoves {
    pub id: String,
    /// The flaw, in words.
    pub says: String,
    pub moves: Vec<TimedCommand>,
    /// The requirements it fails.
    pub fails: Vec<String>,
}

/// The operator's moves a drill accepts: faults are the model's to choose.
fn is_move(c: &Command) -> bool {
    !c.is_fault()
}

/// In a drill, every move must be an operator's; outside one, moves are not graded.
pub(super) fn check_moves(c: &Challenge, moves: &[TimedCommand]) -> Result<(), GradeError> {
    if c.drill.is_none() {
        return Ok(());
    }
    match moves.iter().find(|m| !is_move(&m.command)) {
        Some(m) => Err(GradeError(format!(
            "a drill's moves are the operator's, but the design's timeline has a fault at \
             {} ms: \"{}\"; the drill brings its own faults",
            m.at_ms,
            m.command.describe()
        ))),
        None => match moves.iter().find(|m| m.at_ms < super::ALERT_AFTER_MS) {
            // No one acts on a fault before the alert has paged them.
            Some(m) => Err(GradeError(format!(
                "the alert fires {} s after the fault (its rule must hold for a minute before \
                 it pages anyone): a move at +{} s (\"{}\") is made before anyone could know",
                super::ALERT_AFTER_MS / 1000,
                crate::decimal::fixed(m.at_ms as f64 / 1000.0, 1),
                m.command.describe()
            ))),
            None => Ok(()),
        },
    }
}

/// The five stages a recovery's time is spent in, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StageName {
    /// From the fault to the first move (a look at the lag counts).
    Noticing,
    /// From the first move to the first that changes anything.
    Deciding,
    /// Until every writer writes again.
    FencingAndMovingWriters,
    /// Until the last reader group is moved.
    MovingReaders,
    /// Until every reader group is within a second of the end.
    CatchingUp,
}

impl StageName {
    pub fn words(self) -> &'static str {
        match self {
            StageName::Noticing => "noticing",
            StageName::Deciding => "deciding",
            StageName::FencingAndMovingWriters => "fencing and moving writers",
            StageName::MovingReaders => "moving readers",
            StageName::CatchingUp => "catching up",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stage {
    pub name: StageName,
    pub ms: Millis,
}

/// One drill run on one seed: the moves, what each requirement measured, and where the
/// time went.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrillRun {
    pub seed: u64,
    /// When the fault struck (ms from the start).
    pub fault_ms: Millis,
    /// The moves, `at_ms` after the fault.
    pub moves: Vec<TimedCommand>,
    /// Per requirement of the drill, in its order.
    pub measured: Vec<f64>,
    /// From the fault until every writer and reader group works again at the drill's
    /// site (None: not by the end of the run).
    pub rto_ms: Option<Millis>,
    /// The stages, adding up to the RTO (or to the last thing that happened, if none).
    pub stages: Vec<Stage>,
    pub actors: Vec<ActorRecovery>,
}

/// The learner's run of a drill beside the best run of the same seed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Debrief {
    pub yours: DrillRun,
    pub best: DrillRun,
    pub differences: Vec<Difference>,
}

impl Debrief {
    /// Whether every requirement of `c` held on the learner's run.
    pub fn yours_passed(&self, c: &Challenge) -> bool {
        c.requirements
            .iter()
            .zip(&self.yours.measured)
            .all(|(r, &v)| r.holds(v))
    }
}

/// One way the learner's run differs from the best run: what happened, what it cost,
/// and the card that explains it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Difference {
    pub says: String,
    pub cost: String,
    pub card: String,
}

/// `c`'s drill, or why there is none.
fn drill_of(c: &Challenge) -> Result<&Drill, GradeError> {
    c.drill
        .as_ref()
        .ok_or_else(|| GradeError(format!("{} is not a drill", c.id)))
}

/// The learner's drill run on `seed`.
pub fn drill_run(
    c: &Challenge,
    design: &Topology,
    moves: &[TimedCommand],
    seed: u64,
) -> Result<DrillRun, GradeError> {
    let drill = drill_of(c)?;
    check_moves(c, moves)?;
    let sim = finished_run(c, design, moves, seed)?;
    Ok(told(c, &sim, design, moves, &drill.to, seed))
}

/// A finished run told as a drill run.
fn told(
    c: &Challenge,
    sim: &Sim,
    design: &Topology,
    moves: &[TimedCommand],
    to: &str,
    seed: u64,
) -> DrillRun {
    let fault_ms = fault_at(sim).unwrap_or(0);
    let actors = sim.recovery();
    let rto_ms = rto_ms(sim, &actors, Some(to));
    let run_ms = sim.now().saturating_sub(fault_ms);
    let stages = stages(moves, &actors, fault_ms, rto_ms.ok_or(run_ms));
    DrillRun {
        seed,
        fault_ms,
        moves: moves.to_vec(),
        measured: figures(c, sim, design),
        rto_ms,
        stages,
        actors,
    }
}

/// Whether the drill's fault leaves the old site standing, to answer again later (not
/// answering or partitioned, not lost): only then is there a failback step to take.
pub fn old_site_returns(c: &Challenge) -> bool {
    use super::Fault;
    c.faults
        .iter()
        .any(|f| matches!(f, Fault::CutSite { .. } | Fault::PartitionSite { .. }))
}

/// When a drill's fault strikes on `timeline`: the first site lost, not answering or
/// partitioned, or link cut.
/// A drill's moves, its stages and the live game day all count from it.
pub fn first_fault_ms(timeline: &[TimedCommand]) -> Option<Millis> {
    timeline
        .iter()
        .filter(|c| {
            matches!(
                c.command,
                Command::LoseSite { .. }
                    | Command::CutSite { .. }
                    | Command::PartitionSite { .. }
                    | Command::CutLink { .. }
            )
        })
        .map(|c| c.at_ms)
        .min()
}

/// [`first_fault_ms`] of the run's timeline.
pub(crate) fn fault_at(sim: &Sim) -> Option<Millis> {
    first_fault_ms(&sim.spec().timeline)
}

/// From the fault until every writer and reader group that went down works again, and
/// is at `on` when a site is named (None if one does not by the run's end).
pub(crate) fn rto_ms(sim: &Sim, actors: &[ActorRecovery], on: Option<&str>) -> Option<Millis> {
    let fault = fault_at(sim)?;
    let mut last = fault;
    for a in actors {
        if !a.working() || on.is_some_and(|site| !sim.actor_at(a, site)) {
            return None;
        }
        if a.down_at.is_some() {
            last = last.max(a.back_at.unwrap_or(fault));
        }
    }
    Some(last - fault)
}

/// Where the time until recovery went: each stage ends where the next thing a stage
/// waits for happened, never before the stage before it, never after the recovery. With
/// no recovery (`Err` of the run's time after the fault), a stage whose moment never
/// came lasts until the run's end.
fn stages(
    moves: &[TimedCommand],
    actors: &[ActorRecovery],
    fault_ms: Millis,
    rto_ms: Result<Millis, Millis>,
) -> Vec<Stage> {
    let back = |kind: ActorKind| -> Option<Millis> {
        actors
            .iter()
            .filter(|a| a.kind == kind && a.down_at.is_some())
            .map(|a| a.back_at.map(|b| b.saturating_sub(fault_ms)))
            .try_fold(0, |m, b| b.map(|b| m.max(b)))
    };
    let first_move = moves.iter().map(|m| m.at_ms).min();
    let first_change = moves
        .iter()
        .filter(|m| !matches!(m.command, Command::CheckLag { .. }))
        .map(|m| m.at_ms)
        .min();
    let readers_moved = moves
        .iter()
        .filter(|m| matches!(m.command, Command::MoveReader { .. }))
        .map(|m| m.at_ms)
        .max();
    let ends = [
        (StageName::Noticing, first_move),
        (StageName::Deciding, first_change),
        (StageName::FencingAndMovingWriters, back(ActorKind::Writer)),
        (StageName::MovingReaders, readers_moved),
        (StageName::CatchingUp, back(ActorKind::ReaderGroup)),
    ];
    let (cap, never) = match rto_ms {
        Ok(rto) => (rto, None),
        Err(run) => (run, Some(run)),
    };
    let mut at = 0;
    ends.into_iter()
        .map(|(name, end)| {
            let end = end.or(never).unwrap_or(at).clamp(at, cap.max(at));
            let stage = Stage { name, ms: end - at };
            at = end;
            stage
        })
        .collect()
}

/// The learner's run beside the best moves' run on the drill's reference, same seed.
pub fn debrief(
    c: &Challenge,
    design: &Topology,
    moves: &[TimedCommand],
    seed: u64,
) -> Result<Debrief, GradeError> {
    let drill = drill_of(c)?;
    let yours = drill_run(c, design, moves, seed)?;
    let best = drill_run(c, &c.reference, &drill.best_moves, seed)?;
    let mut differences = super::debrief::measured(c, &yours, &best);
    differences.extend(super::debrief::moves(c, drill, &yours.moves));
    Ok(Debrief {
        yours,
        best,
        differences,
    })
}
