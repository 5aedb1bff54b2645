use leptos::prelude::*;

use crate::progress::Mark;
use crate::progress_store::use_progress;

/// Studied / confident / shaky, as toggle buttons; pressing the active one clears it.
#[component]
pub fn MarkButtons(slug: String) -> impl IntoView {
    let store = use_progress();
    let slug = StoredValue::new(slug);
    view! {
        <div class="marks" role="group" aria-label="Your progress on this card">
            {Mark::ALL
                .map(|mark| {
                    let pressed = move || slug.with_value(|s| store.mark(s)) == Some(mark);
                    let toggle = move |_| {
                        let next = if pressed() { None } else { Some(mark) };
                        slug.with_value(|s| store.set(s, next));
                    };
                    view! {
                        <button
                            type="button"
                            class=format!("mark mark--{}", mark.id())
                            aria-pressed=move || pressed().to_string()
                            on:click=toggle
                        >
                            {mark.label()}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// Where the mark buttons will be, drawn hidden until the progress parts arrive: the same
/// buttons at the same size, so their arrival moves nothing below them. Not focusable and
/// not read out (`inert`, `aria-hidden`).
#[component]
pub fn MarkButtonsPending() -> impl IntoView {
    view! {
        <div class="marks-pending" aria-hidden="true" inert="">
            {Mark::ALL
                .map(|mark| view! { <button type="button" class="mark" disabled tabindex="-1">{mark.label()}</button> })
                .collect_view()}
        </div>
    }
}
