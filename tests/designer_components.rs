//! Component tests for the designer: the real page mounted in headless Chromium, driven
//! through its forms and canvas, asserted on the DOM.
//! Run with `cargo test -p hoplab --target wasm32-unknown-unknown --test designer_components`.
#![cfg(target_arch = "wasm32")]

use hoplab::designer::autosave;
use hoplab::pages::{Designer, LoadRunbook};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

mod support;
use support::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

/// Mounts the designer with an empty store (or the given autosave text).
fn mount(saved: Option<&str>) -> Mounted {
    let s = storage();
    s.remove_item(autosave::KEY).unwrap();
    s.remove_item(autosave::SET_ASIDE_KEY).unwrap();
    if let Some(text) = saved {
        s.set_item(autosave::KEY, text).unwrap();
    }
    mount_at("/designer", || {
        provide_context(LoadRunbook::at_once());
        view! {
            <Router>
                <Routes fallback=|| "none">
                    <Route path=path!("/designer") view=|| view! { <Designer /> } />
                </Routes>
            </Router>
        }
        .into_any()
    })
}

async fn add_site(root: &HtmlElement, name: &str) {
    type_into(root, "#dz-new-site", name);
    click(root, "#dz-new-site ~ button[type=submit]");
    tick().await;
}

async fn add_stream(root: &HtmlElement, site_index: u32) {
    type_into(root, "#dz-new-stream-site", &site_index.to_string());
    type_into(root, "#dz-new-stream", "orders");
    click(root, "#dz-new-stream-parts ~ button[type=submit]");
    tick().await;
}

async fn add_hop(root: &HtmlElement, from: u32, to: u32) {
    type_into(root, "#dz-new-hop-from", &from.to_string());
    type_into(root, "#dz-new-hop-to", &to.to_string());
    click(root, "#dz-new-hop ~ button[type=submit]");
    tick().await;
}

#[wasm_bindgen_test]
async fn two_sites_copying_both_ways_show_the_echo_loop_until_stamped() {
    let root = mount(None);
    tick().await;
    assert!(text(&root, ".lint-headline").contains("No findings"));
    add_site(&root, "A").await;
    add_site(&root, "B").await;
    add_stream(&root, 0).await;
    add_stream(&root, 1).await;
    add_hop(&root, 0, 1).await;
    add_hop(&root, 1, 0).await;
    assert_eq!(count(&root, "g.dz-site"), 2);
    assert_eq!(count(&root, "g.dz-stream"), 2);
    assert_eq!(count(&root, "g.dz-hop"), 2);
    until("the echo-loop finding", || {
        count(&root, ".lint-item[data-code=echo-loop]") == 1
    })
    .await;
    assert_eq!(
        count(&root, "g.dz-hop.is-flagged"),
        2,
        "both arrows are marked"
    );
    assert_eq!(
        find(&root, ".lint-item[data-code=echo-loop] a")
            .get_attribute("href")
            .as_deref(),
        Some("/cards/echo-loop")
    );
    // Stamp both hops with a marker that forwards only local records.
    let selects = root.query_selector_all(".hop-options select").unwrap();
    for i in 0..selects.length() {
        let s: web_sys::HtmlSelectElement = selects.item(i).unwrap().unchecked_into();
        if s.inner_html().contains("qualified-name") && !s.inner_html().contains("MirrorMaker") {
            s.set_value("marker");
            fire(&s, "change");
            tick().await;
        }
    }
    until("the echo loop to clear", || {
        count(&root, ".lint-item[data-code=echo-loop]") == 0
    })
    .await;
    assert_eq!(count(&root, "g.dz-hop.is-flagged"), 0);
    clean_up(root);
}

