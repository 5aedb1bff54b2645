//! The givens a design must keep: the brief's sites, streams (with their parts, retention
//! and numbering), writers and reader groups, every field as the brief states it. A design
//! may add to them, never drop or change one: a writer that stops at once, a group that
//! reads faster, or a stream with more parts would pass a brief it does not answer.

use super::GradeError;
use crate::spec::{ReaderSpec, StreamSpec, Topology, WriterSpec};

/// Whether `design` keeps every given; the error names the first one it does not, and
/// the field it changed.
pub fn check_givens(givens: &Topology, design: &Topology) -> Result<(), GradeError> {
    for s in &givens.sites {
        if !design.sites.iter().any(|d| d.name == s.name) {
            return Err(dropped(format!("site {}", s.name)));
        }
    }
    for s in &givens.streams {
        let what = || format!("stream {} at {}", s.name, s.site);
        let d = design
            .streams
            .iter()
            .find(|d| d.site == s.site && d.name == s.name)
            .ok_or_else(|| dropped(what()))?;
        first_change(&stream_fields(s), &stream_fields(d))
            .map_or(Ok(()), |c| Err(changed(what(), c)))?;
    }
    for w in &givens.writers {
        let what = || {
            format!(
                "writer {} ({} records/s to {} at {})",
                w.id, w.rate_per_sec, w.stream, w.site
            )
        };
        let d = design
            .writers
            .iter()
            .find(|d| d.id == w.id)
            .ok_or_else(|| dropped(what()))?;
        first_change(&writer_fields(w), &writer_fields(d))
            .map_or(Ok(()), |c| Err(changed(what(), c)))?;
        // A design may make a writer depend on more companions, never on fewer.
        if let Some(gone) = w.requires.iter().find(|c| !d.requires.contains(c)) {
            return Err(changed(what(), format!("it no longer requires {gone}")));
        }
    }
    for r in &givens.readers {
        let what = || format!("reader group {} (reads {} at {})", r.id, r.stream, r.site);
        // A group may read more (its own stream and copies: `orders`, `*.orders`).
        let d = design
            .readers
            .iter()
            .find(|d| d.id == r.id && (d.stream == r.stream || d.streams.contains(&r.stream)))
            .ok_or_else(|| dropped(what()))?;
        first_change(&reader_fields(r), &reader_fields(d))
            .map_or(Ok(()), |c| Err(changed(what(), c)))?;
    }
    Ok(())
}

/// (what the field is, its value as words): the fields of a given that a design keeps.
type Fields = Vec<(&'static str, String)>;

fn stream_fields(s: &StreamSpec) -> Fields {
    vec![
        ("parts", s.parts.to_string()),
        ("retention", format!("{:?}", s.retention)),
        ("first position", s.start_position.to_string()),
    ]
}

fn writer_fields(w: &WriterSpec) -> Fields {
    vec![
        ("site", w.site.clone()),
        ("stream", w.stream.clone()),
        ("rate (records/s)", w.rate_per_sec.to_string()),
        ("write interval (ms)", w.interval_ms.to_string()),
        ("durable write (ms)", w.durability_ms.to_string()),
        ("keys", w.keys.to_string()),
        ("start (ms)", w.start_at_ms.to_string()),
        (
            "stop (ms)",
            w.stop_at_ms.map_or("never".into(), |t| t.to_string()),
        ),
    ]
}

fn reader_fields(r: &ReaderSpec) -> Fields {
    vec![
        ("site", r.site.clone()),
        ("rate (records/s)", r.rate_per_sec.to_string()),
        ("read interval (ms)", r.interval_ms.to_string()),
        ("start", format!("{:?}", r.start_from).to_lowercase()),
        ("commit interval (ms)", r.commit_every_ms.to_string()),
    ]
}

/// The first field whose value differs, in words ("its parts are 4 in the brief, 8 here").
fn first_change(given: &Fields, design: &Fields) -> Option<String> {
    given
        .iter()
        .zip(design)
        .find(|((_, a), (_, b))| a != b)
        .map(|((name, a), (_, b))| format!("its {name} is {a} in the brief and {b} in the design"))
}

fn dropped(what: String) -> GradeError {
    GradeError(format!(
        "the design drops or changes a given: {what}; put it back as the brief states it"
    ))
}

fn changed(what: String, how: String) -> GradeError {
    GradeError(format!(
        "the design changes a given: {what}: {how}; put it back as the brief states it"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::kit::*;

    fn givens() -> Topology {
        Topology {
            sites: sites(&["A", "B"]),
            streams: vec![stream("A", "orders", 4)],
            writers: vec![writer("w", "A", "orders", 100.0)],
            readers: vec![reader("g", "A", "orders", 120.0)],
            ..Topology::default()
        }
    }

    fn refused(change: impl Fn(&mut Topology)) -> String {
        let mut design = givens();
        change(&mut design);
        check_givens(&givens(), &design).unwrap_err().0
    }

    #[test]
    fn the_givens_themselves_pass_and_additions_are_free() {
        let mut design = givens();
        design.streams.push(stream("B", "orders", 4));
        design.readers[0].planned_resume = Some(crate::ResumeRule::PositionMap);
        assert!(check_givens(&givens(), &design).is_ok());
    }

    #[test]
    fn every_field_of_a_given_is_checked_and_the_message_names_it() {
        let e = refused(|d| d.writers[0].stop_at_ms = Some(0));
        assert!(
            e.contains("writer w")
                && e.contains("its stop (ms) is never in the brief and 0 in the design"),
            "{e}"
        );
        let e = refused(|d| d.writers[0].durability_ms = 0);
        assert!(e.contains("durable write (ms)"), "{e}");
        let e = refused(|d| d.writers[0].start_at_ms = 1_000_000);
        assert!(e.contains("start (ms)"), "{e}");
        let e = refused(|d| d.writers[0].interval_ms = 5);
        assert!(e.contains("write interval"), "{e}");
        let e = refused(|d| d.writers[0].keys = 1);
        assert!(e.contains("keys"), "{e}");
        let e = refused(|d| d.readers[0].rate_per_sec = 1e9);
        assert!(e.contains("reader group g") && e.contains("rate"), "{e}");
        let e = refused(|d| d.readers[0].interval_ms = 1);
        assert!(e.contains("read interval"), "{e}");
        let e = refused(|d| d.readers[0].start_from = crate::spec::StartFrom::Latest);
        assert!(
            e.contains("its start is earliest in the brief and latest"),
            "{e}"
        );
        let e = refused(|d| d.readers[0].commit_every_ms = 100);
        assert!(e.contains("commit interval"), "{e}");
        let e = refused(|d| d.streams[0].parts = 1);
        assert!(
            e.contains("stream orders at A: its parts is 4 in the brief and 1"),
            "{e}"
        );
        let e = refused(|d| d.streams[0].start_position = 9);
        assert!(e.contains("first position"), "{e}");
        let e = refused(|d| d.writers.clear());
        assert!(e.contains("drops or changes a given: writer w"), "{e}");
    }
}
