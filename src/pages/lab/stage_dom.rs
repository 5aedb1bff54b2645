//! The stage's SVG, joined to the [`Scene`] by hand: a keyed join per row (records and
//! position numbers are created once, removed when they leave, never re-rendered),
//! rows slide by one attribute, markers and batches move by attributes. Plain web-sys
//! calls rather than typed views keep both the frame and the wasm small. Names from the
//! spec only ever become text nodes (`set_text_content`), never markup.

use hoplab_model::decimal::{fixed, plain};
use web_sys::{Document, Element};

use super::stage_layers::{self, Labels};
use super::stage_rows::RowDom;
use super::stage_svg::{make, pair, set, set_if, title};
use crate::lab::layout::{HopShape, RecordRef, RowKey, Scene, SiteBox, ROWS_X0};

/// A shape that moves by its group's `transform` (a marker, a batch), kept by its key.
struct Moving {
    key: String,
    el: Element,
    at: String,
    title: Element,
    title_text: String,
    seen: bool,
}

/// A layer of keyed moving shapes: markers and batches both go through it, so their
/// join is one non-generic piece of code. A shape's fixed parts are drawn once, when its
/// key first shows; it is removed when its key leaves.
struct MovingLayer {
    layer: Element,
    shown: Vec<Moving>,
}

impl MovingLayer {
    fn new(layer: Element) -> MovingLayer {
        MovingLayer {
            layer,
            shown: Vec::new(),
        }
    }

    fn begin(&mut self) {
        for m in &mut self.shown {
            m.seen = false;
        }
    }

    /// Places the shape `key` at (x, y) with `tip` as its title; a new one is a group
    /// of class `class` that `draw` fills (after its title).
    #[allow(clippy::too_many_arguments)]
    fn place(
        &mut self,
        doc: &Document,
        key: &str,
        class: &str,
        x: f64,
        y: f64,
        tip: &str,
        draw: &dyn Fn(&Element),
    ) {
        let i = match self.shown.iter().position(|m| m.key == key) {
            Some(i) => i,
            None => {
                let el = make(doc, "g", class, &self.layer);
                let title = title(doc, &el, "");
                draw(&el);
                self.shown.push(Moving {
                    key: key.to_string(),
                    el,
                    at: String::new(),
                    title,
                    title_text: String::new(),
                    seen: false,
                });
                self.shown.len() - 1
            }
        };
        let m = &mut self.shown[i];
        m.seen = true;
        set_if(
            &m.el,
            "transform",
            format!("translate({})", pair(x, y)),
            &mut m.at,
        );
        if m.title_text != tip {
            m.title.set_text_content(Some(tip));
            m.title_text = tip.to_string();
        }
    }

    /// Removes the shapes not placed since `begin`.
    fn end(&mut self) {
        self.shown.retain(|m| {
            if !m.seen {
                m.el.remove();
            }
            m.seen
        });
    }
}

pub struct StageDom {
    clock: (u64, bool, bool),
    view_box: String,
    records_attr: String,
    doc: Document,
    svg: Element,
    sites: Element,
    labels: Element,
    rows_layer: Element,
    hops: Element,
    shown_sites: Vec<SiteBox>,
    shown_hops: Vec<HopShape>,
    labels_dom: Labels,
    links_path: Element,
    links_d: String,
    structure: Vec<(RowKey, u64)>,
    rows: Vec<RowDom>,
    markers: MovingLayer,
    batches: MovingLayer,
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
            clock: (u64::MAX, false, false),
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
            markers: MovingLayer::new(markers_layer),
            batches: MovingLayer::new(batches_layer),
        })
    }

    /// The model's time, whether it has reached the time asked for and whether the engine
    /// is here (`data-engine`: "loading" or "ready"), as attributes tests and tools can
    /// wait on.
    pub fn mark(&mut self, now: u64, ready: bool, engine: bool) {
        if self.clock != (now, ready, engine) {
            set(&self.svg, "data-now", &now.to_string());
            set(
                &self.svg,
                "data-ready",
                if ready { "true" } else { "false" },
            );
            set(
                &self.svg,
                "data-engine",
                if engine { "ready" } else { "loading" },
            );
            self.clock = (now, ready, engine);
        }
    }

    /// Brings the SVG in line with the scene. Every copy of the `selected` record is
    /// outlined. Each layer is its own (not inlined) step, so the frame's code stays
    /// readable in a profile and in the wasm's names.
    #[inline(never)]
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

    #[inline(never)]
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

    #[inline(never)]
    fn markers_apply(&mut self, s: &Scene) {
        self.markers.begin();
        for m in &s.markers {
            let (shape, label_y) = if m.kind == "copier" {
                ("M-5 -7L5 -7L0 0Z", "-1")
            } else {
                ("M0 0L5 7L-5 7Z", "8")
            };
            self.markers.place(
                &self.doc,
                &format!("{}|{}", m.key, m.label),
                &format!("marker marker--{}", m.kind),
                m.x,
                m.y,
                &m.title,
                &|g| {
                    let path = make(&self.doc, "path", "", g);
                    set(&path, "d", shape);
                    let label = make(&self.doc, "text", "marker-label", g);
                    set(&label, "x", "7");
                    set(&label, "y", label_y);
                    label.set_text_content(Some(&m.label));
                },
            );
        }
        self.markers.end();
    }

    #[inline(never)]
    fn batches_apply(&mut self, s: &Scene) {
        self.batches.begin();
        for b in &s.batches {
            self.batches
                .place(&self.doc, &b.key, "batch", b.x, b.y, &b.title, &|g| {
                    let rect = make(&self.doc, "rect", "", g);
                    for (k, v) in [
                        ("x", "-16"),
                        ("y", "-8"),
                        ("width", "32"),
                        ("height", "16"),
                        ("rx", "4"),
                    ] {
                        set(&rect, k, v);
                    }
                    let count = make(&self.doc, "text", "", g);
                    set(&count, "y", "4");
                    count.set_text_content(Some(&b.text));
                });
        }
        self.batches.end();
    }
}
