//! The browser's local storage, reached safely: a private window or a blocked storage
//! makes reads return nothing and writes report failure, never panic.

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn read(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok().flatten()
}

/// Returns false when the browser refused to store (quota, private mode).
pub fn write(key: &str, value: &str) -> bool {
    local_storage().is_some_and(|storage| storage.set_item(key, value).is_ok())
}

pub fn remove(key: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.remove_item(key);
    }
}

/// Keys that may hold set-aside text beside one key: `….unreadable`, then `.2` to `.9`.
const SET_ASIDE_SLOTS: usize = 9;

/// Keeps `text`, read from `key` but unusable, under `{key}.unreadable`, so a bug or a
/// manual edit loses nothing. A second, different text never overwrites a first: it goes
/// to `….unreadable.2`, and so on. Returns the key written, or `None` if the browser refused.
pub fn set_aside(key: &str, text: &str) -> Option<String> {
    let aside = set_aside_key(key, text, read);
    write(&aside, text).then_some(aside)
}

/// The first set-aside key for `key` that is free or already holds `text` (the last slot
/// once all are taken).
fn set_aside_key(key: &str, text: &str, stored: impl Fn(&str) -> Option<String>) -> String {
    let slot = |n: usize| match n {
        1 => format!("{key}.unreadable"),
        n => format!("{key}.unreadable.{n}"),
    };
    (1..=SET_ASIDE_SLOTS)
        .map(slot)
        .find(|aside| stored(aside).is_none_or(|held| held == text))
        .unwrap_or_else(|| slot(SET_ASIDE_SLOTS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn set_aside_text_never_overwrites_earlier_set_aside_text() {
        let mut held: HashMap<String, String> = HashMap::new();
        let lookup = |held: &HashMap<String, String>, key: &str| held.get(key).cloned();
        let first = set_aside_key("hoplab.progress", "bad one", |k| lookup(&held, k));
        assert_eq!(first, "hoplab.progress.unreadable");
        held.insert(first, "bad one".into());
        assert_eq!(
            set_aside_key("hoplab.progress", "bad one", |k| lookup(&held, k)),
            "hoplab.progress.unreadable",
            "same text, same slot"
        );
        let second = set_aside_key("hoplab.progress", "bad two", |k| lookup(&held, k));
        assert_eq!(second, "hoplab.progress.unreadable.2");
    }
}
