//! `/challenges`: the design challenges, each with its level, the cards it draws on and
//! whether it was passed or tried in this browser.

use hoplab_model::challenge::{Challenge, SHIPPED};
use leptos::prelude::*;
use leptos_router::components::A;

use crate::challenge_status::status_of as challenge_status;
use crate::components::set_page_title;

#[component]
pub fn ChallengesList() -> impl IntoView {
    crate::page_styles::DESIGNER.add();
    set_page_title("Design challenges");
    let all: Vec<Challenge> = SHIPPED
        .iter()
        .filter_map(|(_, text)| Challenge::from_json(text).ok())
        .collect();
    view! {
        <div class="page challenges-page">
            <h1>"Design challenges"</h1>
            <p class="lede">
                "An interview brief, your design in the designer, and a verdict: the model runs the brief’s hidden faults against your design on five seeds and says, for each requirement, whether it held on every one."
            </p>
            <ul class="challenge-list">
                {all.into_iter().map(|c| {
                    let status = challenge_status(&c.id);
                    view! {
                        <li data-challenge=c.id.clone()>
                            <A href=c.page()>{c.title.clone()}</A>
                            <span class="row-note">{format!(" · {} · ", c.level)}</span>
                            <span class="challenge-status">{match status.as_deref() {
                                Some("passed") => "passed",
                                Some(_) => "tried",
                                None => "not tried",
                            }}</span>
                            <p>{c.brief.clone()}</p>
                            <p class="row-note">"Cards: " {c.cards.clone().into_iter().map(|card| view! { <A href=format!("/cards/{card}")>{card.clone()}</A> " " }).collect_view()}</p>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </div>
    }
}
