//! The copier comparison's page body (the legend, the matrix and every copier in detail)
//! written as finished HTML at export time, as the card pages' fixed parts are (`page`):
//! the site sets it as inner HTML, so `/copiers` holds no code to build the table and no
//! reader for the table's JSON.
//!
//! Every text of the table (names, summaries, notes, card questions, run cases, the newer
//! behaviours a run could not check) is plain text from `content/copiers.toml`,
//! `content/real-copiers.json` and the card index, and is escaped here. Links are plain
//! `<a href>`: the site's router follows them.

use hoplab_copiers::PresetId;
use std::fmt::Write;

use crate::card::{question_for, CardIndex};
use crate::copiers::{Carries, CopierRow, CopierTable, RealCase, RealRun, Unchecked, Verdict};
use crate::page::{escape, one_source};

/// What the legend says of each verdict, in its order.
const VERDICT_MEANINGS: [(Verdict, &str); 7] = [
    (Verdict::Carried, "crosses as it was"),
    (Verdict::Translated, "crosses, changed on the way"),
    (Verdict::Optional, "crosses when switched on"),
    (Verdict::Partly, "some crosses, some stays"),
    (Verdict::LeftBehind, "stays on the source side"),
    (Verdict::NotApplicable, "the product has no such thing"),
    (Verdict::Undocumented, "the documentation does not say"),
];

