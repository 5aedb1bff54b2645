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

/// Exit 0 when every requirement holds on as many seeds as the brief asks, 1 when any
/// fails or fewer seeds ran (practice), 2 on a bad file, an unknown challenge or a design
/// that drops or changes a given.
/// `seeds` empty: the challenge's own number, 1 to N.
pub fn grade(id: &str, design: &Path, json: bool, seeds: &[u64]) -> Result<u8, Failure> {
    let c = challenge::find(id).ok_or_else(|| {
        let ids: Vec<&str> = SHIPPED.iter().map(|(i, _)| *i).collect();
        (format!("{id} is not a challenge: {}", ids.join(", ")), 2)
    })?;
    let spec = crate::load(&design.display().to_string(), &[])?;
    let own: Vec<u64> = (1..=u64::from(c.seeds)).collect();
    let seeds = if seeds.is_empty() { &own[..] } else { seeds };
    let v = challenge::grade_on(&c, &spec.topology, &spec.timeline, seeds)
        .map_err(|e| (format!("{}: {e}", design.display()), 2))?;
    // A drill's debrief, beside the best moves: on the worst seed of the first miss, or
    // of the recovery time when nothing misses.
    let debrief = match &c.drill {
        Some(_) => {
            let seed = v
                .requirements
                .iter()
                .find(|r| !r.passed)
                .or_else(|| v.requirements.iter().find(|r| r.id == "rto"))
                .map_or(1, |r| r.seed);
            Some(
                challenge::debrief(&c, &spec.topology, &spec.timeline, seed)
                    .map_err(|e| (format!("{}: {e}", design.display()), 2))?,
            )
        }
        None => None,
    };
    if json {
        let mut out = serde_json::to_value(&v).expect("a verdict serialises");
        if let Some(d) = &debrief {
            out["debrief"] = serde_json::to_value(d).expect("a debrief serialises");
        }
        out!(
            "{}",
            serde_json::to_string_pretty(&out).expect("a verdict serialises")
        );
        return Ok(u8::from(!v.passed));
    }
    let seeds_words: Vec<String> = v.seeds.iter().map(u64::to_string).collect();
    let outcome = match (v.passed, v.practice) {
        (_, true) => "practice only",
        (true, false) => "passed",
        (false, false) => "not yet",
    };
    out!("{}: {outcome} (seeds {})", c.id, seeds_words.join(", "));
    if v.practice {
        out!(
            "  {} seeds ran; the brief asks for {}: a practice run never passes",
            v.seeds.len(),
            c.seeds
        );
    }
    for r in &v.requirements {
        let measure = c
            .requirements
            .iter()
            .find(|q| q.id == r.id)
            .map(|q| &q.measure);
        out!(
            "  {} {}: {} (target {}, worst on seed {}){}",
            if r.passed { "ok  " } else { "MISS" },
            r.id,
            measured_words(r.measured, measure),
            r.target,
            r.seed,
            if r.passed {
                String::new()
            } else {
                format!(" — see card: {}", r.card)
            }
        );
    }
    if let Some(d) = &debrief {
        print_debrief(d);
    }
    Ok(u8::from(!v.passed))
}

/// A figure in words; an endless one says why it has no number.
fn measured_words(v: f64, measure: Option<&challenge::Measure>) -> String {
    match measure {
        _ if v.is_finite() => hoplab_model::decimal::plain(v),
        Some(challenge::Measure::RtoSeconds { .. }) => {
            "never: a writer or reader group was not working there by the run's end".into()
        }
        _ => "stopped early (the records filled the model's memory: an echo loop?)".into(),
    }
}

fn print_debrief(d: &challenge::Debrief) {
    let stages = |run: &challenge::DrillRun| -> String {
        run.stages
            .iter()
            .map(|s| format!("{} {} s", s.name.words(), s.ms as f64 / 1000.0))
            .collect::<Vec<_>>()
            .join(", ")
    };
    out!(
        "Seed {}: the fault at {} s; your stages: {}",
        d.yours.seed,
        d.yours.fault_ms as f64 / 1000.0,
        stages(&d.yours)
    );
    out!("  the best moves' stages: {}", stages(&d.best));
    if d.differences.is_empty() {
        out!("  no difference from the best run worth a line");
    }
    for x in &d.differences {
        out!("  - {}; {} — see card: {}", x.says, x.cost, x.card);
    }
}
