//! The design's findings, in one list beside the canvas, redone on every edit: the model's
//! lint of the design and, for a design standing on a copier's files, the products' lint
//! of it as it now is (the model's findings in the product's words with the product's
//! evidence, and what only the products' settings show), so a finding about a hop that was
//! removed goes with it. Pointing at or focusing a model finding emphasises the elements
//! it concerns; each links to its card.

use std::sync::Arc;

use hoplab_model::Finding;
use leptos::prelude::*;
use leptos_router::components::A;

use super::imported_from::{same_sites, use_imported_from};
use super::importer::use_importer;
use super::state::use_ctx;
use crate::designer::copier_files::ProductFinding;
use crate::designer::findings::targets;

/// The products' finding that says `f` in the product's words: the one their lint made of
/// the same model finding (same rule, same elements).
fn in_product_words<'a>(f: &Finding, live: &'a [ProductFinding]) -> Option<&'a ProductFinding> {
    let subject = f.subject();
    live.iter()
        .find(|p| p.model_code == Some(f.code.id()) && p.subject == subject)
}

#[component]
fn Evidence(evidence: Vec<(&'static str, &'static str)>) -> impl IntoView {
    (!evidence.is_empty()).then(|| {
        view! {
            <details class="lint-evidence">
                <summary>"Evidence"</summary>
                <ul>
                    {evidence.into_iter().map(|(url, quote)| view! {
                        <li><q>{quote}</q>" — "<a href=url rel="noopener noreferrer">{source_name(url)}</a></li>
                    }).collect_view()}
                </ul>
            </details>
        }
    })
}

/// The file a source address names (its last part), for a short link text.
fn source_name(url: &str) -> String {
    url.trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(url)
        .to_string()
}

/// One of the model's findings, in the product's words while the design is as imported;
/// pointing at it or focusing it emphasises what it concerns.
#[component]
fn ModelFinding(
    index: usize,
    finding: Finding,
    products: Memo<Option<Arc<Vec<ProductFinding>>>>,
) -> impl IntoView {
    let ctx = use_ctx();
    let i = index;
    let concerns = ctx.with_topology(|t| {
        targets(&finding, t)
            .iter()
            .map(|e| e.label())
            .collect::<Vec<_>>()
            .join(", ")
    });
    let model_code = finding.code.id();
    let product = Memo::new(move |_| {
        let live = products.get()?;
        let model = ctx.findings.get();
        in_product_words(model.get(i)?, &live).cloned()
    });
    let message = finding.message.clone();
    view! {
        <li
            class="lint-item"
            class:is-hot=move || ctx.active_finding.get() == Some(i)
            data-code=move || product.get().map_or(model_code, |p| p.code)
            on:pointerenter=move |_| ctx.active_finding.set(Some(i))
            on:pointerleave=move |_| ctx.active_finding.set(None)
            on:focusin=move |_| ctx.active_finding.set(Some(i))
            on:focusout=move |_| ctx.active_finding.set(None)
        >
            <p class="lint-code">{move || product.get().map_or(model_code, |p| p.code)}</p>
            <p>{move || product.get().map_or_else(|| message.clone(), |p| p.message)}</p>
            <p class="row-note">"Concerns: " {move || product.get().filter(|p| !p.concerns.is_empty()).map_or_else(|| concerns.clone(), |p| p.concerns.join(", "))}</p>
            <A href=format!("/cards/{}", finding.card)>"Read the card: " {finding.card}</A>
            {move || product.get().map(|p| view! { <Evidence evidence=p.evidence /> })}
        </li>
    }
}

#[component]
pub fn LintPanel() -> impl IntoView {
    let ctx = use_ctx();
    let imported = use_imported_from();
    let importer = use_importer();
    // The products' lint of the design as it is now, while it stands on the imported files
    // (the same sites: a template, a shared link or undoing the import leaves them out).
    let products = Memo::new(move |_| {
        let done = imported.done()?;
        let imp = importer.loaded()?;
        ctx.topology
            .with(|t| same_sites(t, &done.spec.topology).then(|| Arc::new((imp.relint)(&done, t))))
    });
    // What only the products' settings show (a misspelt key, a start position).
    let from_files = move || -> Vec<ProductFinding> {
        products
            .get()
            .map(|live| {
                live.iter()
                    .filter(|p| p.model_code.is_none())
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    };
    let files = move || imported.names();
    let count = move || ctx.findings.with(|f| f.len()) + from_files().len();
    let headline = move || match count() {
        0 => "No findings: the model sees nothing here that the cards warn about.".to_string(),
        1 => "1 finding".to_string(),
        n => format!("{n} findings"),
    };
    let items = move || {
        ctx.findings
            .get()
            .into_iter()
            .enumerate()
            .collect::<Vec<_>>()
    };
    view! {
        <aside class="designer-lint" aria-labelledby="dz-lint-title">
            <h2 id="dz-lint-title">"Lint"</h2>
            <p class="lint-headline" role="status" aria-live="polite" class:lint-clean=move || count() == 0>{headline}</p>
            <ul class="lint-list">
                <For each=items key=|(i, f)| (*i, f.code, f.subject(), f.message.clone()) let:item>
                    <ModelFinding index=item.0 finding=item.1 products />
                </For>
                {move || from_files().into_iter().map(|p| view! {
                    <li class="lint-item lint-item--file" data-code=p.code>
                        <p class="lint-code">{p.code}</p>
                        <p>{p.message}</p>
                        <p class="row-note">"In the imported files (" {files()} "): " {p.subject}</p>
                        <A href=format!("/cards/{}", p.card)>"Read the card: " {p.card}</A>
                        <Evidence evidence=p.evidence />
                    </li>
                }).collect_view()}
            </ul>
        </aside>
    }
}
