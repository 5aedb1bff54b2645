//! A drill's debrief: each way the learner's run differs from the best run of the same
//! seed, with what it cost and the card that explains it. Costs come from the runs'
//! figures, not from a lecture: a premature move is named, and its price is the
//! difference in what the two runs measured.

use super::drill::{Difference, Drill, DrillRun};
use super::grading::badness;
use super::{Challenge, Fault};
use crate::decimal::plain;
use crate::spec::{Command, TimedCommand};
use crate::time::Millis;

/// A stage this much longer than the best run's is worth a line.
const STAGE_SLACK_MS: Millis = 2_000;
/// A move this much later than the best run's is worth a line.
const LATE_MS: Millis = 5_000;

/// Requirements the learner's run misses, and stages where it came out slower.
pub(super) fn measured(c: &Challenge, yours: &DrillRun, best: &DrillRun) -> Vec<Difference> {
    let mut out = Vec::new();
    for (i, r) in c.requirements.iter().enumerate() {
        let (y, b) = (yours.measured[i], best.measured[i]);
        if !r.holds(y) && badness(r, y) > badness(r, b) + 1e-9 {
            out.push(Difference {
                says: format!("{}: {} (target {})", r.says, figure(y), r.target()),
                cost: format!("the best run measured {}", figure(b)),
                card: r.card.clone(),
            });
        }
    }
    for (y, b) in yours.stages.iter().zip(&best.stages) {
        if y.ms > b.ms + STAGE_SLACK_MS {
            out.push(Difference {
                says: format!("{} took {} s", y.name.words(), seconds(y.ms)),
                cost: format!(
                    "{} s more than the best run's {} s",
                    seconds(y.ms - b.ms),
                    seconds(b.ms)
                ),
                card: stage_card(y.name).into(),
            });
        }
    }
    out
}

/// The learner's moves against the best ones: missing, late, another resume rule, and
/// reader groups moved before the writers were fenced or moved.
pub(super) fn moves(c: &Challenge, drill: &Drill, yours: &[TimedCommand]) -> Vec<Difference> {
    let mut out = Vec::new();
    // Which came first is a matter of when each acted, not when it was made: a writers'
    // restart made before a group's reset may still land after it.
    let (acting_best, acting_yours) = (acting(c, &drill.best_moves), acting(c, yours));
    for best in &drill.best_moves {
        let Some(wanted) = subject(&best.command) else {
            continue;
        };
        let card = move_card(&best.command).to_string();
        match yours
            .iter()
            .find(|m| subject(&m.command).as_ref() == Some(&wanted))
        {
            None => out.push(Difference {
                says: format!("You never made this move: {}", best.command.describe()),
                cost: format!(
                    "the best run made it {} s after the fault",
                    seconds(best.at_ms)
                ),
                card,
            }),
            Some(m) => out.extend(compared(best, m, card)),
        }
    }
    out.extend(reversed(&acting_best, &acting_yours));
    // Only a site that may answer again can take writes after its readers left.
    let answers_again =
        |f: &Fault| matches!(f, Fault::CutSite { .. } | Fault::PartitionSite { .. });
    if c.faults.iter().any(answers_again) {
        out.extend(premature_readers(&acting_yours));
    }
    out
}

/// `moves` at the times they act, after the fault: each made at its time plus its
/// mechanism's (a fence takes longer around a site the drill's fault keeps silent).
fn acting(c: &Challenge, moves: &[TimedCommand]) -> Vec<TimedCommand> {
    let answers = |site: &str, after_fault: Millis| {
        c.faults.iter().all(|f| match f {
            Fault::LoseSite { site: s, .. } => s != site,
            Fault::CutSite {
                site: s, for_ms, ..
            }
            | Fault::PartitionSite {
                site: s, for_ms, ..
            } => s != site || after_fault >= *for_ms,
            _ => true,
        })
    };
    moves
        .iter()
        .map(|m| TimedCommand {
            at_ms: m.at_ms + super::move_time(&m.command, |s| answers(s, m.at_ms)).ms,
            command: m.command.clone(),
        })
        .collect()
}

