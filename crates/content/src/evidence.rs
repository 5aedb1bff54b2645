//! Two rules about what a card may contain: every product claim names its sources, and the
//! Markdown holds no raw HTML (the site inserts rendered cards as markup, so only Markdown the
//! renderer produced may reach it).

use std::path::Path;

use crate::card::Source;
use crate::products::products_named;
use crate::render::{all_markdown, raw_html};
use crate::source::CardSource;

/// A card that names a product must list at least one source, and each source must be usable.
pub fn check_card_sources(path: &Path, card: &CardSource, report: &mut impl FnMut(String)) {
    let named: Vec<&str> = {
        let mut named: Vec<&str> = all_markdown(card)
            .into_iter()
            .flat_map(products_named)
            .collect();
        named.sort_unstable();
        named.dedup();
        named
    };
    if !named.is_empty() && card.sources.is_empty() {
        report(format!(
            "names {} but lists no `[[sources]]`; add the documentation, source file or issue thread each claim was checked against",
            named.join(", ")
        ));
    }
    check_sources(&card.sources, &path.display().to_string(), report);
}

/// Each source has a title, says what it supports, quotes the source for it, and links to
/// a secure public address. `file` names the file the sources are in.
pub fn check_sources(sources: &[Source], file: &str, report: &mut impl FnMut(String)) {
    for (i, source) in sources.iter().enumerate() {
        let n = i + 1;
        if source.quote.trim().is_empty() {
            report(format!(
                "{file}: source {n} (`{}`, {}) has no `quote`; add the source's own words (or the identifier in its code) for the claim it supports",
                source.title, source.url
            ));
        } else if source.quote.trim() == source.supports.trim() {
            report(format!(
                "{file}: source {n} (`{}`) has a `quote` that only repeats `supports`; quote the source itself",
                source.title
            ));
        }
        if source.title.trim().is_empty() {
            report(format!("source {n} has no `title`"));
        }
        if source.supports.trim().is_empty() {
            report(format!(
                "source {n} (`{}`) does not say what it `supports`",
                source.title
            ));
        }
        if !is_public_https(&source.url) {
            report(format!(
                "source {n} (`{}`) has url `{}`; it must be an https:// address",
                source.title, source.url
            ));
        }
    }
    for (i, a) in sources.iter().enumerate() {
        if sources[..i].iter().any(|b| b.url == a.url) {
            report(format!("source `{}` is listed twice", a.url));
        }
    }
}

pub(crate) fn is_public_https(url: &str) -> bool {
    url.strip_prefix("https://")
        .is_some_and(|rest| rest.contains('.') && !rest.starts_with('/'))
        && !url
            .chars()
            .any(|c| c.is_whitespace() || c == '"' || c == '<' || c == '>')
}

/// Raw HTML anywhere in the card's Markdown, reported with the file and line.
pub fn check_no_raw_html(path: &Path, card: &CardSource, report: &mut impl FnMut(String)) {
    let file = path.display();
    for (offset, snippet) in raw_html(&card.explanation) {
        let line = card.line_at(card.body_offset + offset);
        report(format!(
            "{file}:{line}: raw HTML `{snippet}` in the explanation; write it in Markdown (put tags meant as text in backticks)"
        ));
    }
    let front = &card.file_text[..card.body_offset.min(card.file_text.len())];
    for text in all_markdown(card) {
        if std::ptr::eq(text, card.explanation.as_str()) {
            continue;
        }
        for (_, snippet) in raw_html(text) {
            let line = front
                .find(&snippet)
                .map(|at| card.line_at(at).to_string())
                .unwrap_or_else(|| "?".into());
            report(format!(
                "{file}:{line}: raw HTML `{snippet}` in the front matter; write it in Markdown (put tags meant as text in backticks)"
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_https_addresses_with_a_host_pass() {
        assert!(is_public_https("https://kafka.apache.org/documentation/"));
        assert!(!is_public_https("http://kafka.apache.org/"));
        assert!(!is_public_https("https://"));
        assert!(!is_public_https("javascript:alert(1)"));
        assert!(!is_public_https("https://a.b/x y"));
    }
}
