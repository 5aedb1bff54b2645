//! Light and dark themes: follows the system until the reader picks one, then remembers it.
//! `index.html` applies the same choice before the first paint.

use leptos::prelude::*;

use crate::storage;

const STORAGE_KEY: &str = "hoplab.theme";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    pub fn id(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn parse(text: &str) -> Option<Theme> {
        match text {
            "light" => Some(Theme::Light),
            "dark" => Some(Theme::Dark),
            _ => None,
        }
    }

    pub fn other(self) -> Theme {
        match self {
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::Light,
        }
    }
}

fn system_theme() -> Theme {
    let dark = window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten()
        .is_some_and(|query| query.matches());
    if dark {
        Theme::Dark
    } else {
        Theme::Light
    }
}

/// The theme in force now: the remembered choice, else the system's.
pub fn initial_theme() -> Theme {
    storage::read(STORAGE_KEY)
        .and_then(|text| Theme::parse(&text))
        .unwrap_or_else(system_theme)
}

fn apply(theme: Theme) {
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("data-theme", theme.id());
    }
}

/// A button that flips the theme and remembers the choice.
#[component]
pub fn ThemeToggle() -> impl IntoView {
    let theme = RwSignal::new(initial_theme());
    Effect::new(move |_| apply(theme.get()));
    let toggle = move |_| {
        let next = theme.get_untracked().other();
        theme.set(next);
        storage::write(STORAGE_KEY, next.id());
    };
    let label = move || format!("Switch to {} theme", theme.get().other().id());
    view! {
        <button
            class="theme-toggle"
            type="button"
            on:click=toggle
            aria-label=label
            title=label
            data-theme-now=move || theme.get().id()
        >
            <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
                <Show
                    when=move || theme.get() == Theme::Dark
                    fallback=|| view! { <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" /> }
                >
                    <circle cx="12" cy="12" r="4.5" />
                    <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
                </Show>
            </svg>
        </button>
    }
}