#[wasm_bindgen_test]
async fn free_text_names_render_as_text_and_select_their_own_row() {
    let root = mount(None);
    tick().await;
    let names = [
        "east/1",
        "say \"hi\" 'x'",
        "<script>window.__pwned=1</script>",
        "🚀 launch",
        &"n".repeat(200),
    ];
    for n in names {
        add_site(&root, n).await;
    }
    assert_eq!(count(&root, "g.dz-site"), 5);
    assert_eq!(count(&root, "script"), 0, "no markup made from a name");
    let canvas = text(&root, "svg.canvas-svg");
    assert!(
        canvas.contains("east/1") && canvas.contains("🚀 launch") && canvas.contains("<script>")
    );
    // Every name is listed whole in its field, and choosing its box selects its own row.
    for (i, n) in names.iter().enumerate() {
        let field: web_sys::HtmlInputElement = root
            .query_selector_all(".panel-section:first-child .name-field")
            .unwrap()
            .item(i as u32)
            .unwrap()
            .unchecked_into();
        assert_eq!(field.value(), *n);
        let shape: HtmlElement = root
            .query_selector_all("g.dz-site")
            .unwrap()
            .item(i as u32)
            .unwrap()
            .unchecked_into();
        shape.focus().unwrap();
        tick().await;
        let row: web_sys::HtmlInputElement =
            find(&root, ".panel-row.is-selected .name-field").unchecked_into();
        assert_eq!(row.value(), *n);
        assert!(shape.get_attribute("aria-label").unwrap().contains(n));
    }
    clean_up(root);
}

#[wasm_bindgen_test]
async fn undo_and_redo_walk_the_edits() {
    let root = mount(None);
    tick().await;
    add_site(&root, "A").await;
    add_site(&root, "B").await;
    let undo = find(
        &root,
        ".designer-toolbar button[aria-keyshortcuts='Control+Z']",
    );
    let redo = find(
        &root,
        ".designer-toolbar button[aria-keyshortcuts='Control+Shift+Z']",
    );
    undo.click();
    tick().await;
    assert_eq!(count(&root, "g.dz-site"), 1);
    undo.click();
    tick().await;
    assert_eq!(count(&root, "g.dz-site"), 0);
    redo.click();
    redo.click();
    tick().await;
    assert_eq!(count(&root, "g.dz-site"), 2);
    clean_up(root);
}

#[wasm_bindgen_test]
async fn a_corrupt_autosave_is_set_aside_with_a_message() {
    let root = mount(Some("{\"version\": 1, \"design\": 7"));
    tick().await;
    let msg = text(&root, ".designer-notice");
    assert!(msg.contains("could not be read"), "{msg}");
    assert_eq!(
        storage()
            .get_item(autosave::SET_ASIDE_KEY)
            .unwrap()
            .as_deref(),
        Some("{\"version\": 1, \"design\": 7")
    );
    assert_eq!(count(&root, "g.dz-site"), 0);
    clean_up(root);
}

#[wasm_bindgen_test]
async fn a_saved_design_comes_back_and_a_template_runs_to_a_summary() {
    let saved = autosave::to_text(&hoplab::designer::templates::build("fan-in").unwrap());
    let root = mount(Some(&saved));
    tick().await;
    assert_eq!(count(&root, "g.dz-site"), 4, "the autosave is back");
    type_into(&root, "#dz-template", "one-way-dr");
    click(&root, "#dz-template ~ button");
    tick().await;
    assert_eq!(count(&root, "g.dz-site"), 2);
    let run = root
        .query_selector_all(".run-controls button")
        .unwrap()
        .item(0)
        .unwrap();
    run.unchecked_ref::<HtmlElement>().click();
    until("the run to finish", || count(&root, ".run-summary") == 1).await;
    let summary = text(&root, ".run-summary");
    assert!(summary.contains("primary lost at 30.0 s"), "{summary}");
    // The runbook comes once the browser is idle after the page has drawn.
    until("the runbook", || count(&root, ".runbook") == 1).await;
    assert!(text(&root, ".runbook").contains("Recovery-point floor"));
    clean_up(root);
}

