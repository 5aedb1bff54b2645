//! Which design challenges and drills were passed or tried, kept in this browser.

/// Which challenges were passed or tried: `{"dr-one-way": "passed"}`.
pub const STATUS_KEY: &str = "hoplab.challenges.status";

pub fn status_of(id: &str) -> Option<String> {
    let text = crate::storage::read(STATUS_KEY)?;
    let map: std::collections::BTreeMap<String, String> = serde_json::from_str(&text).ok()?;
    map.get(id).cloned()
}

/// Records a grade of `id`: once passed, it stays passed.
pub fn record(id: &str, passed: bool) {
    let mut map: std::collections::BTreeMap<String, String> = crate::storage::read(STATUS_KEY)
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let was_passed = map.get(id).is_some_and(|s| s == "passed");
    map.insert(
        id.into(),
        if passed || was_passed {
            "passed"
        } else {
            "tried"
        }
        .into(),
    );
    _ = crate::storage::write(STATUS_KEY, &serde_json::to_string(&map).unwrap_or_default());
}
