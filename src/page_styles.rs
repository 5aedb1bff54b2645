//! Each page's style sheet ships with the page's code, not in the first download: the page's
//! component adds its sheet to `<head>` (once per visit) before its view mounts, so it never
//! shows unstyled and the sheet works offline with the rest of the chunk. The first download's
//! sheet (`pkg/hoplab-<hash>.css`: styles/base, layout and components) holds what every page
//! shares. `build.rs` strips each sheet's comments and indentation.

use leptos::prelude::document;
use wasm_bindgen::JsCast;

/// A page's sheet: its name (`styles/<name>.css`), its place in the cascade, and its text.
pub struct PageStyle {
    name: &'static str,
    /// Sheets of pages that show together (the designer with a run view, a lesson with its
    /// run) are added in this order whatever order they load in, so the cascade is the same
    /// every time: a later sheet wins a tie.
    order: u8,
    css: &'static str,
}

macro_rules! page_style {
    ($(#[$doc:meta])* $const:ident, $name:literal, $order:literal) => {
        $(#[$doc])*
        pub const $const: PageStyle = PageStyle {
            name: $name,
            order: $order,
            css: include_str!(concat!(env!("OUT_DIR"), "/", $name, ".css")),
        };
    };
}

page_style!(
    /// `/cards`.
    CARD_LIST, "card-list", 1
);
page_style!(
    /// `/cards/:slug`.
    CARD, "card", 2
);
page_style!(
    /// `/lab`.
    LAB_LIST, "lab-list", 3
);
page_style!(
    /// Every run view (the lab page, a lesson, the designer's run).
    RUN_VIEW, "lab", 4
);
page_style!(
    /// `/copiers`.
    COPIERS, "copiers", 5
);
page_style!(
    /// The three practice pages.
    PRACTICE, "practice", 6
);
page_style!(
    /// `/designer`.
    DESIGNER, "designer", 7
);
page_style!(
    /// The course's lesson list and lessons.
    COURSE, "course", 8
);

impl PageStyle {
    /// Adds the sheet to `<head>` unless an earlier page did. Its text is the build's own:
    /// nothing a user typed reaches it.
    pub fn add(&self) {
        add_to_head(self);
    }
}

fn add_to_head(style: &PageStyle) {
    let document = document();
    let id = format!("style-{}", style.name);
    let Some(head) = document.head() else { return };
    if document.get_element_by_id(&id).is_some() {
        return;
    }
    let Ok(element) = document.create_element("style") else {
        return;
    };
    element.set_id(&id);
    _ = element.set_attribute("data-order", &style.order.to_string());
    element.set_text_content(Some(style.css));
    let later = document
        .query_selector_all("head > style[data-order]")
        .ok()
        .and_then(|sheets| {
            (0..sheets.length())
                .filter_map(|i| sheets.item(i)?.dyn_into::<web_sys::Element>().ok())
                .find(|sheet| {
                    sheet
                        .get_attribute("data-order")
                        .and_then(|order| order.parse::<u8>().ok())
                        .is_some_and(|order| order > style.order)
                })
        });
    _ = head.insert_before(&element, later.as_ref().map(|e| e.as_ref()));
}
