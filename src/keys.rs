//! What a key press landed on, for the pages' keyboard shortcuts: one answer to "is the
//! person typing?", so a shortcut never steals a key a field or a control needs.

use wasm_bindgen::JsCast;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyTarget {
    /// A text-like input, a textarea or editable content: every key is the field's, Ctrl+Z
    /// its own undo.
    Text,
    /// A drop-down list: letters and arrows choose an option, but it has no undo of its own.
    List,
    /// A button, link, disclosure, checkbox, radio or file input: Space and Enter are its own.
    Control,
    /// Anything else: the page's shortcuts apply.
    Page,
}

pub fn key_target(target: Option<web_sys::EventTarget>) -> KeyTarget {
    let Some(element) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return KeyTarget::Page;
    };
    match element.tag_name().to_ascii_lowercase().as_str() {
        "input"
            if matches!(
                element.get_attribute("type").as_deref(),
                Some("checkbox" | "radio" | "button" | "submit" | "file")
            ) =>
        {
            KeyTarget::Control
        }
        "input" | "textarea" => KeyTarget::Text,
        "select" => KeyTarget::List,
        "button" | "a" | "summary" => KeyTarget::Control,
        _ if element
            .closest("[contenteditable]")
            .ok()
            .flatten()
            .is_some() =>
        {
            KeyTarget::Text
        }
        _ => KeyTarget::Page,
    }
}