/// The page below its heading and lede; `index` gives card links their questions.
pub fn render_comparison(table: &CopierTable, index: &CardIndex) -> String {
    let mut out = String::new();
    legend(&mut out);
    matrix(&mut out, &table.copiers);
    out.push_str(r#"<h2 class="copiers__details-heading">Each copier in detail</h2>"#);
    for row in &table.copiers {
        detail(&mut out, row, index);
    }
    out
}

/// Where a row's "try it" links go: the designer opened on each of the row's presets
/// (`/designer/preset/<id>`, a page written at build time), or for a row without one, the
/// first card about it.
pub fn try_it(row: &CopierRow) -> Vec<(String, String)> {
    if row.presets.is_empty() {
        return row
            .cards
            .first()
            .map(|card| (format!("/cards/{card}"), "See it on a card".to_string()))
            .into_iter()
            .collect();
    }
    let mut links: Vec<(String, String)> = row
        .presets
        .iter()
        .map(|preset| {
            (
                format!("/designer/preset/{preset}"),
                format!("Open the preset {preset} in the designer"),
            )
        })
        .collect();
    // MirrorMaker 2's own offset data can be read back: where would its groups resume?
    let mirrormaker = row
        .presets
        .iter()
        .any(|p| matches!(p, PresetId::Mm2Default | PresetId::Mm2Identity));
    if mirrormaker {
        links.push((
            "/resume".into(),
            "Where would your groups resume? Read your MirrorMaker 2's offset data".into(),
        ));
    }
    links
}

fn badge(out: &mut String, verdict: Verdict) {
    _ = write!(
        out,
        r#"<span class="verdict verdict--{}">{}</span>"#,
        verdict.id(),
        verdict.label()
    );
}

fn legend(out: &mut String) {
    out.push_str(r#"<dl class="verdict-legend" aria-label="What the verdicts mean">"#);
    for (verdict, meaning) in VERDICT_MEANINGS {
        out.push_str("<div><dt>");
        badge(out, verdict);
        _ = write!(out, "</dt><dd>{meaning}</dd></div>");
    }
    out.push_str("</dl>");
}

/// One row per copier, one column per kind of state. It scrolls sideways inside a
/// focusable region on narrow screens, so the page itself never does.
fn matrix(out: &mut String, rows: &[CopierRow]) {
    out.push_str(concat!(
        r#"<div class="table-wrap copiers-matrix" tabindex="0" role="region" aria-labelledby="copiers-caption"><table>"#,
        r#"<caption id="copiers-caption">What each copier carries to the other site (scrolls sideways on a narrow screen)</caption>"#,
        r#"<thead><tr><th scope="col">Copier</th>"#,
    ));
    for label in Carries::LABELS {
        _ = write!(out, r#"<th scope="col">{label}</th>"#);
    }
    out.push_str("</tr></thead><tbody>");
    for row in rows {
        _ = write!(
            out,
            r##"<tr><th scope="row"><a href="#{}">{}</a>{}</th>"##,
            escape(row.id.as_str()),
            escape(&row.name),
            if row.proposal.is_some() {
                r#" <span class="copier__proposed">proposed</span>"#
            } else {
                ""
            }
        );
        for cell in row.carries.cells() {
            out.push_str("<td>");
            badge(out, cell.verdict);
            out.push_str("</td>");
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
}

fn detail(out: &mut String, row: &CopierRow, index: &CardIndex) {
    let id = escape(row.id.as_str());
    _ = write!(
        out,
        r#"<section class="copier" id="{id}" aria-labelledby="{id}-heading"><h3 id="{id}-heading" tabindex="-1">{}</h3>"#,
        escape(&row.name),
    );
    if let Some(p) = &row.proposal {
        _ = write!(
            out,
            r#"<p class="copier__proposal"><span class="copier__proposed">proposed</span> {}</p>"#,
            escape(p)
        );
    }
    _ = write!(
        out,
        r#"<p class="copier__summary">{}</p><dl class="copier__carries">"#,
        escape(&row.summary)
    );
    for (label, cell) in Carries::LABELS.into_iter().zip(row.carries.cells()) {
        _ = write!(out, r#"<div class="copier__carry"><dt>{label} "#);
        badge(out, cell.verdict);
        _ = write!(out, "</dt><dd>{}</dd></div>", escape(&cell.note));
    }
    _ = write!(
        out,
        r#"</dl><h4>How it stops loops</h4><p class="copier__loops">{}</p><h4>Cards that discuss it</h4><ul class="copier__cards">"#,
        escape(&row.loops)
    );
    for slug in &row.cards {
        _ = write!(
            out,
            r#"<li><a href="/cards/{}">{}</a></li>"#,
            escape(slug),
            escape(&question_for(Some(index), slug))
        );
    }
    out.push_str("</ul>");
    let links = try_it(row);
    if !links.is_empty() {
        out.push_str(r#"<p class="copier__try">"#);
        for (href, label) in links {
            _ = write!(
                out,
                r#"<a href="{}" class="button">{}</a>"#,
                escape(&href),
                escape(&label)
            );
        }
        out.push_str("</p>");
    }
    if let Some(run) = &row.checked {
        real_run(out, run, &row.unchecked);
    }
    out.push_str(r#"<h4>Sources</h4><ul class="source-list">"#);
    for source in &row.sources {
        one_source(out, source);
    }
    out.push_str("</ul></section>");
}

/// A case's verdict on each release it ran on ("; by release: 2.9.10 agrees, 2.12.8
/// disagrees"), or nothing for a case run on one server.
fn by_release(case: &RealCase) -> String {
    if case.releases.is_empty() {
        return String::new();
    }
    let each: Vec<String> = case
        .releases
        .iter()
        .map(|r| {
            let verdict = if r.agrees { "agrees" } else { "disagrees" };
            format!("{} {verdict}", escape(&r.release))
        })
        .collect();
    format!(
        r#"<span class="copier__releases">; by release: {}</span>"#,
        each.join(", ")
    )
}

/// What the real-copiers layer found: the server it ran, when, and each case; then the
/// newer behaviours those cases could not check (`unchecked`), each with its source.
fn real_run(out: &mut String, run: &RealRun, unchecked: &[Unchecked]) {
    _ = write!(
        out,
        r#"<h4>Checked against the real server</h4><p class="copier__checked">Run against {} on {}: {} of {} cases agree with the model</p><ul class="copier__cases">"#,
        escape(&run.server),
        escape(&run.ran_on),
        run.agreeing(),
        run.cases.len()
    );
    for case in &run.cases {
        let verdict = if case.agrees { "agrees" } else { "disagrees" };
        _ = write!(
            out,
            r#"<li class="copier__case copier__case--{verdict}">{} (preset <code>{}</code>): {verdict}{}</li>"#,
            escape(&case.title),
            escape(case.preset.as_str()),
            by_release(case)
        );
    }
    out.push_str("</ul>");
    if unchecked.is_empty() {
        return;
    }
    out.push_str(concat!(
        r#"<p class="copier__unchecked-lede">Not checked here (no case covers it, or the servers above are older):</p>"#,
        r#"<ul class="copier__unchecked">"#
    ));
    for entry in unchecked {
        _ = write!(
            out,
            r#"<li><span class="copier__since">{}</span>: {} (<a href="{}" rel="external noopener">source</a>)<p class="source__quote">It says: <q>{}</q></p></li>"#,
            escape(&entry.since),
            escape(&entry.what),
            escape(&entry.url),
            escape(&entry.quote)
        );
    }
    out.push_str("</ul>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{CardSummary, Importance, Level, SectionIndex, Source, SourceKind};
    use crate::copiers::{Carry, RealCase, ReleaseVerdict};

    fn carry(verdict: Verdict) -> Carry {
        Carry {
            verdict,
            note: "a <note> & more".into(),
        }
    }

    fn row(id: &str, presets: &[&str]) -> CopierRow {
        let c = || carry(Verdict::Carried);
        CopierRow {
            id: hoplab_copiers::CopierId::parse(id).expect("a copier's id"),
            name: format!("Copier \"{id}\""),
            summary: "It <copies>.".into(),
            proposal: None,
            carries: Carries {
                records: c(),
                positions: carry(Verdict::Translated),
                reader_positions: c(),
                timestamps: c(),
                headers: c(),
                schemas: carry(Verdict::LeftBehind),
                access_rules: c(),
                stream_settings: c(),
            },
            loops: "Prefixes `a.b`".into(),
            cards: vec!["copy-lag".into(), "unknown-card".into()],
            presets: presets
                .iter()
                .map(|p| PresetId::parse(p).expect("a preset"))
                .collect(),
            sources: vec![Source {
                url: "https://example.org/a?b=1&c=2".into(),
                title: "Docs".into(),
                kind: SourceKind::Docs,
                supports: "positions".into(),
                quote: String::new(),
            }],
            checked: None,
            unchecked: Vec::new(),
        }
    }

    fn index() -> CardIndex {
        CardIndex {
            title: "T".into(),
            sections: vec![SectionIndex {
                title: "S".into(),
                cards: vec![CardSummary {
                    slug: "copy-lag".into(),
                    question: "Why <lag>?".into(),
                    level: Level::Junior,
                    importance: Importance::MustKnow,
                    scenario: "s".into(),
                    search_text: String::new(),
                }],
            }],
        }
    }

    #[test]
    fn every_text_is_escaped_and_every_row_is_in_the_matrix_and_the_details() {
        let table = CopierTable {
            copiers: vec![
                row("mirrormaker-2", &["mm2-default"]),
                row("cluster-linking", &[]),
            ],
        };
        let html = render_comparison(&table, &index());
        assert_eq!(html.matches("<tr><th scope=\"row\">").count(), 2);
        assert_eq!(html.matches("<section class=\"copier\"").count(), 2);
        assert_eq!(html.matches("<div class=\"copier__carry\">").count(), 16);
        assert_eq!(html.matches("<td><span class=\"verdict").count(), 16);
        assert!(html.contains(r##"<a href="#mirrormaker-2">Copier &quot;mirrormaker-2&quot;</a>"##));
        assert!(html.contains("<dd>a &lt;note&gt; &amp; more</dd>"));
        assert!(html.contains("<p class=\"copier__summary\">It &lt;copies&gt;.</p>"));
        assert!(html.contains(r#"<li><a href="/cards/copy-lag">Why &lt;lag&gt;?</a></li>"#));
        // A card the index does not list is linked by its slug.
        assert!(html.contains(r#"<li><a href="/cards/unknown-card">unknown-card</a></li>"#));
        assert!(html.contains(r#"href="https://example.org/a?b=1&amp;c=2""#));
        assert!(!html.contains("<copies>") && !html.contains("<note>"));
    }

    #[test]
    fn a_mirrormaker_row_also_links_the_resume_check() {
        let links = try_it(&row("mirrormaker-2", &["mm2-default"]));
        assert_eq!(links.last().map(|(href, _)| href.as_str()), Some("/resume"));
        assert!(!try_it(&row("rabbitmq-shovel", &["rabbitmq-shovel"]))
            .iter()
            .any(|(h, _)| h == "/resume"));
    }

    #[test]
    fn a_row_links_its_presets_or_else_its_first_card() {
        let table = CopierTable {
            copiers: vec![
                row("mirrormaker-2", &["mm2-default", "mm2-identity"]),
                row("cluster-linking", &[]),
            ],
        };
        let html = render_comparison(&table, &index());
        assert!(html.contains(concat!(
            r#"<p class="copier__try"><a href="/designer/preset/mm2-default" class="button">Open the preset mm2-default in the designer</a>"#,
            r#"<a href="/designer/preset/mm2-identity" class="button">Open the preset mm2-identity in the designer</a>"#,
            r#"<a href="/resume" class="button">Where would your groups resume? Read your MirrorMaker 2&#39;s offset data</a></p>"#
        )), "{html}");
        assert!(html.contains(
            r#"<p class="copier__try"><a href="/cards/copy-lag" class="button">See it on a card</a></p>"#
        ));
    }

    #[test]
    fn a_checked_row_counts_the_cases_that_agree() {
        let mut checked = row("mirrormaker-2", &[]);
        checked.checked = Some(RealRun {
            server: "nats-server 2.9.10".into(),
            ran_on: "2026-12-01".into(),
            cases: vec![
                RealCase {
                    id: "a".into(),
                    title: "Mirror".into(),
                    preset: PresetId::JetstreamMirror,
                    agrees: true,
                    releases: Vec::new(),
                },
                RealCase {
                    id: "b".into(),
                    title: "Source".into(),
                    preset: PresetId::JetstreamSource,
                    agrees: false,
                    releases: vec![
                        ReleaseVerdict {
                            release: "2.9.10".into(),
                            agrees: true,
                        },
                        ReleaseVerdict {
                            release: "2.12.8".into(),
                            agrees: false,
                        },
                    ],
                },
            ],
        });
        let html = render_comparison(
            &CopierTable {
                copiers: vec![checked, row("cluster-linking", &[])],
            },
            &index(),
        );
        assert!(html.contains(
            "Run against nats-server 2.9.10 on 2026-12-01: 1 of 2 cases agree with the model"
        ));
        assert!(html.contains(r#"<li class="copier__case copier__case--disagrees">Source (preset <code>jetstream-source</code>): disagrees<span class="copier__releases">; by release: 2.9.10 agrees, 2.12.8 disagrees</span></li>"#));
        assert_eq!(html.matches("Checked against the real server").count(), 1);
    }

    fn run_of_one_case() -> RealRun {
        RealRun {
            server: "nats-server 2.9.10".into(),
            ran_on: "2026-12-01".into(),
            cases: vec![RealCase {
                id: "a".into(),
                title: "Mirror".into(),
                preset: PresetId::JetstreamMirror,
                agrees: true,
                releases: Vec::new(),
            }],
        }
    }

    #[test]
    fn newer_behaviours_not_checked_are_listed_escaped_after_the_cases() {
        let mut checked = row("mirrormaker-2", &[]);
        checked.checked = Some(run_of_one_case());
        checked.unchecked = vec![Unchecked {
            since: "nats-server 2.12 <rc>".into(),
            what: "Promotes a <mirror> & takes writes.".into(),
            url: "https://example.org/pull/1?a=1&b=2".into(),
            quote: "This \"allows\" <promoting>".into(),
        }];
        let html = render_comparison(
            &CopierTable {
                copiers: vec![checked],
            },
            &index(),
        );
        assert!(html.contains(concat!(
            r#"<p class="copier__unchecked-lede">Not checked here (no case covers it, or the servers above are older):</p><ul class="copier__unchecked">"#,
            r#"<li><span class="copier__since">nats-server 2.12 &lt;rc&gt;</span>: Promotes a &lt;mirror&gt; &amp; takes writes. "#,
            r#"(<a href="https://example.org/pull/1?a=1&amp;b=2" rel="external noopener">source</a>)"#,
            r#"<p class="source__quote">It says: <q>This &quot;allows&quot; &lt;promoting&gt;</q></p></li></ul>"#
        )));
        assert!(
            !html.contains("<mirror>") && !html.contains("<promoting>") && !html.contains("<rc>")
        );
        let at = |text: &str| html.find(text).unwrap_or_else(|| panic!("no {text}"));
        assert!(at("copier__cases") < at("Not checked here"));
        assert!(at("Not checked here") < at("<h4>Sources</h4>"));
    }

    #[test]
    fn the_not_checked_list_appears_only_when_a_real_run_has_entries() {
        let mut no_entries = row("mirrormaker-2", &[]);
        no_entries.checked = Some(run_of_one_case());
        // Entries on a row with no real run are refused by the validator; the page shows
        // them nowhere either.
        let mut no_run = row("cluster-linking", &[]);
        no_run.unchecked = vec![Unchecked {
            since: "Kafka 9.9".into(),
            what: "Something newer.".into(),
            url: "https://example.org/".into(),
            quote: "newer".into(),
        }];
        let html = render_comparison(
            &CopierTable {
                copiers: vec![no_entries, no_run],
            },
            &index(),
        );
        assert_eq!(html.matches("Checked against the real server").count(), 1);
        assert!(!html.contains("Not checked here"), "{html}");
        assert!(!html.contains("copier__unchecked") && !html.contains("Something newer"));
    }
}
