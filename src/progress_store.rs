//! Study progress shared by the card pages and practice mode, kept in local storage.

use leptos::prelude::*;

use crate::practice::queue::local_day;
use crate::practice::{Grade, ReviewState};
use crate::progress::{Mark, Progress, Settings};
use crate::storage;

const KEY: &str = "hoplab.progress";

/// The browser's clock: now in milliseconds, and the offset that makes calendar days local.
pub fn clock() -> (i64, i32) {
    let now = js_sys::Date::now() as i64;
    let offset = js_sys::Date::new_0().get_timezone_offset() as i32;
    (now, offset)
}

#[derive(Clone, Copy)]
pub struct ProgressStore {
    pub progress: RwSignal<Progress>,
    /// A sentence for the page about stored data that could not be used, or a failed save.
    pub notice: RwSignal<Option<String>>,
    /// The storage key holding the text that could not be used, if any (the practice page
    /// offers it as a download).
    pub set_aside: RwSignal<Option<String>>,
}

impl ProgressStore {
    pub fn load() -> Self {
        let stored = storage::read(KEY);
        let loaded = Progress::load(stored.as_deref(), None, clock().0);
        let mut notice = loaded.notice;
        let mut set_aside = None;
        if let (true, Some(text)) = (loaded.unreadable, &stored) {
            if let Some(key) = storage::set_aside(KEY, text) {
                notice = notice.map(|n| format!("{n} (Kept under “{key}”.)"));
                set_aside = Some(key);
            }
        }
        let store = ProgressStore {
            progress: RwSignal::new(loaded.progress),
            notice: RwSignal::new(notice),
            set_aside: RwSignal::new(set_aside),
        };
        // Migrated progress is saved at once, so the old format is read only once. Text
        // that could not be used is not overwritten until the learner changes something.
        if loaded.migrated {
            store.save();
        }
        store
    }

    /// Drops progress on cards that no longer exist, once the card list is known.
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

    /// Schedules a card after a practice answer; returns its new schedule.
    pub fn record_review(&self, slug: &str, grade: Grade) -> ReviewState {
        let (now, offset) = clock();
        let mut state = None;
        self.progress.update(|p| {
            state = Some(
                p.record_review(slug, grade, now, local_day(now, offset))
                    .clone(),
            );
        });
        self.save();
        state.expect("record_review always schedules")
    }

    /// Keeps the outline cues missed at a card's review (see `Progress::set_missed`).
    pub fn set_missed(&self, slug: &str, missed: Vec<u8>) {
        if self
            .progress
            .with_untracked(|p| p.missed(slug) == missed.as_slice())
        {
            return;
        }
        self.progress.update(|p| p.set_missed(slug, missed));
        self.save();
    }

    pub fn set_settings(&self, settings: Settings) {
        self.progress.update(|p| p.settings = settings);
        self.save();
    }

    /// Takes in an imported file's progress (see `Progress::merge`).
    pub fn merge(&self, imported: Progress) {
        self.progress.update(|p| p.merge(imported));
        self.save();
    }

    fn save(&self) {
        let json = self.progress.with_untracked(Progress::to_json);
        if !storage::write(KEY, &json) {
            self.notice.set(Some(
                "This browser would not store your progress (private mode or full storage); \
                 it lasts until you close the tab. Export it to keep it."
                    .into(),
            ));
        }
    }
}

/// Where the app keeps the store. The store is made on first use, under the app's owner, so
/// reading stored progress (and the schedule code a migration needs) is not part of the
/// first download: only the pages that show progress load it.
#[derive(Clone)]
pub struct ProgressHome {
    owner: Owner,
    store: StoredValue<Option<ProgressStore>>,
}

impl ProgressHome {
    /// A home under the current owner: call it in the app's root component.
    pub fn here() -> Self {
        ProgressHome {
            owner: Owner::current().expect("ProgressHome::here runs inside the app"),
            store: StoredValue::new(None),
        }
    }
}

/// The progress store: one given directly as context (tests do), or the app's, loaded on
/// first use.
pub fn use_progress() -> ProgressStore {
    if let Some(store) = use_context::<ProgressStore>() {
        return store;
    }
    let home = expect_context::<ProgressHome>();
    if let Some(store) = home.store.get_value() {
        return store;
    }
    let store = home.owner.with(ProgressStore::load);
    home.store.set_value(Some(store));
    store
}
