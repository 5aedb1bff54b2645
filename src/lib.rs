//! Hoplab's site: Leptos components that render the copier model and the question cards.
//! The model (`hoplab_model`) and the card types (`hoplab_content`) hold all the logic;
//! this crate only draws their state and sends them commands.

pub mod app;
pub mod card_json;
pub mod components;
pub mod course;
pub mod designer;
pub mod fetch;
pub mod lab;
pub mod lazy_pages;
pub mod page_styles;
pub mod pages;
pub mod practice;
pub mod progress;
pub mod progress_store;
pub mod storage;
pub mod theme;

/// Installs the panic hook and mounts the app on `<body>`.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
