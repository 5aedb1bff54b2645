//! "Which of my topics would be copied?": a person pastes their real stream names and sees,
//! for each, the flows of the imported files that copy it, and why the others leave it
//! (an exclusion such as `__.*`, or MirrorMaker 2's cycle check).

use leptos::prelude::*;

use super::imported_from::use_imported_from;
use super::importer::use_importer;
use crate::designer::copier_files::NameVerdict;

/// Names read at most: a long list is pasted by mistake more often than checked.
const MAX_NAMES: usize = 500;

#[component]
pub fn TopicCheck() -> impl IntoView {
    let imported = use_imported_from();
    let importer = use_importer();
    let names = RwSignal::new(String::new());
    let answer = RwSignal::new(None::<Result<Vec<NameVerdict>, String>>);
    let check = move |_| {
        let text = names.get_untracked();
        let count = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|n| !n.trim().is_empty())
            .count();
        if count == 0 {
            answer.set(Some(Err("Paste one or more stream names first.".into())));
            return;
        }
        if count > MAX_NAMES {
            answer.set(Some(Err(format!(
                "{count} names were pasted; the check reads at most {MAX_NAMES}."
            ))));
            return;
        }
        let files = imported.get_untracked();
        importer.with(move |imp| answer.set(Some((imp.which_copied)(&files, &text))));
    };
    view! {
        <details class="topic-check">
            <summary>"Which of my streams would be copied?"</summary>
            <label for="dz-topic-names">"Your stream names (one a line, or separated by commas)"</label>
            <textarea id="dz-topic-names" rows="4" spellcheck="false" placeholder="orders\n__consumer_offsets"
                prop:value=move || names.get()
                on:input=move |ev| names.set(event_target_value(&ev))></textarea>
            <button type="button" on:click=check>"Check them"</button>
            <p class="row-note">"Each name is checked against every flow of the imported files, as if it stood at the flow’s source."</p>
            <div role="status" aria-live="polite">
                {move || answer.get().map(|a| match a {
                    Err(why) => view! { <p class="notice notice--error">{why}</p> }.into_any(),
                    Ok(rows) => view! {
                        <div class="table-scroll">
                            <table class="data topic-check-table" tabindex="0">
                                <thead><tr>
                                    <th scope="col">"stream"</th>
                                    <th scope="col">"copied by"</th>
                                    <th scope="col">"left out"</th>
                                </tr></thead>
                                <tbody>
                                    {rows.into_iter().map(|v| {
                                        let not_copied = v.copied_by.is_empty();
                                        view! {
                                            <tr data-copied=(!not_copied).to_string()>
                                                <td><code>{v.name}</code></td>
                                                <td>{if not_copied { "no flow".to_string() } else { v.copied_by.join("; ") }}</td>
                                                <td>{if v.left_by.is_empty() { "—".to_string() } else { v.left_by.join("; ") }}</td>
                                            </tr>
                                        }
                                    }).collect_view()}
                                </tbody>
                            </table>
                        </div>
                    }.into_any(),
                })}
            </div>
        </details>
    }
}
