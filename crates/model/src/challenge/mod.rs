//! Graded design challenges: a brief in the words of an interview prompt, the givens a
//! learner's design must keep, a hidden fault schedule drawn from a seed, and
//! requirements this model measures. [`grade`] runs the schedule on several seeds; a
//! requirement holds only if it holds on every one. The site's `/challenges` and
//! `hoplab grade` share this grader.

mod allowed;
mod debrief;
mod drill;
mod givens;
mod grading;
mod measure;
mod move_time;
mod on_design;
mod shipped;

pub use allowed::{check_allowed_hops, AllowedHop};
pub use debrief::figure;
pub use drill::{
    debrief, drill_run, first_fault_ms, old_site_returns, Debrief, Difference, Drill, DrillRun,
    FlawedMoves, Stage, StageName,
};
pub use givens::check_givens;
pub use grading::{Grading, RequirementResult, Verdict};
pub use measure::Measure;
pub use move_time::{answers_at, move_time, move_time_words, MoveTime, ALERT_AFTER_MS};
pub use on_design::drill_on;
pub use shipped::{find, SHIPPED};

use crate::rng::Rng;
use crate::spec::{Command, ResumeRule, ScenarioSpec, TimedCommand, Topology, FORMAT_VERSION};
use crate::time::Millis;
use crate::Sim;
use serde::{Deserialize, Serialize};

/// One challenge, as `content/challenges/<id>.json` holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Challenge {
    pub id: String,
    pub title: String,
    /// "junior", "middle", "senior", "staff" or "principal".
    pub level: String,
    /// The situation, as an interviewer would put it.
    pub brief: String,
    /// What the learner may add, in a sentence.
    pub may_add: String,
    /// Slugs of the cards it draws on.
    pub cards: Vec<String>,
    /// Seeds the grade runs (at least 5).
    #[serde(default = "five")]
    pub seeds: u32,
    pub duration_ms: Millis,
    /// Sites, streams, writers and reader groups every design must keep.
    pub givens: Topology,
    /// The hidden faults.
    pub faults: Vec<Fault>,
    pub requirements: Vec<Requirement>,
    /// A design that passes: the givens and what it adds.
    pub reference: Topology,
    /// Why the reference passes, shown after a pass or on giving up.
    pub reference_why: String,
    /// A failover drill: the faults are the model's, the failover the learner's moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drill: Option<Drill>,
    /// The network between pairs of sites. A link the brief does not list has the model's
    /// defaults. Every hop between two sites is graded on its link's figures, whatever
    /// its own options say: the round trip is the world's, not the design's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<LinkGiven>,
    /// The only hops between sites a design may have ("links only around the ring"),
    /// each one way; none listed: any. Checked before grading, as the givens are.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed_hops: Vec<AllowedHop>,
}

fn five() -> u32 {
    5
}

/// The link between two sites, as the brief gives it (either direction).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkGiven {
    pub sites: [String; 2],
    pub rtt_ms: Millis,
    #[serde(default)]
    pub rtt_jitter_ms: Millis,
    /// The far site's own durable write before it acknowledges a copy.
    #[serde(default = "default_target_write_ms")]
    pub target_write_ms: Millis,
}

fn default_target_write_ms() -> Millis {
    crate::spec::HopOptions::default().target_write_ms
}

impl Challenge {
    /// Every hop of `design` on its link's figures: the brief's, or the model's defaults.
    fn on_the_briefs_links(&self, design: &Topology) -> Topology {
        let defaults = crate::spec::HopOptions::default();
        let mut t = design.clone();
        for h in &mut t.hops {
            let link = self.links.iter().find(|l| {
                let [a, b] = &l.sites;
                (*a == h.from.site && *b == h.to.site) || (*b == h.from.site && *a == h.to.site)
            });
            let o = &mut h.options;
            (o.rtt_ms, o.rtt_jitter_ms, o.target_write_ms) = match link {
                Some(l) => (l.rtt_ms, l.rtt_jitter_ms, l.target_write_ms),
                None => (
                    defaults.rtt_ms,
                    defaults.rtt_jitter_ms,
                    defaults.target_write_ms,
                ),
            };
        }
        t
    }
}

