//! Loading and error states, worded for a reader rather than a developer.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::progress_store::use_progress;

#[component]
pub fn Loading(what: &'static str) -> impl IntoView {
    view! { <p class="loading" role="status">"Loading " {what} "…"</p> }
}

#[component]
pub fn LoadError(what: &'static str, error: String) -> impl IntoView {
    view! {
        <div class="notice notice--error" role="alert">
            <p><strong>"Could not load " {what} ". "</strong> {error}</p>
            <p>"Reload the page to try again, or go back to " <A href="/">"the home page"</A> "."</p>
        </div>
    }
}

/// Says once, politely, when stored progress could not be used; the reader can dismiss it.
#[component]
pub fn ProgressNotice() -> impl IntoView {
    view! { <DismissibleNotice notice=use_progress().notice /> }
}

/// A sentence about stored data (set aside, or not saved) until the reader dismisses it.
#[component]
pub fn DismissibleNotice(notice: RwSignal<Option<String>>) -> impl IntoView {
    move || {
        notice.get().map(|text| {
            view! {
                <div class="notice" role="status">
                    <p>{text}</p>
                    <button type="button" class="button button--quiet" on:click=move |_| notice.set(None)>
                        "Dismiss"
                    </button>
                </div>
            }
        })
    }
}

/// Shown in place of a page whose code did not download (its wasm chunk). Nothing else on the
/// site is affected; a retry downloads it again.
#[component]
pub fn PageLoadFailed() -> impl IntoView {
    super::set_page_title("Page did not load");
    let retry = |_| {
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    };
    view! {
        <section class="page">
            <h1>"This page did not load"</h1>
            <div class="notice notice--error" role="alert">
                <p>
                    <strong>"Its code could not be downloaded. "</strong>
                    "Check your connection, then try again."
                </p>
                <p>
                    <button type="button" class="button" on:click=retry>"Try again"</button>
                    " or go back to " <A href="/">"the home page"</A> "."
                </p>
            </div>
        </section>
    }
}
