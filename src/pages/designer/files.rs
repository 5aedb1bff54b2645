//! Files in and out of the page: a download made from text, and the text of a chosen file.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let fail = |_| "The browser refused to make the file.".to_string();
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(fail)?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// The text of the first file chosen in an `<input type=file>`.
pub async fn read_chosen(input: &web_sys::HtmlInputElement) -> Option<Result<String, String>> {
    let file = input.files()?.get(0)?;
    if file.size() > 5_000_000.0 {
        return Some(Err(format!(
            "{} is larger than 5 MB: not a design file.",
            file.name()
        )));
    }
    let text = JsFuture::from(file.text()).await;
    Some(match text.ok().and_then(|v| v.as_string()) {
        Some(t) => Ok(t),
        None => Err(format!("{} could not be read as text.", file.name())),
    })
}

/// A file name made from a design's name: letters, digits and dashes only.
pub fn file_stem(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let s = s
        .split('-')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if s.is_empty() {
        "design".into()
    } else {
        s.chars().take(60).collect()
    }
}
