use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_location;

use crate::components::set_page_title;

#[component]
pub fn NotFound() -> impl IntoView {
    set_page_title("Page not found");
    let path = use_location().pathname;
    view! {
        <div class="page not-found">
            <h1>"This page does not exist"</h1>
            <p>"There is nothing at " <code>{move || path.get()}</code> "."</p>
            <p>"Perhaps you were looking for one of these:"</p>
            <ul>
                <li><A href="/cards">"The question cards"</A></li>
                <li><A href="/lab">"The lab's scenarios"</A></li>
                <li><A href="/">"The home page"</A></li>
            </ul>
        </div>
    }
}
