//! "Your recordings": the answers kept in this browser, each with its card and date, to
//! play back or delete one by one or all at once.

use std::collections::BTreeMap;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::components::recordings_db::{self, Kept};
use crate::practice::recording::describe_length;

/// A kept recording with its playable URL (freed when the list goes).
#[derive(Clone)]
struct Listed {
    id: f64,
    card: String,
    what: &'static str,
    when: String,
    length: String,
    url: String,
}

fn listed(kept: Kept) -> Option<Listed> {
    let url = web_sys::Url::create_object_url_with_blob(&kept.blob).ok()?;
    let date = js_sys::Date::new(&kept.created.into());
    let when = String::from(date.to_locale_string("en-GB", &wasm_bindgen::JsValue::UNDEFINED));
    Some(Listed {
        id: kept.id,
        card: kept.card,
        what: kept.part.label(),
        when,
        length: describe_length(kept.length),
        url,
    })
}

#[derive(Clone, PartialEq)]
enum Shelf {
    Loading,
    Unavailable,
    Ready,
}

/// `titles` maps card slugs to their questions.
#[component]
pub fn Recordings(titles: BTreeMap<String, String>) -> impl IntoView {
    let items = RwSignal::new(Vec::<Listed>::new());
    let shelf = RwSignal::new(Shelf::Loading);
    let confirming = RwSignal::new(false);
    let free = |list: &[Listed]| {
        for item in list {
            _ = web_sys::Url::revoke_object_url(&item.url);
        }
    };
    spawn_local(async move {
        let found = recordings_db::list().await;
        let ok = found.is_ok();
        let list: Vec<Listed> = found
            .unwrap_or_default()
            .into_iter()
            .filter_map(listed)
            .collect();
        if items.try_set(list).is_some() {
            // The page was left meanwhile.
            return;
        }
        shelf.set(if ok { Shelf::Ready } else { Shelf::Unavailable });
    });
    on_cleanup(move || {
        items.try_with_untracked(|list| free(list));
    });
    let delete = move |id: f64| {
        spawn_local(async move {
            if recordings_db::delete(id).await.is_ok() {
                items.try_update(|list| {
                    if let Some(at) = list.iter().position(|i| i.id == id) {
                        free(&[list.remove(at)]);
                    }
                });
            }
        });
    };
    let delete_all = move |_| {
        confirming.set(false);
        spawn_local(async move {
            if recordings_db::delete_all().await.is_ok() {
                items.try_update(|list| {
                    free(list);
                    list.clear();
                });
            }
        });
    };
    let titles = StoredValue::new(titles);

    view! {
        <section class="practice-recordings" aria-labelledby="recordings-heading">
            <h2 id="recordings-heading">"Your recordings"</h2>
            <p>
                "Answers you recorded in a session and kept. They stay in this browser and are never "
                "sent anywhere; they are not in the progress file."
            </p>
            {move || match shelf.get() {
                Shelf::Loading => view! { <p>"Looking for recordings…"</p> }.into_any(),
                Shelf::Unavailable => view! {
                    <p data-testid="recordings-empty">"This browser does not keep recordings here (no IndexedDB, or private mode)."</p>
                }.into_any(),
                Shelf::Ready => ().into_any(),
            }}
            <Show when=move || shelf.get() == Shelf::Ready>
                <Show
                    when=move || items.with(|i| !i.is_empty())
                    fallback=|| view! { <p data-testid="recordings-empty">"No recordings kept yet: press Record (or R) while you answer."</p> }
                >
                    <ul class="recordings" data-testid="recordings">
                        <For each=move || items.get() key=|item| item.id.to_bits() let(item)>
                            {
                                let title = titles.with_value(|t| t.get(&item.card).cloned()).unwrap_or_else(|| item.card.clone());
                                let id = item.id;
                                let label = format!("Your {} to “{title}”, {}", item.what, item.when);
                                view! {
                                    <li class="recordings__item">
                                        <p class="recordings__what">
                                            <a href=format!("/cards/{}", item.card)>{title.clone()}</a>
                                            <span class="recordings__meta">{format!("{} · {} · {}", item.what, item.when, item.length)}</span>
                                        </p>
                                        <audio class="recorder__audio" controls=true preload="metadata" src=item.url.clone() aria-label=label.clone()></audio>
                                        <button type="button" class="button" aria-label=format!("Delete {label}") on:click=move |_| delete(id)>"Delete"</button>
                                    </li>
                                }
                            }
                        </For>
                    </ul>
                    <Show
                        when=move || confirming.get()
                        fallback=move || view! {
                            <button type="button" class="button" on:click=move |_| confirming.set(true)>"Delete all recordings…"</button>
                        }
                    >
                        <p class="recordings__confirm" role="group" aria-label="Delete all recordings?">
                            {move || format!("Delete all {} recordings? ", items.with(Vec::len))}
                            <button type="button" class="button button--danger" on:click=delete_all>"Yes, delete them all"</button>
                            " "
                            <button type="button" class="button" on:click=move |_| confirming.set(false)>"Keep them"</button>
                        </p>
                    </Show>
                </Show>
            </Show>
        </section>
    }
}
