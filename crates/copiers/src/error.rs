//! A file that cannot be read: which file, where in it, and what is wrong.

use serde::Serialize;
use std::fmt;

/// Why an import failed. `line` is 1-based; `key` is the setting or field concerned.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ImportError {
    pub file: String,
    pub line: Option<u32>,
    pub key: Option<String>,
    pub message: String,
}

impl ImportError {
    pub fn new(file: &str, message: impl Into<String>) -> Self {
        ImportError {
            file: file.to_string(),
            line: None,
            key: None,
            message: message.into(),
        }
    }

    pub fn at_line(mut self, line: Option<u32>) -> Self {
        self.line = line;
        self
    }

    pub fn with_key(mut self, key: impl Into<String>) -> Self {
        self.key = Some(key.into());
        self
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(key) = &self.key {
            write!(f, ": {key}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ImportError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_file_line_and_key() {
        let e = ImportError::new("mm2.properties", "not a number")
            .at_line(Some(7))
            .with_key("offset.lag.max");
        assert_eq!(
            e.to_string(),
            "mm2.properties:7: offset.lag.max: not a number"
        );
        assert_eq!(ImportError::new("f", "bad").to_string(), "f: bad");
    }
}
