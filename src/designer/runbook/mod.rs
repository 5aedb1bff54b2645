//! A failover runbook drawn from the design and (when there is one) its run: the checks
//! before a switch, the companions the publish path needs, how each reader group resumes
//! and what that cost in the run, failback, and a rehearsal checklist of stated against
//! measured figures. Built as data, then written as Markdown or drawn by the page.

mod sections;

use super::design::Design;
use super::run::RunSummary;
use hoplab_model::Finding;
use sections::{
    companion_inventory, failback, failover_steps, preconditions, reader_groups,
    recovery_point_floor, rehearsal_checklist,
};

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

pub fn build(d: &Design, findings: &[Finding], run: Option<&RunSummary>) -> Runbook {
    let t = d.topology();
    let name = if d.spec.name.trim().is_empty() {
        "this design"
    } else {
        d.spec.name.as_str()
    };
    let mut sections = vec![preconditions(t, findings), companion_inventory(t)];
    sections.extend(run.and_then(recovery_point_floor));
    sections.push(reader_groups(t, run));
    sections.extend(failover_steps(d));
    sections.push(failback(t));
    sections.push(rehearsal_checklist(t, run));
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
