//! What every page-level component test needs: mount a page under a router at a URL,
//! find and drive elements as a person would, wait for the page to catch up.
//! Each test file uses only part of it.
#![allow(dead_code)]

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

/// A mounted page: dropping it unmounts the app (stopping any animation loop), so one
/// test's page cannot rewrite the URL or the store under the next.
pub struct Mounted {
    pub root: HtmlElement,
    _handle: leptos::mount::UnmountHandle<leptos::tachys::view::any_view::AnyViewState>,
}

impl std::ops::Deref for Mounted {
    type Target = HtmlElement;
    fn deref(&self) -> &HtmlElement {
        &self.root
    }
}

/// Mounts `app` (a `<Router>` with the routes under test) in a fresh container, with the
/// browser at `url`.
pub fn mount_at(url: &str, app: impl FnOnce() -> AnyView + 'static) -> Mounted {
    web_sys::window()
        .unwrap()
        .history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url))
        .unwrap();
    let root: HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), app);
    Mounted {
        root,
        _handle: handle,
    }
}

/// Unmounts, as leaving the page does: `pagehide` first, so work a page defers to it (the
/// designer's waiting autosave) happens now and cannot land in the next test.
pub fn clean_up(m: Mounted) {
    web_sys::window()
        .unwrap()
        .dispatch_event(&web_sys::Event::new("pagehide").unwrap())
        .unwrap();
    let root = m.root.clone();
    drop(m);
    root.remove();
}

pub fn find(root: &HtmlElement, selector: &str) -> HtmlElement {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .unchecked_into()
}

pub fn count(root: &HtmlElement, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

pub fn text(root: &HtmlElement, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

pub fn attr(root: &HtmlElement, selector: &str, name: &str) -> String {
    root.query_selector(selector)
        .unwrap()
        .and_then(|e| e.get_attribute(name))
        .unwrap_or_default()
}

/// The value of an input or select.
pub fn value(root: &HtmlElement, selector: &str) -> String {
    let el = find(root, selector);
    if let Some(i) = el.dyn_ref::<web_sys::HtmlInputElement>() {
        i.value()
    } else if let Some(s) = el.dyn_ref::<web_sys::HtmlSelectElement>() {
        s.value()
    } else {
        panic!("{selector} is not a form field")
    }
}

/// A bubbling event, as a person's action makes.
pub fn fire(el: &web_sys::Element, kind: &str) {
    js_sys::Function::new_with_args(
        "el, kind",
        "el.dispatchEvent(new Event(kind, { bubbles: true }))",
    )
    .call2(&wasm_bindgen::JsValue::NULL, el, &kind.into())
    .unwrap();
}

/// Sets an input's or select's value and fires `change`, as choosing does.
pub fn type_into(root: &HtmlElement, selector: &str, value: &str) {
    let el = find(root, selector);
    if let Some(i) = el.dyn_ref::<web_sys::HtmlInputElement>() {
        i.set_value(value);
    } else if let Some(s) = el.dyn_ref::<web_sys::HtmlSelectElement>() {
        s.set_value(value);
    }
    fire(&el, "change");
}

pub fn click(root: &HtmlElement, selector: &str) {
    find(root, selector).click();
}

pub async fn tick() {
    leptos::task::tick().await;
}

/// Waits (animation frames and timers drive the pages) until `cond` holds, or fails
/// after 10 s.
pub async fn until(what: &str, cond: impl Fn() -> bool) {
    for _ in 0..500 {
        if cond() {
            return;
        }
        gloo_timers::future::TimeoutFuture::new(20).await;
    }
    panic!("timed out waiting for {what}");
}