/// A fault of the hidden schedule; times are drawn from the seed within `between_ms`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Fault {
    /// The site is lost; `fail_over_ms` later its writers move to `to` and its reader
    /// groups follow by their planned resume rule (the end, if none is planned), after
    /// any mirror into `to` is promoted.
    LoseSite {
        site: String,
        to: String,
        between_ms: [Millis; 2],
        #[serde(default = "five_seconds")]
        fail_over_ms: Millis,
    },
    /// The site stops answering for `for_ms`, then answers again with what it held:
    /// writers still pointed at it write there once more.
    CutSite {
        site: String,
        between_ms: [Millis; 2],
        for_ms: Millis,
    },
    /// The site is cut off from every other site for `for_ms` while its own clients still
    /// reach it: writers left pointed at it keep being acknowledged there.
    PartitionSite {
        site: String,
        between_ms: [Millis; 2],
        for_ms: Millis,
    },
    /// Every hop between two sites is cut for `for_ms`.
    CutLink {
        sites: [String; 2],
        between_ms: [Millis; 2],
        for_ms: Millis,
    },
    /// One of the design's copiers, drawn from the seed, restarts.
    RestartCopier { between_ms: [Millis; 2] },
}

fn five_seconds() -> Millis {
    5_000
}

/// A target on one measure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Requirement {
    pub id: String,
    /// In words: "no reader group skips a record".
    pub says: String,
    pub measure: Measure,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_most: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_least: Option<f64>,
    pub card: String,
    pub hint: String,
}

impl Requirement {
    pub fn holds(&self, measured: f64) -> bool {
        self.at_most.is_none_or(|m| measured <= m + 1e-9)
            && self.at_least.is_none_or(|m| measured >= m - 1e-9)
    }

    /// The target in words: "at most 5", "at least 0.98".
    pub fn target(&self) -> String {
        match (self.at_most, self.at_least) {
            (Some(m), _) => format!("at most {}", crate::decimal::plain(m)),
            (None, Some(m)) => format!("at least {}", crate::decimal::plain(m)),
            _ => "measured only".into(),
        }
    }
}

/// Why a design cannot be graded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GradeError(pub String);

impl std::fmt::Display for GradeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Challenge {
    /// The site's page for it: a drill is played at `/drills/<id>`, a design challenge
    /// is designed at `/challenges/<id>`.
    pub fn page(&self) -> String {
        match self.drill {
            Some(_) => format!("/drills/{}", self.id),
            None => format!("/challenges/{}", self.id),
        }
    }

    /// The brief in `text`, with its list of allowed hops checked against its givens and
    /// its reference.
    pub fn from_json(text: &str) -> Result<Challenge, String> {
        let c: Challenge = serde_json::from_str(text).map_err(|e| e.to_string())?;
        allowed::check_list(&c.allowed_hops, &c.givens)?;
        check_allowed_hops(&c.allowed_hops, &c.reference)
            .map_err(|e| format!("the reference: {e}"))?;
        Ok(c)
    }

