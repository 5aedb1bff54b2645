//! Saving text as a file the browser downloads: made in the page, nothing is uploaded.

use gloo_timers::future::TimeoutFuture;
use leptos::task::spawn_local;
use wasm_bindgen::{JsCast, JsValue};

fn describe(error: JsValue) -> String {
    error
        .as_string()
        .unwrap_or_else(|| "the browser refused".into())
}

/// Offers `text` as a JSON file named `filename`.
pub fn download(filename: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(describe)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(describe)?;
    let link: web_sys::HtmlAnchorElement = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?
        .create_element("a")
        .map_err(describe)?
        .dyn_into()
        .map_err(|_| "not a link".to_string())?;
    link.set_href(&url);
    link.set_download(filename);
    link.click();
    // The browser reads the address after the click returns: free it a little later.
    spawn_local(async move {
        TimeoutFuture::new(10_000).await;
        _ = web_sys::Url::revoke_object_url(&url);
    });
    Ok(())
}
