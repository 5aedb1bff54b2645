//! `hoplab challenges` and `hoplab grade`: the design challenges, graded by the same code
//! as the site's `/challenges`.

use crate::{out, Failure};
use hoplab_model::challenge::{self, SHIPPED};
use std::path::Path;

pub fn list() {
    for (id, text) in SHIPPED {
        let title = challenge::Challenge::from_json(text)
            .map(|c| c.title)
            .unwrap_or_default();
        out!("{id}\t{title}");
    }
}

/// Exit 0 when every requirement holds, 1 when any fails, 2 on a bad file, an unknown
/// challenge or a design that drops or changes a given.
pub fn grade(id: &str, design: &Path, json: bool, seeds: Option<u32>) -> Result<u8, Failure> {
    let c = challenge::find(id).ok_or_else(|| {
        let ids: Vec<&str> = SHIPPED.iter().map(|(i, _)| *i).collect();
        (format!("{id} is not a challenge: {}", ids.join(", ")), 2)
    })?;
    let spec = crate::load(&design.display().to_string(), &[])?;
    let v = challenge::grade(&c, &spec.topology, &spec.timeline, seeds)
        .map_err(|e| (format!("{}: {e}", design.display()), 2))?;
    if json {
        out!(
            "{}",
            serde_json::to_string_pretty(&v).expect("a verdict serialises")
        );
    } else {
        out!("{}: {}", c.id, if v.passed { "passed" } else { "not yet" });
        for r in &v.requirements {
            out!(
                "  {} {}: {} (target {}, worst on seed {}){}",
                if r.passed { "ok  " } else { "MISS" },
                r.id,
                if r.measured.is_finite() {
                    hoplab_model::decimal::plain(r.measured)
                } else {
                    "stopped early (the records filled the model's memory: an echo loop?)".into()
                },
                r.target,
                r.seed,
                if r.passed {
                    String::new()
                } else {
                    format!(" — see card: {}", r.card)
                }
            );
        }
    }
    Ok(u8::from(!v.passed))
}
