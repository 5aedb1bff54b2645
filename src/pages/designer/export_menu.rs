//! Writes the design back as a copier's own file (`hoplab export-config --to FORMAT`):
//! MirrorMaker 2 properties, a Strimzi resource, JetStream streams, RabbitMQ definitions
//! or an MSK Replicator request. The writers come with the importer's chunk.

use leptos::prelude::*;

use super::files::file_stem;
use super::imported_from::use_imported_from;
use super::importer::use_importer;
use super::state::use_ctx;
use crate::designer::copier_files::export_formats;
use crate::download::download;

#[component]
pub fn ExportMenu() -> impl IntoView {
    let ctx = use_ctx();
    let importer = use_importer();
    let imported_from = use_imported_from();
    let formats = export_formats();
    let chosen = RwSignal::new(formats[0].id.to_string());
    let options = formats.clone();
    let export = move |_| {
        let id = chosen.get_untracked();
        let Some(format) = formats.iter().find(|f| f.id == id).copied() else {
            return;
        };
        let (stem, topology) = ctx.with_design(|d| (file_stem(&d.spec.name), d.topology().clone()));
        let originals = imported_from.files_for(&topology);
        importer.with(move |imp| {
            let written = (imp.export)(&topology, format.id, &originals).and_then(|done| {
                let name = format!("{stem}{}", format.suffix);
                download(&name, format.mime, &done.text).map(|()| (name, done.onto))
            });
            match written {
                Ok((name, Some(onto))) => ctx.info(format!(
                    "Exported {name} ({}), written onto {onto}, which you imported: its addresses, names and every setting the design does not decide are as they were; the copy flows are the design’s.",
                    format.label
                )),
                Ok((name, None)) => ctx.info(format!(
                    "Exported {name} ({}). Importing it again gives this design’s sites and hops; the addresses are placeholders to fill in.",
                    format.label
                )),
                Err(why) => ctx.error(format!("Nothing was exported: {why}")),
            }
        });
    };
    view! {
        <div class="tool-group">
            <label for="dz-export-to">"Export as"</label>
            <select id="dz-export-to" prop:value=move || chosen.get() on:change=move |ev| chosen.set(event_target_value(&ev))>
                {options.iter().map(|f| view! { <option value=f.id>{f.label}</option> }).collect_view()}
            </select>
            <button type="button" on:click=export>"Export configuration"</button>
        </div>
    }
}
