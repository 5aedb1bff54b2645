//! Reading, checking and rendering the course: `content/course/course.toml` (the title and
//! the lessons in order) and one `content/course/<slug>.toml` per lesson.
//!
//! Checks that need the model (the scenario exists, a pressed button is one of its buttons,
//! each stated effect really happens) live in `tests/course.rs`, which runs the model.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::course::LessonSummary;
use crate::course::{CheckChoice, CheckQuestion, CourseIndex, Expectation, Lesson, LessonStep};
use crate::render::block_html;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourseSource {
    pub title: String,
    /// Lesson slugs in reading order.
    pub lessons: Vec<String>,
}

/// A lesson as its author wrote it: Markdown in `intro` and each step's `say`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonSource {
    pub slug: String,
    pub title: String,
    pub summary: String,
    pub cards: Vec<String>,
    pub scenario: String,
    #[serde(default)]
    pub knobs: BTreeMap<String, String>,
    pub intro: String,
    pub steps: Vec<StepSource>,
    pub check: CheckSource,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepSource {
    pub title: String,
    pub at_ms: u64,
    #[serde(default)]
    pub press: Option<String>,
    #[serde(default)]
    pub play_to_ms: Option<u64>,
    pub say: String,
    pub see: String,
    pub expect: Vec<Expectation>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckSource {
    pub question: String,
    pub choices: Vec<CheckChoice>,
}

/// The whole course as authored.
#[derive(Clone, Debug)]
pub struct CourseContent {
    pub course: CourseSource,
    /// In the order `course.toml` lists them.
    pub lessons: Vec<(PathBuf, LessonSource)>,
}

#[derive(Debug)]
pub struct CourseError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for CourseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for CourseError {}

fn read_toml<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, CourseError> {
    let error = |message: String| CourseError {
        path: path.to_path_buf(),
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| error(e.to_string()))?;
    toml::from_str(&text).map_err(|e| error(e.to_string()))
}

/// Reads `<content>/course/course.toml` and every lesson it lists.
pub fn read_course(content_dir: &Path) -> Result<CourseContent, CourseError> {
    let dir = content_dir.join("course");
    let course: CourseSource = read_toml(&dir.join("course.toml"))?;
    let lessons = course
        .lessons
        .iter()
        .map(|slug| {
            let path = dir.join(format!("{slug}.toml"));
            read_toml(&path).map(|lesson| (path, lesson))
        })
        .collect::<Result<_, _>>()?;
    Ok(CourseContent { course, lessons })
}

/// One broken rule, with the file and the part named.
#[derive(Clone, Debug, PartialEq)]
pub struct CourseProblem {
    pub file: String,
    pub part: String,
    pub message: String,
}

impl fmt::Display for CourseProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]: {}", self.file, self.part, self.message)
    }
}

/// The rules a lesson keeps that need no model: see `content/README.md`.
/// `card_slugs` are the cards that exist; `scenario_names` the lab's scenarios.
pub fn validate_course(
    content: &CourseContent,
    card_slugs: &[String],
    scenario_names: &[&str],
) -> Vec<CourseProblem> {
    let mut problems = Vec::new();
    if content.lessons.is_empty() {
        problems.push(CourseProblem {
            file: "course/course.toml".into(),
            part: "lessons".into(),
            message: "the course has no lessons".into(),
        });
    }
    let mut seen = Vec::new();
    for (path, lesson) in &content.lessons {
        let file = path
            .file_name()
            .map(|n| format!("course/{}", n.to_string_lossy()))
            .unwrap_or_default();
        let mut problem = |part: String, message: String| {
            problems.push(CourseProblem {
                file: file.clone(),
                part,
                message,
            })
        };
        if Some(lesson.slug.as_str()) != path.file_stem().and_then(|s| s.to_str()) {
            problem("slug".into(), "must equal the file name".into());
        }
        if seen.contains(&lesson.slug) {
            problem("slug".into(), "listed twice in course.toml".into());
        }
        seen.push(lesson.slug.clone());
        check_lesson_parts(lesson, card_slugs, scenario_names, &mut problem);
        check_steps(lesson, &mut problem);
        check_choices(&lesson.check.choices, &mut problem);
    }
    problems
}

/// Reports one broken rule: the part named, and what is wrong with it.
type Report<'a> = dyn FnMut(String, String) + 'a;

/// The lesson's prose is there, and the cards and scenario it names exist.
fn check_lesson_parts(
    lesson: &LessonSource,
    card_slugs: &[String],
    scenario_names: &[&str],
    problem: &mut Report,
) {
    for (part, text) in [
        ("title", &lesson.title),
        ("summary", &lesson.summary),
        ("intro", &lesson.intro),
        ("check.question", &lesson.check.question),
    ] {
        if text.trim().is_empty() {
            problem(part.into(), "is empty".into());
        }
    }
    if lesson.cards.is_empty() {
        problem("cards".into(), "a lesson links at least one card".into());
    }
    for card in &lesson.cards {
        if !card_slugs.contains(card) {
            problem("cards".into(), format!("no card '{card}'"));
        }
    }
    if !scenario_names.contains(&lesson.scenario.as_str()) {
        problem(
            "scenario".into(),
            format!("no lab scenario '{}'", lesson.scenario),
        );
    }
}

