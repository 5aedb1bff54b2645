//! `/challenges`: the design challenges and failover drills, each with its level, the
//! cards it draws on and whether it was passed or tried in this browser; `/drills`: the
//! drills alone.

use hoplab_model::challenge::{Challenge, SHIPPED};
use leptos::prelude::*;
use leptos_router::components::A;

use crate::challenge_status::status_of as challenge_status;
use crate::components::set_page_title;

fn shipped() -> Vec<Challenge> {
    SHIPPED
        .iter()
        .filter_map(|(_, text)| Challenge::from_json(text).ok())
        .collect()
}

#[component]
pub fn ChallengesList() -> impl IntoView {
    crate::page_styles::DESIGNER.add();
    set_page_title("Design challenges");
    view! {
        <div class="page challenges-page">
            <h1>"Design challenges"</h1>
            <p class="lede">
                "An interview brief, your design in the designer, and a verdict: the model runs the brief’s hidden faults against your design on five seeds and says, for each requirement, whether it held on every one. The failover drills at the end are game days: the estate is given, the fault strikes when you do not expect it, and you fail over yourself while the clock runs ("
                <A href="/drills">"the drills alone"</A>
                ")."
            </p>
            <ChallengeList all=shipped() />
        </div>
    }
}

/// `/drills`: the failover drills.
#[component]
pub fn DrillsList() -> impl IntoView {
    crate::page_styles::DESIGNER.add();
    set_page_title("Failover drills");
    let drills = shipped()
        .into_iter()
        .filter(|c| c.drill.is_some())
        .collect();
    view! {
        <div class="page challenges-page">
            <h1>"Failover drills"</h1>
            <p class="lede">
                "Game days against the live model: an estate runs, a site is lost or stops answering at a moment you do not choose, and you fail over move by move while the clock runs. The debrief sets your run beside the best moves on the same moment: what each difference cost, and the card that explains it. "
                <A href="/challenges">"Every design challenge"</A>
            </p>
            <ChallengeList all=drills />
        </div>
    }
}

#[component]
fn ChallengeList(all: Vec<Challenge>) -> impl IntoView {
    view! {
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
    }
}
