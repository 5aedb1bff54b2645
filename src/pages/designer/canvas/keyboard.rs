//! What a key or a tap does to a canvas element: select it, pick it while connecting,
//! move its site, remove it.

use leptos::prelude::*;

use super::super::state::Ctx;
use crate::designer::design::Pos;
use crate::designer::{Edit, Element, ElementRef};
use hoplab_model::spec::kit;

/// How far an arrow key moves a site (Shift: five times as far).
const STEP: f64 = 10.0;

/// Enter or a click: select, or in connect mode pick a stream.
pub(super) fn activate(ctx: Ctx, element: ElementRef) {
    match (ctx.connecting.get_untracked(), &element) {
        (Some(None), ElementRef::Stream(from)) => ctx.connecting.set(Some(Some(from.clone()))),
        (Some(Some(from)), ElementRef::Stream(to)) => {
            let id = ctx.with_design(|d| {
                d.fresh_name(&format!("{}-to-{}-", from.site, to.site), |n| {
                    d.has(&ElementRef::Hop(n.into()))
                })
            });
            let hop = kit::hop(&id, from.clone(), to.clone(), Default::default());
            if ctx.edit(Edit::Add(Element::Hop(hop), None)) {
                ctx.info(format!("Added hop {id}."));
                ctx.selected.set(Some(ElementRef::Hop(id)));
            }
            ctx.connecting.set(None);
        }
        (Some(_), _) => ctx.info("Connect joins streams: pick a stream row."),
        (None, _) => ctx.selected.set(Some(element)),
    }
}

pub(super) fn on_key(
    ctx: Ctx,
    element: ElementRef,
    site: Option<String>,
    ev: web_sys::KeyboardEvent,
) {
    let step = if ev.shift_key() { STEP * 5.0 } else { STEP };
    let delta = match ev.key().as_str() {
        "ArrowLeft" => Some((-step, 0.0)),
        "ArrowRight" => Some((step, 0.0)),
        "ArrowUp" => Some((0.0, -step)),
        "ArrowDown" => Some((0.0, step)),
        "Enter" | " " => {
            ev.prevent_default();
            activate(ctx, element);
            return;
        }
        "Delete" | "Backspace" => {
            ev.prevent_default();
            let label = element.label();
            if ctx.edit(Edit::Remove(element)) {
                ctx.info(format!("Removed {label}. Undo brings it back."));
            }
            return;
        }
        "Escape" => {
            ctx.connecting.set(None);
            return;
        }
        _ => None,
    };
    if let (Some((dx, dy)), Some(site)) = (delta, site) {
        ev.prevent_default();
        if let Some(at) = ctx.with_design(|d| d.place(&site)) {
            ctx.edit(Edit::Move(
                site,
                Pos {
                    x: at.x + dx,
                    y: at.y + dy,
                },
            ));
            ctx.editor.update(|e| e.seal());
        }
    }
}
