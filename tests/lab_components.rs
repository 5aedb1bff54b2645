//! Component tests for the lab: the real pages mounted in headless Chromium under a
//! router, driven by clicks and asserted on the DOM.
//! Run with `cargo test -p hoplab --target wasm32-unknown-unknown --test lab_components`.
#![cfg(target_arch = "wasm32")]

use hoplab::pages::{LabIndex, LabPage};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

/// A mounted lab: dropping it unmounts the app (stopping its animation loop), so one
/// test's page cannot rewrite the URL under the next.
struct Mounted {
    root: HtmlElement,
    _handle: leptos::mount::UnmountHandle<leptos::tachys::view::any_view::AnyViewState>,
}

impl std::ops::Deref for Mounted {
    type Target = HtmlElement;
    fn deref(&self) -> &HtmlElement {
        &self.root
    }
}

/// Mounts the lab's routes in a fresh container, with the browser at `url`.
fn mount_at(url: &str) -> Mounted {
    let window = web_sys::window().unwrap();
    window
        .history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url))
        .unwrap();
    let document = document();
    let root: HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), || {
        view! {
            <Router>
                <Routes fallback=|| "none">
                    <Route path=path!("/lab") view=LabIndex />
                    <Route path=path!("/lab/:scenario") view=LabPage />
                </Routes>
            </Router>
        }
        .into_any()
    });
    Mounted {
        root,
        _handle: handle,
    }
}

fn find(root: &HtmlElement, selector: &str) -> HtmlElement {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .unchecked_into()
}

fn count(root: &HtmlElement, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

fn attr(root: &HtmlElement, selector: &str, name: &str) -> String {
    root.query_selector(selector)
        .unwrap()
        .and_then(|e| e.get_attribute(name))
        .unwrap_or_default()
}

fn value(root: &HtmlElement, selector: &str) -> String {
    let el = find(root, selector);
    if let Some(i) = el.dyn_ref::<web_sys::HtmlInputElement>() {
        i.value()
    } else if let Some(s) = el.dyn_ref::<web_sys::HtmlSelectElement>() {
        s.value()
    } else {
        panic!("{selector} is not a form field")
    }
}

async fn tick() {
    leptos::task::tick().await;
}

/// Waits (animation frames drive the lab) until `cond` holds, or fails after 10 s.
async fn until(what: &str, cond: impl Fn() -> bool) {
    for _ in 0..500 {
        if cond() {
            return;
        }
        gloo_timers::future::TimeoutFuture::new(20).await;
    }
    panic!("timed out waiting for {what}");
}

fn clean_up(mounted: Mounted) {
    let root = mounted.root.clone();
    drop(mounted);
    root.remove();
}

#[wasm_bindgen_test]
async fn the_index_lists_every_scenario() {
    let root = mount_at("/lab");
    tick().await;
    assert_eq!(count(&root, ".lab-item"), 16);
    assert_eq!(
        attr(&root, ".lab-item[data-scenario=echo-loop] h2 a", "href"),
        "/lab/echo-loop"
    );
    clean_up(root);
}

#[wasm_bindgen_test]
async fn the_page_takes_its_set_up_from_the_url() {
    let root = mount_at("/lab/echo-loop?stamp=marker&seed=9&t=2");
    tick().await;
    until("the set-up to show", || value(&root, "#lab-seed") == "9").await;
    assert_eq!(value(&root, "[data-knob=stamp]"), "marker");
    until("the model to reach 2 s", || {
        attr(&root, "svg.stage", "data-ready") == "true"
            && attr(&root, "svg.stage", "data-now") == "2000"
    })
    .await;
    assert!(count(&root, "rect.rec") > 0, "records on the stage");
    assert!(count(&root, "[data-measure='copies-per-original']") == 1);
    assert_eq!(count(&root, ".lab-problems"), 0);
    clean_up(root);
}

#[wasm_bindgen_test]
async fn a_malformed_url_explains_itself_and_uses_the_defaults() {
    let root = mount_at("/lab/echo-loop?stamp=hat&seed=x");
    tick().await;
    let text = find(&root, ".lab-problems").text_content().unwrap();
    assert!(text.contains("hat") && text.contains("'x'"), "{text}");
    until("the defaults to show", || value(&root, "#lab-seed") == "1").await;
    assert_eq!(value(&root, "[data-knob=stamp]"), "none");
    clean_up(root);
}

#[wasm_bindgen_test]
async fn an_unknown_scenario_lists_the_real_ones() {
    let root = mount_at("/lab/nope");
    tick().await;
    assert_eq!(
        find(&root, "h1").text_content().unwrap(),
        "No such scenario"
    );
    assert_eq!(count(&root, ".lab-scenario-links a"), 16);
    clean_up(root);
}

#[wasm_bindgen_test]
async fn play_pauses_step_advances_and_buttons_are_listed() {
    let root = mount_at("/lab/follow-one-record");
    tick().await;
    let play = find(&root, ".lab-play");
    assert_eq!(play.text_content().unwrap(), "Play");
    assert_eq!(count(&root, ".lab-fault"), 6);
    find(&root, ".lab-step").click();
    tick().await;
    until("a step to show in the narration", || {
        count(&root, ".narration li") > 0
    })
    .await;
    play.click();
    tick().await;
    assert_eq!(play.text_content().unwrap(), "Pause");
    until("time to pass", || {
        attr(&root, "svg.stage", "data-now")
            .parse::<u64>()
            .unwrap_or(0)
            > 300
    })
    .await;
    play.click();
    tick().await;
    assert_eq!(play.text_content().unwrap(), "Play");
    clean_up(root);
}

#[wasm_bindgen_test]
async fn tapping_a_record_shows_where_it_is_on_each_cluster() {
    let root = mount_at("/lab/follow-one-record?t=8");
    until("the model to reach 8 s", || {
        attr(&root, "svg.stage", "data-ready") == "true" && count(&root, "rect.rec") > 0
    })
    .await;
    let rec: web_sys::Element = root.query_selector("rect.rec").unwrap().unwrap();
    // A real bubbling click, as a tap makes (the stage listens once, on the <svg>).
    js_sys::Function::new_with_args(
        "el",
        "el.dispatchEvent(new MouseEvent('click', { bubbles: true }))",
    )
    .call1(&wasm_bindgen::JsValue::NULL, &rec)
    .unwrap();
    until("the record's details and outlines", || {
        count(&root, ".highlight") >= 1
            && find(&root, ".record-info")
                .text_content()
                .unwrap_or_default()
                .contains("Written at")
    })
    .await;
    let info = find(&root, ".record-info").text_content().unwrap();
    assert!(info.contains("site A"), "{info}");
    clean_up(root);
}
