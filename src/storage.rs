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
