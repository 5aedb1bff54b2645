//! Hoplab's site: Leptos components that render the copier model and the question cards.
//! The model (`hoplab_model`) and the card types (`hoplab_content`) hold all the logic;
//! this crate only draws their state and sends them commands.

pub mod app;
pub mod card_json;
pub mod challenge_status;
pub mod components;
pub mod course;
pub mod designer;
pub mod download;
pub mod fetch;
mod file_text;
pub mod game_day;
pub mod keys;
pub mod lab;
pub mod lazy_pages;
pub mod page_styles;
pub mod pages;
pub mod practice;
pub mod progress;
pub mod progress_store;
pub mod storage;
pub mod theme;

/// Installs the panic hook and mounts the app in `<div id="app">` (index.html), beside the
/// page's prerendered HTML, which `index.html`'s take-over script swaps out once the app has
/// drawn the same page; on a page without that element, on `<body>`.
pub fn start() {
    use wasm_bindgen::JsCast;
    console_error_panic_hook::set_once();
    let root = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.get_element_by_id("app"))
        .and_then(|element| element.dyn_into::<web_sys::HtmlElement>().ok());
    match root {
        Some(root) => leptos::mount::mount_to(root, app::App).forget(),
        None => leptos::mount::mount_to_body(app::App),
    }
}