fn compared(best: &TimedCommand, yours: &TimedCommand, card: String) -> Option<Difference> {
    if let (
        Command::MoveReader { reader, rule, .. },
        Command::MoveReader {
            rule: best_rule, ..
        },
    ) = (&yours.command, &best.command)
    {
        if rule != best_rule {
            return Some(Difference {
                says: format!("Reader group {reader} resumed by {}", rule.id()),
                cost: format!("the best run resumed it by {}", best_rule.id()),
                card,
            });
        }
    }
    (yours.at_ms > best.at_ms + LATE_MS).then(|| Difference {
        says: format!(
            "{} came {} s after the fault",
            yours.command.describe(),
            seconds(yours.at_ms)
        ),
        cost: format!(
            "{} s later than in the best run",
            seconds(yours.at_ms - best.at_ms)
        ),
        card,
    })
}

/// Pairs of moves that acted the other way round from the best run (both at their acting
/// times).
fn reversed(best: &[TimedCommand], yours: &[TimedCommand]) -> Vec<Difference> {
    let when = |c: &Command| -> Option<Millis> {
        let wanted = subject(c)?;
        yours
            .iter()
            .find(|m| subject(&m.command).as_ref() == Some(&wanted))
            .map(|m| m.at_ms)
    };
    let mut out = Vec::new();
    for (i, first) in best.iter().enumerate() {
        for then in best[i + 1..].iter().filter(|t| t.at_ms > first.at_ms) {
            if let (Some(a), Some(b)) = (when(&first.command), when(&then.command)) {
                if b < a {
                    out.push(Difference {
                        says: format!(
                            "{} (acted at {} s) came before: {} (acted at {} s)",
                            then.command.describe(),
                            seconds(b),
                            first.command.describe(),
                            seconds(a)
                        ),
                        cost: "in the best run they acted the other way round".into(),
                        card: move_card(&first.command).into(),
                    });
                }
            }
        }
    }
    out
}

/// Reader groups that acted before the fence on the old site did (acting times).
fn premature_readers(yours: &[TimedCommand]) -> Vec<Difference> {
    let fenced = yours
        .iter()
        .filter(|m| matches!(m.command, Command::FenceSite { .. }))
        .map(|m| m.at_ms)
        .min();
    yours
        .iter()
        .filter_map(|m| match &m.command {
            Command::MoveReader { reader, .. } if fenced.is_none_or(|f| m.at_ms < f) => {
                Some(Difference {
                    says: format!(
                        "Reader group {reader} moved at {} s, before the fence on the old site acted",
                        seconds(m.at_ms)
                    ),
                    cost: "whatever is written at the old site after it left, it never reads \
                           there: see what the figures above say it cost"
                        .into(),
                    card: "move-the-clients".into(),
                })
            }
            _ => None,
        })
        .collect()
}

/// What a move acts on, to pair the learner's move with the best run's.
fn subject(c: &Command) -> Option<(&'static str, String)> {
    match c {
        Command::CheckLag { hop } => Some(("check-lag", hop.clone())),
        Command::Promote { hop } => Some(("promote", hop.clone())),
        Command::FenceSite { site } => Some(("fence", site.clone())),
        Command::MoveWriter { writer, .. } => Some(("move-writer", writer.clone())),
        Command::MoveReader { reader, .. } => Some(("move-reader", reader.clone())),
        Command::RestartReader { reader } => Some(("restart-reader", reader.clone())),
        Command::StopWriter { writer } => Some(("stop-writer", writer.clone())),
        Command::Reconcile { hop } => Some(("reconcile", hop.clone())),
        _ => None,
    }
}

fn move_card(c: &Command) -> &'static str {
    match c {
        Command::CheckLag { .. } => "copy-lag",
        Command::Promote { .. } => "failover-preconditions",
        Command::FenceSite { .. } | Command::StopWriter { .. } => "single-writer-streams",
        Command::MoveWriter { .. } => "move-the-clients",
        Command::MoveReader { .. } => "reader-resume",
        Command::RestartReader { .. } => "replay-or-gap",
        Command::Reconcile { .. } => "failback",
        _ => "rehearsal",
    }
}

fn stage_card(s: super::drill::StageName) -> &'static str {
    use super::drill::StageName::*;
    match s {
        Noticing | Deciding => "rehearsal",
        FencingAndMovingWriters => "move-the-clients",
        MovingReaders => "rto-readers",
        CatchingUp => "reader-resume",
    }
}

/// A figure in words; an infinite one means it never came right by the run's end.
pub fn figure(v: f64) -> String {
    if v.is_finite() {
        plain(v)
    } else {
        "never, by the end of the run".into()
    }
}

/// Seconds to a tenth: what a person reads off a clock.
fn seconds(ms: Millis) -> String {
    plain((ms as f64 / 100.0).round() / 10.0)
}
