//! The designer's exported file, read the way the `hoplab` command line reads it, gives
//! the same lint findings and the same run figures the page shows.
#![cfg(not(target_arch = "wasm32"))]
#![allow(
    clippy::disallowed_methods,
    reason = "a test never reaches a page: it runs the model as the command line does"
)]

use hoplab::designer::run::{RunJob, SEED};
use hoplab::designer::{import, runbook, templates};
use hoplab_model::{lint, ScenarioSpec, Sim};

#[test]
fn exported_files_lint_and_run_as_the_page_shows() {
    let dir = std::env::temp_dir().join(format!("hoplab-designer-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for t in templates::ALL {
        let design = templates::build(t.id).unwrap();
        // What the page shows: the model's lint of the design, and its chunked run.
        let page_findings = lint(design.topology());
        let mut job = RunJob::start(&design.spec).unwrap();
        let summary = loop {
            if let Some(s) = job.advance(3_000) {
                break s.clone();
            }
        };

        // What `hoplab lint file.json` and `hoplab run file.json --json` do with the export.
        let path = dir.join(format!("{}.json", t.id));
        std::fs::write(&path, design.to_model_json()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let spec = ScenarioSpec::from_json(&text).unwrap();
        assert_eq!(lint(&spec.topology), page_findings, "{}: findings", t.id);
        let mut sim = Sim::new(&spec, SEED).unwrap();
        sim.advance_to(spec.duration_ms);
        assert_eq!(
            serde_json::to_value(sim.measures()).unwrap(),
            serde_json::to_value(&summary.end).unwrap(),
            "{}: run figures",
            t.id
        );
        // The tail at each loss is what `hoplab run --until` reports just before it.
        for loss in &summary.losses {
            let mut sim = Sim::new(&spec, SEED).unwrap();
            sim.advance_to(loss.at_ms - 1);
            let m = sim.measures();
            for (hop, _, _, tail, age) in &loss.tails {
                let h = m.hops.iter().find(|h| &h.id == hop).unwrap();
                assert_eq!(
                    (h.uncopied_tail, h.oldest_uncopied_age_ms),
                    (*tail, *age),
                    "{}: {hop}",
                    t.id
                );
            }
        }
        // The runbook prints those same numbers.
        let md = runbook::to_markdown(&runbook::build(&design, &page_findings, Some(&summary)));
        for loss in &summary.losses {
            for (_, _, _, tail, _) in &loss.tails {
                assert!(
                    md.contains(&format!("{} records of", hoplab_model::fmt_n(*tail))),
                    "{}",
                    t.id
                );
            }
        }
        // And the file imports back to the same design.
        assert_eq!(import::import_model_file(&text).unwrap().spec, design.spec);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
