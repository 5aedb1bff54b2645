//! Fetching the exported card JSON. Failures become a sentence for the page, never a panic.
//! The card pages and the index are read from the browser's parse (`card_json`), the copier
//! comparison is finished HTML, and the other data (the full cards practice reads among it)
//! is read with serde.
//!
//! The data lives under `/data/` (a name no page of the site uses, so a static host never
//! mistakes a page for a folder). The release build puts a hash in every file's name and
//! lists the names in index.html (`<script id="hoplab-data">`, see scripts/finish-build.mjs).

use std::cell::OnceCell;
use std::future::Future;

use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::de::DeserializeOwned;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::card_json::{self, FromJson};
use hoplab_content::{Card, CardIndex, PracticeDeck, RenderedCard};

/// What a page fetches to show: `None` while it loads. Whenever a signal that `load` reads
/// changes (a card's slug), it loads again; an older answer arriving late is dropped.
///
/// The card pages use this rather than a `LocalResource` inside `Suspense`: they have a size
/// budget, and this holds none of the async machinery those need.
pub fn fetched<T, Fut>(load: impl Fn() -> Fut + 'static) -> ReadSignal<Option<Result<T, String>>>
where
    T: Send + Sync + 'static,
    Fut: Future<Output = Result<T, String>> + 'static,
{
    let (value, set_value) = signal(None);
    let latest = StoredValue::new(0u64);
    Effect::new(move || {
        let future = load();
        let this = latest.get_value() + 1;
        latest.set_value(this);
        if value.with_untracked(Option::is_some) {
            set_value.set(None);
        }
        spawn_local(async move {
            let result = future.await;
            if latest.try_get_value() == Some(this) {
                _ = set_value.try_set(Some(result));
            }
        });
    });
    value
}

fn describe(error: wasm_bindgen::JsValue) -> String {
    error
        .as_string()
        .or_else(|| {
            error
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| "the network request failed".into())
}

/// How soon a page needs a file. `AfterDraw` marks a fetch the page does not wait for to be
/// drawn: the browser puts it behind the page's other downloads, and index.html's take-over
/// script (which waits for the page's data) and the build's prerender (which preloads what a
/// page's first draw fetched) leave it out.
#[derive(Clone, Copy)]
enum Need {
    ToDraw,
    AfterDraw,
}

/// GETs `url` and returns its body.
async fn get_text(url: &str, need: Need) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let request = match need {
        Need::ToDraw => window.fetch_with_str(url),
        Need::AfterDraw => {
            let init = web_sys::RequestInit::new();
            // Fetch's `priority` (web-sys has no setter for it yet).
            js_sys::Reflect::set(&init, &"priority".into(), &"low".into()).map_err(describe)?;
            window.fetch_with_str_and_init(url, &init)
        }
    };
    let response = JsFuture::from(request).await.map_err(describe)?;
    let response: web_sys::Response = response.dyn_into().map_err(describe)?;
    if response.status() == 404 {
        return Err("not found".into());
    }
    if !response.ok() {
        return Err(format!("the server answered {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(describe)?)
        .await
        .map_err(describe)?
        .as_string()
        .ok_or("the response was not text")?;
    Ok(text)
}

/// GETs `url` and parses its body as JSON, with serde.
pub async fn get_json<T: DeserializeOwned>(url: &str) -> Result<T, String> {
    let text = get_text(url, Need::ToDraw).await?;
    serde_json::from_str(&text).map_err(|e| format!("the data could not be read: {e}"))
}

/// GETs `url` and reads its body as JSON with the browser's parser (`card_json`).
async fn get_card_json<T: FromJson>(url: &str, need: Need) -> Result<T, String> {
    let text = get_text(url, need).await?;
    card_json::parse(&text).map_err(|e| format!("the data could not be read: {e}"))
}

/// The URL of a data file, by its name inside `data/` (such as `cards/copy-lag.json`): the
/// hashed name the build listed in index.html, or the plain one where no list is present
/// (a build without hashing, the component tests).
pub fn data_url(name: &str) -> String {
    DATA_FILES.with(|files| {
        let files = files.get_or_init(read_data_files);
        js_sys::Reflect::get(files, &JsValue::from_str(name))
            .ok()
            .and_then(|hashed| hashed.as_string())
            .map(|hashed| format!("/data/{hashed}"))
            .unwrap_or_else(|| format!("/data/{name}"))
    })
}

/// The list in index.html as the browser parsed it (an object from plain to hashed name),
/// or `undefined` where there is none.
fn read_data_files() -> JsValue {
    let text = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.get_element_by_id("hoplab-data"))
        .and_then(|list| list.text_content());
    text.and_then(|text| js_sys::JSON::parse(&text).ok())
        .filter(JsValue::is_object)
        .unwrap_or(JsValue::UNDEFINED)
}

thread_local! {
    static DATA_FILES: OnceCell<JsValue> = const { OnceCell::new() };
    /// The index is small and never changes while the page is open: fetch it once.
    static INDEX: std::cell::RefCell<Option<CardIndex>> = const { std::cell::RefCell::new(None) };
}

pub async fn card_index() -> Result<CardIndex, String> {
    if let Some(index) = INDEX.with(|cell| cell.borrow().clone()) {
        return Ok(index);
    }
    let index: CardIndex = get_card_json(&data_url("index.json"), Need::ToDraw).await?;
    INDEX.with(|cell| *cell.borrow_mut() = Some(index.clone()));
    Ok(index)
}

/// The tree with every card's text, for the card list's search box (larger: only the
/// list loads it).
pub async fn card_search_index() -> Result<CardIndex, String> {
    get_card_json(&data_url("search-index.json"), Need::AfterDraw).await
}

/// What practice mode reads of every card: depth tabs and red flags (the level path and
/// the red-flag quiz).
pub async fn practice_deck() -> Result<PracticeDeck, String> {
    get_json(&data_url("practice.json")).await
}

/// Slugs are checked before they reach a URL, so a typed address cannot fetch other files.
pub fn is_valid_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= 64
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

thread_local! {
    /// Cards already loaded, kept for the visit: a later session does not load them again.
    static CARDS: std::cell::RefCell<Vec<Card>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Keeps a loaded card for the rest of the visit (tests use it to supply cards).
pub fn remember_card(card: Card) {
    CARDS.with(|cards| {
        let mut cards = cards.borrow_mut();
        cards.retain(|c| c.slug != card.slug);
        cards.push(card);
    });
}

/// Checks that the index lists `slug`: slugs it does not list are "not found" without a
/// request, so a mistyped address does not leave a failed load in the console.
async fn listed(slug: &str) -> Result<(), String> {
    if !is_valid_slug(slug) || card_index().await?.find(slug).is_none() {
        return Err("not found".into());
    }
    Ok(())
}

/// Loads one card, whole (what a practice session shows of it).
pub async fn card(slug: &str) -> Result<Card, String> {
    if let Some(card) = CARDS.with(|cards| cards.borrow().iter().find(|c| c.slug == slug).cloned())
    {
        return Ok(card);
    }
    listed(slug).await?;
    let card: Card = get_json(&data_url(&format!("cards/{slug}.json"))).await?;
    remember_card(card.clone());
    Ok(card)
}

/// Loads one card as its page shows it.
pub async fn card_page(slug: &str) -> Result<RenderedCard, String> {
    listed(slug).await?;
    get_card_json(&data_url(&format!("card-pages/{slug}.json")), Need::ToDraw).await
}

/// What `/copiers` shows of the copier comparison (`content/copiers.toml`), written as
/// finished HTML at build time (`hoplab_content::copiers_page`).
pub async fn copiers_page() -> Result<String, String> {
    get_text(&data_url("copiers.html"), Need::ToDraw).await
}
