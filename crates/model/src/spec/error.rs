//! A bad scenario file: which field, and what is wrong with it.

use std::fmt;

/// A bad scenario file: which field, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    pub field: String,
    pub problem: String,
}

impl SpecError {
    pub fn new(field: impl Into<String>, problem: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            problem: problem.into(),
        }
    }

    /// A parse error at a path in the file. serde names a missing or unknown field in
    /// backticks after the path of the object that should (not) hold it.
    pub(crate) fn from_serde(e: &serde_path_to_error::Error<serde_json::Error>) -> Self {
        let msg = e.inner().to_string();
        let path = e.path().to_string();
        let named = msg.split('`').nth(1).filter(|_| msg.contains(" field `"));
        let field = match (path.as_str(), named) {
            (".", Some(name)) => name.to_string(),
            (".", None) => "(file)".to_string(),
            // An unknown field's path already ends with it; a missing one's does not.
            (p, Some(name)) if !p.ends_with(&format!(".{name}")) => format!("{p}.{name}"),
            (p, _) => p.to_string(),
        };
        Self::new(field, msg)
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}

impl std::error::Error for SpecError {}
