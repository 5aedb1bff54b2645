//! One row of the stage (a part of a stream on one site) kept in step with the scene by a
//! keyed join: a record or position number is created when it first shows and removed when
//! it leaves, never redrawn; the row slides by one attribute.

use std::collections::HashMap;
use std::hash::Hash;

use hoplab_model::decimal::fixed;
use hoplab_model::fmt_n;
use web_sys::{Document, Element};

use super::stage_dom::{make, set, set_if, svg_element};
use super::stage_layers::title;
use crate::lab::layout::{RecKey, Row, REC_H, REC_Y, ROWS_X0};

/// The elements of one row, with the attribute values last written to them.
pub struct RowDom {
    recs: Element,
    shift: String,
    pending: Element,
    pending_at: String,
    uncopied: Element,
    uncopied_at: String,
    highlight: Element,
    /// The outlined records' positions, as last drawn.
    outlined: Vec<u64>,
    records: HashMap<RecKey, (Element, bool)>,
    ticks: HashMap<u64, (Element, bool)>,
}

impl RowDom {
    /// Draws the row's fixed parts (label, background, spans) into `layer`. `width` runs
    /// from the labels to the site box's inner right edge. The row's group carries its
    /// index in the scene (`data-row`), its records their position (`data-pos`): numbers
    /// only, so a click resolves to a row of the scene whatever the names.
    pub fn build(doc: &Document, layer: &Element, index: usize, row: &Row, width: f64) -> RowDom {
        let g = make(doc, "g", "row", layer);
        set(
            &g,
            "transform",
            &format!("translate(0 {})", fixed(row.y, 1)),
        );
        set(&g, "data-row", &index.to_string());
        let label = make(doc, "text", "row-label", &g);
        set(&label, "x", &fixed(ROWS_X0 - 6.0, 0));
        set(&label, "y", &fixed(REC_Y + 13.0, 0));
        label.set_text_content(Some(&row.label));
        let bg = make(doc, "rect", "row-bg", &g);
        for (k, v) in [
            ("x", ROWS_X0),
            ("y", REC_Y - 2.0),
            ("width", width),
            ("height", REC_H + 4.0),
            ("rx", 3.0),
        ] {
            set(&bg, k, &fixed(v, 1));
        }
        let uncopied = make(doc, "rect", "uncopied", &g);
        set(&uncopied, "y", &fixed(REC_Y + REC_H + 1.0, 0));
        set(&uncopied, "height", "3");
        title(
            doc,
            &uncopied,
            "Not yet copied: lost if this site were lost now",
        );
        let recs = make(doc, "g", "recs", &g);
        let highlight = make(doc, "g", "highlights", &recs);
        let pending = make(doc, "rect", "pending", &g);
        set(&pending, "y", &fixed(REC_Y, 0));
        set(&pending, "height", &fixed(REC_H, 0));
        title(
            doc,
            &pending,
            "Appended, not yet acknowledged to the writer",
        );
        RowDom {
            recs,
            shift: String::new(),
            pending,
            pending_at: String::new(),
            uncopied,
            uncopied_at: String::new(),
            highlight,
            outlined: Vec::new(),
            records: HashMap::new(),
            ticks: HashMap::new(),
        }
    }

    /// Brings the row in line with the scene's `row`. `payload` names the selected record:
    /// each of its copies in this row is outlined.
    pub fn apply(&mut self, doc: &Document, row: &Row, payload: Option<(u16, u16, u64)>) {
        set_if(
            &self.recs,
            "transform",
            format!("translate({} 0)", fixed(row.shift, 2)),
            &mut self.shift,
        );
        place_span(&self.pending, row.pending, &mut self.pending_at);
        place_span(&self.uncopied, row.uncopied, &mut self.uncopied_at);

        let (recs, highlight) = (&self.recs, &self.highlight);
        join(
            &mut self.records,
            &row.records,
            |r| r.id,
            |rec| {
                let e = svg_element(doc, "rect");
                set(&e, "class", rec.class);
                set(&e, "x", &fixed(rec.x, 2));
                set(&e, "y", &fixed(REC_Y, 0));
                set(&e, "width", &fixed(rec.w, 2));
                set(&e, "height", &fixed(REC_H, 0));
                if rec.rx > 0.0 {
                    set(&e, "rx", &fixed(rec.rx, 1));
                }
                set(&e, "data-pos", &rec.id.position.to_string());
                let _ = recs.insert_before(&e, Some(highlight));
                e
            },
        );
        join(
            &mut self.ticks,
            &row.ticks,
            |t| t.position,
            |tick| {
                let e = svg_element(doc, "text");
                set(&e, "class", "tick");
                set(&e, "x", &fixed(tick.x, 1));
                set(&e, "y", &fixed(REC_Y + REC_H + 11.0, 0));
                e.set_text_content(Some(&fmt_n(tick.position)));
                let _ = recs.append_child(&e);
                e
            },
        );

        let outlined: Vec<u64> = payload
            .map(|p| {
                row.records
                    .iter()
                    .filter(|x| x.id.payload() == p)
                    .map(|x| x.id.position)
                    .collect()
            })
            .unwrap_or_default();
        if outlined != self.outlined {
            self.highlight.set_text_content(None);
            for x in row
                .records
                .iter()
                .filter(|x| outlined.contains(&x.id.position))
            {
                let e = make(doc, "rect", "highlight", &self.highlight);
                for (k, v) in [
                    ("x", x.x - 2.0),
                    ("y", REC_Y - 3.0),
                    ("width", x.w + 4.0),
                    ("height", REC_H + 6.0),
                    ("rx", 3.0),
                ] {
                    set(&e, k, &fixed(v, 2));
                }
            }
            self.outlined = outlined;
        }
    }
}

/// Moves a horizontal span (x, width), or hides it at zero width.
fn place_span(e: &Element, span: Option<(f64, f64)>, last: &mut String) {
    let (x, w) = span.unwrap_or((0.0, 0.0));
    let now = format!("{} {}", fixed(x, 2), fixed(w, 2));
    if now != *last {
        set(e, "x", &fixed(x, 2));
        set(e, "width", &fixed(w, 2));
        *last = now;
    }
}

/// A keyed join: keeps the elements whose key is still in `items`, makes one for each new
/// item, and removes the rest.
fn join<T, K: Eq + Hash + Copy>(
    dom: &mut HashMap<K, (Element, bool)>,
    items: &[T],
    key: impl Fn(&T) -> K,
    mut make_one: impl FnMut(&T) -> Element,
) {
    for entry in dom.values_mut() {
        entry.1 = false;
    }
    for item in items {
        match dom.get_mut(&key(item)) {
            Some(entry) => entry.1 = true,
            None => {
                let e = make_one(item);
                dom.insert(key(item), (e, true));
            }
        }
    }
    dom.retain(|_, (e, keep)| {
        if !*keep {
            e.remove();
        }
        *keep
    });
}
