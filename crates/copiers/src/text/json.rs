//! JSON files: parse errors with their line, and the line a key first appears on (serde's
//! values keep no positions, so a key is found in the text).

use crate::ImportError;
use serde_json::Value;

pub fn parse(file: &str, text: &str) -> Result<Value, ImportError> {
    serde_json::from_str(text).map_err(|e| {
        ImportError::new(file, format!("not valid JSON: {e}"))
            .at_line(u32::try_from(e.line()).ok().filter(|&l| l > 0))
    })
}

/// The first line holding `"key"` (a good enough pointer for a message).
pub fn line_of(text: &str, key: &str) -> Option<u32> {
    let needle = format!("\"{key}\"");
    text.lines()
        .position(|l| l.contains(&needle))
        .and_then(|i| u32::try_from(i + 1).ok())
}

/// A JSON value written as the products write settings: strings as they are, numbers
/// and booleans in their plain form.
pub fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_line_and_keys_are_found() {
        let e = parse("x.json", "{\n  \"a\": 1,\n  \"b\": \n}").unwrap_err();
        assert_eq!(e.line, Some(4), "{e}");
        assert_eq!(line_of("{\n \"name\": 1}", "name"), Some(2));
        assert_eq!(scalar(&serde_json::json!(3)), Some("3".into()));
    }
}
