/// Sets the tab's title: "<page> · Hoplab".
pub fn set_page_title(page: &str) {
    let title = if page.is_empty() {
        "Hoplab".to_string()
    } else {
        format!("{page} · Hoplab")
    };
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(&title);
    }
}
