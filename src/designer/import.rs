//! Reading a model file into a design. Every refusal names the line or the field, and the
//! design on screen is only replaced once the whole file is accepted.

use super::design::Design;
use super::run::MAX_DURATION_MS;
use hoplab_model::spec::field_in_words;
use hoplab_model::ScenarioSpec;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// The field path (`topology.hops[0].from.stream`), or `(file)` for broken JSON.
    pub field: String,
    pub line: Option<usize>,
    pub problem: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) if self.field == "(file)" => write!(f, "line {l}: {}", self.problem),
            // The field as the page names it (hop 4, link round trip), not its path.
            Some(l) => write!(
                f,
                "line {l}, {}: {}",
                field_in_words(&self.field),
                self.problem
            ),
            None => write!(f, "{}: {}", field_in_words(&self.field), self.problem),
        }
    }
}

/// Largest value accepted for a delay or interval: an hour of simulated time.
const MAX_DELAY_MS: u64 = 3_600_000;

fn too_big(field: String, v: u64, max: u64, unit: &str) -> Result<(), ImportError> {
    if v > max {
        return Err(ImportError {
            field,
            line: None,
            problem: format!("{v} is too large; at most {max} {unit}"),
        });
    }
    Ok(())
}

/// Values the model reads but that no run in a browser tab could honour.
pub fn check_sane(spec: &ScenarioSpec) -> Result<(), ImportError> {
    too_big(
        "duration_ms".into(),
        spec.duration_ms,
        MAX_DURATION_MS,
        "ms",
    )?;
    for (i, h) in spec.topology.hops.iter().enumerate() {
        let f = |name: &str| format!("topology.hops[{i}].options.{name}");
        let o = &h.options;
        too_big(f("rtt_ms"), o.rtt_ms, MAX_DELAY_MS, "ms")?;
        too_big(f("rtt_jitter_ms"), o.rtt_jitter_ms, MAX_DELAY_MS, "ms")?;
        too_big(
            f("poll_interval_ms"),
            o.poll_interval_ms,
            MAX_DELAY_MS,
            "ms",
        )?;
        too_big(f("target_write_ms"), o.target_write_ms, MAX_DELAY_MS, "ms")?;
        too_big(
            f("commit_interval_ms"),
            o.commit_interval_ms,
            MAX_DELAY_MS,
            "ms",
        )?;
    }
    for (i, s) in spec.topology.streams.iter().enumerate() {
        too_big(
            format!("topology.streams[{i}].start_position"),
            s.start_position,
            1 << 50,
            "",
        )?;
    }
    for (i, w) in spec.topology.writers.iter().enumerate() {
        too_big(
            format!("topology.writers[{i}].durability_ms"),
            w.durability_ms,
            MAX_DELAY_MS,
            "ms",
        )?;
        too_big(
            format!("topology.writers[{i}].interval_ms"),
            w.interval_ms,
            MAX_DELAY_MS,
            "ms",
        )?;
    }
    for (i, tc) in spec.timeline.iter().enumerate() {
        if tc.at_ms > spec.duration_ms {
            return Err(ImportError {
                field: format!("timeline[{i}].at_ms"),
                line: None,
                problem: format!(
                    "{} is after the end of the run ({} ms)",
                    tc.at_ms, spec.duration_ms
                ),
            });
        }
    }
    Ok(())
}

/// A model file (the one `hoplab lint` reads) as a design, laid out automatically.
pub fn import_model_file(text: &str) -> Result<Design, ImportError> {
    let spec = ScenarioSpec::from_json(text).map_err(|e| ImportError {
        line: e.line,
        field: e.field,
        problem: e.problem,
    })?;
    check_sane(&spec)?;
    Ok(Design::from_spec(spec))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::designer::templates;

    fn good() -> String {
        templates::build("one-way-dr").unwrap().to_model_json()
    }

    #[test]
    fn an_exported_design_imports_to_the_same_spec() {
        let d = templates::build("hub-and-spoke").unwrap();
        let back = import_model_file(&d.to_model_json()).unwrap();
        assert_eq!(back.spec, d.spec);
        assert_eq!(back.places.len(), d.topology().sites.len(), "laid out");
    }

    #[test]
    fn broken_json_names_the_line() {
        let text = good().replacen("\"topology\": {", "\"topology\": {,", 1);
        let e = import_model_file(&text).unwrap_err();
        assert!(e.line.is_some(), "{e}");
        assert!(e.to_string().starts_with("line "), "{e}");
    }

    #[test]
    fn an_unknown_version_names_the_field() {
        let text = good().replacen("\"version\": 1", "\"version\": 7", 1);
        let e = import_model_file(&text).unwrap_err();
        assert_eq!(e.field, "version");
        assert!(e.problem.contains('7'));
    }

    #[test]
    fn an_unknown_field_is_named() {
        let text = good().replacen("\"parts\": 3", "\"parts\": 3, \"partitions\": 3", 1);
        let e = import_model_file(&text).unwrap_err();
        assert!(e.to_string().contains("partitions"), "{e}");
    }

    #[test]
    fn a_dangling_reference_names_the_field() {
        let text = good().replacen("\"stream\": \"orders\"", "\"stream\": \"payments\"", 1);
        let e = import_model_file(&text).unwrap_err();
        assert!(e.field.starts_with("topology.hops[0].from"), "{e}");
        assert!(e.problem.contains("payments"));
    }

    #[test]
    fn absurd_values_are_named() {
        let text = good().replacen("\"parts\": 3", "\"parts\": 100000", 1);
        assert_eq!(
            import_model_file(&text).unwrap_err().field,
            "topology.streams[0].parts"
        );
        let text = good().replacen(
            "\"duration_ms\": 60000",
            "\"duration_ms\": 18446744073709551615",
            1,
        );
        assert_eq!(import_model_file(&text).unwrap_err().field, "duration_ms");
        let text = good().replacen("\"rtt_ms\": 40", "\"rtt_ms\": 99999999999", 1);
        assert!(import_model_file(&text)
            .unwrap_err()
            .field
            .ends_with("options.rtt_ms"));
    }
}
