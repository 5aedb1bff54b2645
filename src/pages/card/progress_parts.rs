//! The card pages' progress parts: the card page's notice and mark buttons, and the card
//! list's store. They need the progress store and its format code (stored JSON, the
//! practice schedule that old progress migrates to), which neither page needs to show
//! first: both fetch them in a chunk of their own once they show
//! (`lazy_pages::card_progress_chunk`).

use leptos::prelude::*;

use super::MarkButtons;
use crate::components::ProgressNotice;
use crate::progress_store::{use_progress, ProgressStore};

/// How the card pages get their progress parts: the app provides it as context
/// (`lazy_pages::load_card_progress`, from the parts' own chunk).
#[derive(Clone, Copy)]
pub struct LoadCardProgress(pub fn(RwSignal<Option<CardProgress>>));

/// What the progress chunk holds for the card pages.
#[derive(Clone, Copy)]
pub struct CardProgress {
    /// A card page's notice about stored data and its mark buttons, for the card's slug.
    pub widgets: fn(String) -> AnyView,
    /// The card list's store, once progress on cards the list does not hold (`known`) is
    /// dropped.
    pub store_for_list: fn(&[String]) -> ProgressStore,
}

/// The progress chunk's parts.
pub const CARD_PROGRESS: CardProgress = CardProgress {
    widgets: progress_widgets,
    store_for_list,
};

fn progress_widgets(slug: String) -> AnyView {
    view! {
        <ProgressNotice />
        <MarkButtons slug />
    }
    .into_any()
}

fn store_for_list(known: &[String]) -> ProgressStore {
    let store = use_progress();
    let known: Vec<&str> = known.iter().map(String::as_str).collect();
    store.forget_unknown(&known);
    store
}

/// Fetches the progress parts into `parts` after the next paint, once per page (the app
/// provides the loader; a page mounted without it, as in the component tests, shows none).
pub fn load_after_paint(parts: RwSignal<Option<CardProgress>>) {
    let load = use_context::<LoadCardProgress>().map(|LoadCardProgress(load)| load);
    after_paint(parts, load);
}

/// Runs `load` into `parts` after the next paint, unless they are there or there is no
/// loader.
pub fn after_paint<T: Send + Sync + 'static>(
    parts: RwSignal<Option<T>>,
    load: Option<fn(RwSignal<Option<T>>)>,
) {
    if let Some(load) = load {
        if parts.with_untracked(Option::is_none) {
            request_animation_frame(move || load(parts));
        }
    }
}
