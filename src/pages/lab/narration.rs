//! The narration (the model's log in plain words, step by step) and the measures list.

use leptos::prelude::*;
use leptos_router::components::A;

use super::state::use_lab;
use crate::lab::layout::fmt_time;

#[component]
pub fn Narration() -> impl IntoView {
    let lab = use_lab();
    let (card, watch) = lab.scenario.with_value(|s| (s.card, s.watch_for.clone()));
    let latest = move || lab.panel.with(|p| p.log.last().map_or(0, |e| e.seq + 1));
    view! {
        <section class="lab-narration" aria-labelledby="narration-title">
            <h2 id="narration-title">"What just happened"</h2>
            <ol class="narration" data-latest=move || latest().to_string()>
                <For
                    each=move || lab.panel.with(|p| p.log.clone())
                    key=|e| e.seq
                    children=|e| {
                        let kind = format!("{:?}", e.kind).to_lowercase();
                        view! {
                            <li class=format!("log log--{kind}") data-seq=e.seq>
                                <time>{fmt_time(e.at_ms)}</time>
                                <span>{e.text}</span>
                            </li>
                        }
                    }
                />
            </ol>
            {move || lab.panel.with(|p| p.log.is_empty()).then(|| view! {
                <p class="narration-empty">"Press Play (or Space), or Step (→) to walk through one event at a time."</p>
            })}
            <h3>"Watch for"</h3>
            <ul class="watch-for">
                {watch.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}
            </ul>
            <p class="lab-card-link">
                <A href=format!("/cards/{card}")>"Back to the card"</A>
            </p>
        </section>
    }
}

#[component]
pub fn Measures() -> impl IntoView {
    let lab = use_lab();
    view! {
        <section class="lab-measures" aria-labelledby="measures-title">
            <h2 id="measures-title">"Measures"</h2>
            <dl class="measures">
                <For
                    each=move || lab.panel.with(|p| p.rows.iter().map(|r| (r.id.clone(), r.label.clone())).collect::<Vec<_>>())
                    key=|r| format!("{}|{}", r.0, r.1)
                    children=move |(id, label)| {
                        let i1 = id.clone();
                        let row = move || lab.panel.with(|p| p.rows.iter().find(|r| r.id == i1).cloned());
                        let r2 = row.clone();
                        let r3 = row.clone();
                        view! {
                            <div class="measure" class:alert=move || r2().is_some_and(|r| r.alert)>
                                <dt>{label}</dt>
                                <dd data-measure=id data-value=move || r3().map(|r| r.number.to_string()).unwrap_or_default()>
                                    {move || row().map(|r| r.value).unwrap_or_default()}
                                </dd>
                            </div>
                        }
                    }
                />
            </dl>
        </section>
    }
}
