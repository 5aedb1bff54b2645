//! The givens a design must keep: the brief's sites, streams, writers (with their rates)
//! and reader groups (where they read). A design may add to them, never drop or change one.

use super::GradeError;
use crate::spec::Topology;

/// Whether `design` keeps every given; the error names the first one it does not.
pub fn check_givens(givens: &Topology, design: &Topology) -> Result<(), GradeError> {
    let missing = |what: String| {
        Err(GradeError(format!(
            "the design drops or changes a given: {what}; put it back as the brief states it"
        )))
    };
    for s in &givens.sites {
        if !design.sites.iter().any(|d| d.name == s.name) {
            return missing(format!("site {}", s.name));
        }
    }
    for s in &givens.streams {
        if !design
            .streams
            .iter()
            .any(|d| d.site == s.site && d.name == s.name)
        {
            return missing(format!("stream {} at {}", s.name, s.site));
        }
    }
    for w in &givens.writers {
        let kept = design.writers.iter().any(|d| {
            d.id == w.id
                && d.site == w.site
                && d.stream == w.stream
                && d.rate_per_sec == w.rate_per_sec
        });
        if !kept {
            return missing(format!(
                "writer {} ({} records/s to {} at {})",
                w.id, w.rate_per_sec, w.stream, w.site
            ));
        }
    }
    for r in &givens.readers {
        // A group may read more (its own stream and copies: `orders`, `*.orders`).
        let kept = design.readers.iter().any(|d| {
            d.id == r.id
                && d.site == r.site
                && (d.stream == r.stream || d.streams.contains(&r.stream))
        });
        if !kept {
            return missing(format!(
                "reader group {} (reads {} at {})",
                r.id, r.stream, r.site
            ));
        }
    }
    Ok(())
}
