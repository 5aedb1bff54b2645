//! The stage's SVG, joined to the [`Scene`] by hand: a keyed join per row (records and
//! position numbers are created once, removed when they leave, never re-rendered),
//! rows slide by one attribute, markers and batches move by attributes. Plain web-sys
//! calls rather than typed views keep both the frame and the wasm small.

use std::collections::HashMap;

use web_sys::{Document, Element};

use super::stage_markup::{hops_markup, labels_markup, sites_markup};
use super::stage_rows::RowDom;
use crate::lab::layout::{Scene, ROWS_X0};

pub use super::stage_markup::esc;

const NS: &str = "http://www.w3.org/2000/svg";

pub(super) fn set(e: &Element, name: &str, value: &str) {
    let _ = e.set_attribute(name, value);
}

/// Sets an attribute only when its value changed (remembered in `last`).
pub(super) fn set_if(e: &Element, name: &str, value: String, last: &mut String) {
    if *last != value {
        set(e, name, &value);
        *last = value;
    }
}

pub(super) fn svg_element(doc: &Document, tag: &str) -> Element {
    doc.create_element_ns(Some(NS), tag)
        .expect("createElementNS works for SVG tags")
}

/// An SVG element with a class, appended to `parent`.
pub(super) fn make(doc: &Document, tag: &str, class: &str, parent: &Element) -> Element {
    let e = svg_element(doc, tag);
    set(&e, "class", class);
    let _ = parent.append_child(&e);
    e
}

struct Moving {
    el: Element,
    at: String,
    title: Element,
    title_text: String,
}

pub struct StageDom {
    clock: (u64, bool),
    doc: Document,
    svg: Element,
    sites: Element,
    labels: Element,
    rows_layer: Element,
    hops: Element,
    links: Element,
    markers_layer: Element,
    batches_layer: Element,
    cache: HashMap<&'static str, String>,
    structure: String,
    rows: Vec<RowDom>,
    markers: HashMap<String, Moving>,
    batches: HashMap<String, Moving>,
}

impl StageDom {
    pub fn new(svg: Element) -> Option<StageDom> {
        let doc = web_sys::window()?.document()?;
        svg.set_inner_html(
            "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" \
             patternTransform=\"rotate(45)\"><rect width=\"3\" height=\"6\" class=\"hatch-line\"/></pattern></defs>",
        );
        let layer = |class: &str| -> Option<Element> {
            let g = doc.create_element_ns(Some(NS), "g").ok()?;
            set(&g, "class", class);
            svg.append_child(&g).ok()?;
            Some(g)
        };
        Some(StageDom {
            sites: layer("sites")?,
            labels: layer("labels")?,
            rows_layer: layer("rows")?,
            hops: layer("hops")?,
            links: layer("links")?,
            markers_layer: layer("markers")?,
            batches_layer: layer("batches")?,
            clock: (u64::MAX, false),
            doc,
            svg,
            cache: HashMap::new(),
            structure: String::new(),
            rows: Vec::new(),
            markers: HashMap::new(),
            batches: HashMap::new(),
        })
    }

    /// The model's time and whether it has reached the time asked for, as attributes
    /// tests and tools can wait on.
    pub fn mark(&mut self, now: u64, ready: bool) {
        if self.clock != (now, ready) {
            set(&self.svg, "data-now", &now.to_string());
            set(
                &self.svg,
                "data-ready",
                if ready { "true" } else { "false" },
            );
            self.clock = (now, ready);
        }
    }

    /// Replaces a layer's markup when it changed.
    fn markup(&mut self, which: &'static str, html: String) {
        if self.cache.get(which) == Some(&html) {
            return;
        }
        let layer = match which {
            "sites" => &self.sites,
            "labels" => &self.labels,
            "hops" => &self.hops,
            _ => &self.links,
        };
        layer.set_inner_html(&html);
        self.cache.insert(which, html);
    }

