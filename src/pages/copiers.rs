//! `/copiers`: the real copiers side by side. What each carries across and what it leaves
//! behind, how it stops loops, the cards that discuss it and where each fact was checked.
//! The data is `content/copiers.toml`; the build writes what this page shows of it as
//! finished HTML (`hoplab_content::copiers_page`, the project's own content, every text
//! escaped), so the page holds no code to build the table and no reader for its JSON.

use leptos::prelude::*;

use crate::components::{set_page_title, LoadError, Loading};
use crate::fetch;

#[component]
pub fn CopiersPage() -> impl IntoView {
    crate::page_styles::COPIERS.add();
    set_page_title("Copiers compared");
    let comparison = fetch::fetched(fetch::copiers_page);
    view! {
        <div class="page copiers-page">
            <h1>"Real copiers compared"</h1>
            <p class="lede">
                "Every product below copies records between sites. What differs is everything else: "
                "whether positions, reader positions, timestamps, headers, schemas, access rules and "
                "stream settings cross with them, and what stops a record from circling between sites."
            </p>
            {move || match comparison.get() {
                None => view! { <Loading what="the comparison" /> }.into_any(),
                Some(Ok(html)) => {
                    // A link such as /copiers#pulsar-geo-replication arrives before the rows
                    // exist: once they do, bring the named row into view and focus its heading.
                    request_animation_frame(|| scroll_to_hash(30));
                    view! { <div class="copiers__comparison" inner_html=html></div> }.into_any()
                }
                Some(Err(error)) => view! { <LoadError what="the comparison" error /> }.into_any(),
            }}
        </div>
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