    /// The design's run on `seed`: its topology with this seed's faults and the model's
    /// failover, or in a drill the learner's `moves` (each `at_ms` after the first fault).
    pub fn spec_for(&self, design: &Topology, moves: &[TimedCommand], seed: u64) -> ScenarioSpec {
        let mut rng = Rng::new(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x5EED);
        let mut timeline = Vec::new();
        for f in &self.faults {
            self.schedule(f, design, &mut rng, &mut timeline);
        }
        if self.drill.is_some() {
            // A move made at its time acts once its mechanism has run (move_time.rs).
            let fault_ms = drill::first_fault_ms(&timeline).unwrap_or(0);
            let faults = timeline.clone();
            timeline.extend(moves.iter().map(|m| {
                let made = fault_ms.saturating_add(m.at_ms);
                let took = move_time(&m.command, |site| answers_at(&faults, site, made)).ms;
                TimedCommand {
                    at_ms: made.saturating_add(took),
                    command: m.command.clone(),
                }
            }));
        }
        // Stable: at one time, faults before moves, moves in the learner's order.
        timeline.sort_by_key(|c| c.at_ms);
        ScenarioSpec {
            version: FORMAT_VERSION,
            name: format!("{} (seed {seed})", self.id),
            topology: self.on_the_briefs_links(design),
            timeline,
            duration_ms: self.duration_ms,
            sample_every_ms: 1_000,
            merge: None,
        }
    }

    /// Fault `f` on the timeline at a time drawn from `rng` (with the model's failover
    /// after a site loss, outside a drill).
    fn schedule(
        &self,
        f: &Fault,
        design: &Topology,
        rng: &mut Rng,
        timeline: &mut Vec<TimedCommand>,
    ) {
        let at = |rng: &mut Rng, [lo, hi]: [Millis; 2]| lo + rng.up_to(hi.saturating_sub(lo));
        match f {
            Fault::LoseSite {
                site,
                to,
                between_ms,
                fail_over_ms,
            } => {
                let t = at(rng, *between_ms);
                timeline.push(TimedCommand {
                    at_ms: t,
                    command: Command::LoseSite { site: site.clone() },
                });
                if self.drill.is_none() {
                    timeline.extend(fail_over(design, site, to, t + fail_over_ms));
                }
            }
            Fault::CutSite {
                site,
                between_ms,
                for_ms,
            }
            | Fault::PartitionSite {
                site,
                between_ms,
                for_ms,
            } => {
                let t = at(rng, *between_ms);
                let site = site.clone();
                let command = match f {
                    Fault::CutSite { .. } => Command::CutSite { site: site.clone() },
                    _ => Command::PartitionSite { site: site.clone() },
                };
                timeline.push(TimedCommand { at_ms: t, command });
                timeline.push(TimedCommand {
                    at_ms: t + for_ms,
                    command: Command::RestoreSite { site },
                });
            }
            Fault::CutLink {
                sites,
                between_ms,
                for_ms,
            } => {
                let t = at(rng, *between_ms);
                for h in design.hops.iter().filter(|h| joins(h, sites)) {
                    timeline.push(TimedCommand {
                        at_ms: t,
                        command: Command::CutLink { hop: h.id.clone() },
                    });
                    timeline.push(TimedCommand {
                        at_ms: t + for_ms,
                        command: Command::HealLink { hop: h.id.clone() },
                    });
                }
            }
            Fault::RestartCopier { between_ms } => {
                let t = at(rng, *between_ms);
                if !design.hops.is_empty() {
                    let i = rng.up_to(design.hops.len() as u64 - 1) as usize;
                    timeline.push(TimedCommand {
                        at_ms: t,
                        command: Command::RestartHop {
                            hop: design.hops[i].id.clone(),
                        },
                    });
                }
            }
        }
    }
}

fn joins(h: &crate::spec::HopSpec, sites: &[String; 2]) -> bool {
    (h.from.site == sites[0] && h.to.site == sites[1])
        || (h.from.site == sites[1] && h.to.site == sites[0])
}

