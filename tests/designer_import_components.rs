//! Component tests for the designer's import of a copier's own configuration and its
//! export menu: the real page in headless Chromium, with the importer handed over at once.
//! Run with `cargo test -p hoplab --target wasm32-unknown-unknown --test designer_import_components`.
#![cfg(target_arch = "wasm32")]

use hoplab::designer::autosave;
use hoplab::pages::Designer;
use hoplab::pages::LoadImporter;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

mod support;
use support::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

/// MirrorMaker 2 copying `orders` both ways with identity names: a loop.
const BOTH_WAYS: &str = "clusters = east, west\n\
east.bootstrap.servers = east.example:9092\n\
west.bootstrap.servers = west.example:9092\n\
replication.policy.class = org.apache.kafka.connect.mirror.IdentityReplicationPolicy\n\
east->west.enabled = true\n\
east->west.topics = orders\n\
west->east.enabled = true\n\
west->east.topics = orders\n";

fn mount() -> Mounted {
    let s = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    s.remove_item(autosave::KEY).unwrap();
    s.remove_item(autosave::SET_ASIDE_KEY).unwrap();
    s.remove_item("hoplab.designer.imported-from").unwrap();
    mount_at("/designer", || {
        provide_context(LoadImporter::at_once());
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

async fn paste_and_import(root: &HtmlElement, text: &str) {
    let area: web_sys::HtmlTextAreaElement = find(root, "#dz-copier-paste").unchecked_into();
    area.set_value(text);
    fire(&area, "input");
    tick().await;
    click(root, ".import-paste button");
    tick().await;
}

/// Drops files (name, text) on the import box, as a person dragging them from a folder.
fn drop_files(root: &HtmlElement, files: &[(&str, &str)]) {
    let zone = find(root, ".import-drop");
    let list = js_sys::Array::new();
    for (name, text) in files {
        let pair = js_sys::Array::of2(&(*name).into(), &(*text).into());
        list.push(&pair);
    }
    js_sys::Function::new_with_args(
        "zone, files",
        "const dt = new DataTransfer();\
         for (const [name, text] of files) dt.items.add(new File([text], name));\
         zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));",
    )
    .call2(&wasm_bindgen::JsValue::NULL, &zone, &list)
    .unwrap();
}

#[wasm_bindgen_test]
async fn a_dropped_mirrormaker_file_with_identity_both_ways_shows_the_loop_with_its_card() {
    let root = mount();
    tick().await;
    drop_files(&root, &[("connect-mirror-maker.properties", BOTH_WAYS)]);
    until("the import's report", || {
        count(&root, ".import-report") == 1
    })
    .await;
    assert_eq!(
        count(&root, "g.dz-site"),
        2,
        "both clusters are on the canvas"
    );
    assert_eq!(count(&root, "g.dz-hop"), 2);
    // One list: the Lint panel says the model's loop in MirrorMaker 2's words, with evidence.
    let finding = ".designer-lint .lint-item[data-code=mm2-identity-loop]";
    until("the loop in the product's words", || {
        count(&root, finding) == 1
    })
    .await;
    assert_eq!(
        attr(&root, &format!("{finding} a"), "href"),
        "/cards/echo-loop"
    );
    assert!(count(&root, &format!("{finding} .lint-evidence li")) >= 1);
    assert!(text(&root, finding).contains("IdentityReplicationPolicy"));
    assert_eq!(
        count(&root, ".import-report .lint-item"),
        0,
        "the report keeps only the file's matters"
    );
    assert!(text(&root, ".import-report").contains("mm2-properties"));
    assert!(text(&root, ".import-report").contains("in the Lint panel"));
    assert!(text(&root, ".designer-notice").contains("Undo brings back"));
    // The file is listed for a site name, and undo brings back the empty canvas.
    assert_eq!(count(&root, ".import-site-row input"), 1);
    click(&root, ".designer-toolbar button");
    tick().await;
    assert_eq!(count(&root, "g.dz-site"), 0);
    clean_up(root);
}

#[wasm_bindgen_test]
async fn a_file_that_does_not_read_names_its_line_and_key_and_keeps_the_design() {
    let root = mount();
    tick().await;
    paste_and_import(&root, BOTH_WAYS).await;
    until("the first import", || count(&root, "g.dz-site") == 2).await;
    let bad = "clusters = a, b\na->b.enabled = true\na->b.topics = orders\noffset.lag.max = lots\n";
    paste_and_import(&root, bad).await;
    until("the refusal", || count(&root, ".import-error") == 1).await;
    let said = text(&root, ".import-error");
    assert!(said.contains("your design is as it was"), "{said}");
    assert!(said.contains("line 4, key offset.lag.max"), "{said}");
    assert_eq!(count(&root, "g.dz-site"), 2, "the canvas keeps what it had");
    clean_up(root);
}

#[wasm_bindgen_test]
async fn markup_in_a_file_stays_text() {
    let root = mount();
    tick().await;
    let text_with_markup = BOTH_WAYS.to_string() + "<script>alert(1)</script> = 1\n";
    paste_and_import(&root, &text_with_markup).await;
    until("the report", || count(&root, ".import-report") == 1).await;
    assert_eq!(count(&root, ".import-report script"), 0);
    let report = text(&root, ".import-report");
    assert!(report.contains("<script>alert(1)</script>"), "{report}");
    clean_up(root);
}

#[wasm_bindgen_test]
async fn the_export_menu_offers_every_format_the_designer_writes() {
    let root = mount();
    tick().await;
    assert_eq!(
        count(&root, "#dz-export-to option"),
        hoplab::designer::copier_files::export_formats().len() as u32
    );
    assert!(text(&root, "#dz-export-to").contains("Cluster mirroring script (KIP-1279)"));
    // With no hops there is nothing to write, and the page says so.
    click(&root, "#dz-export-to ~ button");
    until("the refusal", || {
        text(&root, ".designer-notice").contains("Nothing was exported")
    })
    .await;
    clean_up(root);
}
