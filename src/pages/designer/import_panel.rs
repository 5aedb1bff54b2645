//! Bring your own estate: a copier's own configuration files (chosen, dropped or pasted)
//! read into the design, with the import's report (its findings join the Lint panel).
//! The readers live in a chunk of their own (`lazy_pages::import_chunk`), fetched the
//! first time a person imports or exports; until then the panel costs nothing.

use std::sync::Arc;

use crate::file_text::{files_of, read_texts};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::imported_from::use_imported_from;
use super::importer::use_importer;
use super::state::use_ctx;
use crate::designer::copier_files::{CopierFile, ImportReport, Imported, MAX_FILE_BYTES};
use crate::designer::{import::check_sane, Design, Edit};

/// Files one import reads at most (an estate of many brokers is still a handful of files).
const MAX_FILES: usize = 20;

/// What the last import gave: its report and findings, or why nothing was imported.
type Outcome = Result<Arc<Imported>, String>;

#[component]
pub fn ImportPanel() -> impl IntoView {
    let ctx = use_ctx();
    let importer = use_importer();
    let imported_from = use_imported_from();
    let files = RwSignal::new(Vec::<CopierFile>::new());
    let outcome = RwSignal::new(None::<Outcome>);
    let pasted = RwSignal::new(String::new());
    let dragging = RwSignal::new(false);
    let input = NodeRef::<leptos::html::Input>::new();

    // Reads `chosen` as one estate and, if it reads, replaces the design (one undo step).
    let import = move |chosen: Vec<CopierFile>| {
        files.set(chosen.clone());
        importer.with(move |imp| {
            let done = (imp.import)(&chosen).and_then(|done| {
                check_sane(&done.spec).map_err(|e| e.to_string())?;
                Ok(done)
            });
            match done {
                Ok(done) => {
                    let design = Design::from_spec(done.spec.clone());
                    let done = Arc::new(done);
                    if ctx.edit(Edit::Replace(Box::new(design))) {
                        imported_from.set(chosen.clone(), done.clone());
                        let (sites, hops) = (done.spec.topology.sites.len(), done.spec.topology.hops.len());
                        ctx.info(format!(
                            "Imported {} ({sites} sites, {hops} hops). Undo brings back what you had.",
                            names(&chosen)
                        ));
                    }
                    outcome.set(Some(Ok(done)));
                }
                Err(why) => outcome.set(Some(Err(why))),
            }
        });
    };
    let read_then_import = move |list: Option<web_sys::FileList>| {
        // A FileList is live: clearing the input empties it. Take the files out now, before
        // the chooser is cleared and before the first await.
        let Some(chosen) = list.as_ref().map(files_of) else {
            return;
        };
        spawn_local(async move {
            match read_files(chosen).await {
                Ok(chosen) if chosen.is_empty() => {}
                Ok(chosen) => import(chosen),
                Err(why) => outcome.set(Some(Err(why))),
            }
        });
    };
    let on_choose = move |_| {
        let Some(el) = input.get_untracked() else {
            return;
        };
        read_then_import(el.files());
        el.set_value("");
    };
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        read_then_import(ev.data_transfer().and_then(|d| d.files()));
    };
    let on_paste_import = move |_| {
        let text = pasted.get_untracked();
        if text.trim().is_empty() {
            outcome.set(Some(
                Err("Paste a configuration into the box first.".into()),
            ));
            return;
        }
        import(vec![CopierFile {
            name: "pasted text".into(),
            text,
            site: None,
        }]);
    };
    let again = move |_| import(files.get_untracked());
    let set_site = move |i: usize, site: String| {
        files.update(|fs| {
            if let Some(f) = fs.get_mut(i) {
                f.site = Some(site).filter(|s| !s.trim().is_empty());
            }
        })
    };

    view! {
        <section class="designer-import" aria-labelledby="dz-import-title">
            <h2 id="dz-import-title">"Import a copier’s configuration"</h2>
            <div class="import-body">
                <div class="import-drop" class:is-dragging=move || dragging.get()
                    on:dragover=move |ev: web_sys::DragEvent| { ev.prevent_default(); dragging.set(true); }
                    on:dragleave=move |_| dragging.set(false)
                    on:drop=on_drop
                >
                    <p>{format!("Drop the files you run here: {}. The format is found from each file’s text.", hoplab_copiers::products::formats_in_words())}</p>
                    <label class="button-like" for="dz-copier-files">"Choose files…"</label>
                    <input id="dz-copier-files" class="visually-hidden" type="file" multiple
                        accept=".properties,.json,.yaml,.yml,.conf,.txt,.sh,text/plain,application/json"
                        node_ref=input on:change=on_choose />
                </div>
                <details class="import-paste">
                    <summary>"Paste a configuration instead"</summary>
                    <label for="dz-copier-paste">"Configuration text"</label>
                    <textarea id="dz-copier-paste" rows="8" spellcheck="false"
                        prop:value=move || pasted.get()
                        on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
                    <button type="button" on:click=on_paste_import>"Import the pasted text"</button>
                </details>
                <SitePerFile files set_site again />
                {move || imported_from.holding().map(|kept| view! {
                    <p class="row-note import-kept">
                        {if kept {
                            "The files you imported are kept in this browser (never sent anywhere), so exports are written onto them and their findings come back after a reload. "
                        } else {
                            "The files you imported are kept only until this page closes (too large to keep in this browser): after a reload, exports are written afresh. "
                        }}
                        <button type="button" class="link-like" on:click=move |_| imported_from.forget()>"Forget the imported files"</button>
                    </p>
                })}
                <div role="status" aria-live="polite" class="import-status">
                    {move || importer.status().map(|s| view! { <p class="row-note">{s}</p> })}
                </div>
                // After a reload the kept files' report shows until the next import.
                {move || outcome.get().or_else(|| {
                    imported_from.done().filter(|d| ctx.topology.with(|t| super::imported_from::same_sites(t, &d.spec.topology))).map(Ok)
                }).map(|o| match o {
                    Ok(done) => view! { <Report done /> }.into_any(),
                    Err(why) => view! {
                        <p class="notice notice--error import-error" role="alert">
                            "Nothing was imported; your design is as it was. " {why}
                        </p>
                    }.into_any(),
                })}
            </div>
        </section>
    }
}

