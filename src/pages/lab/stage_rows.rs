//! One row of the stage (a part of a stream on one site) kept in step with the scene by a
//! keyed join: a record or position number is created when it first shows and removed when
//! it leaves, never redrawn; the row slides by one attribute.

use hoplab_model::decimal::fixed;
use hoplab_model::fmt_n;
use web_sys::{Document, Element};

use super::stage_svg::{make, set, set_if, svg_element, title};
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
    /// The records' and position numbers' elements, in the order of their keys.
    records: Vec<(Key, Element)>,
    ticks: Vec<(Key, Element)>,
}

impl RowDom {
    /// Draws the row's fixed parts (label, background, spans) into `layer`. `width` runs
    /// from the labels to the site box's inner right edge. The row's group carries its
    /// index in the scene (`data-row`), its records their position (`data-pos`): numbers
    /// only, so a click resolves to a row of the scene whatever the names.
    #[inline(never)]
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
            records: Vec::new(),
            ticks: Vec::new(),
        }
    }

    /// Brings the row in line with the scene's `row`. `payload` names the selected record:
    /// each of its copies in this row is outlined.
    #[inline(never)]
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
        let keys: Vec<Key> = row.records.iter().map(|r| rec_key(&r.id)).collect();
        join(&mut self.records, &keys, &mut |i| {
            let rec = &row.records[i];
            let e = svg_element(doc, "rect");
            set(&e, "class", rec.class);
            set_fixed(&e, "x", rec.x, 2);
            set_fixed(&e, "y", REC_Y, 0);
            set_fixed(&e, "width", rec.w, 2);
            set_fixed(&e, "height", REC_H, 0);
            if rec.rx > 0.0 {
                set_fixed(&e, "rx", rec.rx, 1);
            }
            set(&e, "data-pos", &rec.id.position.to_string());
            let _ = recs.insert_before(&e, Some(highlight));
            e
        });
        let keys: Vec<Key> = row.ticks.iter().map(|t| [t.position, 0, 0]).collect();
        join(&mut self.ticks, &keys, &mut |i| {
            let tick = &row.ticks[i];
            let e = svg_element(doc, "text");
            set(&e, "class", "tick");
            set_fixed(&e, "x", tick.x, 1);
            set_fixed(&e, "y", REC_Y + REC_H + 11.0, 0);
            e.set_text_content(Some(&fmt_n(tick.position)));
            let _ = recs.append_child(&e);
            e
        });

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

/// A shown element's key: position first, so a row's records and position numbers (built
/// in position order) come in ascending key order.
type Key = [u64; 3];

/// A record's key: its position, then which payload copy it is.
fn rec_key(id: &RecKey) -> Key {
    let copy = u64::from(id.writer) << 48
        | u64::from(id.part) << 32
        | u64::from(id.hops) << 16
        | u64::from(id.dup);
    [id.position, id.seq, copy]
}

fn set_fixed(e: &Element, name: &str, v: f64, places: u32) {
    set(e, name, &fixed(v, places));
}

/// A keyed join of `shown` (in key order) to `keys` (in key order, as a row builds them):
/// keeps the elements whose key is still there, makes one with `make_one(index)` for each
/// new key, and removes the rest. Keys out of order cost only a remove and a re-make.
/// Not generic: one copy of the code serves records and position numbers.
fn join(shown: &mut Vec<(Key, Element)>, keys: &[Key], make_one: &mut dyn FnMut(usize) -> Element) {
    let mut old = std::mem::take(shown).into_iter().peekable();
    for (i, key) in keys.iter().enumerate() {
        while let Some((_, gone)) = old.next_if(|(k, _)| k < key) {
            gone.remove();
        }
        match old.next_if(|(k, _)| k == key) {
            Some(kept) => shown.push(kept),
            None => shown.push((*key, make_one(i))),
        }
    }
    for (_, gone) in old {
        gone.remove();
    }
}
