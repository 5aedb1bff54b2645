//! The stage's SVG building blocks: making elements in the SVG namespace, setting their
//! attributes (only when changed, for the per-frame join), and their titles. A leaf: the
//! stage's layers, rows and join all build on it.

use hoplab_model::decimal::fixed;
use web_sys::{Document, Element};

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

/// A `<title>` (the tooltip and accessible name) holding `text`, inside `parent`.
pub(super) fn title(doc: &Document, parent: &Element, text: &str) -> Element {
    let t = svg_element(doc, "title");
    t.set_text_content(Some(text));
    let _ = parent.append_child(&t);
    t
}
