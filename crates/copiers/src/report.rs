//! What an import did: what it read, which defaults it filled in (and for which product
//! version), what the model can only approximate, and every key it ignored and why.

use serde::Serialize;
use std::fmt;

/// Why a key in a file had no effect on the imported design.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Ignored {
    /// The product reads no such key (it accepts it silently).
    Unknown,
    /// Close to a key the product reads: most likely a typo of it.
    Misspelt { meant: String },
    /// The product once read it and no longer does.
    Removed { since: String, instead: String },
    /// A deprecated name the release the file declares still reads (removed later): the
    /// product applies it, the model does not.
    Deprecated {
        declared: String,
        removed: String,
        instead: String,
    },
    /// A real key at a level where nothing reads it.
    WronglyScoped { hint: String },
    /// Read by the product, but it changes nothing the model shows.
    NotModelled,
}

impl Ignored {
    /// Why a key no reader takes has no effect: most likely a typo of a known key close
    /// to it ([`close`]), else a key the product does not read.
    pub fn for_unknown<'k>(key: &str, known: impl IntoIterator<Item = &'k str>) -> Ignored {
        match known.into_iter().find(|n| close(key, n)) {
            Some(n) => Ignored::Misspelt {
                meant: n.to_string(),
            },
            None => Ignored::Unknown,
        }
    }
}

/// Same letters but for one swap, one missing or one extra character.
pub fn close(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > 1 || a.len() < 4 {
        return false;
    }
    let same_prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let same_suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    same_prefix + same_suffix + 2 >= a.len().max(b.len())
}

/// One key that had no effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IgnoredKey {
    pub file: String,
    pub line: Option<u32>,
    pub key: String,
    pub why: Ignored,
}

/// A setting the file left out, filled in with the product's default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DefaultApplied {
    pub file: String,
    pub key: String,
    pub value: String,
    /// The product release the default is taken from.
    pub version: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// One line per file: what it was read as and what it held.
    pub read: Vec<String>,
    pub defaults: Vec<DefaultApplied>,
    /// Where the model says less than (or something other than) the file.
    pub approximations: Vec<String>,
    pub ignored: Vec<IgnoredKey>,
}

impl Report {
    pub fn ignore(&mut self, file: &str, line: Option<u32>, key: &str, why: Ignored) {
        let entry = IgnoredKey {
            file: file.into(),
            line,
            key: key.into(),
            why,
        };
        if !self.ignored.contains(&entry) {
            self.ignored.push(entry);
        }
    }

    pub fn defaulted(&mut self, file: &str, key: &str, value: &str, version: &str) {
        let entry = DefaultApplied {
            file: file.into(),
            key: key.into(),
            value: value.into(),
            version: version.into(),
        };
        if !self.defaults.contains(&entry) {
            self.defaults.push(entry);
        }
    }

    pub fn approximate(&mut self, what: impl Into<String>) {
        let what = what.into();
        if !self.approximations.contains(&what) {
            self.approximations.push(what);
        }
    }

    /// The keys that are typos or gone, the ones a lint should raise.
    pub fn suspicious_keys(&self) -> impl Iterator<Item = &IgnoredKey> {
        self.ignored.iter().filter(|k| k.why.is_suspicious())
    }
}

impl Ignored {
    /// Misspelt, removed or at the wrong level: most likely a mistake in the file.
    pub fn is_suspicious(&self) -> bool {
        matches!(
            self,
            Ignored::Misspelt { .. } | Ignored::Removed { .. } | Ignored::WronglyScoped { .. }
        )
    }
}

impl fmt::Display for Ignored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ignored::Unknown => write!(f, "not a setting this product reads"),
            Ignored::Misspelt { meant } => write!(f, "misspelt: the product reads {meant}"),
            Ignored::Removed { since, instead } => {
                write!(f, "removed in {since}: use {instead}")
            }
            Ignored::Deprecated {
                declared,
                removed,
                instead,
            } => write!(
                f,
                "a deprecated name for {instead}, still read by the Kafka {declared} this file declares (removed in {removed}); the model does not apply it"
            ),
            Ignored::WronglyScoped { hint } => write!(f, "read at another level: {hint}"),
            Ignored::NotModelled => write!(f, "read by the product, not shown by the model"),
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in &self.read {
            writeln!(f, "read: {r}")?;
        }
        for d in &self.defaults {
            writeln!(
                f,
                "default: {}: {} = {} ({})",
                d.file, d.key, d.value, d.version
            )?;
        }
        for a in &self.approximations {
            writeln!(f, "approximated: {a}")?;
        }
        for k in &self.ignored {
            let line = k.line.map(|l| format!(":{l}")).unwrap_or_default();
            writeln!(f, "ignored: {}{line}: {}: {}", k.file, k.key, k.why)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_names_each_ignored_key_and_why() {
        let mut r = Report::default();
        r.ignore(
            "a.properties",
            Some(3),
            "task.max",
            Ignored::Misspelt {
                meant: "tasks.max".into(),
            },
        );
        r.ignore("a.properties", Some(3), "task.max", Ignored::Unknown);
        r.defaulted("a.properties", "offset.lag.max", "100", "Kafka 4.0");
        let text = r.to_string();
        assert!(
            text.contains(
                "ignored: a.properties:3: task.max: misspelt: the product reads tasks.max"
            ),
            "{text}"
        );
        assert!(text.contains("default: a.properties: offset.lag.max = 100 (Kafka 4.0)"));
        assert_eq!(r.suspicious_keys().count(), 1);
    }
}
