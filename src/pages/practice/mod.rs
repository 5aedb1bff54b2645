//! `/practice`: interview practice. The session (spaced repetition, answer aloud against
//! the clock, grade yourself), the red-flag quiz (`/practice/quiz`), the level path
//! (`/practice/levels`), the learner's settings and the progress file. The logic is in
//! `crate::practice`; these components draw it.

mod levels;
mod overview;
mod progress_file;
mod quiz;
mod recordings;
mod session;
mod settings;

use leptos::prelude::*;
use leptos_router::components::A;
use wasm_bindgen::JsCast;

pub use levels::{LevelPath, PracticeLevels};
pub use overview::PracticePage;
pub use progress_file::ProgressFile;
pub use quiz::{PracticeQuiz, Quiz};
pub use recordings::Recordings;
pub use session::SessionView;
pub use settings::{LevelPicker, SettingsForm};

/// Links between the three practice views; the current one is marked for screen readers.
#[component]
pub fn PracticeNav() -> impl IntoView {
    view! {
        <nav class="practice-nav" aria-label="Practice">
            <A href="/practice" exact=true>"Session"</A>
            <A href="/practice/quiz">"Red-flag quiz"</A>
            <A href="/practice/levels">"Level path"</A>
        </nav>
    }
}

/// Moves keyboard focus to the element with `id`, if it is on the page.
fn focus_by_id(id: &str) {
    if let Some(element) = document()
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        _ = element.focus();
    }
}
