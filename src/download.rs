//! Saving text as a file the browser downloads: made in the page, nothing is uploaded.

use gloo_timers::future::TimeoutFuture;
use leptos::task::spawn_local;
use wasm_bindgen::{JsCast, JsValue};

/// Offers `text` as a file named `filename`, of type `mime`.
pub fn download(filename: &str, mime: &str, text: &str) -> Result<(), String> {
    let refused = |_| "The browser refused to make the file.".to_string();
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(refused)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(refused)?;
    let link: web_sys::HtmlAnchorElement = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?
        .create_element("a")
        .map_err(refused)?
        .unchecked_into();
    link.set_href(&url);
    link.set_download(filename);
    link.click();
    // The click only queues the download: the browser reads the address after `click`
    // returns, and some (Firefox, Safari) later than the next task. Freed at once, the file
    // can fail to save, so the address is released well after.
    spawn_local(async move {
        TimeoutFuture::new(10_000).await;
        _ = web_sys::Url::revoke_object_url(&url);
    });
    Ok(())
}
