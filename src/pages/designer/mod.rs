//! `/designer`: sketch a hop topology on a canvas (or in the lists beside it), see the
//! model's lint of it on every edit, run it with faults, and take away a runbook.

mod canvas;
mod challenge_view;
mod export_menu;
mod fields;
mod files;
mod game_day_menu;
mod hop_form;
mod import_panel;
mod imported_from;
mod importer;
mod lint_panel;
mod long_list;
mod option_field;
mod panel;
mod preset_link;
mod prove_panel;
mod run_panel;
mod runbook_view;
mod state;
mod timeline;
mod toolbar;
mod topic_check;

pub use importer::LoadImporter;
use leptos::ev;
use leptos::prelude::*;
pub use runbook_view::{LoadRunbook, RunbookPart, RUNBOOK_PART};

use crate::components::set_page_title;
use crate::designer::{autosave, share, Design, Edit, Editor};
use crate::keys::{key_target, KeyTarget};
use state::{load_autosave, Ctx, Notice};

/// How long after the last change the design is written to the browser's store.
const AUTOSAVE_DELAY_MS: u32 = 250;

#[component]
pub fn Designer(
    /// A design challenge: its brief above the canvas, its givens locked, its own save.
    #[prop(optional)]
    challenge: Option<std::sync::Arc<hoplab_model::challenge::Challenge>>,
) -> impl IntoView {
    crate::page_styles::DESIGNER.add();
    let key = challenge.as_ref().map_or_else(
        || autosave::KEY.to_string(),
        |c| challenge_view::save_key(&c.id),
    );
    set_page_title(
        challenge
            .as_ref()
            .map_or("Topology designer", |c| c.title.as_str()),
    );
    let givens = challenge.clone();
    let (design, notice) = load_autosave(&key, move || {
        givens
            .as_deref()
            .map_or_else(Design::empty, challenge_view::givens_design)
    });
    let key = StoredValue::new(key);
    let ctx = Ctx::new(Editor::new(design));
    provide_context(ctx);
    if let Some(c) = &challenge {
        ctx.locked.set_value(challenge_view::given_elements(c));
    }
    let importer = importer::ImporterHandle::new();
    provide_context(importer);
    let imported_from = imported_from::ImportedFrom::load();
    provide_context(imported_from);
    imported_from.read_again(importer);
    ctx.notice.set(notice);

    // A shared link replaces the design as one undoable step, so the saved one is not lost.
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    match share::decode(&hash) {
        Ok(Some(d)) => {
            if ctx.edit(Edit::Replace(Box::new(d))) {
                ctx.info("Loaded the shared design. Undo brings back what you had.");
            }
        }
        Ok(None) => {}
        Err(why) => ctx.error(why),
    }

    // Autosave a moment after the last change, off the keystroke path (serialising a large
    // design and writing the store takes a good part of a frame); what is pending is
    // written when the page is hidden, reloaded or left.
    let save = move || {
        let text = ctx.editor.with_untracked(|e| autosave::to_text(e.design()));
        if !key.with_value(|k| crate::storage::write(k, &text)) {
            ctx.notice.set(Some(Notice::Error(
                "This browser would not save the design; export it to keep it.".into(),
            )));
        }
    };
    // Whether a change is not saved yet, and the timer that will save it (replacing the
    // timer drops, so cancels, the previous one).
    let unsaved = StoredValue::new(false);
    let timer = StoredValue::new_local(None::<gloo_timers::callback::Timeout>);
    let flush = move || {
        if unsaved.try_update_value(std::mem::take) == Some(true) {
            save();
        }
    };
    Effect::new(move |first: Option<()>| {
        ctx.editor.track();
        if first.is_none() {
            return save();
        }
        unsaved.set_value(true);
        timer.set_value(Some(gloo_timers::callback::Timeout::new(
            AUTOSAVE_DELAY_MS,
            flush,
        )));
    });
    let hidden = window_event_listener(ev::pagehide, move |_| flush());
    let hidden_tab = window_event_listener(ev::visibilitychange, move |_| {
        if document().hidden() {
            flush();
        }
    });

    let keys = window_event_listener(ev::keydown, move |e: web_sys::KeyboardEvent| {
        // A text field keeps Ctrl+Z for its own undo; a list or a button has none: the design's.
        if !(e.ctrl_key() || e.meta_key()) || key_target(e.target()) == KeyTarget::Text {
            return;
        }
        let k = e.key().to_ascii_lowercase();
        if k == "z" && e.shift_key() || k == "y" {
            e.prevent_default();
            ctx.redo();
        } else if k == "z" {
            e.prevent_default();
            ctx.undo();
        }
    });
    on_cleanup(move || {
        flush();
        let _ = timer.try_set_value(None);
        hidden.remove();
        hidden_tab.remove();
        keys.remove();
        ctx.cancel_run();
    });

    view! {
        // A file dropped beside the import box stays on the page instead of opening in the tab.
        <div class="page designer" on:dragover=|ev| ev.prevent_default() on:drop=|ev| ev.prevent_default()>
            {match challenge.clone() {
                Some(c) => view! { <challenge_view::Brief challenge=c /> }.into_any(),
                None => view! {
                    <h1>"Topology designer"</h1>
                    <p class="designer-intro">
                        "Sketch sites, streams and hops; the model checks the design as you go. Run it with faults, then take away a failover runbook. Everything stays in this browser."
                    </p>
                }.into_any(),
            }}
            <toolbar::Toolbar />
            <NoticeLine />
            <preset_link::PresetOffer ctx />
            <import_panel::ImportPanel />
            <div class="designer-work">
                <canvas::Canvas />
                <lint_panel::LintPanel />
            </div>
            <panel::Panel />
            <timeline::Timeline />
            <run_panel::RunPanel />
            <prove_panel::ProvePanel />
            <runbook_view::LazyRunbook />
        </div>
    }
}

#[component]
fn NoticeLine() -> impl IntoView {
    let ctx = state::use_ctx();
    view! {
        <div class="designer-notice" role="status" aria-live="polite">
            {move || match ctx.notice.get() {
                Some(Notice::Info(t)) => view! { <p class="notice">{t}</p> }.into_any(),
                Some(Notice::Error(t)) => view! { <p class="notice notice--error">{t}</p> }.into_any(),
                None => ().into_any(),
            }}
        </div>
    }
}

/// `/challenges/:id`: the designer on a challenge, or a message for an id that is none.
#[component]
pub fn ChallengePage() -> impl IntoView {
    let params = leptos_router::hooks::use_params_map();
    let id = params.with_untracked(|p| p.get("id").unwrap_or_default());
    match hoplab_model::challenge::find(&id) {
        Some(c) => view! { <Designer challenge=std::sync::Arc::new(c) /> }.into_any(),
        None => {
            crate::components::set_page_title("No such challenge");
            view! {
                <div class="page">
                    <h1>"No such challenge"</h1>
                    <p role="alert">{format!("There is no design challenge called “{id}”.")}</p>
                    <p><leptos_router::components::A href="/challenges">"Every design challenge"</leptos_router::components::A></p>
                </div>
            }
            .into_any()
        }
    }
}
