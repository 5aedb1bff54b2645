//! Component tests for the lab: the real pages mounted in headless Chromium under a
//! router, driven by clicks and asserted on the DOM.
//! Run with `cargo test -p hoplab --target wasm32-unknown-unknown --test lab_components`.
#![cfg(target_arch = "wasm32")]

use hoplab::pages::lab::LoadRunPanels;
use hoplab::pages::{LabIndex, LabPage};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

mod support;
use support::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts the lab's routes in a fresh container, with the browser at `url`.
fn mount_lab(url: &str) -> Mounted {
    mount_at(url, || {
        provide_context(LoadRunPanels::at_once());
        view! {
            <Router>
                <Routes fallback=|| "none">
                    <Route path=path!("/lab") view=LabIndex />
                    <Route path=path!("/lab/:scenario") view=LabPage />
                </Routes>
            </Router>
        }
        .into_any()
    })
}

#[wasm_bindgen_test]
async fn the_index_lists_every_scenario() {
    let root = mount_lab("/lab");
    tick().await;
    assert_eq!(
        count(&root, ".lab-item") as usize,
        hoplab_model::scenarios::NAMES.len()
    );
    assert_eq!(
        attr(&root, ".lab-item[data-scenario=echo-loop] h2 a", "href"),
        "/lab/echo-loop"
    );
    clean_up(root);
}

#[wasm_bindgen_test]
async fn the_page_takes_its_set_up_from_the_url() {
    let root = mount_lab("/lab/echo-loop?stamp=marker&seed=9&t=2");
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
    let root = mount_lab("/lab/echo-loop?stamp=hat&seed=x");
    tick().await;
    let text = find(&root, ".lab-problems").text_content().unwrap();
    assert!(text.contains("hat") && text.contains("'x'"), "{text}");
    until("the defaults to show", || value(&root, "#lab-seed") == "1").await;
    assert_eq!(value(&root, "[data-knob=stamp]"), "none");
    clean_up(root);
}

#[wasm_bindgen_test]
async fn an_unknown_scenario_lists_the_real_ones() {
    let root = mount_lab("/lab/nope");
    tick().await;
    assert_eq!(
        find(&root, "h1").text_content().unwrap(),
        "No such scenario"
    );
    assert_eq!(
        count(&root, ".lab-scenario-links a") as usize,
        hoplab_model::scenarios::NAMES.len()
    );
    clean_up(root);
}

