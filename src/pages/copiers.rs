//! `/copiers`: the real copiers side by side. What each carries across and what it leaves
//! behind, how it stops loops, the cards that discuss it and where each fact was checked.
//! The data is `content/copiers.toml`, exported as `data/copiers.json`; this page only shows it.

use hoplab_content::{CardIndex, Carry, CopierRow, CopierTable, RealRun, Verdict};
use leptos::prelude::*;
use leptos_router::components::A;

use crate::components::{set_page_title, LoadError, Loading};
use crate::fetch;
use crate::pages::card::{CardLinkList, SourceList};

/// Where a row's "try it" links go: the designer opened on each of the row's presets
/// (`/designer/preset/<id>`, a page written at build time), or for a row without one, the first card about it.
pub fn try_it(row: &CopierRow) -> Vec<(String, String)> {
    if row.presets.is_empty() {
        return row
            .cards
            .first()
            .map(|card| (format!("/cards/{card}"), "See it on a card".to_string()))
            .into_iter()
            .collect();
    }
    row.presets
        .iter()
        .map(|preset| {
            (
                format!("/designer/preset/{preset}"),
                format!("Open the preset {preset} in the designer"),
            )
        })
        .collect()
}

#[component]
pub fn CopiersPage() -> impl IntoView {
    crate::page_styles::COPIERS.add();
    set_page_title("Copiers compared");
    let table = LocalResource::new(fetch::copier_table);
    // The index gives card links their questions; the page works without it.
    let index = LocalResource::new(fetch::card_index);
    view! {
        <div class="page copiers-page">
            <h1>"Real copiers compared"</h1>
            <p class="lede">
                "Every product below copies records between sites. What differs is everything else: "
                "whether positions, reader positions, timestamps, headers, schemas, access rules and "
                "stream settings cross with them, and what stops a record from circling between sites."
            </p>
            <Suspense fallback=|| view! { <Loading what="the comparison" /> }>
                {move || {
                    table.get().map(|result| match result {
                        Ok(table) => {
                            let index = Signal::derive(move || index.get().and_then(Result::ok));
                            view! { <Comparison table index /> }.into_any()
                        }
                        Err(error) => view! { <LoadError what="the comparison" error /> }.into_any(),
                    })
                }}
            </Suspense>
        </div>
    }
}

#[component]
fn Comparison(table: CopierTable, index: Signal<Option<CardIndex>>) -> impl IntoView {
    // A link such as /copiers#pulsar-geo-replication arrives before the rows exist: once
    // they do, bring the named row into view and move focus to its heading.
    Effect::new(move |_| scroll_to_hash(30));
    let rows = table.copiers;
    view! {
        <Legend />
        <Matrix rows=rows.clone() />
        <h2 class="copiers__details-heading">"Each copier in detail"</h2>
        {rows.into_iter().map(|row| view! { <CopierDetail row index /> }).collect_view()}
    }
}

/// Scrolls to the row the address names and focuses its heading. The rows may not be in
/// the document yet when this first runs, so it retries for a few frames.
fn scroll_to_hash(frames_left: u32) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let hash = window.location().hash().unwrap_or_default();
    let id = hash.trim_start_matches('#');
    if id.is_empty() {
        return;
    }
    let heading = window
        .document()
        .and_then(|doc| doc.get_element_by_id(&format!("{id}-heading")))
        .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok());
    match heading {
        Some(heading) if heading.is_connected() => {
            heading.scroll_into_view();
            _ = heading.focus();
        }
        _ if frames_left > 0 => request_animation_frame(move || scroll_to_hash(frames_left - 1)),
        _ => {}
    }
}

#[component]
fn Legend() -> impl IntoView {
    let verdicts = [
        (Verdict::Carried, "crosses as it was"),
        (Verdict::Translated, "crosses, changed on the way"),
        (Verdict::Optional, "crosses when switched on"),
        (Verdict::Partly, "some crosses, some stays"),
        (Verdict::LeftBehind, "stays on the source side"),
        (Verdict::NotApplicable, "the product has no such thing"),
        (Verdict::Undocumented, "the documentation does not say"),
    ];
    view! {
        <dl class="verdict-legend" aria-label="What the verdicts mean">
            {verdicts
                .into_iter()
                .map(|(verdict, meaning)| {
                    view! {
                        <div>
                            <dt><VerdictBadge verdict /></dt>
                            <dd>{meaning}</dd>
                        </div>
                    }
                })
                .collect_view()}
        </dl>
    }
}

