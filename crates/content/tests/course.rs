//! The course keeps its rules, and every step of every lesson does what it says: each
//! lesson's scenario is run in the model exactly as the page drives the lab (seed 1, the
//! lesson's knobs, seek, press, play on), and each stated effect is checked.
#![allow(
    clippy::disallowed_methods,
    reason = "a test never reaches a page: it runs the model directly"
)]

use std::path::{Path, PathBuf};

use hoplab_content::course::{Expectation, Lesson};
use hoplab_content::course_source::{lesson_prose, read_course, render_course, validate_course};
use hoplab_content::source::read_content;
use hoplab_content::validate::copied_from_seeds;
use hoplab_model::{scenarios, Sim};
use serde_json::Value;

/// The seed the lab uses when its URL names none: a lesson shows the default run.
const LAB_SEED: u64 = 1;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn lessons() -> Vec<Lesson> {
    let course = read_course(&repo_root().join("content")).unwrap_or_else(|e| panic!("{e}"));
    render_course(&course).1
}

#[test]
fn the_course_keeps_its_rules() {
    let root = repo_root().join("content");
    let course = read_course(&root).unwrap_or_else(|e| panic!("{e}"));
    let cards = read_content(&root).unwrap_or_else(|e| panic!("{e}"));
    let slugs: Vec<String> = cards.cards.iter().map(|(_, c)| c.slug.clone()).collect();
    let problems = validate_course(&course, &slugs, &scenarios::NAMES);
    let report: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert!(report.is_empty(), "{}", report.join("\n"));
    assert!(course.lessons.len() >= 6, "the course covers six topics");
}

#[test]
fn no_lesson_copies_ten_words_from_a_seed() {
    let dir = repo_root().join("../shared/seeds");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("note: {} not found; check skipped", dir.display());
        return;
    };
    let seeds: Vec<String> = entries
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .collect();
    let course = read_course(&repo_root().join("content")).unwrap_or_else(|e| panic!("{e}"));
    for (path, lesson) in &course.lessons {
        let copied = copied_from_seeds(lesson_prose(lesson), &seeds);
        assert!(copied.is_empty(), "{}: copied {copied:?}", path.display());
    }
}

#[test]
fn every_pressed_button_belongs_to_the_lessons_scenario_and_knobs_parse() {
    for lesson in lessons() {
        let scenario = scenarios::get(&lesson.scenario).expect("validated");
        let pairs = lesson.knobs.iter().map(|(k, v)| (k.as_str(), v.as_str()));
        scenario
            .values_from_pairs(pairs)
            .unwrap_or_else(|e| panic!("{}: knobs: {e}", lesson.slug));
        for (i, step) in lesson.steps.iter().enumerate() {
            if let Some(press) = &step.press {
                assert!(
                    scenario.buttons.iter().any(|b| b.id == press),
                    "{} steps[{i}]: '{}' has no button '{press}'",
                    lesson.slug,
                    lesson.scenario
                );
            }
        }
    }
}

