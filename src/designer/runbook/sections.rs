//! The runbook's sections, one builder each, in the order the runbook lists them.

use super::document::{Section, Table};
use super::terms::{self, Copier};
use crate::designer::design::Design;
use crate::designer::run::RunSummary;
use hoplab_model::spec::{qualified_target, HopKind, HopSpec, OriginStamp, ReaderSpec, Topology};
use hoplab_model::{fmt_n, Finding};

fn secs(ms: u64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}

fn row(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

/// Lint findings to resolve, copiers to check, writers to stop before a switch.
pub(super) fn preconditions(t: &Topology, findings: &[Finding]) -> Section {
    let mut pre = Vec::new();
    for f in findings {
        pre.push(format!(
            "Resolve the lint finding {} ({}): {}",
            f.code,
            f.subject(),
            f.message
        ));
    }
    for h in &t.hops {
        let to = qualified_target(h);
        pre.push(format!(
            "Copier {} ({}/{} to {}/{}) is running, and its lag is zero before a planned switch",
            h.id, h.from.site, h.from.stream, to.site, to.stream
        ));
        if h.options.map_every.is_none() && terms::of_hop(h).is_none_or(|c| c.keeps_positions) {
            pre.push(format!(
                "Copier {} writes no position map: readers cannot be translated over it",
                h.id
            ));
        }
    }
    for w in &t.writers {
        pre.push(format!(
            "Writer {} on {} is stopped (or fenced) before its stream is written elsewhere",
            w.id, w.site
        ));
    }
    Section {
        heading: "Preconditions".into(),
        items: pre,
        table: None,
    }
}

/// The services the publish path calls, where they run and which writers need them.
pub(super) fn companion_inventory(t: &Topology) -> Section {
    let companions = Table {
        head: row(&["companion", "kind", "runs at", "writers that need it"]),
        rows: t
            .companions
            .iter()
            .map(|c| {
                let needed: Vec<&str> = t
                    .writers
                    .iter()
                    .filter(|w| w.requires.contains(&c.name))
                    .map(|w| w.id.as_str())
                    .collect();
                vec![
                    c.name.clone(),
                    c.kind.clone(),
                    c.sites.join(", "),
                    if needed.is_empty() {
                        "none".into()
                    } else {
                        needed.join(", ")
                    },
                ]
            })
            .collect(),
    };
    let inventory_note = if t.companions.is_empty() {
        vec!["No companions are declared. List every service the publish path calls (contract or schema stores, identity, configuration) before trusting a failover.".into()]
    } else {
        Vec::new()
    };
    Section {
        heading: "Companion inventory".into(),
        items: inventory_note,
        table: Some(companions),
    }
}

/// What each lost site had acknowledged and not yet copied, as measured (none: no loss).
pub(super) fn recovery_point_floor(r: &RunSummary) -> Option<Section> {
    let mut items = Vec::new();
    for l in &r.losses {
        for (hop, stream, to, tail, age) in &l.tails {
            items.push(format!(
                "Losing {} at {}: {} records of {} acknowledged there and not yet on {} (uncopied tail, oldest {} old), copier {}",
                l.site, secs(l.at_ms), fmt_n(*tail), stream, to, secs(*age), hop
            ));
        }
    }
    (!items.is_empty()).then(|| Section {
        heading: "Recovery-point floor (measured)".into(),
        items,
        table: None,
    })
}

/// How each reader group resumes at the other site, with each rule's price in the run.
pub(super) fn reader_groups(t: &Topology, run: Option<&RunSummary>) -> Section {
    let mut groups = Table {
        head: row(&[
            "reader group",
            "reads",
            "planned resume",
            "rule",
            "replay",
            "gap",
        ]),
        rows: Vec::new(),
    };
    for g in &t.readers {
        let planned = g.planned_resume.map_or("not planned", |r| r.id());
        let moves: Vec<_> = run
            .map(|r| r.moves.iter().filter(|m| m.reader == g.id).collect())
            .unwrap_or_default();
        if moves.is_empty() {
            groups.rows.push(vec![
                g.id.clone(),
                format!("{}/{}", g.site, g.stream),
                planned.into(),
                "not moved in the run".into(),
                "–".into(),
                "–".into(),
            ]);
        }
        for m in moves {
            for p in &m.priced {
                let chosen = if p.rule == m.rule { " (used)" } else { "" };
                groups.rows.push(vec![
                    g.id.clone(),
                    format!("{}/{} to {}", g.site, g.stream, m.site),
                    planned.into(),
                    format!("{}{chosen}", p.rule),
                    fmt_n(p.replay),
                    fmt_n(p.gap),
                ]);
            }
            if let Some(e) = &m.error {
                groups.rows.push(vec![
                    g.id.clone(),
                    m.site.clone(),
                    planned.into(),
                    format!("cannot move: {e}"),
                    "–".into(),
                    "–".into(),
                ]);
            }
        }
    }
    let mut items = vec!["Replay: records the group processes a second time. Gap: records it never processes. Figures are priced just before the move in the run.".to_string()];
    let mm2 = t.hops.iter().any(|h| {
        matches!(
            hoplab_copiers::PresetId::of(&h.options),
            Some(hoplab_copiers::PresetId::Mm2Default | hoplab_copiers::PresetId::Mm2Identity)
        )
    });
    if mm2 {
        items.push("Before the switch, check where each real group would resume from what MirrorMaker 2 holds now: give this site's /resume page (or hoplab resume) the offset-syncs and checkpoints topics and the source's consumer-groups table; it also writes the reset plans to apply on the target.".into());
    }
    Section {
        heading: "Reader groups: resume rules".into(),
        items,
        table: Some(groups),
    }
}

/// The design's fault timeline as numbered steps (none: an empty timeline).
pub(super) fn failover_steps(d: &Design) -> Option<Section> {
    let steps: Vec<String> = d
        .spec
        .timeline
        .iter()
        .map(|tc| format!("At {}: {}", secs(tc.at_ms), tc.command.describe()))
        .collect();
    (!steps.is_empty()).then(|| Section {
        heading: "Failover steps (as rehearsed)".into(),
        items: steps,
        table: None,
    })
}

/// The switch in the words of each copier the design names (none: no hop says which).
pub(super) fn copier_steps(t: &Topology) -> Option<Section> {
    let mut items: Vec<String> = Vec::new();
    for h in &t.hops {
        for i in terms::of_hop(h)
            .map(|k| terms::failover(h, k))
            .unwrap_or_default()
        {
            if !items.contains(&i) {
                items.push(i);
            }
        }
    }
    (!items.is_empty()).then(|| Section {
        heading: "Failover in the copiers' terms".into(),
        items,
        table: None,
    })
}

/// Coming back: reverse copies, draining, translating readers again, moving back (in a
/// copier's own words where the design says which copier a hop is).
pub(super) fn failback(t: &Topology) -> Section {
    let mut back = Vec::new();
    for h in &t.hops {
        if let Some(steps) = terms::of_hop(h).and_then(|k| terms::failback(h, k, t)) {
            back.extend(steps);
            continue;
        }
        let to = qualified_target(h);
        back.push(format!(
            "Set up the reverse copy {}/{} to {}: a lost site comes back empty, with numbering starting again",
            to.site, to.stream, h.from.site
        ));
        if h.options.stamp == OriginStamp::None {
            back.push(format!("Give the reverse of {} an origin stamp, or it and {} copy each other's records forever", h.id, h.id));
        }
    }
    // The closing steps in the terms of the copiers the design has: queues keep no
    // positions, and a mirror keeps the source's numbers, so only a copy that renumbers
    // has positions to translate.
    let copiers: Vec<Option<Copier>> = t.hops.iter().map(terms::of_hop).collect();
    let keeps = |h: &HopSpec| terms::of_hop(h).is_none_or(|c| c.keeps_positions);
    let positions = copiers.iter().any(|c| c.is_none_or(|c| c.keeps_positions));
    let renumbered = t
        .hops
        .iter()
        .any(|h| keeps(h) && h.options.kind != HopKind::Mirror);
    let mirrored = t
        .hops
        .iter()
        .any(|h| keeps(h) && h.options.kind == HopKind::Mirror);
    let queues = copiers
        .iter()
        .any(|c| c.is_some_and(|c| !c.keeps_positions));
    back.push("Let the reverse copy drain to zero lag; stop writers on the standby side".into());
    if renumbered {
        back.push("Translate every reader group's position again, over the reverse copy's own position map (the old map does not apply to the rebuilt site)".into());
    }
    if mirrored {
        back.push("Reader groups of a mirror keep their numbers: once the mirror back has caught up, they resume at the same positions, with no map to translate over".into());
    }
    if queues {
        back.push("RabbitMQ consumers have no positions to translate: they read the queues at the broker they move back to, once the messages left on the standby have been consumed or moved".into());
    }
    back.push(if positions {
        "Move writers back, then reader groups, then restart the original copiers from the position they had".into()
    } else {
        "Move publishers back, then consumers, then start the original links again".into()
    });
    Section {
        heading: "Failback".into(),
        items: back,
        table: None,
    }
}

/// Each figure the design states beside what the run measured.
pub(super) fn rehearsal_checklist(t: &Topology, run: Option<&RunSummary>) -> Section {
    let mut check = Table {
        head: row(&["figure", "stated by the design", "measured in the run"]),
        rows: Vec::new(),
    };
    for h in &t.hops {
        check.rows.extend(hop_checks(h, run));
    }
    for g in &t.readers {
        check.rows.push(reader_check(g, run));
    }
    check.rows.extend(whole_run_checks(run));
    Section {
        heading: "Rehearsal checklist".into(),
        items: vec![
            "Run the failover on a copy of production traffic; fill in the measured column from the real run".into(),
            "Time every step; compare with the recovery-time objective".into(),
        ],
        table: Some(check),
    }
}

/// The run's figure for a row, or a note that there is no run yet.
fn measured(run: Option<&RunSummary>, f: impl Fn(&RunSummary) -> String) -> String {
    run.map_or("not run yet".to_string(), f)
}

/// A hop's lag against its floor, and the duplicates a restart may cause.
fn hop_checks(h: &HopSpec, run: Option<&RunSummary>) -> [Vec<String>; 2] {
    let o = &h.options;
    let floor = o.rtt_ms + o.target_write_ms;
    [
        vec![
            format!("copy lag of {}", h.id),
            format!(
                "at least {} ms per round (link {} ms + write {} ms), polling every {} ms",
                floor, o.rtt_ms, o.target_write_ms, o.poll_interval_ms
            ),
            measured(run, |r| {
                r.end
                    .hops
                    .iter()
                    .find(|m| m.id == h.id)
                    .map_or("–".into(), |m| {
                        format!(
                            "latency {}–{} ms; lag at end {} records",
                            m.latency_min_ms.unwrap_or(0),
                            m.latency_max_ms,
                            fmt_n(m.lag_records)
                        )
                    })
            }),
        ],
        vec![
            format!("duplicates from {}", h.id),
            format!(
                "0 expected; a restart re-copies up to {} ms of progress",
                o.commit_interval_ms
            ),
            measured(run, |r| {
                r.end
                    .hops
                    .iter()
                    .find(|m| m.id == h.id)
                    .map_or("–".into(), |m| fmt_n(m.duplicates))
            }),
        ],
    ]
}

/// How a reader group resumed after its move, against the planned rule.
fn reader_check(g: &ReaderSpec, run: Option<&RunSummary>) -> Vec<String> {
    vec![
        format!("resume of {}", g.id),
        g.planned_resume
            .map_or("no rule planned".into(), |r| format!("by {}", r.id())),
        measured(run, |r| {
            r.moves
                .iter()
                .find(|m| m.reader == g.id)
                .and_then(|m| m.actual.as_ref())
                .map_or("not moved".into(), |a| {
                    format!(
                        "{}: replay {}, gap {}",
                        a.rule,
                        fmt_n(a.replay),
                        fmt_n(a.gap)
                    )
                })
        }),
    ]
}

/// Copies, echoes and drain times over the whole run.
fn whole_run_checks(run: Option<&RunSummary>) -> Vec<Vec<String>> {
    vec![
        vec![
            "copies per original record".into(),
            "at most 1 per site that copies it".into(),
            measured(run, |r| format!("{:.2} at the end", r.echo_at_end)),
        ],
        vec![
            "echoes per original record (repeats at a site that holds it, or back at its origin)"
                .into(),
            "0".into(),
            measured(run, |r| {
                format!("{:.2} at the end", r.end.echo.echoes_per_original)
            }),
        ],
        vec![
            "time to drain the backlog".into(),
            "back to the usual lag after a fault".into(),
            measured(run, |r| {
                if r.drains.is_empty() {
                    "no backlog built up".into()
                } else {
                    r.drains
                        .iter()
                        .map(|d| match d.drained_after_ms {
                            Some(ms) => format!(
                                "{}: {} after a peak of {} records",
                                d.hop,
                                secs(ms),
                                fmt_n(d.peak_records)
                            ),
                            None => format!("{}: not drained by the end", d.hop),
                        })
                        .collect::<Vec<_>>()
                        .join("; ")
                }
            }),
        ],
    ]
}