/// What an operator does `at` after losing `lost`: promote mirrors into `to`, move the
/// writers, then the reader groups by their planned rule.
pub(crate) fn fail_over(t: &Topology, lost: &str, to: &str, at: Millis) -> Vec<TimedCommand> {
    let mut out = Vec::new();
    for h in t.hops.iter().filter(|h| {
        h.from.site == lost && h.to.site == to && h.options.kind == crate::spec::HopKind::Mirror
    }) {
        out.push(TimedCommand {
            at_ms: at,
            command: Command::Promote { hop: h.id.clone() },
        });
    }
    for w in t.writers.iter().filter(|w| w.site == lost) {
        out.push(TimedCommand {
            at_ms: at,
            command: Command::MoveWriter {
                writer: w.id.clone(),
                site: to.into(),
            },
        });
    }
    for r in t.readers.iter().filter(|r| r.site == lost) {
        let rule = r.planned_resume.unwrap_or(ResumeRule::End);
        out.push(TimedCommand {
            at_ms: at,
            command: Command::MoveReader {
                reader: r.id.clone(),
                site: to.into(),
                rule,
            },
        });
    }
    out
}

/// Grades `design` against `c` on seeds 1 to `seeds` (the challenge's own count if none);
/// in a drill, with the learner's `moves` (ignored otherwise).
pub fn grade(
    c: &Challenge,
    design: &Topology,
    moves: &[TimedCommand],
    seeds: Option<u32>,
) -> Result<Verdict, GradeError> {
    let seeds: Vec<u64> = (1..=u64::from(seeds.unwrap_or(c.seeds).max(1))).collect();
    grade_on(c, design, moves, &seeds)
}

/// Grades `design` against `c` on exactly `seeds` (the site draws them at random for each
/// grade, so a design cannot be tuned to known fault instants). Fewer than the brief asks
/// make a practice verdict, which never passes.
pub fn grade_on(
    c: &Challenge,
    design: &Topology,
    moves: &[TimedCommand],
    seeds: &[u64],
) -> Result<Verdict, GradeError> {
    check_design(c, design, moves)?;
    let mut grading = Grading::new(c);
    for &seed in seeds {
        grading.add(seed, &run_once(c, design, moves, seed)?);
    }
    Ok(grading.verdict())
}

/// Whether `design` (with a drill's `moves`) may be graded at all: it keeps every given,
/// has only the hops the brief allows, and a drill's moves are an operator's, each after
/// the fault. The site checks this before its first seed, as `grade_on` does.
pub fn check_design(
    c: &Challenge,
    design: &Topology,
    moves: &[TimedCommand],
) -> Result<(), GradeError> {
    check_givens(&c.givens, design)?;
    check_allowed_hops(&c.allowed_hops, design)?;
    drill::check_moves(c, moves)
}

/// One seed's run: each requirement's figure.
pub fn run_once(
    c: &Challenge,
    design: &Topology,
    moves: &[TimedCommand],
    seed: u64,
) -> Result<Vec<f64>, GradeError> {
    let sim = finished_run(c, design, moves, seed)?;
    Ok(figures(c, &sim, design))
}

/// The design's run on `seed`, played to the end.
fn finished_run(
    c: &Challenge,
    design: &Topology,
    moves: &[TimedCommand],
    seed: u64,
) -> Result<Sim, GradeError> {
    let spec = c.spec_for(design, moves, seed);
    let mut sim =
        Sim::new(&spec, seed).map_err(|e| GradeError(format!("the design does not run: {e}")))?;
    sim.advance_to(spec.duration_ms);
    Ok(sim)
}

/// Each requirement's figure in a finished run.
fn figures(c: &Challenge, sim: &Sim, design: &Topology) -> Vec<f64> {
    let m = sim.measures();
    let mut measured: Vec<f64> = c
        .requirements
        .iter()
        .map(|r| r.measure.of(sim, &m, design, &c.givens))
        .collect();
    // A run stopped for the model's budget (an echo loop filling memory) fails every
    // requirement with a target: what it would have come to is unknown.
    if m.stopped.is_some() {
        for (v, r) in measured.iter_mut().zip(&c.requirements) {
            if r.at_most.is_some() {
                *v = f64::INFINITY;
            } else if r.at_least.is_some() {
                *v = f64::NEG_INFINITY;
            }
        }
    }
    measured
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;

#[cfg(test)]
#[path = "drill_tests.rs"]
mod drill_tests;