#[test]
fn every_step_shows_the_effect_it_states() {
    let mut failures = Vec::new();
    for lesson in lessons() {
        failures.extend(run_lesson(&lesson));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A checker that always passes would make the test above worthless: a wrong claim fails.
#[test]
fn a_false_claim_fails_the_run() {
    let mut lesson = lessons().remove(0);
    for e in &mut lesson.steps[0].expect {
        e.is = match e.is {
            hoplab_content::course::Comparison::Rises => hoplab_content::course::Comparison::Falls,
            _ => hoplab_content::course::Comparison::Rises,
        };
        e.value = None;
    }
    assert!(!run_lesson(&lesson).is_empty());
}

/// Runs the lesson as the page does; returns a line per effect that did not happen.
fn run_lesson(lesson: &Lesson) -> Vec<String> {
    let scenario = scenarios::get(&lesson.scenario).expect("validated");
    let pairs = lesson.knobs.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    let values = scenario.values_from_pairs(pairs).expect("knobs parse");
    let spec = scenario.build(&values).expect("the scenario builds");
    let mut sim = Sim::new(&spec, LAB_SEED).expect("the scenario builds");
    let mut failures = Vec::new();
    for (i, step) in lesson.steps.iter().enumerate() {
        sim.advance_to(step.at_ms);
        let before = serde_json::to_value(sim.measures()).expect("measures serialise");
        if let Some(press) = &step.press {
            let button = scenario.buttons.iter().find(|b| b.id == press);
            let command = button.expect("checked above").command.clone();
            if let Err(e) = sim.apply(command) {
                failures.push(format!("{} steps[{i}]: pressing {press}: {e}", lesson.slug));
            }
        }
        sim.advance_to(step.end_ms());
        let after = serde_json::to_value(sim.measures()).expect("measures serialise");
        for e in &step.expect {
            if let Err(why) = check(e, &before, &after) {
                failures.push(format!("{} steps[{i}] ({}): {why}", lesson.slug, step.see));
            }
        }
    }
    failures
}

fn check(e: &Expectation, before: &Value, after: &Value) -> Result<(), String> {
    let b = measure(before, &e.measure)?;
    let a = measure(after, &e.measure)?;
    if e.is.holds(b, a, e.value) {
        Ok(())
    } else {
        Err(format!(
            "{} should be {:?} {:?}: it went from {b} to {a}",
            e.measure, e.is, e.value
        ))
    }
}

/// The number at `path` in the measures: `hops[a-to-b].lag_records`, `echo.copies_per_original`.
/// A key picks the list element whose `id`, `name` or `site` it is.
fn measure(root: &Value, path: &str) -> Result<f64, String> {
    let mut here = root;
    for segment in path.split('.') {
        let (field, key) = match segment.split_once('[') {
            Some((field, rest)) => (field, rest.strip_suffix(']')),
            None => (segment, None),
        };
        here = here
            .get(field)
            .ok_or_else(|| format!("{path}: no field '{field}'"))?;
        if let Some(key) = key {
            here = here
                .as_array()
                .and_then(|items| {
                    items.iter().find(|item| {
                        ["id", "name", "site"]
                            .iter()
                            .any(|k| item.get(k).and_then(Value::as_str) == Some(key))
                    })
                })
                .ok_or_else(|| format!("{path}: no '{key}' in '{field}'"))?;
        }
    }
    here.as_f64()
        .ok_or_else(|| format!("{path}: not a number ({here})"))
}

/// The validator is able to fail: a lesson breaking three rules gets three problems named.
#[test]
fn a_broken_lesson_is_reported_with_its_parts() {
    use hoplab_content::course_source::{CourseContent, CourseSource, LessonSource};
    let broken: LessonSource = toml::from_str(
        r#"
        slug = "broken"
        title = "Broken"
        summary = "s"
        cards = ["copy-lag"]
        scenario = "echo-loop"
        intro = "i"
        [[steps]]
        title = "one"
        at_ms = 5000
        say = "s"
        see = "s"
        expect = [{ measure = "echo.copies_per_original", is = "at-least" }]
        [[steps]]
        title = "two"
        at_ms = 1000
        say = "s"
        see = "s"
        expect = [{ measure = "echo.copies_per_original", is = "rises" }]
        [check]
        question = "q"
        choices = [
          { text = "a", correct = true, why = "w" },
          { text = "b", correct = true, why = "w" },
        ]
        "#,
    )
    .expect("parses");
    let content = CourseContent {
        course: CourseSource {
            title: "t".into(),
            lessons: vec!["broken".into()],
        },
        lessons: vec![(PathBuf::from("broken.toml"), broken)],
    };
    let problems = validate_course(&content, &["copy-lag".into()], &scenarios::NAMES);
    let parts: Vec<&str> = problems.iter().map(|p| p.part.as_str()).collect();
    assert_eq!(
        parts,
        ["steps[0].expect[0]", "steps[1].at_ms", "check.choices"],
        "{problems:?}"
    );
}
