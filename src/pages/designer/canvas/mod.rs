//! The canvas: sites, streams, writers, reader groups and companions as boxes, hops as
//! arrows. Every element is focusable; arrow keys move its site, Enter selects it (or
//! picks it in connect mode), Delete removes it. Pointer (mouse, pen, touch) drags sites and
//! pans the background; two fingers pinch to zoom; the wheel and the buttons zoom.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::state::{use_ctx, Ctx};
use crate::designer::design::Pos;
use crate::designer::geometry::{self, Scene};
use crate::designer::viewport::{fit, wheel_factor, Pinch, ViewBox};
use crate::designer::{Edit, Element, ElementRef};
use hoplab_model::spec::kit;

mod elements;
mod keyboard;

use elements::{ArrowView, ShapeView};
use keyboard::activate;

#[derive(Clone)]
enum Drag {
    Site {
        site: String,
        element: ElementRef,
        from: (f64, f64),
        start: Pos,
        moved: bool,
    },
    /// The background, or a hop (a tap on it selects it).
    Pan {
        from: (f64, f64),
        start: ViewBox,
        tap: Option<ElementRef>,
        moved: bool,
    },
    /// Two fingers down: zoom by their spread, pan by their midpoint.
    Pinch(Pinch),
}

#[component]
pub fn Canvas() -> impl IntoView {
    let ctx = use_ctx();
    let scene = Memo::new(move |_| ctx.with_design(geometry::scene));
    let vb = RwSignal::new(fit(scene.with_untracked(|s| s.bounds)));
    // Fit again whenever sites come or go (a template, an import, a new site).
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
            vb.set(fit(scene.with_untracked(|s| s.bounds)));
        }
    });
    // What is drawn, as memos: moving a box changes no key, so no list is diffed again.
    let site_keys = Memo::new(move |_| keys(scene, |s| &s.sites));
    let inner_keys = Memo::new(move |_| keys(scene, |s| &s.inner));
    let hop_keys = Memo::new(move |_| {
        scene.with(|s| s.arrows.iter().map(|a| a.hop.clone()).collect::<Vec<_>>())
    });
    let svg = NodeRef::<leptos::svg::Svg>::new();
    let drag = StoredValue::new_local(None::<Drag>);
    // Pointers down on the canvas and where they are (screen px), for a pinch.
    let pointers = StoredValue::new_local(Vec::<(i32, (f64, f64))>::new());

    // The element's top-left corner on screen, and canvas units per screen pixel for `v`
    // (the larger ratio, as the view box is fitted with "meet").
    let frame = move |v: ViewBox| {
        svg.get_untracked()
            .map(|s| {
                let r = s.get_bounding_client_rect();
                (
                    (r.left(), r.top()),
                    (v.w / r.width().max(1.0)).max(v.h / r.height().max(1.0)),
                )
            })
            .unwrap_or(((0.0, 0.0), 1.0))
    };
    let scale = move || frame(vb.get_untracked()).1;
    let zoom = move |factor: f64, around: Option<(f64, f64)>| {
        vb.update(|v| *v = v.zoomed(factor, around.unwrap_or(v.centre())))
    };

    let on_down = move |ev: web_sys::PointerEvent| {
        if ev.button() != 0 {
            return;
        }
        let from = (ev.client_x() as f64, ev.client_y() as f64);
        pointers.update_value(|p| {
            p.retain(|(id, _)| *id != ev.pointer_id());
            p.push((ev.pointer_id(), from));
        });
        if let Some(s) = svg.get_untracked() {
            let _ = s.set_pointer_capture(ev.pointer_id());
        }
        if let [(_, a), (_, b)] = pointers.get_value()[..] {
            // A second finger: whatever the first began becomes a pinch.
            if matches!(drag.get_value(), Some(Drag::Site { moved: true, .. })) {
                ctx.editor.update(|e| e.seal());
            }
            drag.set_value(Some(Drag::Pinch(Pinch {
                start: vb.get_untracked(),
                a,
                b,
            })));
            return;
        }
        let hit = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("[data-el]").ok().flatten())
            .and_then(|e| e.get_attribute("data-el"));
        let tap = hit.as_ref().and_then(|key| {
            scene.with_untracked(|s| {
                s.arrows
                    .iter()
                    .find(|a| ElementRef::Hop(a.hop.clone()).key() == *key)
                    .map(|a| ElementRef::Hop(a.hop.clone()))
            })
        });
        let element = hit.and_then(|key| {
            scene.with_untracked(|s| find(s, &key).map(|x| (x.element.clone(), x.site.clone())))
        });
        let next = match element {
            Some((element, site)) => {
                let start = ctx
                    .with_design(|d| d.place(&site))
                    .unwrap_or(Pos { x: 0.0, y: 0.0 });
                Drag::Site {
                    site,
                    element,
                    from,
                    start,
                    moved: false,
                }
            }
            None => Drag::Pan {
                from,
                start: vb.get_untracked(),
                tap,
                moved: false,
            },
        };
        drag.set_value(Some(next));
    };
    let on_move = move |ev: web_sys::PointerEvent| {
        let (cx, cy) = (ev.client_x() as f64, ev.client_y() as f64);
        pointers.update_value(|p| {
            if let Some(at) = p.iter_mut().find(|(id, _)| *id == ev.pointer_id()) {
                at.1 = (cx, cy);
            }
        });
        if let Some(Drag::Pinch(pinch)) = drag.get_value() {
            if let [(_, a), (_, b)] = pointers.get_value()[..] {
                let (origin, s) = frame(pinch.start);
                vb.set(pinch.view(a, b, origin, s));
            }
            return;
        }
        let s = scale();
        drag.update_value(|d| match d {
            Some(Drag::Site {
                site,
                from,
                start,
                moved,
                ..
            }) => {
                let (dx, dy) = ((cx - from.0) * s, (cy - from.1) * s);
                if *moved || dx.abs() + dy.abs() > 4.0 {
                    *moved = true;
                    ctx.edit(Edit::Move(
                        site.clone(),
                        Pos {
                            x: (start.x + dx).round(),
                            y: (start.y + dy).round(),
                        },
                    ));
                }
            }
            Some(Drag::Pan {
                from, start, moved, ..
            }) if *moved || (cx - from.0).abs() + (cy - from.1).abs() > 4.0 => {
                *moved = true;
                vb.set(ViewBox {
                    x: start.x - (cx - from.0) * s,
                    y: start.y - (cy - from.1) * s,
                    ..*start
                });
            }
            _ => {}
        });
    };
    let on_up = move |ev: web_sys::PointerEvent| {
        pointers.update_value(|p| p.retain(|(id, _)| *id != ev.pointer_id()));
        end_drag(ctx, drag.try_update_value(|d| d.take()).flatten());
    };
    let on_wheel = move |ev: web_sys::WheelEvent| {
        ev.prevent_default();
        let v = vb.get_untracked();
        let (origin, s) = frame(v);
        let at = v.at((ev.client_x() as f64, ev.client_y() as f64), origin, s);
        // Lines or pages (delta_mode 1, 2) count as about 40 px each.
        let px = if ev.delta_mode() == 0 { 1.0 } else { 40.0 };
        zoom(wheel_factor(ev.delta_y() * px), Some(at));
    };

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
        <section class="designer-canvas" aria-labelledby="dz-canvas-title">
            <h2 id="dz-canvas-title" class="visually-hidden">"Canvas"</h2>
            <div class="canvas-tools">
                <button type="button" on:click=add_site>"+ Site"</button>
                <button type="button" aria-pressed=move || connecting().to_string() on:click=move |_| ctx.connecting.update(|c| *c = if c.is_some() { None } else { Some(None) })>{connect_label}</button>
                <span class="canvas-zoom">
                    <button type="button" aria-label="Zoom in" on:click=move |_| zoom(1.0 / 1.25, None)>"+"</button>
                    <button type="button" aria-label="Zoom out" on:click=move |_| zoom(1.25, None)>"−"</button>
                    <button type="button" on:click=move |_| vb.set(fit(scene.with_untracked(|s| s.bounds)))>"Fit"</button>
                </span>
            </div>
            <p class="canvas-hint" id="dz-canvas-hint">"Tab to an element. Arrow keys move its site (Shift: further), Enter selects it, Delete removes it. Drag boxes or the background; pinch, Ctrl+wheel or the wheel, and the + and − buttons zoom."</p>
            <svg
                node_ref=svg
                class="canvas-svg"
                class:canvas-svg--connecting=connecting
                role="group"
                aria-label="Design canvas"
                aria-describedby="dz-canvas-hint"
                viewBox=move || { let v = vb.get(); format!("{:.1} {:.1} {:.1} {:.1}", v.x, v.y, v.w, v.h) }
                preserveAspectRatio="xMinYMin meet"
                on:pointerdown=on_down
                on:pointermove=on_move
                on:pointerup=on_up
                on:pointercancel=on_up
                on:wheel=on_wheel
            >
                <defs>
                    <marker id="dz-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                        <path d="M0,0 L10,5 L0,10 z" class="dz-head"></path>
                    </marker>
                    <marker id="dz-head-bad" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                        <path d="M0,0 L10,5 L0,10 z" class="dz-head dz-head--bad"></path>
                    </marker>
                </defs>
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
            </svg>
        </section>
    }
}

fn keys(scene: Memo<Scene>, pick: fn(&Scene) -> &Vec<geometry::Shape>) -> Vec<String> {
    scene.with(|s| pick(s).iter().map(|x| x.key.clone()).collect())
}

fn find<'a>(s: &'a Scene, key: &str) -> Option<&'a geometry::Shape> {
    s.sites.iter().chain(&s.inner).find(|x| x.key == key)
}

/// A pointer lifted: a drag ends as one undo step; a press that did not move is a click.
fn end_drag(ctx: Ctx, drag: Option<Drag>) {
    match drag {
        Some(Drag::Site { element, moved, .. }) => {
            ctx.editor.update(|e| e.seal());
            if !moved {
                activate(ctx, element);
            }
        }
        Some(Drag::Pan {
            tap: Some(hop),
            moved: false,
            ..
        }) => activate(ctx, hop),
        _ => {}
    }
}