#[wasm_bindgen_test]
async fn play_pauses_step_advances_and_buttons_are_listed() {
    let root = mount_lab("/lab/follow-one-record");
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

/// Waits until the stage has reached the time asked for and shows records.
async fn stage_drawn(root: &HtmlElement) {
    until("the stage to reach its time with records", || {
        attr(root, "svg.stage", "data-ready") == "true" && count(root, "rect.rec") > 0
    })
    .await;
}

/// Counts the writes of each named attribute on `el` (a MutationObserver records every
/// `setAttribute`, even of the value already there). Read with [`writes`].
fn watch_writes(el: &web_sys::Element, names: &[&str]) -> wasm_bindgen::JsValue {
    let names = js_sys::Array::from_iter(names.iter().map(|n| wasm_bindgen::JsValue::from(*n)));
    js_sys::Function::new_with_args(
        "el, names",
        "const seen = {}; names.forEach((n) => (seen[n] = 0)); \
         seen.observer = new MutationObserver((list) => list.forEach((m) => seen[m.attributeName]++)); \
         seen.observer.observe(el, { attributes: true, attributeFilter: names }); return seen;",
    )
    .call2(&wasm_bindgen::JsValue::NULL, el, &names)
    .unwrap()
}

fn writes(seen: &wasm_bindgen::JsValue, name: &str) -> u32 {
    js_sys::Reflect::get(seen, &name.into())
        .unwrap()
        .as_f64()
        .unwrap_or(0.0) as u32
}

#[wasm_bindgen_test]
async fn playing_leaves_the_stage_viewport_alone() {
    // Chromium lays out every text on the stage again when the viewBox is written, even
    // with the value it has: while playing, each frame must leave it alone.
    let root = mount_lab("/lab/lag-components?t=5");
    stage_drawn(&root).await;
    let svg = root.query_selector("svg.stage").unwrap().unwrap();
    let seen = watch_writes(&svg, &["viewBox", "data-now"]);
    let play = find(&root, ".lab-play");
    play.click();
    tick().await;
    until("twenty drawn frames", || writes(&seen, "data-now") >= 20).await;
    play.click();
    tick().await;
    // The scene keeps its size while playing: at most a write or two as rows settle.
    assert!(
        writes(&seen, "viewBox") <= 2,
        "the viewBox was written {} times in {} frames",
        writes(&seen, "viewBox"),
        writes(&seen, "data-now")
    );
    clean_up(root);
}

#[wasm_bindgen_test]
async fn tapping_a_record_shows_where_it_is_on_each_cluster() {
    let root = mount_lab("/lab/follow-one-record?t=8");
    stage_drawn(&root).await;
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

// ---------- the run view with any spec ----------

use hoplab::pages::lab::{RunHandle, RunShow, RunView};
use hoplab_model::{Command, ScenarioSpec};

/// Names for every kind of thing in a spec, each with the same oddity.
struct Names {
    sites: [String; 2],
    stream: String,
    hop: String,
    writer: String,
    reader: String,
}

impl Names {
    fn with(odd: &str) -> Names {
        Names {
            sites: [format!("{odd}1"), format!("{odd}2")],
            stream: format!("{odd}s"),
            hop: format!("{odd}h"),
            writer: format!("{odd}w"),
            reader: format!("{odd}r"),
        }
    }

    /// Two sites, a stream on each, a copier between them, a writer and a reader group.
    fn spec(&self) -> ScenarioSpec {
        let [a, b] = &self.sites;
        let st = &self.stream;
        let text = serde_json::json!({
            "version": 1,
            "name": "odd names",
            "duration_ms": 20000,
            "topology": {
                "sites": [{ "name": a }, { "name": b }],
                "streams": [{ "site": a, "name": st }, { "site": b, "name": st }],
                "hops": [{ "id": self.hop, "from": { "site": a, "stream": st }, "to": { "site": b, "stream": st } }],
                "writers": [{ "id": self.writer, "site": a, "stream": st, "rate_per_sec": 50 }],
                "readers": [{ "id": self.reader, "site": a, "stream": st, "rate_per_sec": 40 }]
            }
        })
        .to_string();
        ScenarioSpec::from_json(&text).expect("a valid spec")
    }
}

/// Mounts a run view of `spec` (defaults from its topology) and returns it with its handle.
fn mount_run(spec: ScenarioSpec) -> (Mounted, RunHandle) {
    let (tx, rx) = std::sync::mpsc::channel();
    // The view is not routed: the browser stays where it is.
    let here = web_sys::window().unwrap().location().pathname().unwrap();
    let mounted = mount_at(&here, move || {
        provide_context(LoadRunPanels::at_once());
        let show = RunShow::for_spec(&spec);
        let run = RunHandle::new(spec, show);
        tx.send(run).unwrap();
        view! { <Router><RunView run=run /></Router> }.into_any()
    });
    let run = rx.try_recv().expect("the view made its run");
    (mounted, run)
}

/// Every element under `root` matching `selector` whose attribute `name` is exactly
/// `value` (compared in Rust: names never go into a CSS selector).
fn with_attr(root: &HtmlElement, selector: &str, name: &str, value: &str) -> Vec<web_sys::Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
        .filter(|e| e.get_attribute(name).as_deref() == Some(value))
        .collect()
}

fn text(root: &HtmlElement, selector: &str) -> String {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i)?.text_content())
        .collect::<Vec<_>>()
        .join("\n")
}

fn click(el: &web_sys::Element) {
    js_sys::Function::new_with_args(
        "el",
        "el.dispatchEvent(new MouseEvent('click', { bubbles: true }))",
    )
    .call1(&wasm_bindgen::JsValue::NULL, el)
    .unwrap();
}

