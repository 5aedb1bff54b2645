//! Course progress in local storage, for the course pages.

use leptos::prelude::*;

use crate::course::progress::CourseProgress;
use crate::storage;

const KEY: &str = "hoplab.course";
/// Where unreadable progress is moved, so a bug or a manual edit loses nothing. A second
/// failure never overwrites the first one set aside.
const SET_ASIDE_KEY: &str = "hoplab.course.unreadable";

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
        if loaded.unreadable {
            if let Some(text) = &stored {
                let key = if storage::read(SET_ASIDE_KEY).is_some() {
                    format!("{SET_ASIDE_KEY}.{}", js_sys::Date::now() as u64)
                } else {
                    SET_ASIDE_KEY.to_string()
                };
                storage::write(&key, text);
            }
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
