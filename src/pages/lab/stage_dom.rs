//! The stage's SVG, joined to the [`Scene`] by hand: a keyed join per row (records and
//! position numbers are created once, removed when they leave, never re-rendered),
//! rows slide by one attribute, markers and batches move by attributes. Plain web-sys
//! calls rather than typed views keep both the frame and the wasm small. Names from the
//! spec only ever become text nodes (`set_text_content`), never markup.

use std::collections::HashMap;

use hoplab_model::decimal::{fixed, plain};
use web_sys::{Document, Element};

use super::stage_layers::{self, title, Labels};
use super::stage_rows::RowDom;
use crate::lab::layout::{HopShape, RecordRef, RowKey, Scene, SiteBox, ROWS_X0};

const NS: &str = "http://www.w3.org/2000/svg";

/// "x y", each to one decimal (a point in the stage's coordinates).
pub(super) fn pair(x: f64, y: f64) -> String {
    format!("{} {}", fixed(x, 1), fixed(y, 1))
}

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
    if !class.is_empty() {
        set(&e, "class", class);
    }
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
    view_box: String,
    records_attr: String,
    doc: Document,
    svg: Element,
    sites: Element,
    labels: Element,
    rows_layer: Element,
    hops: Element,
    markers_layer: Element,
    batches_layer: Element,
    shown_sites: Vec<SiteBox>,
    shown_hops: Vec<HopShape>,
    labels_dom: Labels,
    links_path: Element,
    links_d: String,
    structure: Vec<(RowKey, u64)>,
    rows: Vec<RowDom>,
    markers: HashMap<String, Moving>,
    batches: HashMap<String, Moving>,
}

impl StageDom {
    pub fn new(svg: Element) -> Option<StageDom> {
        let doc = web_sys::window()?.document()?;
        // A fixed pattern (no names in it) for lost sites' hatching.
        svg.set_inner_html(
            "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" \
             patternTransform=\"rotate(45)\"><rect width=\"3\" height=\"6\" class=\"hatch-line\"/></pattern></defs>",
        );
        let layer = |class: &str| make(&doc, "g", class, &svg);
        let sites = layer("sites");
        let labels = layer("labels");
        let rows_layer = layer("rows");
        let hops = layer("hops");
        let links = layer("links");
        let markers_layer = layer("markers");
        let batches_layer = layer("batches");
        let links_path = make(&doc, "path", "map-links", &links);
        Some(StageDom {
            sites,
            labels,
            rows_layer,
            hops,
            links_path,
            markers_layer,
            batches_layer,
            clock: (u64::MAX, false),
            view_box: String::new(),
            records_attr: String::new(),
            doc,
            svg,
            shown_sites: Vec::new(),
            shown_hops: Vec::new(),
            labels_dom: Labels::default(),
            links_d: String::new(),
            structure: Vec::new(),
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

    /// Brings the SVG in line with the scene. Every copy of the `selected` record is
    /// outlined.
    pub fn apply(&mut self, s: &Scene, selected: Option<&RecordRef>) {
        // Only on change: Chromium treats even a same-value viewBox write as a new
        // viewport and lays out every text on the stage again.
        set_if(
            &self.svg,
            "viewBox",
            format!("0 0 {} {}", plain(s.width), fixed(s.height, 0)),
            &mut self.view_box,
        );
        set_if(
            &self.svg,
            "data-records",
            s.records_on_screen.to_string(),
            &mut self.records_attr,
        );
        if self.shown_sites != s.sites {
            stage_layers::sites(&self.doc, &self.sites, &s.sites);
            self.shown_sites = s.sites.clone();
        }
        self.labels_dom.apply(&self.doc, &self.labels, &s.streams);
        if self.shown_hops != s.hops {
            stage_layers::hops(&self.doc, &self.hops, &s.hops);
            self.shown_hops = s.hops.clone();
        }
        let d: String = s
            .links
            .iter()
            .map(|l| format!("M{}L{}", pair(l.x1, l.y1), pair(l.x2, l.y2)))
            .collect();
        set_if(&self.links_path, "d", d, &mut self.links_d);
        self.rows_apply(s, selected);
        self.markers_apply(s);
        self.batches_apply(s);
    }

    fn rows_apply(&mut self, s: &Scene, selected: Option<&RecordRef>) {
        let slot = s.slot.to_bits();
        let same = self.structure.len() == s.rows.len()
            && self
                .structure
                .iter()
                .zip(&s.rows)
                .all(|((k, y), r)| *k == r.key && *y == r.y.to_bits() ^ slot);
        if !same {
            self.rows_layer.set_text_content(None);
            // Rows span from their labels to the site box's right edge, less its padding.
            let width = s.sites.first().map_or(0.0, |b| b.x + b.w - 8.0 - ROWS_X0);
            self.rows = s
                .rows
                .iter()
                .enumerate()
                .map(|(i, r)| RowDom::build(&self.doc, &self.rows_layer, i, r, width))
                .collect();
            self.structure = s
                .rows
                .iter()
                .map(|r| (r.key.clone(), r.y.to_bits() ^ slot))
                .collect();
        }
        let payload = selected.and_then(|sel| {
            s.rows
                .iter()
                .find(|r| r.key == sel.row)?
                .records
                .iter()
                .find(|r| r.id.position == sel.position)
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
                let title = title(&self.doc, &g, "");
                let path = make(&self.doc, "path", "", &g);
                set(&path, "d", shape);
                let label = make(&self.doc, "text", "marker-label", &g);
                set(&label, "x", "7");
                set(&label, "y", &ty.to_string());
                label.set_text_content(Some(&m.label));
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
                format!("translate({})", pair(m.x, m.y)),
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
                let title = title(&self.doc, &g, &b.title);
                let rect = make(&self.doc, "rect", "", &g);
                for (k, v) in [
                    ("x", "-16"),
                    ("y", "-8"),
                    ("width", "32"),
                    ("height", "16"),
                    ("rx", "4"),
                ] {
                    set(&rect, k, v);
                }
                let count = make(&self.doc, "text", "", &g);
                set(&count, "y", "4");
                count.set_text_content(Some(&b.text));
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
                format!("translate({})", pair(b.x, b.y)),
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
