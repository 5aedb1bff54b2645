//! Where in a file a parse error stands, as a field path (`topology.hops[0].options.ack`).
//!
//! serde_json says at which line and column it gave up; this walks the text up to that
//! point and names the value it was in. That is what `serde_path_to_error` reports too, but
//! it wraps every `Deserialize` of the format in a tracking twin, which doubled the parser's
//! code in the designer's download; this is one small function, run only when a file fails.

/// One step down into the file: a key of an object, or an index of an array.
#[derive(Debug)]
enum Step {
    /// In an object: the key most recently read, while its value is being read (`None`
    /// between a value's end and the next key).
    Object(Option<String>),
    /// In an array: the index of the element being read (or just read).
    Array(usize),
}

/// The field path at `line`:`column` (serde_json's, from 1) of `text`: the keys and indices
/// of the values open there, as `a.b[2].c`, or "." at the top. A key counts from the moment it
/// is read (an unknown key names itself), and stops counting once its value has ended (a
/// missing field is reported at the object's closing brace: with `missing_field`, the path
/// there names the object).
pub fn path_at(text: &str, line: usize, column: usize, missing_field: Option<&str>) -> String {
    let end = offset_of(text, line, column);
    let mut steps: Vec<Step> = Vec::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < end {
        match bytes[at] {
            b'"' => {
                let (string, after) = read_string(text, at);
                if let Some(Step::Object(key @ None)) = steps.last_mut() {
                    *key = Some(string);
                }
                at = after;
                continue;
            }
            b'{' => steps.push(Step::Object(None)),
            b'[' => steps.push(Step::Array(0)),
            b'}' | b']' => {
                steps.pop();
            }
            b',' => match steps.last_mut() {
                Some(Step::Object(key)) => *key = None,
                Some(Step::Array(index)) => *index += 1,
                None => {}
            },
            _ => {}
        }
        at += 1;
    }
    // Standing on a closing brace or bracket, a missing field or a wrong length is the
    // container's own error: its path, without the key or index last read in it. (Any
    // other error there is its last value's, read whole before it was looked at: a
    // timeline command.)
    if let (Some(field), Some(b'}')) = (missing_field, bytes.get(end)) {
        if let Some(Step::Object(key)) = steps.last_mut() {
            if !key.as_deref().is_some_and(|k| read_whole(k, field)) {
                *key = None;
            }
        }
    }
    if matches!(bytes.get(end), Some(b']')) {
        steps.pop();
    }
    written(&steps)
}

/// Whether a field missing from the value of `key` is only reported at the closing brace of
/// the object holding it: a timeline's `command` is read whole (its `do` says which fields
/// it has) and only then looked at. `field` is then the command's unless it is one of the
/// timeline entry's own.
fn read_whole(key: &str, field: &str) -> bool {
    key == "command" && !matches!(field, "at_ms" | "command")
}

/// The byte offset of the character at `line`:`column`, clamped to the text (past the line's
/// end stands at that line's end). The walk stops before it: serde_json stands on the last
/// character it read, and when that is a closing brace, the object it closes is the one
/// the error is in (a missing field, a command of an unknown kind).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match text[start..].find('\n') {
            Some(newline) => start += newline + 1,
            None => return text.len(),
        }
    }
    let line_end = text[start..].find('\n').map_or(text.len(), |n| start + n);
    text[start..line_end]
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(line_end, |(i, _)| start + i)
}

/// The string starting at the quote at `at`, with its escapes read, and the offset after it.
fn read_string(text: &str, at: usize) -> (String, usize) {
    let mut out = String::new();
    let mut chars = text[at + 1..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (out, at + 1 + i + 1),
            '\\' => match chars.next().map(|(_, e)| e) {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('r') => out.push('\r'),
                Some('b') => out.push('\u{8}'),
                Some('f') => out.push('\u{c}'),
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).map(|(_, h)| h).collect();
                    let code = u32::from_str_radix(&hex, 16).ok();
                    out.push(code.and_then(char::from_u32).unwrap_or('\u{fffd}'));
                }
                Some(other) => out.push(other),
                None => break,
            },
            c => out.push(c),
        }
    }
    (out, text.len())
}

/// The steps as serde_path_to_error writes a path: keys joined by dots, indices in brackets.
fn written(steps: &[Step]) -> String {
    let mut path = String::new();
    for step in steps {
        match step {
            Step::Object(Some(key)) => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Step::Object(None) => {}
            Step::Array(index) => path.push_str(&format!("[{index}]")),
        }
    }
    if path.is_empty() {
        path.push('.');
    }
    path
}

#[cfg(test)]
mod tests {
    use super::path_at;

    #[test]
    fn names_the_key_and_index_open_at_a_position() {
        let text = "{\"a\": [1, {\"b\": tru";
        assert_eq!(path_at(text, 1, text.len(), None), "a[1].b");
        assert_eq!(path_at(text, 1, 7, None), "a");
        assert_eq!(path_at(text, 1, 1, None), ".");
    }

    #[test]
    fn at_a_closing_brace_a_missing_field_is_the_objects() {
        // On the closing brace of the object in `a`: a field missing there is the object's,
        // anything else its last value's; past it, the object holding it.
        let text = "{\"a\": {\"x\": 1}, \"b\": [2]}";
        assert_eq!(path_at(text, 1, 14, Some("y")), "a");
        assert_eq!(path_at(text, 1, 14, None), "a.x");
        assert_eq!(path_at(text, 1, 16, None), ".");
        // On a closing bracket: the array itself.
        assert_eq!(path_at(text, 1, 25, None), "b");
    }

    #[test]
    fn a_field_missing_from_a_timeline_command_is_the_commands() {
        // serde reads the command whole and reports what it lacks at the entry's brace.
        let text = "{\"timeline\": [{\"at_ms\": 1, \"command\": {\"do\": \"x\"}}]}";
        let brace = text.rfind("}]").unwrap() + 1;
        assert_eq!(
            path_at(text, 1, brace, Some("reader")),
            "timeline[0].command"
        );
        assert_eq!(path_at(text, 1, brace, Some("at_ms")), "timeline[0]");
    }

    #[test]
    fn counts_lines_and_reads_escaped_keys() {
        let text = "{\n  \"say \\\"hi\\\"\": [\n    0,\n    x";
        assert_eq!(path_at(text, 4, 6, None), "say \"hi\"[1]");
        // Brackets and commas inside strings are text, not structure.
        let text = "{\"k\": \"[,{\", \"m\": 1";
        assert_eq!(path_at(text, 1, text.len(), None), "m");
    }
}
