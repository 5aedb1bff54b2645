//! Undo and redo, templates, a new canvas, import and export of the model's file, share
//! links and automatic layout.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::files::{file_stem, read_chosen};
use super::state::use_ctx;
use crate::designer::{import, layout, share, templates, Edit};
use crate::download::download;

#[component]
pub fn Toolbar() -> impl IntoView {
    let ctx = use_ctx();
    let template = RwSignal::new(templates::ALL[0].id.to_string());
    let link = RwSignal::new(None::<String>);
    let file_input = NodeRef::<leptos::html::Input>::new();

    let load_template = move |_| {
        let id = template.get_untracked();
        if let Some(d) = templates::build(&id) {
            // A template's design is named by its title.
            let title = d.spec.name.clone();
            if ctx.edit(Edit::Replace(Box::new(d))) {
                ctx.info(format!(
                    "Loaded the template “{title}”. Undo brings back what you had."
                ));
            }
        }
    };
    let export = move |_| {
        let (name, text) = ctx.with_design(|d| (file_stem(&d.spec.name), d.to_model_json()));
        match download(&format!("{name}.json"), "application/json", &text) {
            Ok(()) => ctx.info(format!(
                "Exported {name}.json: the file `hoplab lint` and `hoplab run` read."
            )),
            Err(e) => ctx.error(e),
        }
    };
    let import = move |_| {
        let Some(input) = file_input.get_untracked() else {
            return;
        };
        spawn_local(async move {
            let Some(text) = read_chosen(&input).await else {
                return;
            };
            input.set_value("");
            match text.and_then(|t| import::import_model_file(&t).map_err(|e| format!("Nothing was imported, your design is as it was. The file is not a design the model reads: {e}"))) {
                Ok(d) => {
                    if ctx.edit(Edit::Replace(Box::new(d))) {
                        ctx.info("Imported the file and laid it out. Undo brings back what you had.");
                    }
                }
                Err(e) => ctx.error(e),
            }
        });
    };
    let share_link = move |_| {
        let d = ctx.design_untracked();
        match share::encode(&d) {
            Ok(fragment) => {
                let base = web_sys::window()
                    .and_then(|w| w.location().href().ok())
                    .map(|h| h.split('#').next().unwrap_or_default().to_string())
                    .unwrap_or_default();
                link.set(Some(format!("{base}#{fragment}")));
                ctx.info("The link below carries the whole design; nothing is sent to a server.");
            }
            Err(e) => {
                link.set(None);
                ctx.error(e.to_string());
            }
        }
    };
    let relayout = move |_| {
        let mut d = ctx.design_untracked();
        layout::auto_layout(&mut d);
        ctx.edit(Edit::Replace(Box::new(d)));
    };
    let can_undo = move || ctx.editor.with(|e| e.can_undo());
    let can_redo = move || ctx.editor.with(|e| e.can_redo());

    view! {
        <div class="designer-toolbar" role="toolbar" aria-label="Design">
            <div class="tool-group">
                <button type="button" on:click=move |_| ctx.undo() aria-disabled=move || (!can_undo()).to_string() aria-keyshortcuts="Control+Z" title="Undo (Ctrl+Z)">"Undo"</button>
                <button type="button" on:click=move |_| ctx.redo() aria-disabled=move || (!can_redo()).to_string() aria-keyshortcuts="Control+Shift+Z" title="Redo (Ctrl+Shift+Z)">"Redo"</button>
                <button type="button" on:click=move |_| { ctx.edit(Edit::Replace(Box::default())); }>"New"</button>
            </div>
            <div class="tool-group">
                <label for="dz-template">"Template"</label>
                <select id="dz-template" on:change=move |ev| template.set(event_target_value(&ev)) prop:value=move || template.get()>
                    {templates::ALL.iter().map(|t| view! { <option value=t.id>{t.title()}</option> }).collect_view()}
                </select>
                <button type="button" on:click=load_template>"Load template"</button>
            </div>
            <div class="tool-group">
                <label class="button-like" for="dz-import">"Import file…"</label>
                <input id="dz-import" class="visually-hidden" type="file" accept=".json,application/json" node_ref=file_input on:change=import />
                <button type="button" on:click=export>"Export file"</button>
                <button type="button" on:click=share_link>"Share link"</button>
                <button type="button" on:click=relayout>"Tidy layout"</button>
            </div>
            <super::export_menu::ExportMenu />
            <super::game_day_menu::GameDayMenu />
            {move || link.get().map(|l| view! {
                <div class="share-link">
                    <label for="dz-share">"Link to this design"</label>
                    <input id="dz-share" type="text" readonly prop:value=l on:focus=|ev| {
                        use wasm_bindgen::JsCast;
                        if let Some(i) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) { i.select(); }
                    } />
                </div>
            })}
        </div>
    }
}
