//! The narration (the model's log in plain words, step by step) and the measures list,
//! written as escaped markup a few times a second.

use leptos::prelude::*;
use leptos_router::components::A;

use super::stage_dom::esc;
use super::state::use_lab;
use crate::lab::layout::fmt_time;

#[component]
pub fn Narration() -> impl IntoView {
    let lab = use_lab();
    let (card, watch) = lab.scenario.with_value(|s| (s.card, s.watch_for.clone()));
    let latest = move || lab.panel.with(|p| p.log.last().map_or(0, |e| e.seq + 1));
    let items = move || {
        lab.panel.with(|p| {
            p.log
                .iter()
                .map(|e| {
                    format!(
                        "<li class=\"log log--{}\" data-seq=\"{}\"><time>{}</time><span>{}</span></li>",
                        format!("{:?}", e.kind).to_lowercase(),
                        e.seq,
                        fmt_time(e.at_ms),
                        esc(&e.text)
                    )
                })
                .collect::<String>()
        })
    };
    let watch: String = watch
        .iter()
        .map(|w| format!("<li>{}</li>", esc(w)))
        .collect();
    view! {
        <section class="lab-narration" aria-labelledby="narration-title">
            <h2 id="narration-title">"What just happened"</h2>
            <ol class="narration" data-latest=move || latest().to_string() inner_html=items></ol>
            <p class="narration-empty" class:hidden=move || lab.panel.with(|p| !p.log.is_empty())>
                "Press Play (or Space), or Step (→) to walk through one event at a time."
            </p>
            <h3>"Watch for"</h3>
            <ul class="watch-for" inner_html=watch></ul>
            <p class="lab-card-link">
                <A href=format!("/cards/{card}")>"Back to the card"</A>
            </p>
        </section>
    }
}

#[component]
pub fn Measures() -> impl IntoView {
    let lab = use_lab();
    let rows = move || {
        lab.panel.with(|p| {
            p.rows
                .iter()
                .map(|r| {
                    format!(
                        "<div class=\"measure{}{}\"><dt>{}</dt><dd data-measure=\"{}\" data-value=\"{}\">{}</dd></div>",
                        if r.alert { " alert" } else { "" },
                        if r.value.len() > 24 { " long" } else { "" },
                        esc(&r.label),
                        esc(&r.id),
                        r.number,
                        esc(&r.value)
                    )
                })
                .collect::<String>()
        })
    };
    view! {
        <section class="lab-measures" aria-labelledby="measures-title">
            <h2 id="measures-title">"Measures"</h2>
            <dl class="measures" inner_html=rows></dl>
        </section>
    }
}
