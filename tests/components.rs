//! Component tests: real components mounted in headless Chromium, asserted on the DOM.
//! Run with `cargo test --target wasm32-unknown-unknown --test components`.
#![cfg(target_arch = "wasm32")]

use hoplab::pages::card::{CardView, DepthTabs, MarkButtons, TimedReveal};
use hoplab::progress::{Mark, Progress};
use hoplab::progress_store::ProgressStore;
use hoplab::theme::ThemeToggle;
use hoplab_content::card::{Card, DepthTabs as Depth, FollowUp, Platforms};
use hoplab_content::{CardIndex, Importance, Level, RenderedCard, Source, SourceKind};
use leptos::prelude::*;
use leptos_router::components::Router;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh container in the page, so tests do not see each other's DOM.
fn container() -> HtmlElement {
    let document = document();
    let div: HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&div).unwrap();
    div
}

fn mount<V: IntoView + 'static>(view: impl FnOnce() -> V + 'static) -> HtmlElement {
    let root = container();
    leptos::mount::mount_to(root.clone(), view).forget();
    root
}

fn find(root: &HtmlElement, selector: &str) -> HtmlElement {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .unchecked_into()
}

fn find_by_text(root: &HtmlElement, selector: &str, text: &str) -> HtmlElement {
    let all = root.query_selector_all(selector).unwrap();
    (0..all.length())
        .filter_map(|i| all.item(i))
        .map(|n| n.unchecked_into::<HtmlElement>())
        .find(|e| e.text_content().unwrap_or_default().trim() == text)
        .unwrap_or_else(|| panic!("no {selector} says {text:?}"))
}

/// Leptos updates the DOM asynchronously: let it run before asserting.
async fn tick() {
    leptos::task::tick().await;
}

fn key(target: &HtmlElement, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&event).unwrap();
}

fn depth() -> Depth {
    Depth {
        junior: "<p>junior text</p>".into(),
        middle: "<p>middle text</p>".into(),
        senior: "<p>senior text</p>".into(),
        principal: "<p>principal text</p>".into(),
    }
}

fn visible_panel(root: &HtmlElement) -> String {
    let panels = root.query_selector_all("[role=tabpanel]").unwrap();
    let shown: Vec<String> = (0..panels.length())
        .filter_map(|i| panels.item(i))
        .map(|n| n.unchecked_into::<HtmlElement>())
        .filter(|p| !p.hidden())
        .map(|p| p.text_content().unwrap_or_default())
        .collect();
    assert_eq!(shown.len(), 1, "exactly one panel is visible: {shown:?}");
    shown[0].clone()
}

#[wasm_bindgen_test]
async fn depth_tabs_switch_by_click() {
    let root = mount(|| view! { <DepthTabs depth=depth() /> });
    assert_eq!(visible_panel(&root), "junior text");
    find_by_text(&root, "[role=tab]", "Senior").click();
    tick().await;
    assert_eq!(visible_panel(&root), "senior text");
    let selected = find(&root, "[role=tab][aria-selected=true]");
    assert_eq!(selected.text_content().unwrap(), "Senior");
    assert_eq!(selected.get_attribute("tabindex").as_deref(), Some("0"));
}

#[wasm_bindgen_test]
async fn depth_tabs_follow_arrow_keys_home_and_end() {
    let root = mount(|| view! { <DepthTabs depth=depth() /> });
    let list = find(&root, "[role=tablist]");
    key(&list, "ArrowRight");
    tick().await;
    assert_eq!(visible_panel(&root), "middle text");
    key(&list, "End");
    tick().await;
    assert_eq!(visible_panel(&root), "principal text");
    key(&list, "ArrowRight");
    tick().await;
    assert_eq!(visible_panel(&root), "junior text", "wraps around");
    key(&list, "ArrowLeft");
    tick().await;
    assert_eq!(visible_panel(&root), "principal text");
}

/// The tab that has the focus, which must be one of `root`'s tabs.
fn focused_tab(root: &HtmlElement) -> HtmlElement {
    let focused: HtmlElement = document()
        .active_element()
        .expect("something has the focus")
        .unchecked_into();
    assert!(
        root.contains(Some(&focused)),
        "the focus is in this tab list"
    );
    assert_eq!(focused.get_attribute("role").as_deref(), Some("tab"));
    focused
}

