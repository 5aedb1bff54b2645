//! Kept recordings, in this browser's IndexedDB (database `hoplab-recordings`, one object
//! store of `{ id, card, part, created, length, blob }`). Nothing here sends a recording
//! anywhere. Every call fails softly: no IndexedDB (private mode, an old browser) is an
//! `Err` the page turns into a sentence.

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbObjectStoreParameters, IdbRequest, IdbTransactionMode};

use crate::practice::recording::Part;

const DATABASE: &str = "hoplab-recordings";
const STORE: &str = "recordings";

/// One kept recording.
#[derive(Clone)]
pub struct Kept {
    pub id: f64,
    pub card: String,
    pub part: Part,
    /// When it was recorded, in milliseconds since the epoch.
    pub created: f64,
    /// How long it is, in milliseconds.
    pub length: f64,
    pub blob: web_sys::Blob,
}

/// Waits for an IndexedDB request: its result, or its error.
async fn finished(request: &IdbRequest) -> Result<JsValue, JsValue> {
    let promise = Promise::new(&mut |resolve: Function, reject: Function| {
        let done = request.clone();
        let ok = Closure::once_into_js(move || {
            _ = resolve.call1(&JsValue::NULL, &done.result().unwrap_or(JsValue::UNDEFINED));
        });
        let failed = request.clone();
        let error = Closure::once_into_js(move || {
            let error = failed
                .error()
                .ok()
                .flatten()
                .map(JsValue::from)
                .unwrap_or(JsValue::NULL);
            _ = reject.call1(&JsValue::NULL, &error);
        });
        request.set_onsuccess(Some(ok.unchecked_ref()));
        request.set_onerror(Some(error.unchecked_ref()));
    });
    JsFuture::from(promise).await
}

async fn open() -> Result<IdbDatabase, JsValue> {
    let factory = web_sys::window()
        .ok_or("no window")?
        .indexed_db()?
        .ok_or("no IndexedDB")?;
    let request = factory.open_with_u32(DATABASE, 1)?;
    let upgrading = request.clone();
    let upgrade = Closure::once_into_js(move || {
        if let Ok(db) = upgrading.result() {
            let db: IdbDatabase = db.unchecked_into();
            let options = IdbObjectStoreParameters::new();
            options.set_key_path(&JsValue::from_str("id"));
            options.set_auto_increment(true);
            _ = db.create_object_store_with_optional_parameters(STORE, &options);
        }
    });
    request.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    Ok(finished(&request).await?.unchecked_into())
}

async fn with_store<F>(mode: IdbTransactionMode, act: F) -> Result<JsValue, JsValue>
where
    F: FnOnce(&web_sys::IdbObjectStore) -> Result<IdbRequest, JsValue>,
{
    let db = open().await?;
    let transaction = db.transaction_with_str_and_mode(STORE, mode)?;
    let request = act(&transaction.object_store(STORE)?)?;
    let result = finished(&request).await;
    db.close();
    result
}

/// Keeps a recording; returns its id.
pub async fn keep(
    card: &str,
    part: Part,
    length: f64,
    blob: &web_sys::Blob,
) -> Result<f64, JsValue> {
    let record = Object::new();
    Reflect::set(&record, &"card".into(), &card.into())?;
    Reflect::set(&record, &"part".into(), &part.id().into())?;
    Reflect::set(&record, &"created".into(), &js_sys::Date::now().into())?;
    Reflect::set(&record, &"length".into(), &length.into())?;
    Reflect::set(&record, &"blob".into(), blob)?;
    let id = with_store(IdbTransactionMode::Readwrite, |store| store.add(&record)).await?;
    Ok(id.as_f64().unwrap_or_default())
}

/// Every kept recording, newest first.
pub async fn list() -> Result<Vec<Kept>, JsValue> {
    let all: Array = with_store(IdbTransactionMode::Readonly, |store| store.get_all())
        .await?
        .unchecked_into();
    let field =
        |record: &JsValue, name: &str| Reflect::get(record, &name.into()).unwrap_or_default();
    let mut kept: Vec<Kept> = all
        .iter()
        .filter_map(|record| {
            Some(Kept {
                id: field(&record, "id").as_f64()?,
                card: field(&record, "card").as_string()?,
                part: Part::from_id(&field(&record, "part").as_string().unwrap_or_default()),
                created: field(&record, "created").as_f64().unwrap_or_default(),
                length: field(&record, "length").as_f64().unwrap_or_default(),
                blob: field(&record, "blob").dyn_into().ok()?,
            })
        })
        .collect();
    kept.reverse();
    Ok(kept)
}

pub async fn delete(id: f64) -> Result<(), JsValue> {
    with_store(IdbTransactionMode::Readwrite, |store| {
        store.delete(&JsValue::from_f64(id))
    })
    .await
    .map(drop)
}

pub async fn delete_all() -> Result<(), JsValue> {
    with_store(IdbTransactionMode::Readwrite, |store| store.clear())
        .await
        .map(drop)
}