#[wasm_bindgen_test]
async fn the_run_summary_prices_each_hops_egress_and_names_a_bad_value() {
    let root = mount(None);
    tick().await;
    type_into(&root, "#dz-template", "one-way-dr");
    click(&root, "#dz-template ~ button");
    tick().await;
    assert_eq!(value(&root, "#dz-record-bytes"), "1024");
    assert_eq!(value(&root, "#dz-price-per-gb"), "");
    let run = root
        .query_selector_all(".run-controls button")
        .unwrap()
        .item(0)
        .unwrap();
    run.unchecked_ref::<HtmlElement>().click();
    until("the run to finish", || count(&root, ".run-summary") == 1).await;
    let lines = text(&root, ".egress-lines");
    assert!(
        lines.contains("/day crossing") && !lines.contains('$'),
        "{lines}"
    );
    type_into(&root, "#dz-price-per-gb", "0.02");
    tick().await;
    let lines = text(&root, ".egress-lines");
    assert!(
        lines.contains(", ≈ $") && lines.contains("/day at $0.02/GB"),
        "{lines}"
    );
    // A negative size: the reason in the page, the text kept, the run's summary too.
    type_into(&root, "#dz-record-bytes", "-5");
    tick().await;
    let msg = text(&root, "#dz-record-bytes-error");
    assert!(
        msg.contains("Record size") && msg.contains("negative"),
        "{msg}"
    );
    assert_eq!(value(&root, "#dz-record-bytes"), "-5");
    assert_eq!(attr(&root, "#dz-record-bytes", "aria-invalid"), "true");
    assert!(attr(&root, "#dz-record-bytes", "aria-describedby").contains("dz-record-bytes-error"));
    assert_eq!(count(&root, ".run-summary"), 1);
    assert!(text(&root, ".egress-lines").contains("set a record size"));
    // An extreme price: named; the volume stays.
    type_into(&root, "#dz-record-bytes", "1000");
    type_into(&root, "#dz-price-per-gb", "1e400");
    tick().await;
    assert_eq!(count(&root, "#dz-record-bytes-error"), 0);
    assert!(text(&root, "#dz-price-per-gb-error").contains("Price per GB"));
    let lines = text(&root, ".egress-lines");
    assert!(
        lines.contains("/day crossing") && !lines.contains('$'),
        "{lines}"
    );
    assert_eq!(value(&root, "#dz-price-per-gb"), "1e400");
    clean_up(root);
}

/// The field of the first hop's options whose label reads `label`.
fn option_input(root: &HtmlElement, label: &str) -> web_sys::HtmlInputElement {
    let fields = root.query_selector_all(".hop-options label.field").unwrap();
    (0..fields.length())
        .map(|i| fields.item(i).unwrap().unchecked_into::<HtmlElement>())
        .find(|f| {
            f.query_selector("span")
                .unwrap()
                .unwrap()
                .text_content()
                .as_deref()
                == Some(label)
        })
        .unwrap_or_else(|| panic!("no option field {label}"))
        .query_selector("input")
        .unwrap()
        .unwrap()
        .unchecked_into()
}

#[wasm_bindgen_test]
async fn every_hop_option_has_a_field_that_keeps_the_model_s_limits() {
    let root = mount(None);
    tick().await;
    type_into(&root, "#dz-template", "one-way-dr");
    click(&root, "#dz-template ~ button");
    tick().await;
    // The options the form lacked before the option table are there.
    for label in [
        "heartbeat every (ms; empty: none)",
        "round-trip jitter (ms, up to)",
        "starts at (ms into the run)",
        "throughput cap (records/s; empty: none)",
    ] {
        option_input(&root, label);
    }
    assert!(text(&root, ".hop-options").contains("starts reading from"));
    assert!(count(&root, ".hop-options .option-writers input[type=checkbox]") >= 1);
    // Beyond the limit: refused with the model's words, the hop as it was.
    let workers = option_input(&root, "workers");
    workers.set_value("300");
    fire(&workers, "change");
    tick().await;
    let notice = text(&root, ".designer-notice");
    assert!(notice.contains("workers: must be at most 256"), "{notice}");
    assert_eq!(option_input(&root, "workers").value(), "1");
    // Within it: kept, and an emptied optional number is none again.
    let jitter = option_input(&root, "round-trip jitter (ms, up to)");
    jitter.set_value("25");
    fire(&jitter, "change");
    tick().await;
    assert_eq!(
        option_input(&root, "round-trip jitter (ms, up to)").value(),
        "25"
    );
    let cap = option_input(&root, "throughput cap (records/s; empty: none)");
    cap.set_value("500");
    fire(&cap, "change");
    tick().await;
    assert_eq!(
        option_input(&root, "throughput cap (records/s; empty: none)").value(),
        "500"
    );
    cap.set_value("");
    fire(&cap, "change");
    tick().await;
    assert_eq!(
        option_input(&root, "throughput cap (records/s; empty: none)").value(),
        ""
    );
    // Dropping a writer's records: ticked, it stays ticked.
    let drop: web_sys::HtmlInputElement =
        find(&root, ".hop-options .option-writers input[type=checkbox]").unchecked_into();
    drop.set_checked(true);
    fire(&drop, "change");
    tick().await;
    let again: web_sys::HtmlInputElement =
        find(&root, ".hop-options .option-writers input[type=checkbox]").unchecked_into();
    assert!(again.checked());
    clean_up(root);
}
