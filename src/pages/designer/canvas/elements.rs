//! One drawn element of the canvas: a box (site, stream row, chip) or a hop's arrow,
//! focusable and named for screen readers.

use leptos::prelude::*;

use super::super::state::{use_ctx, Ctx};
use super::keyboard::on_key;
use crate::designer::design::Pos;
use crate::designer::geometry::{Rect, Scene};
use crate::designer::ElementRef;

/// The accessible name: the full description, starting with the visible text when the
/// description does not already hold it (a cut name, a chip's glyph), so speech and
/// sight agree.
fn named(visible: &str, full: &str, flagged: bool) -> String {
    let flag = if flagged { " (has a lint finding)" } else { "" };
    if full.contains(visible) {
        format!("{full}{flag}")
    } else {
        format!("{visible}: {full}{flag}")
    }
}

fn flag_class(ctx: Ctx, e: &ElementRef) -> &'static str {
    match ctx.flagged(e) {
        (_, true) => " is-flagged is-hot",
        (true, false) => " is-flagged",
        _ => "",
    }
}

#[component]
pub(super) fn ShapeView(key: String, scene: Memo<Scene>, kind: &'static str) -> impl IntoView {
    let ctx = use_ctx();
    let k = key.clone();
    let shape = Memo::new(move |_| scene.with(|s| s.shape(&k).cloned()));
    let element = shape
        .get_untracked()
        .map(|s| s.element)
        .expect("a drawn element");
    let el_for_class = element.clone();
    let el_for_key = element.clone();
    let el_for_focus = element.clone();
    let class = move || {
        let base = match &el_for_class {
            ElementRef::Site(_) => "dz-site",
            ElementRef::Stream(_) => "dz-stream",
            ElementRef::Writer(_) => "dz-chip dz-writer",
            ElementRef::Reader(_) => "dz-chip dz-reader",
            ElementRef::Companion(_) => "dz-chip dz-companion",
            ElementRef::Hop(_) => "dz-hop",
        };
        let selected = ctx.selected.with(|s| s.as_ref() == Some(&el_for_class));
        format!(
            "dz-el {base}{}{}",
            flag_class(ctx, &el_for_class),
            if selected { " is-selected" } else { "" }
        )
    };
    let label = {
        let e = element.clone();
        move || {
            let (flagged, _) = ctx.flagged(&e);
            let visible = shape
                .with(|s| s.as_ref().map(|s| s.text.clone()))
                .unwrap_or_default();
            named(&visible, &e.label(), flagged)
        }
    };
    let rect = move || {
        shape.with(|s| s.as_ref().map(|s| s.rect)).unwrap_or(Rect {
            x: 0.0,
            y: 0.0,
            w: 0.0,
            h: 0.0,
        })
    };
    let text = move || {
        shape
            .with(|s| s.as_ref().map(|s| s.text.clone()))
            .unwrap_or_default()
    };
    let site = move || shape.with_untracked(|s| s.as_ref().map(|s| s.site.clone()));
    let is_site = kind == "site";
    view! {
        <g
            class=class
            data-el=key
            tabindex="0"
            role="button"
            aria-label=label
            on:focus=move |_| { if ctx.connecting.get_untracked().is_none() { ctx.selected.set(Some(el_for_focus.clone())); } }
            on:keydown=move |ev| on_key(ctx, el_for_key.clone(), site(), ev)
        >
            <rect
                x=move || rect().x.to_string()
                y=move || rect().y.to_string()
                width=move || rect().w.to_string()
                height=move || rect().h.to_string()
                rx=if is_site { "10" } else { "6" }
            ></rect>
            <text
                x=move || (rect().x + if is_site { 12.0 } else { 8.0 }).to_string()
                y=move || (rect().y + if is_site { 22.0 } else { rect().h / 2.0 + 4.5 }).to_string()
            >{text}</text>
        </g>
    }
}

#[component]
pub(super) fn ArrowView(hop: String, scene: Memo<Scene>) -> impl IntoView {
    let ctx = use_ctx();
    let h = hop.clone();
    let arrow = Memo::new(move |_| scene.with(|s| s.arrows.iter().find(|a| a.hop == h).cloned()));
    let element = ElementRef::Hop(hop.clone());
    let (e1, e2, e3, e4) = (
        element.clone(),
        element.clone(),
        element.clone(),
        element.clone(),
    );
    let class = move || {
        let selected = ctx.selected.with(|s| s.as_ref() == Some(&e1));
        format!(
            "dz-el dz-hop{}{}",
            flag_class(ctx, &e1),
            if selected { " is-selected" } else { "" }
        )
    };
    let marker = move || {
        if ctx.flagged(&e2).0 {
            "url(#dz-head-bad)"
        } else {
            "url(#dz-head)"
        }
    };
    let text = move || {
        arrow
            .with(|a| a.as_ref().map(|a| a.label.clone()))
            .unwrap_or_default()
    };
    let label = move || {
        let route = arrow
            .with(|a| a.as_ref().map(|a| a.route.clone()))
            .unwrap_or_default();
        named(
            &text(),
            &format!("{}{route}", e3.label()),
            ctx.flagged(&e3).0,
        )
    };
    let d = move || {
        arrow
            .with(|a| a.as_ref().map(|a| a.path.clone()))
            .unwrap_or_default()
    };
    let at = move || {
        arrow
            .with(|a| a.as_ref().map(|a| a.label_at))
            .unwrap_or(Pos { x: 0.0, y: 0.0 })
    };
    view! {
        <g
            class=class
            data-el=element.key()
            tabindex="0"
            role="button"
            aria-label=label
            on:focus={ let e = e4.clone(); move |_| ctx.selected.set(Some(e.clone())) }
            on:keydown=move |ev| on_key(ctx, e4.clone(), None, ev)
        >
            <path class="dz-hop-hit" d=d></path>
            <path class="dz-hop-line" d=d marker-end=marker></path>
            <text class="dz-hop-label" x=move || at().x.to_string() y=move || at().y.to_string() text-anchor="middle">{text}</text>
        </g>
    }
}
