//! The failover runbook for the design and its last run, drawn as a page section (with
//! print styles) and downloadable as Markdown. It sits below the editor, so it comes in a
//! chunk of its own (`lazy_pages::runbook_chunk`), fetched once the page is idle after it
//! has drawn: the designer's first download holds the editor only.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::files::file_stem;
use super::state::{use_ctx, DesignRunStatus};
use crate::designer::runbook;
use crate::download::download;

/// The runbook section, as its chunk hands it over.
#[derive(Clone, Copy)]
pub struct RunbookPart(pub fn() -> AnyView);

/// What the runbook chunk holds.
pub const RUNBOOK_PART: RunbookPart = RunbookPart(|| view! { <RunbookView /> }.into_any());

/// How the designer gets its runbook (`lazy_pages::load_runbook`, from the runbook chunk).
#[derive(Clone, Copy)]
pub struct LoadRunbook(pub fn(RwSignal<Option<RunbookPart>>));

impl LoadRunbook {
    /// Hands the runbook over at once (builds without chunks: the component tests).
    pub fn at_once() -> Self {
        LoadRunbook(|into| into.set(Some(RUNBOOK_PART)))
    }
}

/// The runbook once its chunk is here; fetched when the browser is next idle after the
/// page has drawn (at once where the browser has no idle callback). Without the chunk (or
/// a loader) there is no runbook section, and the rest of the designer works as before.
#[component]
pub fn LazyRunbook() -> impl IntoView {
    let part = RwSignal::new(None::<RunbookPart>);
    if let Some(LoadRunbook(load)) = use_context::<LoadRunbook>() {
        when_idle(move || load(part));
    }
    move || part.get().map(|p| (p.0)())
}

/// Runs `then` when the browser is next idle (`requestIdleCallback`), or after the
/// current task where it has none.
fn when_idle(then: impl FnOnce() + 'static) {
    let later = wasm_bindgen::closure::Closure::once_into_js(then);
    let window = web_sys::window();
    let idle = window
        .as_ref()
        .is_some_and(|w| w.request_idle_callback(later.unchecked_ref()).is_ok());
    if !idle {
        if let Some(w) = window {
            let _ = w.set_timeout_with_callback(later.unchecked_ref());
        }
    }
}

#[component]
pub fn RunbookView() -> impl IntoView {
    let ctx = use_ctx();
    // The runbook follows the design a moment after the last edit, so a run of quick
    // edits (a drag, typing) never waits for it to be rebuilt and redrawn.
    let settled = RwSignal::new(ctx.design_untracked());
    let timer = StoredValue::new_local(None::<gloo_timers::callback::Timeout>);
    Effect::new(move |_| {
        ctx.editor.with(|_| ());
        let pending = gloo_timers::callback::Timeout::new(300, move || {
            settled.set(ctx.design_untracked());
        });
        // Replacing the handle drops (cancels) the previous timer.
        timer.set_value(Some(pending));
    });
    on_cleanup(move || timer.set_value(None));
    let book = Memo::new(move |_| {
        let run = ctx.run.get();
        let summary = match &run {
            DesignRunStatus::Done(f) => Some(&f.summary),
            _ => None,
        };
        settled.with(|d| runbook::build(d, &hoplab_copiers::design_lint(d.topology()), summary))
    });
    let download_md = move |_| {
        settled.set(ctx.design_untracked());
        let name = ctx.with_design(|d| file_stem(&d.spec.name));
        let text = book.with_untracked(runbook::to_markdown);
        if let Err(e) = download(&format!("{name}-runbook.md"), "text/markdown", &text) {
            ctx.error(e);
        }
    };
    let print = move |_| {
        if let Some(w) = web_sys::window() {
            let _ = w.print();
        }
    };
    view! {
        <section class="designer-runbook" aria-labelledby="dz-runbook-title">
            <div class="runbook-head">
                <h2 id="dz-runbook-title">"Runbook"</h2>
                <div class="run-controls">
                    <button type="button" on:click=download_md>"Download .md"</button>
                    <button type="button" on:click=print>"Print"</button>
                </div>
            </div>
            {move || book.with(|b| {
                let title = b.title.clone();
                let sections = b.sections.iter().map(|s| {
                    let items = (!s.items.is_empty()).then(|| view! {
                        <ul class="checklist">{s.items.iter().map(|i| view! { <li>{i.clone()}</li> }).collect_view()}</ul>
                    });
                    let table = s.table.as_ref().filter(|t| !t.rows.is_empty()).map(|t| view! {
                        <table class="data" tabindex="0">
                            <thead><tr>{t.head.iter().map(|h| view! { <th scope="col">{h.clone()}</th> }).collect_view()}</tr></thead>
                            <tbody>{t.rows.iter().map(|r| view! { <tr>{r.iter().map(|c| view! { <td>{c.clone()}</td> }).collect_view()}</tr> }).collect_view()}</tbody>
                        </table>
                    });
                    view! { <h4>{s.heading.clone()}</h4>{items}{table} }
                }).collect_view();
                view! { <article class="runbook"><h3>{title}</h3>{sections}</article> }
            })}
        </section>
    }
}
