//! Starting designs, each a common cross-cluster shape with a fault timeline worth running.
//! Each is the model's own file under `content/designer-templates/` (what `hoplab run`
//! reads), embedded at compile time so the designer fetches nothing to offer them.

use super::design::Design;
use hoplab_model::spec::ScenarioSpec;

pub struct Template {
    pub id: &'static str,
    /// The lint codes the model reports for it (pinned by a test).
    pub expected_findings: &'static [&'static str],
    /// `content/designer-templates/<id>.json`.
    file: &'static str,
}

/// A template whose file is named by its id.
macro_rules! template {
    ($id:literal, $expected_findings:expr) => {
        Template {
            id: $id,
            expected_findings: $expected_findings,
            file: include_str!(concat!("../../content/designer-templates/", $id, ".json")),
        }
    };
}

/// In the order the designer lists them.
pub const ALL: [Template; 6] = [
    template!("one-way-dr", &[]),
    template!("active-active", &["written-at-two-sites"]),
    template!("hub-and-spoke", &[]),
    template!("ring-of-three", &["written-at-two-sites"]),
    template!("single-writer", &[]),
    template!("fan-in", &[]),
];

impl Template {
    /// The file's spec. A test parses every file, so this holds for each one listed.
    pub fn spec(&self) -> ScenarioSpec {
        ScenarioSpec::from_json(self.file).expect("a template's file is a model file")
    }

    /// What the designer calls it: the name in its file.
    pub fn title(&self) -> String {
        self.spec().name
    }
}

/// The template's design, laid out.
pub fn build(id: &str) -> Option<Design> {
    let template = ALL.iter().find(|t| t.id == id)?;
    Some(Design::from_spec(template.spec()))
}

#[cfg(test)]
#[allow(
    clippy::disallowed_methods,
    reason = "tests never reach a page: they run the model directly"
)]
mod tests {
    use super::*;

    #[test]
    fn every_file_parses_as_a_model_file() {
        for t in ALL {
            if let Err(e) = ScenarioSpec::from_json(t.file) {
                panic!("content/designer-templates/{}.json: {e}", t.id);
            }
        }
    }

    #[test]
    fn every_template_is_valid_and_lints_as_expected() {
        for t in ALL {
            let d = build(t.id).unwrap();
            d.spec
                .validate()
                .unwrap_or_else(|e| panic!("{}: {e}", t.id));
            let codes: Vec<&str> = hoplab_copiers::design_lint(d.topology())
                .iter()
                .map(|f| f.code.id())
                .collect();
            assert_eq!(codes, t.expected_findings, "{}", t.id);
            // The exported file reads back as the same spec.
            let back = hoplab_model::ScenarioSpec::from_json(&d.to_model_json()).unwrap();
            assert_eq!(back, d.spec, "{}", t.id);
        }
    }

    #[test]
    fn templates_run_without_errors() {
        for t in ALL {
            let d = build(t.id).unwrap();
            let mut sim = hoplab_model::Sim::new(&d.spec, 1).unwrap();
            sim.advance_to(d.spec.duration_ms);
            assert!(
                sim.measures().writers.iter().any(|w| w.acknowledged > 0),
                "{}",
                t.id
            );
        }
    }

    /// A template whose lint finds no echo loop holds no loop in its run either: echoes
    /// stop within one lap (the ring-of-three stored 82 echoes per record in 60 s while its
    /// lint, like its description, said the loop stopped).
    #[test]
    fn a_template_the_lint_finds_no_loop_in_does_not_loop_when_run() {
        for t in ALL {
            let d = build(t.id).unwrap();
            if hoplab_copiers::design_lint(d.topology())
                .iter()
                .any(|f| f.code == hoplab_model::Code::EchoLoop)
            {
                continue;
            }
            let mut sim = hoplab_model::Sim::new(&d.spec, 1).unwrap();
            sim.advance_to(d.spec.duration_ms);
            let echoes = sim.measures().echo.echoes_per_original;
            assert!(echoes <= 1.0, "{}: {echoes} echoes per original", t.id);
        }
    }

    #[test]
    fn every_file_in_the_folder_is_a_listed_template() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/content/designer-templates");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "json") {
                let id = path.file_stem().unwrap().to_str().unwrap();
                assert!(ALL.iter().any(|t| t.id == id), "{id}.json is not in ALL");
            }
        }
    }
}