/// Two to eight steps, in time order, each with its prose and a checkable effect.
fn check_steps(lesson: &LessonSource, problem: &mut Report) {
    if !(2..=8).contains(&lesson.steps.len()) {
        problem(
            "steps".into(),
            format!("has {} steps; a lesson has 2 to 8", lesson.steps.len()),
        );
    }
    let mut clock = 0;
    for (i, step) in lesson.steps.iter().enumerate() {
        let part = |field: &str| format!("steps[{i}].{field}");
        if step.at_ms < clock {
            problem(
                part("at_ms"),
                format!("goes back in time: {} ms after {} ms", step.at_ms, clock),
            );
        }
        if let Some(end) = step.play_to_ms {
            if end <= step.at_ms {
                problem(part("play_to_ms"), "must be after at_ms".into());
            }
        }
        clock = step.play_to_ms.unwrap_or(step.at_ms).max(clock);
        for (field, text) in [
            ("title", &step.title),
            ("say", &step.say),
            ("see", &step.see),
        ] {
            if text.trim().is_empty() {
                problem(part(field), "is empty".into());
            }
        }
        check_expectations(i, step, problem);
    }
}

/// A step states at least one effect, each with a value exactly when its kind takes one.
fn check_expectations(i: usize, step: &StepSource, problem: &mut Report) {
    if step.expect.is_empty() {
        problem(
            format!("steps[{i}].expect"),
            "a step states an effect the model can check".into(),
        );
    }
    for (j, e) in step.expect.iter().enumerate() {
        if e.is.takes_value() != e.value.is_some() {
            problem(
                format!("steps[{i}].expect[{j}]"),
                format!(
                    "'{:?}' {} a value",
                    e.is,
                    if e.is.takes_value() {
                        "needs"
                    } else {
                        "takes no"
                    }
                ),
            );
        }
    }
}

/// The check question has 2 to 5 choices, exactly one correct, each with a text and a why.
fn check_choices(choices: &[CheckChoice], problem: &mut Report) {
    if !(2..=5).contains(&choices.len()) {
        problem("check.choices".into(), "2 to 5 choices".into());
    }
    if choices.iter().filter(|c| c.correct).count() != 1 {
        problem(
            "check.choices".into(),
            "exactly one choice is correct".into(),
        );
    }
    if choices
        .iter()
        .any(|c| c.text.trim().is_empty() || c.why.trim().is_empty())
    {
        problem(
            "check.choices".into(),
            "every choice has a text and a why".into(),
        );
    }
}

/// Every piece of a lesson's prose, for the copied-words check.
pub fn lesson_prose(lesson: &LessonSource) -> Vec<&str> {
    let mut parts = vec![
        lesson.intro.as_str(),
        &lesson.summary,
        &lesson.check.question,
    ];
    for step in &lesson.steps {
        parts.push(&step.say);
        parts.push(&step.see);
    }
    for choice in &lesson.check.choices {
        parts.push(&choice.text);
        parts.push(&choice.why);
    }
    parts
}

/// The course index and every lesson, prose rendered to HTML, neighbours linked.
pub fn render_course(content: &CourseContent) -> (CourseIndex, Vec<Lesson>) {
    let slugs: Vec<&str> = content
        .lessons
        .iter()
        .map(|(_, l)| l.slug.as_str())
        .collect();
    let lessons: Vec<Lesson> = content
        .lessons
        .iter()
        .enumerate()
        .map(|(i, (_, l))| Lesson {
            slug: l.slug.clone(),
            number: i + 1,
            title: l.title.clone(),
            summary: l.summary.clone(),
            cards: l.cards.clone(),
            scenario: l.scenario.clone(),
            knobs: l
                .knobs
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            intro_html: block_html(&l.intro),
            steps: l
                .steps
                .iter()
                .map(|s| LessonStep {
                    title: s.title.clone(),
                    at_ms: s.at_ms,
                    press: s.press.clone(),
                    play_to_ms: s.play_to_ms,
                    say_html: block_html(&s.say),
                    see: s.see.clone(),
                    expect: s.expect.clone(),
                })
                .collect(),
            check: CheckQuestion {
                question: l.check.question.clone(),
                choices: l.check.choices.clone(),
            },
            previous: i.checked_sub(1).map(|p| slugs[p].to_string()),
            next: slugs.get(i + 1).map(|s| s.to_string()),
        })
        .collect();
    let index = CourseIndex {
        title: content.course.title.clone(),
        lessons: lessons
            .iter()
            .map(|l| LessonSummary {
                slug: l.slug.clone(),
                title: l.title.clone(),
                summary: l.summary.clone(),
                steps: l.steps.len(),
            })
            .collect(),
    };
    (index, lessons)
}
