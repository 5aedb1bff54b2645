//! Course progress in local storage, for the course pages.

use leptos::prelude::*;

use crate::course::progress::CourseProgress;
use crate::storage;

const KEY: &str = "hoplab.course";

#[derive(Clone, Copy)]
pub struct CourseStore {
    pub progress: RwSignal<CourseProgress>,
    /// A sentence for the page about stored data that could not be used, or a failed save.
    pub notice: RwSignal<Option<String>>,
}

impl CourseStore {
    pub fn load() -> Self {
        let stored = storage::read(KEY);
        let loaded = CourseProgress::load(stored.as_deref());
        if let (true, Some(text)) = (loaded.unreadable, &stored) {
            // Kept under `hoplab.course.unreadable` (or `.2`, …), as the notice says.
            storage::set_aside(KEY, text);
        }
        CourseStore {
            progress: RwSignal::new(loaded.progress),
            notice: RwSignal::new(loaded.notice),
        }
    }

    pub fn update(&self, f: impl FnOnce(&mut CourseProgress)) {
        self.progress.update(f);
        let json = self.progress.with_untracked(CourseProgress::to_json);
        if !storage::write(KEY, &json) {
            self.notice.set(Some(
                "This browser would not store your course progress (private mode or full \
                 storage); it lasts until you close the tab."
                    .into(),
            ));
        }
    }
}
