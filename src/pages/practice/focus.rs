//! Moving keyboard focus by element id, for a session that moves on without a click.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Moves keyboard focus to the element with `id`, if it is on the page.
pub(super) fn focus_by_id(id: &str) {
    if let Some(element) = document()
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        _ = element.focus();
    }
}
