//! Export the progress as a file, and import one: a bad file is refused with the reason
//! and changes nothing.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::download::download;
use crate::fetch;
use crate::progress::{Progress, MAX_IMPORT_BYTES};
use crate::progress_store::{clock, use_progress};

/// The outcome of the last export or import, for the page.
#[derive(Clone, PartialEq)]
enum Outcome {
    Done(String),
    Refused(String),
}

async fn read_file(input: &web_sys::HtmlInputElement) -> Result<Option<(String, String)>, String> {
    let Some(file) = input.files().and_then(|files| files.get(0)) else {
        return Ok(None);
    };
    let name = file.name();
    if file.size() > MAX_IMPORT_BYTES {
        return Err(format!(
            "That file was not imported: “{name}” is {:.0} KB, far larger than a progress file. \
             Your progress is unchanged.",
            file.size() / 1000.0
        ));
    }
    let text = JsFuture::from(file.text())
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| format!("That file was not imported: “{name}” could not be read. Your progress is unchanged."))?;
    Ok(Some((name, text)))
}

#[component]
pub fn ProgressFile() -> impl IntoView {
    let store = use_progress();
    let outcome = RwSignal::new(None::<Outcome>);

    let export = move |_| {
        let json = store.progress.with_untracked(Progress::to_json);
        outcome.set(Some(
            match download("hoplab-progress.json", "application/json", &json) {
                Ok(()) => Outcome::Done("Saved hoplab-progress.json to your downloads.".into()),
                Err(_) => {
                    Outcome::Refused("The file could not be saved: the browser refused.".into())
                }
            },
        ));
    };
    let import = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        spawn_local(async move {
            let result = match read_file(&input).await {
                Ok(None) => return,
                Ok(Some((name, text))) => match fetch::card_index().await {
                    Ok(index) => {
                        let known: Vec<&str> = index.cards().map(|c| c.slug.as_str()).collect();
                        Progress::import(&text, &known, clock().0).map(|(progress, summary)| {
                            store.merge(progress);
                            Outcome::Done(format!("{summary} (from “{name}”)"))
                        })
                    }
                    Err(error) => Err(format!("The card list could not be loaded to check the file ({error}). Your progress is unchanged.")),
                },
                Err(refused) => Err(refused),
            };
            // The same file can be chosen again after fixing it.
            input.set_value("");
            outcome.set(Some(result.unwrap_or_else(Outcome::Refused)));
        });
    };

    view! {
        <section class="practice-file" aria-labelledby="file-heading">
            <h2 id="file-heading">"Your progress file"</h2>
            <p>
                "Your progress lives in this browser only. Export it to keep a copy or move it to "
                "another browser; importing merges a file in (for each card, the more recent practice wins)."
            </p>
            <div class="practice-file__actions">
                <button type="button" class="button" on:click=export>"Export progress"</button>
                // The input stays in the tab order; its label is what shows (see practice.css).
                <input
                    id="progress-import"
                    class="visually-hidden"
                    type="file"
                    accept="application/json,.json"
                    on:change=import
                />
                <label class="button" for="progress-import">"Import progress…"</label>
            </div>
            {move || outcome.get().map(|o| match o {
                Outcome::Done(text) => view! { <p class="practice-file__result" role="status">{text}</p> }.into_any(),
                Outcome::Refused(text) => view! { <p class="notice notice--error" role="alert">{text}</p> }.into_any(),
            })}
        </section>
    }
}
