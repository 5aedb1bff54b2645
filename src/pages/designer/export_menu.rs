//! Writes the design back as a copier's own files (`hoplab export-config --to FORMAT`):
//! MirrorMaker 2 properties, a Strimzi resource, JetStream streams, RabbitMQ definitions
//! or an MSK Replicator request. RabbitMQ and JetStream are one file per broker or
//! domain: each is offered as a download of its own, named after the file it was
//! written onto. The writers come with the importer's chunk.

use leptos::prelude::*;

use super::files::file_stem;
use super::imported_from::use_imported_from;
use super::importer::use_importer;
use super::state::use_ctx;
use crate::designer::copier_files::{export_formats, Exported};
use crate::download::download;

/// One file of an export, named, with its type.
#[derive(Clone, Debug, PartialEq)]
struct Ready {
    name: String,
    mime: &'static str,
    file: Exported,
}

#[component]
pub fn ExportMenu() -> impl IntoView {
    let ctx = use_ctx();
    let importer = use_importer();
    let imported_from = use_imported_from();
    let formats = export_formats();
    let chosen = RwSignal::new(formats[0].id.to_string());
    // The files of an export of several brokers or domains, one download each.
    let ready: RwSignal<Vec<Ready>> = RwSignal::new(Vec::new());
    // Files of a design since edited are not offered: export again.
    Effect::new(move |seen: Option<()>| {
        ctx.with_topology(|_| ());
        if seen.is_some() {
            ready.set(Vec::new());
        }
    });
    let options = formats.clone();
    let export = move |_| {
        ready.set(Vec::new());
        let id = chosen.get_untracked();
        let Some(format) = formats.iter().find(|f| f.id == id).copied() else {
            return;
        };
        let (stem, topology) = ctx.with_design(|d| (file_stem(&d.spec.name), d.topology().clone()));
        let originals = imported_from.files_for(&topology);
        importer.with(move |imp| {
            let files = match (imp.export)(&topology, format.id, &originals) {
                Ok(files) => files,
                Err(why) => return ctx.error(format!("Nothing was exported: {why}")),
            };
            let files: Vec<Ready> = files
                .into_iter()
                .map(|file| Ready {
                    name: file
                        .name
                        .clone()
                        .unwrap_or_else(|| format!("{stem}{}", format.suffix)),
                    mime: format.mime,
                    file,
                })
                .collect();
            if let [one] = files.as_slice() {
                let name = one.name.clone();
                match download(&name, format.mime, &one.file.text) {
                    Ok(()) => match &one.file.onto {
                        Some(onto) => ctx.info(format!(
                            "Exported {name} ({}), written onto {onto}, which you imported: its addresses, names and every setting the design does not decide are as they were; the copy flows are the design’s.",
                            format.label
                        )),
                        None => ctx.info(format!(
                            "Exported {name} ({}). Importing it again gives this design’s sites and hops; the addresses are placeholders to fill in.",
                            format.label
                        )),
                    },
                    Err(why) => ctx.error(format!("Nothing was exported: {why}")),
                }
                return;
            }
            let onto: Vec<&str> = files.iter().filter_map(|f| f.file.onto.as_deref()).collect();
            let kept = if onto.is_empty() {
                "Importing them together again gives this design’s sites and hops; the addresses are placeholders to fill in.".to_string()
            } else {
                format!(
                    "Each is written onto the file you imported ({}): its addresses, names and every setting the design does not decide are as they were; the copy flows are the design’s.",
                    onto.join(", ")
                )
            };
            ctx.info(format!(
                "{} is {} files, one per broker or domain, each what its server imports: save each below. {kept}",
                format.label,
                files.len()
            ));
            ready.set(files);
        });
    };
    let save = move |at: usize| {
        let Some(f) = ready.with_untracked(|r| r.get(at).cloned()) else {
            return;
        };
        if let Err(why) = download(&f.name, f.mime, &f.file.text) {
            ctx.error(format!("{} was not saved: {why}", f.name));
        }
    };
    view! {
        <div class="tool-group">
            <label for="dz-export-to">"Export as"</label>
            <select id="dz-export-to" prop:value=move || chosen.get() on:change=move |ev| { ready.set(Vec::new()); chosen.set(event_target_value(&ev)) }>
                {options.iter().map(|f| view! { <option value=f.id>{f.label}</option> }).collect_view()}
            </select>
            <button type="button" on:click=export>"Export configuration"</button>
        </div>
        <Show when=move || ready.with(|r| !r.is_empty())>
            <ul class="export-files" style="flex-basis: 100%; margin: 0;" aria-label="Exported files, one per broker or domain">
                {move || ready.get().into_iter().enumerate().map(|(at, f)| {
                    let said = match &f.file.onto {
                        Some(onto) => format!(" (onto {onto})"),
                        None => " (afresh)".to_string(),
                    };
                    view! {
                        <li>
                            <button type="button" class="export-file" on:click=move |_| save(at)>{format!("Download {}", f.name)}</button>
                            {said}
                        </li>
                    }
                }).collect_view()}
            </ul>
        </Show>
    }
}
