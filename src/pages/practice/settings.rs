//! The learner's practice settings: target level and new cards a day.

use hoplab_content::Level;
use leptos::prelude::*;

use crate::progress::MAX_NEW_PER_DAY;
use crate::progress_store::use_progress;

/// A select for the target level, saved as soon as it changes.
#[component]
pub fn LevelPicker(id: &'static str) -> impl IntoView {
    let store = use_progress();
    let current = move || store.progress.with(|p| p.settings.target_level);
    let on_change = move |ev| {
        let value = event_target_value(&ev);
        if let Some(level) = Level::ALL.into_iter().find(|l| l.id() == value) {
            let mut settings = store.progress.with_untracked(|p| p.settings);
            settings.target_level = level;
            store.set_settings(settings);
        }
    };
    view! {
        <div class="field">
            <label for=id>"Target level"</label>
            <select id=id on:change=on_change prop:value=move || current().id()>
                {Level::ALL
                    .map(|level| view! {
                        <option value=level.id() selected=move || current() == level>{level.label()}</option>
                    })
                    .collect_view()}
            </select>
        </div>
    }
}

#[component]
pub fn SettingsForm() -> impl IntoView {
    let store = use_progress();
    let problem = RwSignal::new(None::<String>);
    let new_per_day = move || store.progress.with(|p| p.settings.new_per_day);
    let on_new = move |ev| {
        let text = event_target_value(&ev);
        match text.trim().parse::<u32>() {
            Ok(n) if n <= MAX_NEW_PER_DAY => {
                problem.set(None);
                let mut settings = store.progress.with_untracked(|p| p.settings);
                settings.new_per_day = n;
                store.set_settings(settings);
            }
            _ => problem.set(Some(format!(
                "“{}” is not a number of cards from 0 to {MAX_NEW_PER_DAY}; kept {}.",
                text.trim(),
                new_per_day()
            ))),
        }
    };
    view! {
        <section class="practice-settings" aria-labelledby="settings-heading">
            <h2 id="settings-heading">"Your settings"</h2>
            <div class="filters">
                <LevelPicker id="target-level" />
                <div class="field">
                    <label for="new-per-day">"New cards a day"</label>
                    <input
                        id="new-per-day"
                        type="number"
                        inputmode="numeric"
                        min="0"
                        max=MAX_NEW_PER_DAY.to_string()
                        prop:value=move || new_per_day().to_string()
                        on:change=on_new
                        aria-describedby="new-per-day-help"
                    />
                </div>
            </div>
            <p id="new-per-day-help" class="hint">
                "The target level decides which depth tab a session shows and where the quiz draws "
                "its safe statements. Cards due for review always come, whatever the limit."
            </p>
            {move || problem.get().map(|text| view! { <p class="notice notice--error" role="alert">{text}</p> })}
        </section>
    }
}
