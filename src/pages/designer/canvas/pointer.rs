//! Pointer gestures on the canvas: drag a site, pan the background, pinch and wheel to
//! zoom. One `Gestures` value holds what they share, so each handler is a small method.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::super::state::Ctx;
use super::keyboard::activate;
use crate::designer::design::Pos;
use crate::designer::geometry::Scene;
use crate::designer::viewport::{fit, wheel_factor, Pinch, ViewBox};
use crate::designer::{Edit, ElementRef};

/// How far (screen px) a press must travel before it counts as a drag, not a click.
const DRAG_SLOP: f64 = 4.0;

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

/// A pointer down on the canvas (its id) and where it is (screen px), for a pinch.
type PointerAt = (i32, (f64, f64));

/// The canvas's view box and the gesture under way.
#[derive(Clone, Copy)]
pub(super) struct Gestures {
    ctx: Ctx,
    scene: Memo<Scene>,
    pub(super) vb: RwSignal<ViewBox>,
    pub(super) svg: NodeRef<leptos::svg::Svg>,
    drag: StoredValue<Option<Drag>, LocalStorage>,
    pointers: StoredValue<Vec<PointerAt>, LocalStorage>,
}

fn client_point(ev: &web_sys::PointerEvent) -> (f64, f64) {
    (ev.client_x() as f64, ev.client_y() as f64)
}

impl Gestures {
    pub(super) fn new(ctx: Ctx, scene: Memo<Scene>) -> Self {
        Gestures {
            ctx,
            scene,
            vb: RwSignal::new(fit(scene.with_untracked(|s| s.bounds))),
            svg: NodeRef::new(),
            drag: StoredValue::new_local(None),
            pointers: StoredValue::new_local(Vec::new()),
        }
    }

    /// The element's top-left corner on screen, and canvas units per screen pixel for `v`
    /// (the larger ratio, as the view box is fitted with "meet").
    fn frame(self, v: ViewBox) -> ((f64, f64), f64) {
        self.svg
            .get_untracked()
            .map(|s| {
                let r = s.get_bounding_client_rect();
                (
                    (r.left(), r.top()),
                    (v.w / r.width().max(1.0)).max(v.h / r.height().max(1.0)),
                )
            })
            .unwrap_or(((0.0, 0.0), 1.0))
    }

    pub(super) fn zoom(self, factor: f64, around: Option<(f64, f64)>) {
        self.vb
            .update(|v| *v = v.zoomed(factor, around.unwrap_or(v.centre())))
    }

    /// Show the whole design.
    pub(super) fn fit(self) {
        self.vb.set(fit(self.scene.with_untracked(|s| s.bounds)));
    }

    pub(super) fn down(self, ev: web_sys::PointerEvent) {
        if ev.button() != 0 {
            return;
        }
        let from = client_point(&ev);
        self.pointers.update_value(|p| {
            p.retain(|(id, _)| *id != ev.pointer_id());
            p.push((ev.pointer_id(), from));
        });
        if let Some(s) = self.svg.get_untracked() {
            let _ = s.set_pointer_capture(ev.pointer_id());
        }
        if let [(_, a), (_, b)] = self.pointers.get_value()[..] {
            self.start_pinch(a, b);
            return;
        }
        let next = self.press(&ev, from);
        self.drag.set_value(Some(next));
    }

    /// A second finger: whatever the first began becomes a pinch.
    fn start_pinch(self, a: (f64, f64), b: (f64, f64)) {
        if matches!(self.drag.get_value(), Some(Drag::Site { moved: true, .. })) {
            self.ctx.editor.update(|e| e.seal());
        }
        self.drag.set_value(Some(Drag::Pinch(Pinch {
            start: self.vb.get_untracked(),
            a,
            b,
        })));
    }

    /// What a first pointer down begins: dragging the site of the box under it, or
    /// panning (and perhaps tapping a hop).
    fn press(self, ev: &web_sys::PointerEvent, from: (f64, f64)) -> Drag {
        let hit = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("[data-el]").ok().flatten())
            .and_then(|e| e.get_attribute("data-el"));
        let Some(key) = hit else {
            return self.pan_from(from, None);
        };
        let element = self
            .scene
            .with_untracked(|s| s.shape(&key).map(|x| (x.element.clone(), x.site.clone())));
        match element {
            Some((element, site)) => {
                let start = self
                    .ctx
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
            None => self.pan_from(from, self.hop_at(&key)),
        }
    }

    fn hop_at(self, key: &str) -> Option<ElementRef> {
        self.scene.with_untracked(|s| {
            s.arrows
                .iter()
                .find(|a| ElementRef::Hop(a.hop.clone()).key() == key)
                .map(|a| ElementRef::Hop(a.hop.clone()))
        })
    }

    fn pan_from(self, from: (f64, f64), tap: Option<ElementRef>) -> Drag {
        Drag::Pan {
            from,
            start: self.vb.get_untracked(),
            tap,
            moved: false,
        }
    }

    pub(super) fn moved(self, ev: web_sys::PointerEvent) {
        let (cx, cy) = client_point(&ev);
        self.pointers.update_value(|p| {
            if let Some(at) = p.iter_mut().find(|(id, _)| *id == ev.pointer_id()) {
                at.1 = (cx, cy);
            }
        });
        if let Some(Drag::Pinch(pinch)) = self.drag.get_value() {
            if let [(_, a), (_, b)] = self.pointers.get_value()[..] {
                let (origin, s) = self.frame(pinch.start);
                self.vb.set(pinch.view(a, b, origin, s));
            }
            return;
        }
        let s = self.frame(self.vb.get_untracked()).1;
        self.drag.update_value(|d| match d {
            Some(Drag::Site {
                site,
                from,
                start,
                moved,
                ..
            }) => {
                let (dx, dy) = ((cx - from.0) * s, (cy - from.1) * s);
                if *moved || dx.abs() + dy.abs() > DRAG_SLOP {
                    *moved = true;
                    let to = Pos {
                        x: (start.x + dx).round(),
                        y: (start.y + dy).round(),
                    };
                    self.ctx.edit(Edit::Move(site.clone(), to));
                }
            }
            Some(Drag::Pan {
                from, start, moved, ..
            }) if *moved || (cx - from.0).abs() + (cy - from.1).abs() > DRAG_SLOP => {
                *moved = true;
                self.vb.set(ViewBox {
                    x: start.x - (cx - from.0) * s,
                    y: start.y - (cy - from.1) * s,
                    ..*start
                });
            }
            _ => {}
        });
    }

    pub(super) fn up(self, ev: web_sys::PointerEvent) {
        self.pointers
            .update_value(|p| p.retain(|(id, _)| *id != ev.pointer_id()));
        end_drag(self.ctx, self.drag.try_update_value(|d| d.take()).flatten());
    }

    pub(super) fn wheel(self, ev: web_sys::WheelEvent) {
        ev.prevent_default();
        let v = self.vb.get_untracked();
        let (origin, s) = self.frame(v);
        let at = v.at((ev.client_x() as f64, ev.client_y() as f64), origin, s);
        // Lines or pages (delta_mode 1, 2) count as about 40 px each.
        let px = if ev.delta_mode() == 0 { 1.0 } else { 40.0 };
        self.zoom(wheel_factor(ev.delta_y() * px), Some(at));
    }
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
