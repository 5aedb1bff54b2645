//! Bounds checked before or while parsing, so no file can make an import slow or large.

/// The largest file an import reads: refused before any parsing starts.
pub const MAX_INPUT_BYTES: usize = 1024 * 1024;
/// YAML nodes an import may build, aliases counted at their full expanded size: a
/// billion-laughs file reaches this after a few levels and is refused.
pub const MAX_YAML_NODES: usize = 100_000;
/// Nesting depth of a YAML or JSON document.
pub const MAX_DEPTH: usize = 64;
/// Streams an import may create while following chains of copies (the model's own cap).
pub const MAX_STREAMS: usize = hoplab_model::spec::limits::MAX_STREAMS;

use crate::ImportError;

/// Refuses a file over [`MAX_INPUT_BYTES`] before anything reads it.
pub fn check_size(file: &str, text: &str) -> Result<(), ImportError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(ImportError::new(
            file,
            format!(
                "the file is {} bytes; at most {MAX_INPUT_BYTES} (1 MiB) are read",
                text.len()
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_one_byte_over_the_limit_is_refused() {
        let big = "#".repeat(MAX_INPUT_BYTES + 1);
        let e = check_size("big.properties", &big).unwrap_err();
        assert!(e.message.contains("1 MiB"), "{e}");
        assert!(check_size("ok", &big[..MAX_INPUT_BYTES]).is_ok());
    }
}
