//! Every quote a card shows under "Sources" stands in the source it cites, checked the way
//! the lint's and the presets' quotes are (`crates/copiers/tests/evidence.rs`): against the
//! stored excerpt of that address (`content/evidence/*.toml`, copied from the source with how
//! it was read), compared as a reader sees the page.
//!
//! Cards cited sources long before excerpts were stored, so the addresses still without one
//! are listed in `cards_sources_without_excerpt.txt`. That list may only shrink: a card source
//! at an address outside it needs an excerpt, and an address that gains an excerpt, or that no
//! card cites any more, must leave the list.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use hoplab_content::source::read_content;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Excerpt {
    url: String,
    read: String,
    excerpt: String,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Each stored excerpt by its address, as read: `(file name, text)`.
fn excerpts() -> BTreeMap<String, (String, String)> {
    let dir = repo_root().join("content/evidence");
    let mut by_url = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("content/evidence") {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let e: Excerpt = toml::from_str(&text).unwrap_or_else(|err| panic!("{name}: {err}"));
        assert!(
            !e.read.trim().is_empty(),
            "{name}: say how the text was read"
        );
        by_url.insert(e.url, (name, as_read(&e.excerpt)));
    }
    by_url
}

/// The text as a reader sees it: a comment's or a mail quote's line leader (`*`, `//`, `>`)
/// dropped, markup tags dropped, every run of white space one space.
fn as_read(text: &str) -> String {
    let mut lines = String::with_capacity(text.len());
    for line in text.lines() {
        let mut rest = line.trim_start();
        loop {
            let stripped = if let Some(r) = rest.strip_prefix('*').filter(|r| !r.starts_with('/')) {
                r
            } else if let Some(r) = rest.strip_prefix("//") {
                r
            } else if let Some(r) = rest.strip_prefix('>') {
                r
            } else {
                break;
            };
            rest = stripped.trim_start();
        }
        lines.push_str(rest);
        lines.push('\n');
    }
    let mut out = String::with_capacity(lines.len());
    let mut in_tag = false;
    for c in lines.chars() {
        match c {
            '<' if !in_tag => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if in_tag => {}
            _ => out.push(c),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The passages of `quote` (separate passages are joined with " … ") that `excerpt`, already
/// as read, does not hold.
fn passages_missing<'q>(quote: &'q str, excerpt: &str) -> Vec<&'q str> {
    quote
        .split('…')
        .map(str::trim)
        .filter(|p| !p.is_empty() && !excerpt.contains(&as_read(p)))
        .collect()
}

/// The addresses cards may still cite without a stored excerpt, one a line (`#` comments).
fn allowed_without_excerpt() -> BTreeSet<String> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cards_sources_without_excerpt.txt");
    std::fs::read_to_string(&path)
        .expect("tests/cards_sources_without_excerpt.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

#[test]
fn every_card_quote_stands_in_the_stored_excerpt_of_its_source() {
    let content = read_content(&repo_root().join("content")).unwrap_or_else(|e| panic!("{e}"));
    let stored = excerpts();
    let allowed = allowed_without_excerpt();
    let mut problems = Vec::new();
    let mut cited_without = BTreeSet::new();
    for (path, card) in &content.cards {
        let file = path.file_name().unwrap().to_string_lossy();
        for source in &card.sources {
            match stored.get(&source.url) {
                Some((excerpt_file, text)) => {
                    for passage in passages_missing(&source.quote, text) {
                        problems.push(format!(
                            "{file}: {excerpt_file} does not hold {passage:?} (quoted for {})",
                            source.url
                        ));
                    }
                }
                None if allowed.contains(&source.url) => {
                    cited_without.insert(source.url.clone());
                }
                None => problems.push(format!(
                    "{file}: no excerpt stored for {}; copy the quoted passage into content/evidence/ with how it was read",
                    source.url
                )),
            }
        }
    }
    for url in &allowed {
        if stored.contains_key(url) {
            problems.push(format!(
                "{url} has a stored excerpt now; remove it from cards_sources_without_excerpt.txt"
            ));
        } else if !cited_without.contains(url) {
            problems.push(format!(
                "{url} is cited by no card; remove it from cards_sources_without_excerpt.txt"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_quote_the_excerpt_does_not_hold_is_caught() {
    let excerpt = as_read(
        " * Returns a replica whose rack id is equal to the rack id\n * specified in the request.\n",
    );
    assert!(passages_missing(
        "Returns a replica whose rack id is equal to the rack id specified",
        &excerpt
    )
    .is_empty());
    assert_eq!(
        passages_missing(
            "Returns a replica … a sentence no source ever wrote",
            &excerpt
        ),
        vec!["a sentence no source ever wrote"]
    );
    assert_eq!(as_read("> a <code>b</code>\n>   c // d"), "a b c // d");
    assert_eq!(as_read("        // e\n  */ f"), "e */ f");
}
