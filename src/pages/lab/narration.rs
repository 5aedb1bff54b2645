//! The narration (the model's log in plain words, step by step) and the measures list:
//! keyed lists, so a refresh only touches the entries that came, went or changed.

use leptos::prelude::*;
use leptos_router::components::A;

use super::state::use_run;
use crate::lab::layout::fmt_time;

#[component]
pub fn Narration() -> impl IntoView {
    let run = use_run();
    let (card, watch) = run.with_show(|s| (s.card.clone(), s.watch_for.clone()));
    let latest = move || run.with_panel(|p| p.log.last().map_or(0, |e| e.seq + 1));
    // A log entry never changes once written, but a rebuilt run (a knob changed) numbers
    // its entries from 0 again: keyed by number and sentence, so only a new entry is drawn.
    let entries = move || run.with_panel(|p| p.log.clone());
    let has_watch = !watch.is_empty();
    view! {
        <section class="lab-narration" aria-labelledby="narration-title">
            <h2 id="narration-title">"What just happened"</h2>
            <ol class="narration" data-latest=move || latest().to_string()>
                <For each=entries key=|e| (e.seq, e.sentence()) let:e>
                    <li class=format!("log log--{}", format!("{:?}", e.kind()).to_lowercase()) data-seq=e.seq.to_string()>
                        <time>{fmt_time(e.at_ms)}</time>
                        <span>{e.sentence()}</span>
                    </li>
                </For>
            </ol>
            <p class="narration-empty" class:hidden=move || run.with_panel(|p| !p.log.is_empty())>
                "Press Play (or Space), or Step (→) to walk through one event at a time."
            </p>
            {has_watch.then(|| view! {
                <h3>"Watch for"</h3>
                <ul class="watch-for">{watch.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ul>
            })}
            {card.map(|card| view! {
                <p class="lab-card-link">
                    <A href=format!("/cards/{card}")>"Back to the card"</A>
                </p>
            })}
        </section>
    }
}

/// One measure row, by id: its label, value and alert follow the panel.
#[component]
fn MeasureItem(id: String) -> impl IntoView {
    let run = use_run();
    let key = id.clone();
    let row = Memo::new(move |_| run.with_panel(|p| p.rows.iter().find(|r| r.id == key).cloned()));
    let get = move |f: fn(&crate::lab::describe::MeasureRow) -> String| {
        move || row.with(|r| r.as_ref().map(f).unwrap_or_default())
    };
    view! {
        <div
            class="measure"
            class:alert=move || row.with(|r| r.as_ref().is_some_and(|r| r.alert))
            class:long=move || row.with(|r| r.as_ref().is_some_and(|r| r.value.len() > 24))
        >
            <dt>{get(|r| r.label.clone())}</dt>
            <dd data-measure=id data-value=get(|r| r.number.to_string())>{get(|r| r.value.clone())}</dd>
        </div>
    }
}

#[component]
pub fn Measures() -> impl IntoView {
    let run = use_run();
    let ids = move || run.with_panel(|p| p.rows.iter().map(|r| r.id.clone()).collect::<Vec<_>>());
    view! {
        <section class="lab-measures" aria-labelledby="measures-title">
            <h2 id="measures-title">"Measures"</h2>
            <dl class="measures">
                <For each=ids key=|id| id.clone() let:id>
                    <MeasureItem id />
                </For>
            </dl>
        </section>
    }
}
