//! Reading the files a person chose or dropped: taken out of the live list at once, each
//! refused over a size before it is read, each read as text.

use wasm_bindgen_futures::JsFuture;

/// The files in a chooser's or a drop's list, held apart from the list itself: a
/// `FileList` is live, and clearing the chooser empties it.
pub fn files_of(list: &web_sys::FileList) -> Vec<web_sys::File> {
    (0..list.length()).filter_map(|i| list.get(i)).collect()
}

/// Each file's name and text, in order. A file over `max_bytes` is refused before it is
/// read, saying what (`who`) reads at most how much (`limit`).
pub async fn read_texts(
    files: Vec<web_sys::File>,
    max_bytes: u64,
    who: &str,
    limit: &str,
) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for file in files {
        let name = file.name();
        if file.size() > max_bytes as f64 {
            return Err(format!(
                "{name} is {:.1} MiB; {who} reads files of at most {limit}, so it was not read.",
                file.size() / 1_048_576.0
            ));
        }
        let text = JsFuture::from(file.text())
            .await
            .ok()
            .and_then(|v| v.as_string());
        let Some(text) = text else {
            return Err(format!("{name} could not be read as text."));
        };
        out.push((name, text));
    }
    Ok(out)
}
