//! A challenge's or drill's requirements, each with its target and a hint to open.

use hoplab_model::challenge::Requirement;
use leptos::prelude::*;

#[component]
pub fn RequirementList(requirements: Vec<Requirement>) -> impl IntoView {
    view! {
        <h2>"Requirements"</h2>
        <ul class="challenge-requirements">
            {requirements.into_iter().map(|r| view! {
                <li>
                    {format!("{} ({})", r.says, r.target())}
                    <details><summary>"Hint"</summary><p>{r.hint}</p></details>
                </li>
            }).collect_view()}
        </ul>
    }
}
