//! What a person gives the page: files chosen or dropped, and pastes, each listed with a
//! button to take it out again. A file that cannot be read is said, and what was given
//! before stays.

use std::sync::Arc;

use crate::file_text::{files_of, read_texts};
use hoplab_copiers::resume::MAX_DUMP_BYTES;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// One file or paste.
#[derive(Clone, Debug, PartialEq)]
pub struct Pasted {
    pub name: String,
    pub text: Arc<str>,
    pub lines: usize,
}

impl Pasted {
    fn new(name: String, text: String) -> Self {
        let lines = text.lines().count();
        Pasted {
            name,
            text: text.into(),
            lines,
        }
    }
}

/// Inputs at most (three dumps and a configuration, with room for a second table).
const MAX_INPUTS: usize = 8;

#[component]
pub fn Inputs(inputs: RwSignal<Vec<Pasted>>) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let dragging = RwSignal::new(false);
    let chooser = NodeRef::<leptos::html::Input>::new();

    let add = move |more: Vec<Pasted>| {
        let room = MAX_INPUTS.saturating_sub(inputs.with_untracked(Vec::len));
        if more.len() > room {
            problem.set(Some(format!(
                "At most {MAX_INPUTS} files or pastes are read at once: take one out first."
            )));
            return;
        }
        problem.set(None);
        inputs.update(|list| list.extend(more));
    };
    let read_list = move |list: Option<web_sys::FileList>| {
        // A FileList is live: take the files out before the chooser is cleared.
        let Some(files) = list.as_ref().map(files_of) else {
            return;
        };
        spawn_local(async move {
            match read_files(files).await {
                Ok(read) => add(read),
                Err(why) => problem.set(Some(why)),
            }
        });
    };
    let on_choose = move |_| {
        let Some(el) = chooser.get_untracked() else {
            return;
        };
        read_list(el.files());
        el.set_value("");
    };
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        read_list(ev.data_transfer().and_then(|d| d.files()));
    };
    view! {
        <section class="resume-inputs" aria-labelledby="resume-inputs-title">
            <h2 id="resume-inputs-title">"What your MirrorMaker 2 holds"</h2>
            <div class="resume-drop" class:is-dragging=move || dragging.get()
                on:dragover=move |ev: web_sys::DragEvent| { ev.prevent_default(); dragging.set(true); }
                on:dragleave=move |_| dragging.set(false)
                on:drop=on_drop
            >
                <p>"Drop the files here: the offset-syncs dump, the checkpoints dump, the consumer-groups table and, if you like, the MirrorMaker 2 configuration. Each is recognised from its lines."</p>
                <label class="button-like" for="resume-files">"Choose files…"</label>
                <input id="resume-files" class="visually-hidden" type="file" multiple
                    accept=".txt,.log,.out,.properties,.json,.yaml,.yml,text/plain"
                    node_ref=chooser on:change=on_choose />
            </div>
            <PasteBox add=Callback::new(add) problem />
            {move || problem.get().map(|p| view! { <p class="resume-error" role="alert">{p}</p> })}
            <GivenList inputs />
        </section>
    }
}

/// A box to paste one dump into; each paste is named "paste N".
#[component]
fn PasteBox(add: Callback<Vec<Pasted>>, problem: RwSignal<Option<String>>) -> impl IntoView {
    let pasted = RwSignal::new(String::new());
    let pastes = StoredValue::new(0u32);
    let on_paste = move |_| {
        let text = pasted.get_untracked();
        if text.trim().is_empty() {
            problem.set(Some("Paste a dump into the box first.".into()));
            return;
        }
        pastes.update_value(|n| *n += 1);
        let name = format!("paste {}", pastes.get_value());
        add.run(vec![Pasted::new(name, text)]);
        pasted.set(String::new());
    };
    view! {
        <div class="resume-paste">
            <label for="resume-paste-text">"Or paste one dump at a time"</label>
            <textarea id="resume-paste-text" rows="6" spellcheck="false"
                placeholder="OffsetSync{topicPartition=orders-0, upstreamOffset=1200, downstreamOffset=1187}"
                prop:value=move || pasted.get()
                on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
            <button type="button" on:click=on_paste>"Add the pasted text"</button>
        </div>
    }
}

/// What was given so far, each with a button to take it out.
#[component]
fn GivenList(inputs: RwSignal<Vec<Pasted>>) -> impl IntoView {
    let rows = move || inputs.get().into_iter().enumerate().collect::<Vec<_>>();
    view! {
        <ul class="resume-given" aria-label="Given so far">
            <For each=rows
                key=|(i, p)| (*i, p.name.clone(), p.lines) let:item>
                {
                    let (i, p) = item;
                    let label = format!("Take out {}", p.name);
                    view! {
                        <li>
                            <span class="resume-given__name">{p.name.clone()}</span>
                            <span class="row-note">{format!(" {} lines", p.lines)}</span>
                            <button type="button" class="remove" aria-label=label
                                on:click=move |_| inputs.update(|list| { if i < list.len() { list.remove(i); } })>"Take out"</button>
                        </li>
                    }
                }
            </For>
        </ul>
    }
}

async fn read_files(files: Vec<web_sys::File>) -> Result<Vec<Pasted>, String> {
    let read = read_texts(files, MAX_DUMP_BYTES as u64, "this page", "256 MiB").await?;
    Ok(read
        .into_iter()
        .map(|(name, text)| Pasted::new(name, text))
        .collect())
}
