//! The model's lint of the design, beside the canvas, redone on every edit. Pointing at
//! or focusing a finding emphasises the elements it concerns; each links to its card.

use leptos::prelude::*;
use leptos_router::components::A;

use super::state::use_ctx;
use crate::designer::findings::targets;

#[component]
pub fn LintPanel() -> impl IntoView {
    let ctx = use_ctx();
    let count = move || ctx.findings.with(|f| f.len());
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
                    {
                        let (i, f) = item;
                        let concerns = ctx.with_topology(|t| targets(&f, t).iter().map(|e| e.label()).collect::<Vec<_>>().join(", "));
                        view! {
                            <li
                                class="lint-item"
                                class:is-hot=move || ctx.active_finding.get() == Some(i)
                                data-code=f.code.id()
                                on:pointerenter=move |_| ctx.active_finding.set(Some(i))
                                on:pointerleave=move |_| ctx.active_finding.set(None)
                                on:focusin=move |_| ctx.active_finding.set(Some(i))
                                on:focusout=move |_| ctx.active_finding.set(None)
                            >
                                <p class="lint-code">{f.code.id()}</p>
                                <p>{f.message.clone()}</p>
                                <p class="row-note">"Concerns: " {concerns}</p>
                                <A href=format!("/cards/{}", f.card)>"Read the card: " {f.card}</A>
                            </li>
                        }
                    }
                </For>
            </ul>
        </aside>
    }
}
