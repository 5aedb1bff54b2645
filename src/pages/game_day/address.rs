//! A game day's addresses and seeds: the run in the URL's fragment, and the seed that
//! picks the fault's moment.

use crate::game_day::link::{self, PlayedRun};

/// A seed from 1 to `seeds`: the grader's seeds, so `hoplab grade` can say the same.
pub(super) fn draw_seed(seeds: u32) -> u64 {
    1 + (js_sys::Math::random() * f64::from(seeds)).floor() as u64 % u64::from(seeds)
}

/// The run carried by the page's URL fragment, if any.
pub(super) fn link_in_url() -> Result<Option<PlayedRun>, String> {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    link::decode(&hash)
}

/// This page's path, query and fragment with `played` as the fragment's run part (a
/// design the fragment carries stays beside it).
fn run_path(location: &web_sys::Location, played: &PlayedRun) -> String {
    let path = location.pathname().unwrap_or_default();
    let search = location.search().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    format!("{path}{search}#{}", link::with_run(&hash, played))
}

/// Puts `played` in the URL's fragment without a new history entry, so the address is the
/// run's link.
pub(super) fn show_link(played: &PlayedRun) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let url = run_path(&window.location(), played);
    if let Ok(history) = window.history() {
        _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// The full address of `played`, to copy.
pub(super) fn address_of(played: &PlayedRun) -> String {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return String::new();
    };
    let origin = location.origin().unwrap_or_default();
    format!("{origin}{}", run_path(&location, played))
}

/// The design a game day on one's own design carries in the fragment (`d1=…`, as the
/// designer's share links do).
pub(super) fn own_design_in_url() -> Result<hoplab_model::Topology, String> {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    let design = link::parts(&hash)
        .find(|p| p.starts_with(crate::designer::share::PREFIX))
        .ok_or(
            "This address carries no design: start a game day from the designer's Game day button.",
        )?;
    let design =
        crate::designer::share::decode(design)?.ok_or("This address carries no design.")?;
    Ok(design.spec.topology)
}
