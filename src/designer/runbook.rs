//! A failover runbook drawn from the design and (when there is one) its run: the checks
//! before a switch, the companions the publish path needs, how each reader group resumes
//! and what that cost in the run, failback, and a rehearsal checklist of stated against
//! measured figures. Built as data, then written as Markdown or drawn by the page.

use super::design::Design;
use super::run::RunSummary;
use hoplab_model::spec::{qualified_target, OriginStamp};
use hoplab_model::{fmt_n, Finding};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub head: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub heading: String,
    /// Check-list items (drawn as boxes to tick).
    pub items: Vec<String>,
    pub table: Option<Table>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Runbook {
    pub title: String,
    pub sections: Vec<Section>,
}

fn secs(ms: u64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}

fn row(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

pub fn build(d: &Design, findings: &[Finding], run: Option<&RunSummary>) -> Runbook {
    let t = d.topology();
    let name = if d.spec.name.trim().is_empty() {
        "this design"
    } else {
        d.spec.name.as_str()
    };
    let mut sections = Vec::new();

    // Preconditions.
    let mut pre = Vec::new();
    for f in findings {
        pre.push(format!(
            "Resolve the lint finding {} ({}): {}",
            f.code, f.subject, f.message
        ));
    }
    for h in &t.hops {
        let to = qualified_target(h);
        pre.push(format!(
            "Copier {} ({}/{} to {}/{}) is running, and its lag is zero before a planned switch",
            h.id, h.from.site, h.from.stream, to.site, to.stream
        ));
        if h.options.map_every.is_none() {
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
    sections.push(Section {
        heading: "Preconditions".into(),
        items: pre,
        table: None,
    });

    // Companion inventory.
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
    sections.push(Section {
        heading: "Companion inventory".into(),
        items: inventory_note,
        table: Some(companions),
    });

    // Loss and the uncopied tail.
    if let Some(r) = run {
        let mut items = Vec::new();
        for l in &r.losses {
            for (hop, stream, to, tail, age) in &l.tails {
                items.push(format!(
                    "Losing {} at {}: {} records of {} acknowledged there and not yet on {} (uncopied tail, oldest {} old), copier {}",
                    l.site, secs(l.at_ms), fmt_n(*tail), stream, to, secs(*age), hop
                ));
            }
        }
        if !items.is_empty() {
            sections.push(Section {
                heading: "Recovery-point floor (measured)".into(),
                items,
                table: None,
            });
        }
    }

    // Reader groups.
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
    sections.push(Section {
        heading: "Reader groups: resume rules".into(),
        items: vec!["Replay: records the group processes a second time. Gap: records it never processes. Figures are priced just before the move in the run.".into()],
        table: Some(groups),
    });

    // Failover steps from the timeline.
    let steps: Vec<String> = d
        .spec
        .timeline
        .iter()
        .map(|tc| format!("At {}: {}", secs(tc.at_ms), tc.command.describe()))
        .collect();
    if !steps.is_empty() {
        sections.push(Section {
            heading: "Failover steps (as rehearsed)".into(),
            items: steps,
            table: None,
        });
    }

    // Failback.
    let mut back = Vec::new();
    for h in &t.hops {
        let to = qualified_target(h);
        back.push(format!(
            "Set up the reverse copy {}/{} to {}: a lost site comes back empty, with numbering starting again",
            to.site, to.stream, h.from.site
        ));
        if h.options.stamp == OriginStamp::None {
            back.push(format!("Give the reverse of {} an origin stamp, or it and {} copy each other's records forever", h.id, h.id));
        }
    }
    back.push("Let the reverse copy drain to zero lag; stop writers on the standby side".into());
    back.push("Translate every reader group's position again, over the reverse copy's own position map (the old map does not apply to the rebuilt site)".into());
    back.push("Move writers back, then reader groups, then restart the original copiers from the position they had".into());
    sections.push(Section {
        heading: "Failback".into(),
        items: back,
        table: None,
    });

    // Rehearsal checklist: stated against measured.
    let mut check = Table {
        head: row(&["figure", "stated by the design", "measured in the run"]),
        rows: Vec::new(),
    };
    let measured = |f: &dyn Fn(&RunSummary) -> String| run.map_or("not run yet".to_string(), f);
    for h in &t.hops {
        let o = &h.options;
        let floor = o.rtt_ms + o.target_write_ms;
        check.rows.push(vec![
            format!("copy lag of {}", h.id),
            format!(
                "at least {} ms per round (link {} ms + write {} ms), polling every {} ms",
                floor, o.rtt_ms, o.target_write_ms, o.poll_interval_ms
            ),
            measured(&|r| {
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
        ]);
        check.rows.push(vec![
            format!("duplicates from {}", h.id),
            format!(
                "0 expected; a restart re-copies up to {} ms of progress",
                o.commit_interval_ms
            ),
            measured(&|r| {
                r.end
                    .hops
                    .iter()
                    .find(|m| m.id == h.id)
                    .map_or("–".into(), |m| fmt_n(m.duplicates))
            }),
        ]);
    }
    for g in &t.readers {
        check.rows.push(vec![
            format!("resume of {}", g.id),
            g.planned_resume
                .map_or("no rule planned".into(), |r| format!("by {}", r.id())),
            measured(&|r| {
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
        ]);
    }
    check.rows.push(vec![
        "copies per original record (echo)".into(),
        "at most 1 per site that copies it".into(),
        measured(&|r| format!("{:.2} at the end", r.echo_at_end)),
    ]);
    check.rows.push(vec![
        "time to drain the backlog".into(),
        "back to the usual lag after a fault".into(),
        measured(&|r| {
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
    ]);
    sections.push(Section {
        heading: "Rehearsal checklist".into(),
        items: vec![
            "Run the failover on a copy of production traffic; fill in the measured column from the real run".into(),
            "Time every step; compare with the recovery-time objective".into(),
        ],
        table: Some(check),
    });

    Runbook {
        title: format!("Failover runbook: {name}"),
        sections,
    }
}

/// Escapes Markdown's active characters so a name is shown, not interpreted.
pub fn md_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '!' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

pub fn to_markdown(r: &Runbook) -> String {
    let mut o = format!("# {}\n", md_escape(&r.title));
    for s in &r.sections {
        o.push_str(&format!("\n## {}\n\n", md_escape(&s.heading)));
        for i in &s.items {
            o.push_str(&format!("- [ ] {}\n", md_escape(i)));
        }
        if let Some(t) = &s.table {
            if !s.items.is_empty() {
                o.push('\n');
            }
            let line = |cells: &[String]| {
                format!(
                    "| {} |\n",
                    cells
                        .iter()
                        .map(|c| md_escape(c))
                        .collect::<Vec<_>>()
                        .join(" | ")
                )
            };
            o.push_str(&line(&t.head));
            o.push_str(&format!("|{}\n", "---|".repeat(t.head.len())));
            for r in &t.rows {
                o.push_str(&line(r));
            }
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::designer::run::RunJob;
    use crate::designer::templates;

    fn with_run(id: &str) -> (Design, Runbook) {
        let d = templates::build(id).unwrap();
        let mut job = RunJob::start(&d.spec).unwrap();
        let summary = loop {
            if let Some(s) = job.advance(50_000) {
                break s.clone();
            }
        };
        let f = hoplab_model::lint(d.topology());
        let rb = build(&d, &f, Some(&summary));
        (d, rb)
    }

    #[test]
    fn the_runbook_names_the_tail_companions_and_resume_figures() {
        let (_, rb) = with_run("one-way-dr");
        let md = to_markdown(&rb);
        let headings: Vec<&str> = rb.sections.iter().map(|s| s.heading.as_str()).collect();
        for h in [
            "Preconditions",
            "Companion inventory",
            "Recovery-point floor (measured)",
            "Reader groups: resume rules",
            "Failback",
            "Rehearsal checklist",
        ] {
            assert!(headings.contains(&h), "{h} in {headings:?}");
        }
        assert!(md.contains("uncopied tail"));
        assert!(md.contains("contracts"));
        assert!(md.contains("position-map (used)"));
        assert!(md.contains("| figure | stated by the design | measured in the run |"));
    }

    #[test]
    fn without_a_run_the_measured_column_says_so() {
        let d = templates::build("active-active").unwrap();
        let rb = build(&d, &[], None);
        assert!(to_markdown(&rb).contains("not run yet"));
    }

    #[test]
    fn names_cannot_break_the_markdown() {
        assert_eq!(md_escape("a|b*<script>"), "a\\|b\\*\\<script\\>");
        let mut d = templates::build("active-active").unwrap();
        d.spec.name = "# evil | name\nnext".into();
        let md = to_markdown(&build(&d, &[], None));
        assert!(md.starts_with("# Failover runbook: \\# evil \\| name next\n"));
    }
}
