//! Each page's style sheet ships with the page's code, not in the first download: the page's
//! component adds its sheet to `<head>` (once per visit) before its view mounts, so it never
//! shows unstyled and the sheet works offline with the rest of the chunk. The first download's
//! sheet (`pkg/hoplab-<hash>.css`: styles/base, layout and components) holds what every page
//! shares. `build.rs` strips each sheet's comments and indentation.

use leptos::prelude::document;

/// A page's sheet: its element's id (`style-<name>` for `styles/<name>.css`) and its text.
pub struct PageStyle {
    id: &'static str,
    css: &'static str,
}

/// Declares each page's sheet, and `ORDER`: the sheets' place in the cascade. Sheets of
/// pages that show together (the designer with a run view, a lesson with its run) go into
/// `<head>` in this order whatever order they load in, so a tie goes the same way every time
/// (to the later one), as it did when all were one file.
macro_rules! page_styles {
    ($($(#[$doc:meta])* $const:ident = $name:literal,)*) => {
        $(
            $(#[$doc])*
            pub const $const: PageStyle = PageStyle {
                id: concat!("style-", $name),
                css: include_str!(concat!(env!("OUT_DIR"), "/", $name, ".css")),
            };
        )*
        const ORDER: &[&str] = &[$(concat!("style-", $name)),*];
    };
}

page_styles! {
    /// `/cards`.
    CARD_LIST = "card-list",
    /// `/cards/:slug`.
    CARD = "card",
    /// `/lab`.
    LAB_LIST = "lab-list",
    /// Every run view (the lab page, a lesson, the designer's run).
    RUN_VIEW = "lab",
    /// `/copiers`.
    COPIERS = "copiers",
    /// `/resume`.
    RESUME = "resume",
    /// The three practice pages.
    PRACTICE = "practice",
    /// The record button (the practice session's and a card's timed reveals').
    RECORDER = "recorder",
    /// `/designer`.
    DESIGNER = "designer",
    /// `/drills/:id`, a failover game day (over the designer's sheet).
    GAME_DAY = "game-day",
    /// The course's lesson list and lessons.
    COURSE = "course",
}

impl PageStyle {
    /// Adds the sheet to `<head>` unless an earlier page did. Its text is the build's own:
    /// nothing a user typed reaches it.
    pub fn add(&self) {
        let document = document();
        if document.get_element_by_id(self.id).is_some() {
            return;
        }
        let (Some(head), Ok(sheet)) = (document.head(), document.create_element("style")) else {
            return;
        };
        sheet.set_id(self.id);
        sheet.set_text_content(Some(self.css));
        // Before the first sheet that comes after it in the cascade, if one is there.
        let later = ORDER
            .iter()
            .skip_while(|id| **id != self.id)
            .skip(1)
            .find_map(|id| document.get_element_by_id(id));
        _ = head.insert_before(&sheet, later.as_ref().map(AsRef::as_ref));
    }
}