    /// Brings the SVG in line with the scene. `selected` is the chosen record's row key
    /// and position: every copy of it is outlined.
    pub fn apply(&mut self, s: &Scene, selected: Option<(&str, u64)>) {
        set(
            &self.svg,
            "viewBox",
            &format!("0 0 {} {:.0}", s.width, s.height),
        );
        set(&self.svg, "data-records", &s.records_on_screen.to_string());
        self.markup("sites", sites_markup(s));
        self.markup("labels", labels_markup(s));
        self.markup("hops", hops_markup(s));
        let d: String = s
            .links
            .iter()
            .map(|l| format!("M{:.1} {:.1}L{:.1} {:.1}", l.x1, l.y1, l.x2, l.y2))
            .collect();
        self.markup("links", format!("<path class=\"map-links\" d=\"{d}\"/>"));
        self.rows_apply(s, selected);
        self.markers_apply(s);
        self.batches_apply(s);
    }

    fn rows_apply(&mut self, s: &Scene, selected: Option<(&str, u64)>) {
        let structure: String = s
            .rows
            .iter()
            .map(|r| format!("{}|{}|{};", r.key, r.y, s.slot))
            .collect();
        if structure != self.structure {
            self.rows_layer.set_inner_html("");
            // Rows span from their labels to the site box's right edge, less its padding.
            let width = s.sites.first().map_or(0.0, |b| b.x + b.w - 8.0 - ROWS_X0);
            self.rows = s
                .rows
                .iter()
                .map(|r| RowDom::build(&self.doc, &self.rows_layer, r, width))
                .collect();
            self.structure = structure;
        }
        let payload = selected.and_then(|(row, pos)| {
            s.rows
                .iter()
                .find(|r| r.key == row)?
                .records
                .iter()
                .find(|r| r.id.position == pos)
                .map(|r| r.id.payload())
        });
        for (r, dom) in s.rows.iter().zip(self.rows.iter_mut()) {
            dom.apply(&self.doc, r, payload);
        }
    }

    fn markers_apply(&mut self, s: &Scene) {
        let mut seen = Vec::with_capacity(s.markers.len());
        for m in &s.markers {
            let key = format!("{}|{}", m.key, m.label);
            if !self.markers.contains_key(&key) {
                let g = make(
                    &self.doc,
                    "g",
                    &format!("marker marker--{}", m.kind),
                    &self.markers_layer,
                );
                let (shape, ty) = if m.kind == "copier" {
                    ("M-5 -7L5 -7L0 0Z", -1)
                } else {
                    ("M0 0L5 7L-5 7Z", 8)
                };
                g.set_inner_html(&format!(
                    "<title></title><path d=\"{shape}\"/><text class=\"marker-label\" x=\"7\" y=\"{ty}\">{}</text>",
                    esc(&m.label)
                ));
                let title = g.first_element_child().expect("the title was just written");
                self.markers.insert(
                    key.clone(),
                    Moving {
                        el: g,
                        at: String::new(),
                        title,
                        title_text: String::new(),
                    },
                );
            }
            let mv = self.markers.get_mut(&key).expect("inserted above");
            set_if(
                &mv.el,
                "transform",
                format!("translate({:.1} {:.1})", m.x, m.y),
                &mut mv.at,
            );
            if mv.title_text != m.title {
                mv.title.set_text_content(Some(&m.title));
                mv.title_text = m.title.clone();
            }
            seen.push(key);
        }
        self.markers.retain(|k, mv| {
            let keep = seen.contains(k);
            if !keep {
                mv.el.remove();
            }
            keep
        });
    }

    fn batches_apply(&mut self, s: &Scene) {
        let mut seen = Vec::with_capacity(s.batches.len());
        for b in &s.batches {
            if !self.batches.contains_key(&b.key) {
                let g = make(&self.doc, "g", "batch", &self.batches_layer);
                g.set_inner_html(&format!(
                    "<title>{}</title><rect x=\"-16\" y=\"-8\" width=\"32\" height=\"16\" rx=\"4\"/><text y=\"4\">{}</text>",
                    esc(&b.title),
                    esc(&b.text)
                ));
                let title = g.first_element_child().expect("the title was just written");
                self.batches.insert(
                    b.key.clone(),
                    Moving {
                        el: g,
                        at: String::new(),
                        title,
                        title_text: b.title.clone(),
                    },
                );
            }
            let mv = self.batches.get_mut(&b.key).expect("inserted above");
            set_if(
                &mv.el,
                "transform",
                format!("translate({:.1} {:.1})", b.x, b.y),
                &mut mv.at,
            );
            seen.push(b.key.clone());
        }
        self.batches.retain(|k, mv| {
            let keep = seen.contains(k);
            if !keep {
                mv.el.remove();
            }
            keep
        });
    }
}
