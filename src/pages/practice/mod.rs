//! `/practice`: interview practice. The session (spaced repetition, answer aloud against
//! the clock, grade yourself), the red-flag quiz (`/practice/quiz`), the level path
//! (`/practice/levels`), the learner's settings and the progress file. The logic is in
//! `crate::practice`; these components draw it.

mod download;
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

/// What a key press landed on: typing into a field takes every key; a focused control
/// (button, link, checkbox) keeps Space for itself.
#[derive(Clone, Copy, PartialEq, Eq)]
enum KeyTarget {
    Field,
    Control,
    Page,
}

fn key_target(target: Option<web_sys::EventTarget>) -> KeyTarget {
    let Some(element) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return KeyTarget::Page;
    };
    match element.tag_name().to_ascii_lowercase().as_str() {
        "input"
            if matches!(
                element.get_attribute("type").as_deref(),
                Some("checkbox" | "radio")
            ) =>
        {
            KeyTarget::Control
        }
        "input" | "select" | "textarea" => KeyTarget::Field,
        "button" | "a" | "summary" => KeyTarget::Control,
        _ if element
            .closest("[contenteditable]")
            .ok()
            .flatten()
            .is_some() =>
        {
            KeyTarget::Field
        }
        _ => KeyTarget::Page,
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
