use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

use crate::components::set_page_title;

#[component]
pub fn LabIndex() -> impl IntoView {
    set_page_title("Lab");
    view! {
        <div class="page lab">
            <h1>"The copier lab"</h1>
            <p class="notice" role="status"><strong>"Not built yet. "</strong>"The lab's scenarios arrive with the simulator."</p>
        </div>
    }
}

#[component]
pub fn LabPage() -> impl IntoView {
    let params = use_params_map();
    let scenario = move || params.read().get("scenario").unwrap_or_default();
    set_page_title("Lab");
    view! {
        <div class="page lab">
            <h1>"Scenario: " {scenario}</h1>
            <p class="notice" role="status"><strong>"Not built yet. "</strong>"The lab's scenarios arrive with the simulator."</p>
        </div>
    }
}
