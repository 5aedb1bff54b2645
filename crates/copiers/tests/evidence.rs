//! Every quote a finding or a preset shows as evidence stands in the source it cites: each
//! cited address has a stored excerpt (`content/evidence/*.toml`, copied from the source
//! with how it was read) and the quote is found in it. Compared as a reader sees the
//! page: markup tags dropped and line breaks read as spaces (docs wrap their sentences).

use hoplab_copiers::presets;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Excerpt {
    url: String,
    read: String,
    excerpt: String,
}

fn excerpts() -> BTreeMap<String, (String, Excerpt)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/evidence");
    let mut by_url = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("content/evidence") {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.ends_with(".toml"),
            "{name}: only .toml excerpts belong here"
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let e: Excerpt = toml::from_str(&text).unwrap_or_else(|err| panic!("{name}: {err}"));
        assert!(
            !e.read.trim().is_empty(),
            "{name}: say how the text was read"
        );
        assert!(!e.excerpt.trim().is_empty(), "{name}: an empty excerpt");
        let url = e.url.clone();
        if let Some((other, _)) = by_url.insert(url.clone(), (name.clone(), e)) {
            panic!("{name} and {other} both stand for {url}");
        }
    }
    by_url
}

/// The text as a reader sees it: tags dropped, every run of white space one space.
fn as_read(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' if !in_tag => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if in_tag => {}
            _ => out.push(c),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every (url, quote) shown as evidence: the import's rules and the presets.
fn cited() -> Vec<(String, &'static str, &'static str)> {
    let mut all = Vec::new();
    for rule in hoplab_copiers::rules() {
        for e in rule.evidence {
            all.push((rule.code.to_string(), e.url, e.quote));
        }
    }
    for p in presets::all() {
        for s in p.sources {
            all.push((format!("preset {}", p.id), s.url, s.quote));
        }
    }
    for kind in hoplab_copiers::LoopPrevention::ALL {
        for (url, quote) in kind.sources() {
            all.push((format!("loop prevention {kind:?}"), url, quote));
        }
    }
    all
}

#[test]
fn every_evidence_quote_stands_in_the_stored_excerpt_of_its_source() {
    let stored = excerpts();
    let mut missing = Vec::new();
    for (by, url, quote) in cited() {
        match stored.get(url) {
            None => missing.push(format!("{by}: no excerpt stored for {url}")),
            Some((file, e)) if !as_read(&e.excerpt).contains(&as_read(quote)) => {
                missing.push(format!("{by}: {file} does not hold {quote:?}"))
            }
            Some(_) => {}
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// The text of what cites sources outside the crates: the cards and `/copiers`' rows.
fn content_citing() -> String {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
    let mut text = std::fs::read_to_string(content.join("copiers.toml")).unwrap();
    for entry in std::fs::read_dir(content.join("cards")).expect("content/cards") {
        text += &std::fs::read_to_string(entry.unwrap().path()).unwrap();
    }
    text
}

#[test]
fn every_stored_excerpt_is_cited() {
    let cited: Vec<&str> = cited().iter().map(|(_, url, _)| *url).collect();
    let content = content_citing();
    for (url, (file, _)) in excerpts() {
        assert!(
            cited.contains(&url.as_str()) || content.contains(url.as_str()),
            "{file}: {url} is cited by nothing"
        );
    }
}

#[test]
fn a_quote_the_source_does_not_hold_is_caught() {
    let stored = excerpts();
    let (url, (_, e)) = stored.iter().next().unwrap();
    assert!(
        !as_read(&e.excerpt).contains("a sentence no source ever wrote"),
        "{url}"
    );
    assert_eq!(as_read("a <code>b</code>\n   c"), "a b c");
}
