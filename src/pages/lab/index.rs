//! `/lab`: every scenario in the model's library, with the card it belongs to.

use hoplab_model::scenarios;
use leptos::prelude::*;
use leptos_router::components::A;

use crate::components::set_page_title;
use crate::fetch;

#[component]
pub fn LabIndex() -> impl IntoView {
    crate::page_styles::LAB_LIST.add();
    set_page_title("Lab");
    let index = LocalResource::new(fetch::card_index);
    // The cards whose "show me" opens this scenario, once the index has loaded; until
    // then (or if it fails) the scenario's own card, by its slug.
    let cards_of = move |id: &'static str, own: &'static str| {
        move || {
            let found: Vec<(String, String)> = index
                .get()
                .and_then(|r| r.ok())
                .map(|i| {
                    i.cards()
                        .filter(|c| c.scenario == id || c.slug == own)
                        .map(|c| (c.slug.clone(), c.question.clone()))
                        .collect()
                })
                .unwrap_or_default();
            let found = if found.is_empty() {
                vec![(own.to_string(), own.replace('-', " "))]
            } else {
                found
            };
            found
                .into_iter()
                .map(|(slug, q)| view! { <li><A href=format!("/cards/{slug}")>{q}</A></li> })
                .collect_view()
        }
    };
    view! {
        <div class="page lab lab-index">
            <header class="page-header">
                <h1>"The copier lab"</h1>
                <p class="lede">
                    "Each scenario runs the copier model in your browser and shows one card’s claim happening: records leaving a writer, waiting for the copier, crossing the hop and landing at a new position. Play, step, scrub back and forth, change the set-up, break things; the address keeps it all, so a copied link shows exactly what you saw."
                </p>
            </header>
            <ol class="lab-list">
                {scenarios::all()
                    .into_iter()
                    .map(|s| {
                        view! {
                            <li class="lab-item" data-scenario=s.id>
                                <h2><A href=format!("/lab/{}", s.id)>{s.title}</A></h2>
                                <p>{s.summary}</p>
                                <p class="lab-item-card">"Shows what this card claims:"</p>
                                <ul class="lab-item-cards">{cards_of(s.id, s.card)}</ul>
                                <p><A href=format!("/lab/{}", s.id) attr:class="button lab-open">"Run it"</A></p>
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
        </div>
    }
}
