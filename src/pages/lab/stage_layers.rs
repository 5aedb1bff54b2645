//! The stage's slow-changing layers (sites, stream labels, copier lanes), built with DOM
//! calls: names from a user's file only ever become text nodes, never markup. A layer is
//! rebuilt when its shapes change; stream labels (whose counts move every frame) only
//! have their text replaced.

use web_sys::{Document, Element};

use hoplab_model::decimal::fixed;

use super::stage_svg::{make, pair, set, title};
use crate::lab::layout::{HopShape, SiteBox, StreamLabel};

/// A `<text>` with a class, at (x, y), holding `text`.
fn text(doc: &Document, parent: &Element, class: &str, x: f64, y: f64, content: &str) -> Element {
    let t = make(doc, "text", class, parent);
    set(&t, "x", &fixed(x, 1));
    set(&t, "y", &fixed(y, 1));
    t.set_text_content(Some(content));
    t
}

pub(super) fn sites(doc: &Document, layer: &Element, sites: &[SiteBox]) {
    layer.set_text_content(None);
    for b in sites {
        let g = make(
            doc,
            "g",
            &format!("site s{} site--{}", b.colour, b.status.replace(' ', "-")),
            layer,
        );
        title(doc, &g, &b.title);
        let r = make(doc, "rect", "site-box", &g);
        for (k, v) in [("x", b.x), ("y", b.y), ("width", b.w), ("height", b.h)] {
            set(&r, k, &fixed(v, 1));
        }
        set(&r, "rx", "8");
        let status = if b.status == "up" {
            String::new()
        } else {
            // The statuses are plain ASCII words; `to_uppercase` would bring Unicode's case
            // tables (some 15 KB) into the lab's first download.
            format!(" — {}", b.status.to_ascii_uppercase())
        };
        text(
            doc,
            &g,
            "site-label",
            b.x + 10.0,
            b.y + 20.0,
            &format!("{}{status}", b.label),
        );
    }
}

/// The stream labels' elements, kept so a new count only replaces text.
#[derive(Default)]
pub(super) struct Labels {
    shown: Vec<(StreamLabel, Element, Element)>,
}

impl Labels {
    pub fn apply(&mut self, doc: &Document, layer: &Element, labels: &[StreamLabel]) {
        let same_places = self.shown.len() == labels.len()
            && self
                .shown
                .iter()
                .zip(labels)
                .all(|((old, ..), new)| old.key == new.key && old.x == new.x && old.y == new.y);
        if !same_places {
            layer.set_text_content(None);
            self.shown = labels
                .iter()
                .map(|l| {
                    let t = text(doc, layer, "stream-label", l.x, l.y, "");
                    let tip = title(doc, &t, "");
                    // Blank, so the loop below writes the text.
                    let blank = StreamLabel {
                        text: String::new(),
                        title: String::new(),
                        ..l.clone()
                    };
                    (blank, t, tip)
                })
                .collect();
        }
        for ((old, t, tip), new) in self.shown.iter_mut().zip(labels) {
            if old.text != new.text || old.title != new.title {
                // The text node goes first, the title after it: both as text, never markup.
                t.set_text_content(Some(&new.text));
                tip.set_text_content(Some(&new.title));
                let _ = t.append_child(tip);
                *old = new.clone();
            }
        }
    }
}

pub(super) fn hops(doc: &Document, layer: &Element, hops: &[HopShape]) {
    layer.set_text_content(None);
    for h in hops {
        let g = make(
            doc,
            "g",
            &format!("hop hop--{}", h.status.replace(' ', "-")),
            layer,
        );
        title(doc, &g, &format!("{} · {}", h.label, h.status));
        let d: String = h
            .connectors
            .iter()
            .map(|(x1, y, x2)| format!("M{}H{}", pair(*x1, *y), fixed(*x2, 1)))
            .collect();
        let p = make(doc, "path", "hop-connector", &g);
        set(&p, "d", &d);
        let lane = make(doc, "line", "hop-lane", &g);
        for (k, v) in [("x1", h.x), ("y1", h.y1), ("x2", h.x), ("y2", h.y2)] {
            set(&lane, k, &fixed(v, 1));
        }
        let mid = (h.y1 + h.y2) / 2.0;
        let label = make(doc, "text", "hop-label", &g);
        set(
            &label,
            "transform",
            &format!("translate({}) rotate(-90)", pair(h.x + 13.0, mid)),
        );
        label.set_text_content(Some(&format!("{} · {}", h.short, h.status)));
    }
}
