//! The canvas: sites, streams, writers, reader groups and companions as boxes, hops as
//! arrows. Every element is focusable; arrow keys move its site, Enter selects it (or
//! picks it in connect mode), Delete removes it. Pointer (mouse, pen, touch) drags sites and
//! pans the background; two fingers pinch to zoom; the wheel and the buttons zoom.

use leptos::prelude::*;

use super::state::{use_ctx, Ctx};
use crate::designer::geometry::{self, Scene};
use crate::designer::{Edit, Element, ElementRef};
use hoplab_model::spec::kit;

mod elements;
mod keyboard;
mod pointer;

use elements::{ArrowView, ShapeView};
use pointer::Gestures;

#[component]
pub fn Canvas() -> impl IntoView {
    let ctx = use_ctx();
    let scene = Memo::new(move |_| ctx.with_design(geometry::scene));
    let gestures = Gestures::new(ctx, scene);
    refit_when_sites_change(ctx, gestures);
    let vb = gestures.vb;
    let connecting = move || ctx.connecting.get().is_some();
    let units_per_px = units_per_px(gestures);
    let far = move || units_per_px.get() > FAR;

    view! {
        <section class="designer-canvas" aria-labelledby="dz-canvas-title">
            <h2 id="dz-canvas-title" class="visually-hidden">"Canvas"</h2>
            <CanvasTools gestures=gestures />
            <p class="canvas-hint" id="dz-canvas-hint">"Tab to an element. Arrow keys move its site (Shift: further), Enter selects it, Delete removes it. Drag boxes or the background; pinch, Ctrl+wheel or the wheel, and the + and − buttons zoom."</p>
            <svg
                node_ref=gestures.svg
                class="canvas-svg"
                class:canvas-svg--connecting=connecting
                class:canvas-svg--far=far
                style=move || format!("--dz-u: {:.3}", units_per_px.get())
                role="group"
                aria-label="Design canvas"
                aria-describedby="dz-canvas-hint"
                viewBox=move || { let v = vb.get(); format!("{:.1} {:.1} {:.1} {:.1}", v.x, v.y, v.w, v.h) }
                preserveAspectRatio="xMinYMin meet"
                on:pointerdown=move |ev| gestures.down(ev)
                on:pointermove=move |ev| gestures.moved(ev)
                on:pointerup=move |ev| gestures.up(ev)
                on:pointercancel=move |ev| gestures.up(ev)
                on:wheel=move |ev| gestures.wheel(ev)
            >
                <ArrowHeads />
                <SceneElements scene=scene />
                <SiteTitles scene=scene />
            </svg>
        </section>
    }
}

/// Canvas units per screen pixel above which 11 px text would be drawn under about 8 px:
/// there the canvas shows the sites' names at screen size and hides the rest of its text
/// (a ten-site estate at "Fit", or two sites on a phone).
const FAR: f64 = 1.3;

/// Canvas units per screen pixel as the view and the canvas's width change.
fn units_per_px(gestures: Gestures) -> Memo<f64> {
    let width = RwSignal::new(0.0);
    let measure = move || {
        if let Some(svg) = gestures.svg.get_untracked() {
            width.set(svg.get_bounding_client_rect().width());
        }
    };
    Effect::new(move |_| {
        gestures.svg.track();
        measure();
    });
    let on_resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || on_resize.remove());
    Memo::new(move |_| {
        let w = width.get();
        if w > 0.0 {
            gestures.vb.get().w / w
        } else {
            1.0
        }
    })
}

/// Fit again whenever sites come or go (a template, an import, a new site).
fn refit_when_sites_change(ctx: Ctx, gestures: Gestures) {
    let site_names = Memo::new(move |_| {
        ctx.with_design(|d| {
            d.topology()
                .sites
                .iter()
                .map(|s| s.name.clone())
                .collect::<Vec<_>>()
        })
    });
    Effect::new(move |prev: Option<()>| {
        site_names.with(|_| ());
        if prev.is_some() {
            gestures.fit();
        }
    });
}

