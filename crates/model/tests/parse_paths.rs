//! A parse error names the field it is in: `spec::json_path` finds it from where serde_json
//! stopped. Checked here against `serde_path_to_error`, which tracks the path while parsing
//! (and which the model no longer ships), over every scenario's file broken line by line.

use hoplab_model::{scenarios, ScenarioSpec};
use proptest::prelude::*;

/// The field serde_path_to_error's path gives, by the rules `SpecError` names fields with.
fn tracked_field(text: &str) -> Option<String> {
    // Text that is not JSON at all is "(file)", as it always was (it is read once as JSON first).
    if serde_json::from_str::<serde::de::IgnoredAny>(text).is_err() {
        return Some("(file)".to_string());
    }
    let parsed: Result<ScenarioSpec, _> =
        serde_path_to_error::deserialize(&mut serde_json::Deserializer::from_str(text));
    let e = parsed.err()?;
    let msg = e.inner().to_string();
    let path = e.path().to_string();
    let named = msg.split('`').nth(1).filter(|_| msg.contains(" field `"));
    Some(match (path.as_str(), named) {
        (".", Some(name)) => name.to_string(),
        (".", None) => "(file)".to_string(),
        (p, Some(name)) if !p.ends_with(&format!(".{name}")) => format!("{p}.{name}"),
        (p, _) => p.to_string(),
    })
}

/// `line` of `text` broken one way: its value mistyped, its key misspelt, or the line gone.
fn broken(text: &str, line: usize, how: u8) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let at = line % lines.len();
    let target = &mut lines[at];
    match how % 4 {
        0 => {
            if let Some((key, value)) = target.split_once(": ") {
                let comma = if value.ends_with(',') { "," } else { "" };
                let wrong = if value.starts_with('"') {
                    "123"
                } else {
                    "\"zz\""
                };
                *target = format!("{key}: {wrong}{comma}");
            }
        }
        1 => *target = target.replacen('"', "\"x_", 1),
        2 => *target = String::new(),
        _ => *target = target.replacen(": ", ": [", 1),
    }
    lines.join("\n")
}

/// Every scenario's file, written once for all the cases.
fn files() -> &'static [String] {
    static FILES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    FILES.get_or_init(|| {
        scenarios::all()
            .iter()
            .map(|s| s.build_default().unwrap().to_json())
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn the_field_found_from_the_position_is_the_tracked_one(
        file in 0usize..64, line in 0usize..4000, how in 0u8..4
    ) {
        let files = files();
        let text = broken(&files[file % files.len()], line, how);
        // Only a file whose version reads: otherwise the version check speaks first.
        prop_assume!(text.contains("\"version\": 1,"));
        if let Some(expected) = tracked_field(&text) {
            let e = ScenarioSpec::from_json(&text).expect_err("serde refused it");
            prop_assert_eq!(&e.field, &expected, "{}", e);
        }
    }
}

#[test]
fn the_broken_files_do_reach_the_parser() {
    // The property above would pass vacuously if no broken file failed to parse.
    let files = files();
    let failing = (0..200)
        .filter(|&i| {
            tracked_field(&broken(&files[i % files.len()], i * 7, (i % 4) as u8)).is_some()
        })
        .count();
    assert!(
        failing > 100,
        "{failing} of 200 broken files failed to parse"
    );
}