/// Runs a spec named with `odd` to 6 s, then checks every name shows as text (never as
/// markup), the copier's measures are keyed by its id, and choosing a copy on the second
/// site names the first site as its origin and both places it is stored.
async fn odd_names_render_and_select(odd: &str) {
    let names = Names::with(odd);
    let (root, run) = mount_run(names.spec());
    run.seek(6_000);
    until("the run to reach 6 s", || {
        attr(&root, "svg.stage", "data-ready") == "true"
            && attr(&root, "svg.stage", "data-now") == "6000"
    })
    .await;
    let [a, b] = &names.sites;
    // Nothing a name holds became an element.
    assert_eq!(count(&root, "script"), 0, "no script element");
    assert_eq!(count(&root, "img"), 0, "no img element");
    // The stage names every thing in full in its tooltips.
    let titles = text(&root, "svg.stage title");
    for whole in [
        format!("Site {a}"),
        format!("Site {b}"),
        format!("copier {}", names.hop),
        format!("stream {}", names.stream),
    ] {
        assert!(titles.contains(&whole), "{whole:?} in the stage's titles");
    }
    assert!(
        titles.contains(&names.writer),
        "the writer in the stream's title"
    );
    assert!(titles.contains(&format!("Reader group {} on site {a}", names.reader)));
    // The measures and the buttons are keyed and labelled by the names.
    assert_eq!(
        with_attr(
            &root,
            "[data-measure]",
            "data-measure",
            &format!("lag:{}", names.hop)
        )
        .len(),
        1
    );
    assert!(text(&root, ".measures").contains(&format!("Reader group {} on {a}", names.reader)));
    assert_eq!(
        with_attr(
            &root,
            ".lab-button-group",
            "aria-label",
            &format!("Site {b}")
        )
        .len(),
        1
    );
    assert!(text(&root, ".stage-legend").contains(&format!("written at site {a}")));
    // Choose a copy on the second site: its details name where it came from and both places.
    // The newest copy: its original is surely still on the first site's row.
    let copies = root
        .query_selector_all("[data-row=\"1\"] rect.rec")
        .unwrap();
    let copy = (0..copies.length())
        .filter_map(|i| copies.item(i)?.dyn_into::<web_sys::Element>().ok())
        .max_by_key(|e| {
            e.get_attribute("data-pos")
                .and_then(|p| p.parse::<u64>().ok())
        })
        .expect("a copy on the second site");
    click(&copy);
    until("the copy's details", || {
        text(&root, ".record-info").contains("Written at")
    })
    .await;
    let info = text(&root, ".record-info");
    assert!(info.contains(&format!("site {a}")), "origin in {info}");
    assert!(
        info.contains(&format!("{a}/{} part 0 at", names.stream)),
        "{info}"
    );
    assert!(
        info.contains(&format!("{b}/{} part 0 at", names.stream)),
        "{info}"
    );
    until("the original and its copy outlined", || {
        count(&root, ".highlight") >= 2
    })
    .await;
    // The keyboard walks the drawn rows: up from the copy is the original's row.
    let stage = find(&root, ".stage-scroll");
    stage.focus().unwrap();
    let key = |k: &str| {
        let init = web_sys::KeyboardEventInit::new();
        init.set_key(k);
        init.set_bubbles(true);
        let e =
            web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
        stage.dispatch_event(&e).unwrap();
    };
    key("ArrowUp");
    until("the original chosen", || {
        text(&root, ".record-panel [aria-live]")
            .contains(&format!("here at {a}/{}/0", names.stream))
    })
    .await;
    key("End");
    key("ArrowDown");
    until("a copy chosen", || {
        text(&root, ".record-panel [aria-live]")
            .contains(&format!("here at {b}/{}/0", names.stream))
    })
    .await;
    clean_up(root);
}

#[wasm_bindgen_test]
async fn names_with_slashes_render_and_select() {
    odd_names_render_and_select("a/b/").await;
}

#[wasm_bindgen_test]
async fn names_with_quotes_render_and_select() {
    odd_names_render_and_select("say \"hi\" it's ").await;
}

#[wasm_bindgen_test]
async fn names_with_markup_render_as_text() {
    odd_names_render_and_select("<script>alert(1)</script><img src=x onerror=alert(2)>").await;
}

#[wasm_bindgen_test]
async fn names_with_emoji_render_and_select() {
    odd_names_render_and_select("🦀 données ").await;
}

#[wasm_bindgen_test]
async fn names_of_200_characters_render_shortened_and_select() {
    let odd = "n".repeat(199);
    odd_names_render_and_select(&odd).await;
    // Shown shortened on the stage (the whole name is in its title).
    let names = Names::with(&odd);
    let (root, run) = mount_run(names.spec());
    run.seek(1_000);
    until("the stage", || {
        attr(&root, "svg.stage", "data-ready") == "true"
    })
    .await;
    let label = text(&root, ".site-label");
    assert!(
        label.contains('…') && label.lines().all(|l| l.chars().count() < 60),
        "{label}"
    );
    clean_up(root);
}