/// The WAI-ARIA tabs pattern, pressed on the focused tab as a keyboard user would: the key
/// moves the focus and selects (automatic activation), one tab in the tab order, its
/// panel shown and labelled by it.
async fn press_on_focused_tab(root: &HtmlElement, key_name: &str, expect: &str) {
    key(&focused_tab(root), key_name);
    tick().await;
    let tab = focused_tab(root);
    assert_eq!(
        tab.text_content().unwrap(),
        expect,
        "{key_name} focuses {expect}"
    );
    let selected = root
        .query_selector_all("[role=tab][aria-selected=true]")
        .unwrap();
    assert_eq!(selected.length(), 1, "one tab selected");
    assert_eq!(
        find(root, "[role=tab][aria-selected=true]")
            .text_content()
            .unwrap(),
        expect
    );
    let in_tab_order = root.query_selector_all("[role=tab][tabindex='0']").unwrap();
    assert_eq!(
        in_tab_order.length(),
        1,
        "only the selected tab is in the tab order"
    );
    assert_eq!(tab.get_attribute("tabindex").as_deref(), Some("0"));
    let level = expect.to_lowercase();
    assert_eq!(visible_panel(root), format!("{level} text"));
    let panel = find(
        root,
        &format!("#{}", tab.get_attribute("aria-controls").unwrap()),
    );
    assert!(!panel.hidden(), "the tab controls the visible panel");
    assert_eq!(panel.get_attribute("role").as_deref(), Some("tabpanel"));
    assert_eq!(panel.get_attribute("aria-labelledby"), Some(tab.id()));
}

#[wasm_bindgen_test]
async fn depth_tabs_move_focus_and_selection_with_arrows_home_and_end() {
    // Another card's tab list earlier in the document (a test's, or a page left behind)
    // must not take the focus from this one.
    let _earlier = mount(|| view! { <DepthTabs depth=depth() /> });
    let root = mount(|| view! { <DepthTabs depth=depth() /> });
    find(&root, "[role=tab][aria-selected=true]")
        .focus()
        .unwrap();
    assert_eq!(focused_tab(&root).text_content().unwrap(), "Junior");
    press_on_focused_tab(&root, "ArrowRight", "Middle").await;
    press_on_focused_tab(&root, "ArrowRight", "Senior").await;
    press_on_focused_tab(&root, "ArrowLeft", "Middle").await;
    press_on_focused_tab(&root, "End", "Principal").await;
    press_on_focused_tab(&root, "ArrowRight", "Junior").await;
    press_on_focused_tab(&root, "ArrowLeft", "Principal").await;
    press_on_focused_tab(&root, "Home", "Junior").await;
    // Other keys are left alone.
    key(&focused_tab(&root), "a");
    tick().await;
    assert_eq!(visible_panel(&root), "junior text");
}

#[wasm_bindgen_test]
async fn timed_reveal_hides_the_answer_until_asked() {
    let root = mount(|| {
        view! { <TimedReveal id="t" title="The 20-second answer" seconds=20 html="<p>the answer</p>".to_string() /> }
    });
    assert!(root.query_selector(".reveal__answer").unwrap().is_none());
    find_by_text(&root, "button", "Start 20-second countdown").click();
    tick().await;
    let countdown = find(&root, ".countdown").text_content().unwrap();
    assert!(countdown.starts_with("20 s left"), "{countdown}");
    find_by_text(&root, "button", "Reveal answer").click();
    tick().await;
    assert_eq!(
        find(&root, ".reveal__answer").text_content().unwrap(),
        "the answer"
    );
}

