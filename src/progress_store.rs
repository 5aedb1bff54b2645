//! Study progress shared by the card pages, kept in local storage.

use leptos::prelude::*;

use crate::progress::{Mark, Progress};
use crate::storage;

const KEY: &str = "hoplab.progress";
/// Where unreadable progress is moved, so a bug or a manual edit loses nothing.
const SET_ASIDE_KEY: &str = "hoplab.progress.unreadable";

#[derive(Clone, Copy)]
pub struct ProgressStore {
    pub progress: RwSignal<Progress>,
    /// A sentence for the page about stored data that could not be used, or a failed save.
    pub notice: RwSignal<Option<String>>,
}

impl ProgressStore {
    pub fn load() -> Self {
        let stored = storage::read(KEY);
        let loaded = Progress::load(stored.as_deref(), None);
        if loaded.unreadable {
            if let Some(text) = &stored {
                storage::write(SET_ASIDE_KEY, text);
            }
        }
        ProgressStore {
            progress: RwSignal::new(loaded.progress),
            notice: RwSignal::new(loaded.notice),
        }
    }

    /// Drops marks for cards that no longer exist, once the card list is known.
    pub fn forget_unknown(&self, known: &[&str]) {
        let mut progress = self.progress.get_untracked();
        if let Some(notice) = progress.retain_known(known) {
            self.progress.set(progress);
            self.notice.set(Some(notice));
            self.save();
        }
    }

    pub fn mark(&self, slug: &str) -> Option<Mark> {
        self.progress.with(|p| p.mark(slug))
    }

    pub fn set(&self, slug: &str, mark: Option<Mark>) {
        self.progress.update(|p| p.set(slug, mark));
        self.save();
    }

    fn save(&self) {
        let json = self.progress.with_untracked(Progress::to_json);
        if !storage::write(KEY, &json) {
            self.notice.set(Some(
                "This browser would not store your progress (private mode or full storage); \
                 your marks last until you close the tab."
                    .into(),
            ));
        }
    }
}

pub fn use_progress() -> ProgressStore {
    expect_context::<ProgressStore>()
}