#[wasm_bindgen_test]
async fn an_embedder_drives_the_run_and_reads_it() {
    let spec = hoplab_model::scenarios::get("stall-and-backlog")
        .unwrap()
        .build_default()
        .unwrap();
    let (root, run) = mount_run(spec);
    run.seek(8_000);
    until("8 s", || {
        run.ready_untracked() && run.now_untracked() == 8_000
    })
    .await;
    until("the measures", || run.measure("tail:a-to-b").is_some()).await;
    // A button of the show, by id, and a command of the model.
    run.press("stall-hop-0");
    until("the copier drawn stalled", || {
        text(&root, ".hop-label").contains("stalled")
    })
    .await;
    run.apply(Command::LoseSite { site: "B".into() });
    until("site B drawn lost", || count(&root, ".site--lost") == 1).await;
    run.apply(Command::LoseSite {
        site: "nowhere".into(),
    });
    assert!(run.error_untracked().is_some_and(|e| e.contains("nowhere")));
    run.play();
    until("time to pass", || run.now_untracked() > 8_300).await;
    run.pause();
    assert!(!run.playing_untracked());
    let pressed = run.state().actions;
    assert_eq!(
        pressed.len(),
        1,
        "only the button is part of the state: {pressed:?}"
    );
    assert_eq!(pressed[0].button, "stall-hop-0");
    clean_up(root);
}

/// Waits for `n` animation frames (the run view's frame loop runs once in each).
async fn animation_frames(n: usize) {
    for _ in 0..n {
        let frame = js_sys::Promise::new(&mut |resolve, _| {
            let _ = web_sys::window().unwrap().request_animation_frame(&resolve);
        });
        let _ = wasm_bindgen_futures::JsFuture::from(frame).await;
    }
}

/// A loader that fails its first download and succeeds on the next (as a dropped
/// connection would), counting its calls.
static PANEL_LOADS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn flaky_panels(run: RunHandle) {
    use hoplab::pages::lab::{run_panels, PanelsLoad};
    let first = PANEL_LOADS.fetch_add(1, std::sync::atomic::Ordering::SeqCst) == 0;
    if first {
        // The engine's download failed: the panels are not asked for.
        run.panels_arrived(PanelsLoad::Missing);
    } else {
        run.engine_delivered(hoplab::lab::engine::Engine::new());
        run.panels_arrived(PanelsLoad::Ready(run_panels()));
    }
}

#[wasm_bindgen_test]
async fn the_stage_shows_first_and_missing_panels_offer_a_retry() {
    let spec = hoplab_model::scenarios::get("echo-loop")
        .unwrap()
        .build_default()
        .unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let here = web_sys::window().unwrap().location().pathname().unwrap();
    let root = mount_at(&here, move || {
        provide_context(LoadRunPanels {
            after_stage: true,
            load: flaky_panels,
        });
        let run = RunHandle::new(spec.clone(), RunShow::for_spec(&spec));
        tx.send(run).unwrap();
        view! { <Router><RunView run=run /></Router> }.into_any()
    });
    let run = rx.try_recv().expect("the view made its run");
    // The stage is drawn and ready without the panels; only then are they asked for.
    until("the stage ready", || {
        attr(&root, "svg.stage", "data-ready") == "true"
    })
    .await;
    until("the failed download said so", || {
        text(&root, ".run-view [role=alert]").contains("did not load")
    })
    .await;
    assert_eq!(PANEL_LOADS.load(std::sync::atomic::Ordering::SeqCst), 1);
    assert_eq!(
        count(&root, "[data-measure]"),
        0,
        "no measures without their code"
    );
    assert!(run.measure("lag:a-to-b").is_none());
    // The engine comes first in the same load: without it the run stands at 0 s, and a
    // play asked for meanwhile waits for it.
    assert_eq!(attr(&root, "svg.stage", "data-engine"), "loading");
    run.play();
    animation_frames(5).await;
    assert_eq!(attr(&root, "svg.stage", "data-now"), "0");
    assert_eq!(run.now_untracked(), 0);
    let retry = root
        .query_selector(".run-view [role=alert] button")
        .unwrap()
        .expect("a retry button");
    click(&retry);
    until("the measures, after the retry", || {
        count(&root, "[data-measure]") > 0 && count(&root, ".chart") > 0
    })
    .await;
    assert_eq!(PANEL_LOADS.load(std::sync::atomic::Ordering::SeqCst), 2);
    assert!(
        !text(&root, ".run-view").contains("did not load"),
        "the notice goes once the panels are here"
    );
    assert!(count(&root, ".narration") == 1 && count(&root, ".lab-settings") == 1);
    until("the play asked for before the engine came", || {
        attr(&root, "svg.stage", "data-engine") == "ready" && run.now_untracked() > 0
    })
    .await;
    run.pause();
    clean_up(root);
}
