//! Files in and out of the designer: the text of a chosen file, and a file name for a
//! design (downloads are `crate::download`).

use wasm_bindgen_futures::JsFuture;

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