#[component]
fn VerdictBadge(verdict: Verdict) -> impl IntoView {
    view! { <span class=format!("verdict verdict--{}", verdict.id())>{verdict.label()}</span> }
}

/// The overview: one row per copier, one column per kind of state. It scrolls sideways
/// inside a focusable region on narrow screens, so the page itself never does.
#[component]
fn Matrix(rows: Vec<CopierRow>) -> impl IntoView {
    view! {
        <div class="table-wrap copiers-matrix" tabindex="0" role="region" aria-labelledby="copiers-caption">
            <table>
                <caption id="copiers-caption">
                    "What each copier carries to the other site (scrolls sideways on a narrow screen)"
                </caption>
                <thead>
                    <tr>
                        <th scope="col">"Copier"</th>
                        {hoplab_content::copiers::Carries::LABELS
                            .into_iter()
                            .map(|label| view! { <th scope="col">{label}</th> })
                            .collect_view()}
                    </tr>
                </thead>
                <tbody>
                    {rows
                        .into_iter()
                        .map(|row| {
                            let cells: Vec<Carry> = row.carries.cells().into_iter().cloned().collect();
                            view! {
                                <tr>
                                    <th scope="row"><a href=format!("#{}", row.id)>{row.name}</a></th>
                                    {cells
                                        .into_iter()
                                        .map(|cell| view! { <td><VerdictBadge verdict=cell.verdict /></td> })
                                        .collect_view()}
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </div>
    }
}

#[component]
fn CopierDetail(row: CopierRow, index: Signal<Option<CardIndex>>) -> impl IntoView {
    let heading_id = format!("{}-heading", row.id);
    let labelled_by = heading_id.clone();
    let try_it = try_it(&row);
    let cells: Vec<(&'static str, Carry)> = hoplab_content::copiers::Carries::LABELS
        .into_iter()
        .zip(row.carries.cells().into_iter().cloned())
        .collect();
    view! {
        <section class="copier" id=row.id.clone() aria-labelledby=labelled_by>
            <h3 id=heading_id tabindex="-1">{row.name}</h3>
            <p class="copier__summary">{row.summary}</p>
            <dl class="copier__carries">
                {cells
                    .into_iter()
                    .map(|(label, cell)| {
                        view! {
                            <div class="copier__carry">
                                <dt>{label} " " <VerdictBadge verdict=cell.verdict /></dt>
                                <dd>{cell.note}</dd>
                            </div>
                        }
                    })
                    .collect_view()}
            </dl>
            <h4>"How it stops loops"</h4>
            <p class="copier__loops">{row.loops}</p>
            <h4>"Cards that discuss it"</h4>
            <CardLinkList slugs=row.cards index class="copier__cards" />
            {(!try_it.is_empty()).then(|| view! {
                <p class="copier__try">
                    {try_it
                        .into_iter()
                        .map(|(href, label)| view! { <A href=href attr:class="button">{label}</A> })
                        .collect_view()}
                </p>
            })}
            {row.checked.map(|run| view! { <RealRunSummary run /> })}
            <h4>"Sources"</h4>
            <SourceList sources=row.sources />
        </section>
    }
}

/// What the real-copiers layer found: the server it ran, when, and each case.
#[component]
fn RealRunSummary(run: RealRun) -> impl IntoView {
    let heading = format!(
        "Run against {} on {}: {} of {} cases agree with the model",
        run.server,
        run.ran_on,
        run.agreeing(),
        run.cases.len()
    );
    view! {
        <h4>"Checked against the real server"</h4>
        <p class="copier__checked">{heading}</p>
        <ul class="copier__cases">
            {run
                .cases
                .into_iter()
                .map(|case| {
                    let verdict = if case.agrees { "agrees" } else { "disagrees" };
                    view! {
                        <li class=format!("copier__case copier__case--{verdict}")>
                            {case.title} " (preset " <code>{case.preset}</code> "): " {verdict}
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    }
}
