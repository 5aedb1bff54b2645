//! Reading the authored files: `tree.toml` and `cards/<slug>.md` (TOML front matter between
//! `+++` lines, then the explanation in Markdown).

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::card::{Importance, Level, Source};

/// A card as its author wrote it: Markdown everywhere, not yet rendered.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSource {
    pub slug: String,
    pub question: String,
    pub level: Level,
    pub importance: Importance,
    pub outline: Vec<String>,
    pub basics: String,
    pub solid: String,
    pub analogy: String,
    pub red_flags: Vec<String>,
    pub scenario: String,
    pub related: Vec<String>,
    pub depth: DepthSource,
    pub platforms: PlatformsSource,
    pub follow_ups: Vec<FollowUpSource>,
    /// Where the card's product claims were checked (`[[sources]]` tables).
    #[serde(default)]
    pub sources: Vec<Source>,
    /// The Markdown after the front matter.
    #[serde(skip)]
    pub explanation: String,
    /// The whole file as written, so a problem can be reported with its line.
    #[serde(skip)]
    pub file_text: String,
    /// The byte offset in `file_text` where the explanation starts.
    #[serde(skip)]
    pub body_offset: usize,
}

impl CardSource {
    /// The 1-based line of `file_text` holding byte `offset`.
    pub fn line_at(&self, offset: usize) -> usize {
        let offset = offset.min(self.file_text.len());
        self.file_text[..offset].matches('\n').count() + 1
    }

    /// The line where `snippet` first appears in the file, if it does.
    pub fn line_of(&self, snippet: &str) -> Option<usize> {
        self.file_text.find(snippet).map(|at| self.line_at(at))
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DepthSource {
    pub junior: String,
    pub middle: String,
    pub senior: String,
    pub principal: String,
}

impl DepthSource {
    pub fn all(&self) -> [(&'static str, &str); 4] {
        [
            ("junior", &self.junior),
            ("middle", &self.middle),
            ("senior", &self.senior),
            ("principal", &self.principal),
        ]
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlatformsSource {
    pub partitioned_logs: String,
    pub queue_brokers: String,
    pub time_based_resume: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FollowUpSource {
    pub question: String,
    pub answer: String,
}

/// `tree.toml`: the sections in reading order.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeSource {
    pub title: String,
    pub sections: Vec<SectionSource>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionSource {
    pub title: String,
    pub cards: Vec<String>,
}

/// A file that could not be read or parsed, with the file named.
#[derive(Debug)]
pub struct SourceError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for SourceError {}

fn error(path: &Path, message: impl Into<String>) -> SourceError {
    SourceError {
        path: path.to_path_buf(),
        message: message.into(),
    }
}

/// Splits `+++\n<toml>\n+++\n<markdown>` into its two halves.
pub fn split_front_matter(text: &str) -> Result<(&str, &str), String> {
    let rest = text
        .strip_prefix("+++\n")
        .or_else(|| text.strip_prefix("+++\r\n"))
        .ok_or("the file must start with a `+++` line opening the front matter")?;
    let end = rest
        .find("\n+++")
        .ok_or("the front matter is not closed by a `+++` line")?;
    let body = rest[end + 4..].trim_start_matches(['\r', '\n']);
    Ok((&rest[..end + 1], body))
}

pub fn parse_card(path: &Path, text: &str) -> Result<CardSource, SourceError> {
    let (front, body) = split_front_matter(text).map_err(|message| error(path, message))?;
    let mut card: CardSource =
        toml::from_str(front).map_err(|e| error(path, format!("front matter: {e}")))?;
    card.explanation = body.to_string();
    card.file_text = text.to_string();
    card.body_offset = text.len() - body.len();
    Ok(card)
}

pub fn read_card(path: &Path) -> Result<CardSource, SourceError> {
    let text = std::fs::read_to_string(path).map_err(|e| error(path, e.to_string()))?;
    parse_card(path, &text)
}

pub fn read_tree(path: &Path) -> Result<TreeSource, SourceError> {
    let text = std::fs::read_to_string(path).map_err(|e| error(path, e.to_string()))?;
    toml::from_str(&text).map_err(|e| error(path, e.to_string()))
}

/// Everything under a `content/` folder.
#[derive(Clone, Debug)]
pub struct ContentSource {
    pub tree: TreeSource,
    /// In file-name order.
    pub cards: Vec<(PathBuf, CardSource)>,
}

/// Reads `tree.toml` and every `cards/*.md`. Stops at the first unreadable file.
pub fn read_content(dir: &Path) -> Result<ContentSource, SourceError> {
    let tree = read_tree(&dir.join("tree.toml"))?;
    let cards_dir = dir.join("cards");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&cards_dir)
        .map_err(|e| error(&cards_dir, e.to_string()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    paths.sort();
    let cards = paths
        .into_iter()
        .map(|path| read_card(&path).map(|card| (path, card)))
        .collect::<Result<_, _>>()?;
    Ok(ContentSource { tree, cards })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_front_matter_from_body() {
        let (front, body) = split_front_matter("+++\na = 1\n+++\n\n## Body\n").unwrap();
        assert_eq!(front, "a = 1\n");
        assert_eq!(body, "## Body\n");
    }

    #[test]
    fn refuses_a_file_without_front_matter() {
        let err = split_front_matter("## Body").unwrap_err();
        assert!(err.contains("must start with"), "{err}");
    }

    #[test]
    fn refuses_unclosed_front_matter() {
        let err = split_front_matter("+++\na = 1\n").unwrap_err();
        assert!(err.contains("not closed"), "{err}");
    }

    #[test]
    fn names_the_file_and_the_field_on_a_bad_card() {
        let err = parse_card(Path::new("cards/x.md"), "+++\nslug = 3\n+++\nbody").unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("cards/x.md"), "{text}");
        assert!(text.contains("slug"), "{text}");
    }
}
