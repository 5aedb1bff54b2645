//! `/cards/:slug`: one question card.

mod depth_tabs;
mod marks;
mod progress_parts;
mod reveal;

use hoplab_content::RenderedCard;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_params_map;

use crate::components::{set_page_title, LoadError, Loading};
use crate::fetch;
use crate::practice::recording::Part;

pub use depth_tabs::DepthTabs;
pub use marks::MarkButtons;
use marks::MarkButtonsPending;
pub use progress_parts::{load_after_paint, CardProgress, LoadCardProgress, CARD_PROGRESS};
pub use reveal::{
    load_recorder_after_paint, record_button, LoadCardRecorder, RecordButton, TimedReveal,
};

#[component]
pub fn CardPage() -> impl IntoView {
    crate::page_styles::CARD.add();
    let params = use_params_map();
    let slug = move || params.read().get("slug").unwrap_or_default();
    let card = fetch::fetched(move || {
        let slug = slug();
        async move { fetch::card_page(&slug).await }
    });
    let progress = RwSignal::new(None::<CardProgress>);
    let recorder = RwSignal::new(None::<RecordButton>);
    view! {
        <div class="page card-page">
            {move || match card.get() {
                None => view! { <Loading what="the card" /> }.into_any(),
                Some(Ok(card)) => {
                    load_after_paint(progress);
                    load_recorder_after_paint(recorder);
                    let widgets = Signal::derive(move || progress.get().map(|p| p.widgets));
                    view! { <CardView card widgets recorder /> }.into_any()
                }
                Some(Err(error)) if error == "not found" => view! { <UnknownCard slug=slug() /> }.into_any(),
                Some(Err(error)) => view! { <LoadError what="the card" error /> }.into_any(),
            }}
        </div>
    }
}

/// Shows a card's progress parts for its slug: the notice about stored data and the mark
/// buttons.
pub type ProgressWidgets = fn(String) -> AnyView;

#[component]
fn UnknownCard(slug: String) -> impl IntoView {
    set_page_title("Card not found");
    view! {
        <h1>"No such card"</h1>
        <p>"There is no card called " <code>{slug}</code> ". " <A href="/cards">"See all the cards"</A> "."</p>
    }
}

/// One card. `widgets` shows the progress parts in the header once they are there (the
/// card page loads them after the card shows; without them the card is complete to read).
/// `recorder`, once there, gives each timed reveal a record button (also loaded after the
/// card shows).
/// The parts that never change come as finished HTML from the build (`hoplab_content::page`,
/// the project's own content); the answers, the depth tabs and the progress parts are views.
#[component]
pub fn CardView(
    card: RenderedCard,
    #[prop(optional, into)] widgets: MaybeProp<ProgressWidgets>,
    #[prop(optional, into)] recorder: MaybeProp<RecordButton>,
) -> impl IntoView {
    set_page_title(&card.question);
    let RenderedCard {
        slug,
        question_html,
        breadcrumb_html,
        meta_html,
        outline_html,
        basics,
        solid,
        depth,
        rest_html,
        ..
    } = card;
    let (record_basics, record_solid) = ((slug.clone(), Part::Basics), (slug.clone(), Part::Solid));
    view! {
        <article class="card" aria-labelledby="card-question">
            <nav class="breadcrumb" aria-label="Breadcrumb" inner_html=breadcrumb_html></nav>
            <header class="card__header">
                <h1 id="card-question" inner_html=question_html></h1>
                <p class="card__meta" inner_html=meta_html></p>
                {move || match widgets.get() {
                    Some(show) => show(slug.clone()),
                    None => view! { <MarkButtonsPending /> }.into_any(),
                }}
            </header>
            <section class="card__outline" aria-labelledby="outline-heading" inner_html=outline_html></section>
            <section class="card__answers" aria-labelledby="answers-heading">
                <h2 id="answers-heading">"Say it out loud first"</h2>
                <p class="hint">"Answer aloud before you reveal. The countdown is the time you would have in an interview."</p>
                <div class="answers">
                    <TimedReveal id="basics" title="The 20-second answer" seconds=20 html=basics record=record_basics recorder />
                    <TimedReveal id="solid" title="The 50-second answer" seconds=50 html=solid record=record_solid recorder />
                </div>
            </section>
            <section class="card__depth" aria-labelledby="depth-heading">
                <h2 id="depth-heading">"Go deeper: what each level adds"</h2>
                <DepthTabs depth />
            </section>
            <div class="card__rest" inner_html=rest_html></div>
        </article>
    }
}
