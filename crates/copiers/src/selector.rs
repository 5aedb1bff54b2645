//! Stream selectors: a product's include and exclude patterns, matched against the
//! stream names an import knows. A pattern that is a plain name stands for that stream;
//! any other stands for streams the file does not name, so the import draws one
//! representative stream for it (`orders-.*` becomes `orders-*`).

use crate::estate::Selector;
use regex_lite::Regex;

/// Characters a Kafka topic name may hold: a pattern made only of them is a name.
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')
}

pub fn is_literal(pattern: &str) -> bool {
    !pattern.is_empty() && pattern.chars().all(is_name_char)
}

/// The stream an import draws for a pattern: the name itself, or the pattern with its
/// wildcards written `*`.
pub fn representative(pattern: &str) -> String {
    if is_literal(pattern) {
        return pattern.to_string();
    }
    let mut s = pattern
        .trim_start_matches('^')
        .trim_end_matches('$')
        .replace(".*", "*")
        .replace(".+", "*")
        .replace('\\', "");
    if s.is_empty() {
        s.push('*');
    }
    s
}

/// Whether `name` is selected by `pattern` (a whole-name match, as Java's
/// `Pattern.matcher(name).matches()`), counting a pattern's own representative.
pub fn matches(pattern: &str, name: &str) -> bool {
    if name == pattern || name == representative(pattern) {
        return true;
    }
    Regex::new(&format!("^(?:{pattern})$")).is_ok_and(|r| r.is_match(name))
}

/// Whether a pattern is one the matcher can read (Java and Rust regex syntax differ a
/// little: possessive quantifiers and some classes are refused).
pub fn readable(pattern: &str) -> bool {
    Regex::new(&format!("^(?:{pattern})$")).is_ok()
}

impl Selector {
    pub fn selects(&self, name: &str) -> bool {
        self.include.iter().any(|p| matches(p, name))
            && !self.exclude.iter().any(|p| matches(p, name))
    }
}

/// A comma-separated list as MirrorMaker 2 reads one (`topics = a, b.*`).
pub fn list(text: &str) -> Vec<String> {
    text.split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_stand_for_themselves_and_patterns_for_a_representative() {
        assert!(is_literal("us-west.orders_v1"));
        assert!(!is_literal(".*"));
        assert_eq!(representative(".*"), "*");
        assert_eq!(representative("^orders-.+$"), "orders-*");
        assert_eq!(representative("orders"), "orders");
    }

    #[test]
    fn matching_is_whole_name_and_excludes_win() {
        assert!(matches(".*", "orders"));
        assert!(matches("orders-.*", "orders-*"));
        assert!(!matches("orders", "orders-eu"));
        let s = Selector {
            include: vec![".*".into()],
            exclude: vec![".*[\\-\\.]internal".into(), "__.*".into()],
        };
        assert!(s.selects("orders"));
        assert!(!s.selects("mm2-offsets.A.internal"));
        assert!(!s.selects("__consumer_offsets"));
    }
}
