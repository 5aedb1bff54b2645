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

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}

impl std::error::Error for SpecError {}
