//! A bad scenario file: which field, and what is wrong with it.

use std::fmt;

/// A bad scenario file: which field, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    pub field: String,
    pub problem: String,
    /// The file's line, where the parser knew it (a broken or mistyped value); a check
    /// of the parsed file names the field only.
    pub line: Option<usize>,
}

impl SpecError {
    pub fn new(field: impl Into<String>, problem: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            problem: problem.into(),
            line: None,
        }
    }

    /// The error at the line serde_json stopped on (it counts from 1; 0 means none).
    pub(crate) fn at_json_line(mut self, e: &serde_json::Error) -> Self {
        self.line = Some(e.line()).filter(|&l| l > 0);
        self
    }

    /// A parse error at a path in the file (found from where serde_json stopped: see
    /// `json_path`). serde names a missing or unknown field in backticks after the path of
    /// the object that should (not) hold it.
    pub(crate) fn from_serde(text: &str, e: &serde_json::Error) -> Self {
        let msg = e.to_string();
        let named = msg.split('`').nth(1).filter(|_| msg.contains(" field `"));
        let missing = named.filter(|_| msg.starts_with("missing field `"));
        let path = super::json_path::path_at(text, e.line(), e.column(), missing);
        let field = match (path.as_str(), named) {
            (".", Some(name)) => name.to_string(),
            (".", None) => "(file)".to_string(),
            // An unknown field's path already ends with it; a missing one's does not.
            (p, Some(name)) if !p.ends_with(&format!(".{name}")) => format!("{p}.{name}"),
            (p, _) => p.to_string(),
        };
        Self::new(field, msg).at_json_line(e)
    }
}

/// What a list in the file holds, one element named as a person would.
const LISTS: &[(&str, &str, &str)] = &[
    ("sites", "site", "sites"),
    ("streams", "stream", "streams"),
    ("hops", "hop", "hops"),
    ("writers", "writer", "writers"),
    ("readers", "reader group", "reader groups"),
    ("companions", "companion", "companions"),
    ("timeline", "timeline step", "timeline steps"),
];

/// A field's path in the file (`topology.hops[3].options.rtt_ms`) as the page names it
/// ("hop 4, link round trip (ms) (rtt_ms)"): lists by their elements, counted from 1, and a hop
/// option by its label in the option table, with the file's name beside it.
pub fn field_in_words(field: &str) -> String {
    let path = field.strip_prefix("topology.").unwrap_or(field);
    let mut words: Vec<String> = Vec::new();
    let mut parts = path.split('.').peekable();
    while let Some(part) = parts.next() {
        let (name, index) = match part.split_once('[') {
            Some((name, rest)) => (name, rest.trim_end_matches(']').parse::<usize>().ok()),
            None => (part, None),
        };
        let list = LISTS.iter().find(|(id, _, _)| *id == name);
        match (list, index) {
            (Some((_, one, _)), Some(i)) => words.push(format!("{one} {}", i + 1)),
            (Some((_, _, all)), None) => words.push((*all).to_string()),
            (None, _) if name == "options" => {
                if let Some(option) = parts.next() {
                    let label = super::hop_option_table::HOP_OPTIONS
                        .iter()
                        .find(|o| o.id == option)
                        .map_or(option, |o| o.label);
                    words.push(if label == option {
                        label.to_string()
                    } else {
                        format!("{label} ({option})")
                    });
                }
            }
            (None, _) => words.push(part.replace('_', " ")),
        }
    }
    words.join(", ")
}

impl SpecError {
    /// The error as the page says it: the field in words, then what is wrong.
    pub fn in_words(&self) -> String {
        format!("{}: {}", field_in_words(&self.field), self.problem)
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}

impl std::error::Error for SpecError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_is_named_as_the_page_names_it() {
        assert_eq!(field_in_words("topology.streams"), "streams");
        assert_eq!(
            field_in_words("topology.hops[3].options.rtt_ms"),
            "hop 4, link round trip (ms) (rtt_ms)"
        );
        assert_eq!(
            field_in_words("topology.readers[0].resume"),
            "reader group 1, resume"
        );
        assert_eq!(field_in_words("duration_ms"), "duration ms");
        let e = SpecError::new("topology.streams", "1200 entries; at most 1000 are allowed");
        assert_eq!(
            e.in_words(),
            "streams: 1200 entries; at most 1000 are allowed"
        );
    }
}
