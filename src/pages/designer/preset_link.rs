//! `/designer/preset/<id>` (or `/designer?preset=<id>`, the older form, still read): a link
//! (from `/copiers`, or shared) that opens a small design
//! whose hops use one of the model's product presets, with a hop selected so its options,
//! the preset's settings and its card show. A design already on the canvas is never
//! replaced without asking, and an unknown id is a message, not a change.

use leptos::prelude::*;
use leptos_router::hooks::{use_params_map, use_query_map};

use super::state::{Ctx, Notice};
use crate::designer::{presets, Design, Edit, ElementRef};

/// A preset design waiting for the reader's choice.
#[derive(Clone)]
struct Offer {
    title: &'static str,
    design: Design,
    hop: String,
}

/// Reads the preset's id from the path (or `?preset=`) once, when the page opens, and acts
/// on it; returns the offer the page shows when the canvas already holds a design.
fn from_address(ctx: Ctx) -> Option<Offer> {
    let id = use_params_map()
        .with_untracked(|p| p.get("preset"))
        .or_else(|| use_query_map().with_untracked(|q| q.get("preset")))?;
    let Some((preset, (design, hop))) =
        presets::find(&id).and_then(|p| Some((p.clone(), presets::demo(p.id)?)))
    else {
        say(
            ctx,
            Notice::Error(format!(
                "The link asks for a product preset “{id}”, which this version does not have (it has {}). Your design is as it was.",
                presets::ids().join(", ")
            )),
        );
        return None;
    };
    let title = preset.title;
    let current = ctx.design_untracked();
    if current == design {
        // Reloading the link once it was opened: show the hop again, ask nothing, and say
        // what the page says on a first visit (its HTML, written at build time, says it).
        say(ctx, Notice::Info(opened(title, &hop, "")));
        show_hop(ctx, hop);
        return None;
    }
    let offer = Offer { title, design, hop };
    if current.topology().sites.is_empty() && current.spec.timeline.is_empty() {
        open(ctx, offer);
        return None;
    }
    Some(offer)
}

/// Puts a message on the line, after any error already there (an unreadable autosave's
/// notice must stay readable).
fn say(ctx: Ctx, notice: Notice) {
    let text = |n: &Notice| match n {
        Notice::Info(t) | Notice::Error(t) => t.clone(),
    };
    let next = match (ctx.notice.get_untracked(), &notice) {
        (Some(prev @ Notice::Error(_)), _) => {
            Notice::Error(format!("{} {}", text(&prev), text(&notice)))
        }
        _ => notice,
    };
    ctx.notice.set(Some(next));
}

fn open(ctx: Ctx, offer: Offer) {
    let had_design = ctx.with_design(|d| !d.topology().sites.is_empty());
    if ctx.edit(Edit::Replace(Box::new(offer.design))) {
        let back = if had_design {
            " Undo (Ctrl+Z) brings back the design you had."
        } else {
            ""
        };
        say(ctx, Notice::Info(opened(offer.title, &offer.hop, back)));
        show_hop(ctx, offer.hop);
    }
}

/// The line that says a preset's design is on the canvas, and which hop shows.
fn opened(title: &str, hop: &str, back: &str) -> String {
    format!("Opened a design that uses the preset “{title}” on every hop; hop {hop} is selected below.{back}")
}

/// Selects the hop (its options open in the list) and brings its row into view.
fn show_hop(ctx: Ctx, hop: String) {
    ctx.selected.set(Some(ElementRef::Hop(hop.clone())));
    ctx.linked_hop.set(Some(hop));
    request_animation_frame(|| {
        if let Some(row) = document()
            .query_selector("li.panel-row[data-scroll-into-view]")
            .ok()
            .flatten()
        {
            row.scroll_into_view();
        }
    });
}

/// The question shown when a preset link arrives while a design is on the canvas.
#[component]
pub fn PresetOffer(ctx: Ctx) -> impl IntoView {
    let offer = RwSignal::new(from_address(ctx));
    let accept = move |_| {
        if let Some(o) = offer.get_untracked() {
            offer.set(None);
            open(ctx, o);
        }
    };
    let keep = move |_| {
        if let Some(o) = offer.get_untracked() {
            offer.set(None);
            ctx.info(format!(
                "Kept your design. The preset “{}” is in every hop's options, under “product preset”.",
                o.title
            ));
        }
    };
    move || {
        offer.get().map(|o| {
            view! {
                <div class="designer-offer" role="group" aria-labelledby="dz-offer-title">
                    <p id="dz-offer-title">
                        <strong>{format!("The link opens a design using the preset “{}”.", o.title)}</strong>
                        " It would replace the design on the canvas. Yours stays one undo away (Ctrl+Z or Undo) while this tab is open; export it first to keep a file."
                    </p>
                    <div class="offer-actions">
                        <button type="button" class="primary" on:click=accept>"Open the preset design"</button>
                        <button type="button" on:click=keep>"Keep my design"</button>
                    </div>
                </div>
            }
        })
    }
}
