//! The canvas: sites, streams, writers, reader groups and companions as boxes, hops as
//! arrows. Every element is focusable; arrow keys move its site, Enter selects it (or
//! picks it in connect mode), Delete removes it. Pointer (mouse, pen, touch) drags sites and
//! pans the background; two fingers pinch to zoom; the wheel and the buttons zoom.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::state::{use_ctx, Ctx};
use crate::designer::design::Pos;
use crate::designer::geometry::{self, Rect, Scene};
use crate::designer::viewport::{fit, wheel_factor, Pinch, ViewBox};
use crate::designer::{kit, Edit, Element, ElementRef};

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

const STEP: f64 = 10.0;

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

/// Enter or a click: select, or in connect mode pick a stream.
fn activate(ctx: Ctx, element: ElementRef) {
    match (ctx.connecting.get_untracked(), &element) {
        (Some(None), ElementRef::Stream(from)) => ctx.connecting.set(Some(Some(from.clone()))),
        (Some(Some(from)), ElementRef::Stream(to)) => {
            let id = ctx.with_design(|d| {
                d.fresh_name(&format!("{}-to-{}-", from.site, to.site), |n| {
                    d.has(&ElementRef::Hop(n.into()))
                })
            });
            let hop = kit::hop(
                &id,
                (&from.site, &from.stream),
                (&to.site, &to.stream),
                Default::default(),
            );
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

fn on_key(ctx: Ctx, element: ElementRef, site: Option<String>, ev: web_sys::KeyboardEvent) {
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
fn ShapeView(key: String, scene: Memo<Scene>, kind: &'static str) -> impl IntoView {
    let ctx = use_ctx();
    let k = key.clone();
    let shape = Memo::new(move |_| scene.with(|s| find(s, &k).cloned()));
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
fn ArrowView(hop: String, scene: Memo<Scene>) -> impl IntoView {
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
    let text_for_label = geometry::cut(&hop, 18);
    let label = move || {
        let route = arrow
            .with(|a| a.as_ref().map(|a| a.route.clone()))
            .unwrap_or_default();
        named(
            &text_for_label,
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
    let text = geometry::cut(&hop, 18);
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