/// The files of the last import, each with the site it stands for where the format cannot
/// say (a RabbitMQ broker is otherwise named by the host other files point at).
#[component]
fn SitePerFile(
    files: RwSignal<Vec<CopierFile>>,
    set_site: impl Fn(usize, String) + Copy + Send + Sync + 'static,
    again: impl Fn(web_sys::MouseEvent) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let shown = move || files.with(|f| f.iter().any(|f| f.name != "pasted text"));
    view! {
        <Show when=shown>
            <fieldset class="import-sites">
                <legend>"A site per file (optional)"</legend>
                <p class="section-note">"Name the site each file stands for where the file cannot say itself, then import again."</p>
                {move || files.get().into_iter().enumerate().map(|(i, f)| {
                    let id = format!("dz-copier-site-{i}");
                    view! {
                        <div class="import-site-row">
                            <label for=id.clone()>{f.name.clone()}</label>
                            <input id=id type="text" autocomplete="off" placeholder="from the file"
                                prop:value=f.site.clone().unwrap_or_default()
                                on:change=move |ev| set_site(i, event_target_value(&ev)) />
                        </div>
                    }
                }).collect_view()}
                <button type="button" on:click=again>"Import again with these sites"</button>
            </fieldset>
        </Show>
    }
}

/// The report of an import: what was read from the files, the defaults filled in, what
/// is approximated, what was ignored. Its findings are in the Lint panel, with the model's.
#[component]
fn Report(done: Arc<Imported>) -> impl IntoView {
    let ImportReport {
        read,
        defaults,
        approximations,
        ignored,
    } = done.report.clone();
    let found = done.findings.len();
    let list = |items: Vec<String>, empty: &'static str| {
        if items.is_empty() {
            view! { <p class="row-note">{empty}</p> }.into_any()
        } else {
            view! { <ul>{items.into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}</ul> }
                .into_any()
        }
    };
    view! {
        <div class="import-report" aria-labelledby="dz-import-report-title">
            <h3 id="dz-import-report-title">"What the import read"</h3>
            <p>"Read as: " {done.formats.join(", ")}</p>
            {list(read, "Nothing.")}
            <p class="row-note">
                {match found {
                    0 => "The import found nothing to warn about; the Lint panel keeps checking the design as you edit it.".to_string(),
                    1 => "Its one finding is in the Lint panel, in the product’s terms, with its evidence.".to_string(),
                    n => format!("Its {n} findings are in the Lint panel, in the product’s terms, with their evidence."),
                }}
                " " <a href="#dz-lint-title">"Go to the Lint panel"</a>
            </p>
            <super::topic_check::TopicCheck />
            <h3>"Defaults applied"</h3>
            {list(defaults, "None: the files set everything the model reads.")}
            <h3>"Approximated"</h3>
            {list(approximations, "Nothing: the model says what the files say.")}
            <h3>"Ignored keys"</h3>
            {if ignored.is_empty() {
                view! { <p class="row-note">"None."</p> }.into_any()
            } else {
                view! {
                    <div class="table-scroll">
                        <table class="data import-ignored" tabindex="0">
                            <thead><tr><th scope="col">"where"</th><th scope="col">"key"</th><th scope="col">"why"</th></tr></thead>
                            <tbody>
                                {ignored.into_iter().map(|k| view! {
                                    <tr class:is-suspicious=k.suspicious>
                                        <td>{k.place}</td>
                                        <td><code>{k.key}</code></td>
                                        <td>{k.why}{k.suspicious.then_some(" (most likely a mistake)")}</td>
                                    </tr>
                                }).collect_view()}
                            </tbody>
                        </table>
                    </div>
                }.into_any()
            }}
        </div>
    }
}

/// "a.json", "a.json and b.json", "3 files".
fn names(files: &[CopierFile]) -> String {
    match files {
        [one] => one.name.clone(),
        [a, b] => format!("{} and {}", a.name, b.name),
        many => format!("{} files", many.len()),
    }
}

/// The text of every file in `list`; a file over the limit is refused before it is read.
async fn read_files(list: Vec<web_sys::File>) -> Result<Vec<CopierFile>, String> {
    if list.len() > MAX_FILES {
        return Err(format!(
            "{} files were given; an import reads at most {MAX_FILES}.",
            list.len()
        ));
    }
    let read = read_texts(list, MAX_FILE_BYTES, "an import", "1 MiB").await?;
    Ok(read
        .into_iter()
        .map(|(name, text)| CopierFile {
            name,
            text,
            site: None,
        })
        .collect())
}