/// The buttons above the canvas: add a site, connect streams, zoom.
#[component]
fn CanvasTools(gestures: Gestures) -> impl IntoView {
    let ctx = use_ctx();
    let add_site = move |_| {
        let name =
            ctx.with_design(|d| d.fresh_name("site-", |n| d.has(&ElementRef::Site(n.into()))));
        if ctx.edit(Edit::Add(Element::Site(kit::site(&name)), None)) {
            ctx.selected.set(Some(ElementRef::Site(name)));
        }
    };
    let connecting = move || ctx.connecting.get().is_some();
    let connect_label = move || match ctx.connecting.get() {
        None => "Connect streams".to_string(),
        Some(None) => "Pick the source stream… (Esc to stop)".to_string(),
        Some(Some(from)) => format!("From {}/{}: pick the target stream", from.site, from.stream),
    };
    view! {
        <div class="canvas-tools">
            <button type="button" on:click=add_site>"+ Site"</button>
            <button type="button" aria-pressed=move || connecting().to_string() on:click=move |_| ctx.connecting.update(|c| *c = if c.is_some() { None } else { Some(None) })>{connect_label}</button>
            <span class="canvas-zoom">
                <button type="button" aria-label="Zoom in" on:click=move |_| gestures.zoom(1.0 / 1.25, None)>"+"</button>
                <button type="button" aria-label="Zoom out" on:click=move |_| gestures.zoom(1.25, None)>"−"</button>
                <button type="button" on:click=move |_| gestures.fit()>"Fit"</button>
            </span>
        </div>
    }
}

/// The arrowheads the hops' arrows end in (plain, and for a hop with a finding).
#[component]
fn ArrowHeads() -> impl IntoView {
    view! {
        <defs>
            <marker id="dz-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" class="dz-head"></path>
            </marker>
            <marker id="dz-head-bad" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" class="dz-head dz-head--bad"></path>
            </marker>
        </defs>
    }
}

/// The drawn design: sites, what is inside them, then the hops' arrows on top.
#[component]
fn SceneElements(scene: Memo<Scene>) -> impl IntoView {
    // What is drawn, as memos: moving a box changes no key, so no list is diffed again.
    let site_keys = Memo::new(move |_| keys(scene, |s| &s.sites));
    let inner_keys = Memo::new(move |_| keys(scene, |s| &s.inner));
    let hop_keys = Memo::new(move |_| {
        scene.with(|s| s.arrows.iter().map(|a| a.hop.clone()).collect::<Vec<_>>())
    });
    view! {
        {move || scene.with(|s| s.sites.is_empty()).then(|| view! {
            <text x="20" y="60" class="dz-empty">"An empty canvas: add a site (+ Site, or the Sites form below)."</text>
        })}
        <For each=move || site_keys.get() key=|k| k.clone() let:key>
            <ShapeView key=key scene=scene kind="site" />
        </For>
        <For each=move || inner_keys.get() key=|k| k.clone() let:key>
            <ShapeView key=key scene=scene kind="inner" />
        </For>
        <For each=move || hop_keys.get() key=|k| k.clone() let:hop>
            <ArrowView hop=hop scene=scene />
        </For>
    }
}

/// Each site's name once more, on top of everything and at screen size, shown only when
/// the view is too far out for the drawing's own text.
#[component]
fn SiteTitles(scene: Memo<Scene>) -> impl IntoView {
    let titles = Memo::new(move |_| {
        scene.with(|s| {
            s.sites
                .iter()
                .map(|x| {
                    let (cx, cy) = (x.rect.x + x.rect.w / 2.0, x.rect.y + x.rect.h / 2.0);
                    let name = geometry::cut(&x.site, 16);
                    (x.key.clone(), name, format!("{cx:.1}"), format!("{cy:.1}"))
                })
                .collect::<Vec<_>>()
        })
    });
    view! {
        <g class="dz-far-titles" aria-hidden="true">
            <For each=move || titles.get() key=|t| t.clone() let:t>
                <text class="dz-site-far" x=t.2 y=t.3 text-anchor="middle" dominant-baseline="central">{t.1}</text>
            </For>
        </g>
    }
}

fn keys(scene: Memo<Scene>, pick: fn(&Scene) -> &Vec<geometry::Shape>) -> Vec<String> {
    scene.with(|s| pick(s).iter().map(|x| x.key.clone()).collect())
}