#[wasm_bindgen_test]
async fn marking_a_card_is_stored_and_can_be_cleared() {
    let _ = web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .clear();
    let root = mount(|| {
        provide_context(ProgressStore::load());
        view! { <MarkButtons slug="copy-lag".to_string() /> }
    });
    let confident = find_by_text(&root, "button", "Confident");
    assert_eq!(
        confident.get_attribute("aria-pressed").as_deref(),
        Some("false")
    );
    confident.click();
    tick().await;
    assert_eq!(
        confident.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    let stored = hoplab::storage::read("hoplab.progress");
    let loaded = Progress::load(stored.as_deref(), None, 0);
    assert_eq!(loaded.progress.mark("copy-lag"), Some(Mark::Confident));
    confident.click();
    tick().await;
    assert_eq!(
        confident.get_attribute("aria-pressed").as_deref(),
        Some("false")
    );
}

#[wasm_bindgen_test]
async fn corrupt_stored_progress_is_set_aside_with_a_message() {
    assert!(hoplab::storage::write("hoplab.progress", "{corrupt"));
    let store = ProgressStore::load();
    assert!(store
        .notice
        .get_untracked()
        .unwrap()
        .contains("could not be read"));
    assert_eq!(
        hoplab::storage::read("hoplab.progress.unreadable").as_deref(),
        Some("{corrupt"),
        "the unreadable text is kept, not lost"
    );
    let _ = web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .clear();
}

#[wasm_bindgen_test]
async fn theme_toggle_flips_the_page_theme_and_remembers_it() {
    let root = mount(|| view! { <ThemeToggle /> });
    let html = document().document_element().unwrap();
    let button = find(&root, "button.theme-toggle");
    let before = button.get_attribute("data-theme-now").unwrap();
    button.click();
    tick().await;
    let after = button.get_attribute("data-theme-now").unwrap();
    assert_ne!(before, after);
    assert_eq!(html.get_attribute("data-theme").unwrap(), after);
    assert_eq!(hoplab::storage::read("hoplab.theme").unwrap(), after);
}

/// The sample card, mounted as its page shows it.
async fn mount_sample_card() -> HtmlElement {
    let root = mount(|| {
        provide_context(ProgressStore::load());
        view! {
            <Router>
                <CardView card=sample_page() />
            </Router>
        }
    });
    tick().await;
    root
}

/// The sample card as the build writes its page (an index listing no other card: related
/// cards show their slugs).
fn sample_page() -> RenderedCard {
    let index = CardIndex {
        title: "The tree".into(),
        sections: vec![],
    };
    hoplab_content::page::render_page(&sample_card(), &index)
}

fn sample_card() -> Card {
    Card {
        slug: "copy-lag".into(),
        section: "The copy hop".into(),
        question: "Why is the copy behind?".into(),
        question_html: "Why is the copy behind?".into(),
        level: Level::Junior,
        importance: Importance::MustKnow,
        outline: vec!["one".into(), "two".into(), "three".into()],
        basics: "<p>basics</p>".into(),
        solid: "<p>solid</p>".into(),
        depth: depth(),
        explanation: "<h2>Explained</h2><p>text</p>".into(),
        platforms: Platforms {
            partitioned_logs: "<p>logs</p>".into(),
            queue_brokers: "<p>queues</p>".into(),
            time_based_resume: "<p>time</p>".into(),
        },
        follow_ups: vec![FollowUp {
            question: "A follow-up?".into(),
            answer: "<p>Its answer.</p>".into(),
        }],
        analogy: "<p>a picture</p>".into(),
        red_flags: vec!["wrong".into()],
        scenario: "follow-one-record".into(),
        related: vec!["rpo-floor".into()],
        sources: vec![Source {
            title: "Docs <b>page</b>".into(),
            url: "https://example.org/docs".into(),
            kind: SourceKind::Docs,
            supports: "the lag claim".into(),
            quote: "the page's words".into(),
        }],
        previous: None,
        next: Some("what-crosses".into()),
    }
}

#[wasm_bindgen_test]
async fn a_card_shows_every_part_and_links_to_its_scenario() {
    let root = mount_sample_card().await;
    assert_eq!(
        find(&root, "h1").text_content().unwrap(),
        "Why is the copy behind?"
    );
    assert_eq!(
        root.query_selector_all(".card__outline li")
            .unwrap()
            .length(),
        3
    );
    assert_eq!(root.query_selector_all(".reveal").unwrap().length(), 2);
    assert_eq!(root.query_selector_all("[role=tab]").unwrap().length(), 4);
    assert_eq!(
        find(&root, "details.follow-up summary")
            .text_content()
            .unwrap(),
        "A follow-up?"
    );
    let show_me = find(&root, "a.show-me");
    assert_eq!(
        show_me.get_attribute("href").as_deref(),
        Some("/lab/follow-one-record")
    );
    let next = find(&root, "a[rel=next]");
    assert_eq!(
        next.get_attribute("href").as_deref(),
        Some("/cards/what-crosses")
    );
    assert!(
        root.query_selector("a[rel=prev]").unwrap().is_none(),
        "the first card has no previous"
    );
}

#[wasm_bindgen_test]
async fn a_card_lists_its_sources_as_escaped_external_links() {
    let root = mount_sample_card().await;
    let link = find(&root, ".card__sources a.source__link");
    assert_eq!(
        link.get_attribute("href").as_deref(),
        Some("https://example.org/docs")
    );
    let rel = link.get_attribute("rel").unwrap_or_default();
    assert!(rel.split(' ').any(|r| r == "noopener"), "rel={rel}");
    assert_eq!(link.text_content().unwrap(), "Docs <b>page</b>");
    assert!(
        link.query_selector("b").unwrap().is_none(),
        "a source title is text, never markup"
    );
    assert_eq!(
        find(&root, ".card__sources .source__kind")
            .text_content()
            .unwrap(),
        "Documentation"
    );
}

/// The card pages read their pages with the browser's JSON parser (`card_json`): what serde
/// writes for every type, each enum value and the index's left-out search text read back the
/// same.
#[wasm_bindgen_test]
fn card_pages_and_the_index_read_back_as_serde_wrote_them() {
    use hoplab::card_json::parse;
    use hoplab_content::card::SectionIndex;
    use hoplab_content::CardSummary;

    let mut page = sample_page();
    assert_eq!(
        parse::<RenderedCard>(&serde_json::to_string(&page).unwrap()),
        Ok(page.clone())
    );
    page.depth.principal = "<p>other</p>".into();
    assert_eq!(
        parse::<RenderedCard>(&serde_json::to_string(&page).unwrap()),
        Ok(page.clone())
    );

    let summary = |slug: &str, search_text: &str, at: usize| CardSummary {
        slug: slug.into(),
        question: format!("About {slug}?"),
        level: Level::ALL[at % Level::ALL.len()],
        importance: Importance::ALL[at % Importance::ALL.len()],
        scenario: "echo-loop".into(),
        search_text: search_text.into(),
    };
    let index = CardIndex {
        title: "The tree".into(),
        sections: vec![SectionIndex {
            title: "A section".into(),
            cards: (0..4)
                .map(|at| {
                    summary(
                        &format!("card-{at}"),
                        if at == 1 { "whole text" } else { "" },
                        at,
                    )
                })
                .collect(),
        }],
    };
    let json = serde_json::to_string(&index).unwrap();
    assert!(
        !json.contains("search_text\":\"\""),
        "serde leaves empty search text out"
    );
    assert_eq!(parse::<CardIndex>(&json), Ok(index));
}

/// Data that is not a card page is refused with a sentence naming the part, never a panic.
#[wasm_bindgen_test]
fn card_json_names_what_is_wrong() {
    use hoplab::card_json::parse;

    assert_eq!(
        parse::<RenderedCard>("{broken"),
        Err("it is not JSON".to_string())
    );
    assert_eq!(
        parse::<RenderedCard>("[]"),
        Err("not an object".to_string())
    );
    let mut value = serde_json::to_value(sample_page()).unwrap();
    value["depth"].as_object_mut().unwrap().remove("junior");
    assert_eq!(
        parse::<RenderedCard>(&value.to_string()),
        Err("depth: junior: not text".to_string())
    );
    value.as_object_mut().unwrap().remove("slug");
    assert_eq!(
        parse::<RenderedCard>(&value.to_string()),
        Err("slug: not text".to_string())
    );
    let mut index = serde_json::json!({"title": "t", "sections": [{"title": "s", "cards": [
        {"slug": "a", "question": "q", "level": "junior", "importance": "must-know", "scenario": "x"}
    ]}]});
    index["sections"][0]["cards"][0]["level"] = "wizard".into();
    assert_eq!(
        parse::<CardIndex>(&index.to_string()),
        Err("sections: [0]: cards: [0]: level: unknown value “wizard”".to_string())
    );
}
