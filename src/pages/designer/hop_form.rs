//! Hops: add one from stream to stream, and edit each hop's options, with product
//! presets that show what they set and link to the card explaining it.

use hoplab_model::spec::{
    Ack, HopKind, HopOptions, MapStore, OriginStamp, PartMapping, Timestamps,
};
use leptos::ev::SubmitEvent;
use leptos::html;
use leptos::prelude::*;
use leptos_router::components::A;

use super::fields::{chosen_stream, parse_num, row_class, stream_label, NameField, StreamSelect};
use super::state::use_ctx;
use crate::designer::{presets, Edit, Element, ElementRef};
use hoplab_model::spec::kit;

#[component]
pub fn Hops() -> impl IntoView {
    let ctx = use_ctx();
    let from = NodeRef::<html::Select>::new();
    let to = NodeRef::<html::Select>::new();
    let name = NodeRef::<html::Input>::new();
    let add = move |ev: SubmitEvent| {
        ev.prevent_default();
        let (Some(a), Some(b)) = (chosen_stream(ctx, from), chosen_stream(ctx, to)) else {
            return ctx.error("A hop joins two streams: add them first.");
        };
        let mut id = name
            .get_untracked()
            .map(|i| i.value().trim().to_string())
            .unwrap_or_default();
        if id.is_empty() {
            id = ctx.with_design(|d| {
                d.fresh_name(&format!("{}-to-{}-", a.site, b.site), |x| {
                    d.has(&ElementRef::Hop(x.into()))
                })
            });
        }
        let hop = kit::hop(&id, a.clone(), b.clone(), HopOptions::default());
        if ctx.edit(Edit::Add(Element::Hop(hop), None)) {
            if let Some(i) = name.get_untracked() {
                i.set_value("");
            }
            ctx.info(format!(
                "Added hop {id} from {} to {}.",
                stream_label(&a),
                stream_label(&b)
            ));
        }
    };
    let ids = Memo::new(move |_| {
        ctx.with_topology(|t| t.hops.iter().map(|h| h.id.clone()).collect::<Vec<_>>())
    });
    view! {
        <div class="panel-section panel-section--wide">
            <h3>"Hops"</h3>
            <form class="add-form" on:submit=add>
                <label for="dz-new-hop-from">"Copy from"</label>
                <StreamSelect id="dz-new-hop-from" node=from />
                <label for="dz-new-hop-to">"to"</label>
                <StreamSelect id="dz-new-hop-to" node=to />
                <label for="dz-new-hop">"Hop name"</label>
                <input id="dz-new-hop" type="text" node_ref=name placeholder="a-to-b" />
                <button type="submit">"Add hop"</button>
            </form>
            <ul class="panel-list">
                <For each=move || ids.get() key=|id| id.clone() let:id>
                    <HopRow id=id />
                </For>
            </ul>
        </div>
    }
}

fn stamp_value(s: OriginStamp) -> &'static str {
    match s {
        OriginStamp::None => "none",
        OriginStamp::Marker => "marker",
        OriginStamp::QualifiedName => "qualified-name",
        OriginStamp::HopBudget(_) => "hop-budget",
    }
}

fn opt_text(v: Option<u64>) -> String {
    v.map_or(String::new(), |n| n.to_string())
}

fn opt_num(what: &str, v: &str) -> Result<Option<u64>, String> {
    if v.trim().is_empty() {
        Ok(None)
    } else {
        parse_num(what, v).map(Some)
    }
}

#[component]
fn HopRow(id: String) -> impl IntoView {
    let ctx = use_ctx();
    let key = id.clone();
    let hop =
        Memo::new(move |_| ctx.with_topology(|t| t.hops.iter().find(|h| h.id == key).cloned()));
    let opts = move || {
        hop.with(|h| h.as_ref().map(|h| h.options.clone()))
            .unwrap_or_default()
    };
    // Sends the hop with changed options; a refusal leaves it as it was.
    let set = move |f: &dyn Fn(&mut HopOptions) -> Result<(), String>| {
        let Some(mut h) = hop.get_untracked() else {
            return;
        };
        match f(&mut h.options) {
            Ok(()) => {
                ctx.edit(Edit::Update(Element::Hop(h)));
            }
            Err(e) => ctx.error(e),
        }
    };
    let element = ElementRef::Hop(id.clone());
    let selected = {
        let e = element.clone();
        move || ctx.selected.with(|s| s.as_ref() == Some(&e))
    };
    let route = move || {
        hop.with(|h| {
            h.as_ref().map(|h| {
                let to = hoplab_model::spec::qualified_target(h);
                format!(
                    "{} on {} → {} on {}",
                    h.from.stream, h.from.site, to.stream, to.site
                )
            })
        })
    };
    let preset = move || presets::matching(&opts());
    let num = move |label: &'static str,
                    get: fn(&HopOptions) -> u64,
                    put: fn(&mut HopOptions, u64)| {
        view! {
            <label class="field">
                <span>{label}</span>
                <input type="number" min="0" inputmode="numeric" prop:value=move || get(&opts()).to_string() on:change=move |ev| {
                    let v = event_target_value(&ev);
                    set(&|o| { put(o, parse_num(label, &v)?); Ok(()) });
                } />
            </label>
        }
    };
    let id_label = id.clone();
    view! {
        <li class=row_class(ctx, element.clone())>
            <NameField element=element.clone() current=id.clone() label=format!("Name of hop {id}") />
            <span class="row-note">{route}</span>
            <details class="hop-options" prop:open=selected>
                <summary>"Options of hop " {id_label.clone()}</summary>
                <div class="hop-grid">
                    <label class="field field--wide">
                        <span>"product preset"</span>
                        <select prop:value=move || preset().map_or("", |p| p.id) on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some(p) = presets::get(&v) {
                                set(&|o| { *o = presets::apply(&p, o); Ok(()) });
                            }
                        }>
                            <option value="">"custom"</option>
                            {presets::all().into_iter().map(|p| view! { <option value=p.id>{p.title}</option> }).collect_view()}
                        </select>
                    </label>
                    {move || preset().map(|p| view! {
                        <div class="preset-note field--wide">
                            <p>{p.summary} " " <A href=format!("/cards/{}", p.card)>"Card: why this matters"</A></p>
                            <p class="row-note">"Sets: " {presets::settings(&p).into_iter().map(|(k, v)| format!("{k} = {v}")).collect::<Vec<_>>().join(", ")}</p>
                            <p class="row-note">"Sources: " {p.sources.iter().map(|s| s.url).collect::<Vec<_>>().join("; ")}</p>
                            {(!p.approximations.is_empty()).then(|| view! { <p class="row-note">"In this model: " {p.approximations.join(" ")}</p> })}
                        </div>
                    })}
                    <label class="field">
                        <span>"kind"</span>
                        <select prop:value=move || if opts().kind == HopKind::Mirror { "mirror" } else { "translate" } on:change=move |ev| {
                            let v = event_target_value(&ev);
                            set(&|o| { o.kind = if v == "mirror" { HopKind::Mirror } else { HopKind::Translate }; Ok(()) });
                        }>
                            <option value="translate">"translate (numbers its own copies)"</option>
                            <option value="mirror">"mirror (keeps positions)"</option>
                        </select>
                    </label>
                    <label class="field">
                        <span>"origin stamp"</span>
                        <select prop:value=move || stamp_value(opts().stamp) on:change=move |ev| {
                            let v = event_target_value(&ev);
                            set(&|o| {
                                o.stamp = match v.as_str() {
                                    "marker" => OriginStamp::Marker,
                                    "qualified-name" => OriginStamp::QualifiedName,
                                    "hop-budget" => OriginStamp::HopBudget(1),
                                    _ => OriginStamp::None,
                                };
                                Ok(())
                            });
                        }>
                            <option value="none">"none"</option>
                            <option value="marker">"marker"</option>
                            <option value="qualified-name">"qualified-name"</option>
                            <option value="hop-budget">"hop budget (max-hops 1)"</option>
                        </select>
                    </label>
                    <label class="check">
                        <input type="checkbox" prop:checked=move || opts().forward_only_local on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            set(&|o| { o.forward_only_local = on; Ok(()) });
                        } />
                        "forward only local records (with a marker)"
                    </label>
                    <label class="field">
                        <span>"position-map pair every (records; empty: no map)"</span>
                        <input type="number" min="1" prop:value=move || opt_text(opts().map_every) on:change=move |ev| {
                            let v = event_target_value(&ev);
                            set(&|o| { o.map_every = opt_num("map_every", &v)?; Ok(()) });
                        } />
                    </label>
                    <label class="field">
                        <span>"position-map store (Kafka release)"</span>
                        <select prop:value=move || opts().map_store.id() on:change=move |ev| {
                            let v = event_target_value(&ev);
                            set(&|o| { o.map_store = if v == MapStore::Kafka350.id() { MapStore::Kafka350 } else { MapStore::Kafka36 }; Ok(()) });
                        }>
                            <option value=MapStore::Kafka36.id()>"Kafka 3.6 and later (and 3.5.2)"</option>
                            <option value=MapStore::Kafka350.id()>"Kafka 3.5.0, 3.5.1 (and 3.4.1)"</option>
                        </select>
                    </label>
                    <label class="field">
                        <span>"writers acknowledged"</span>
                        <select prop:value=move || opts().ack.id() on:change=move |ev| {
                            let v = event_target_value(&ev);
                            set(&|o| { o.ack = if v == Ack::FarCopyDurable.id() { Ack::FarCopyDurable } else { Ack::Local }; Ok(()) });
                        }>
                            <option value=Ack::Local.id()>"by the source (the copy follows)"</option>
                            <option value=Ack::FarCopyDurable.id()>"once the far copy is durable (synchronous)"</option>
                        </select>
                    </label>
                    <label class="field">
                        <span>"checkpoint every (ms; empty: live)"</span>
                        <input type="number" min="1" prop:value=move || opt_text(opts().checkpoint_every_ms) on:change=move |ev| {
                            let v = event_target_value(&ev);
                            set(&|o| { o.checkpoint_every_ms = opt_num("checkpoint_every_ms", &v)?; Ok(()) });
                        } />
                    </label>
                    <label class="field">
                        <span>"timestamps"</span>
                        <select prop:value=move || if opts().timestamps == Timestamps::KeepSource { "keep-source" } else { "stamp-arrival" } on:change=move |ev| {
                            let v = event_target_value(&ev);
                            set(&|o| { o.timestamps = if v == "stamp-arrival" { Timestamps::StampArrival } else { Timestamps::KeepSource }; Ok(()) });
                        }>
                            <option value="keep-source">"keep the source's"</option>
                            <option value="stamp-arrival">"stamp arrival time"</option>
                        </select>
                    </label>
                    <label class="field">
                        <span>"parts"</span>
                        <select prop:value=move || if opts().mapping == PartMapping::OneToOne { "one-to-one" } else { "fan-out" } on:change=move |ev| {
                            let v = event_target_value(&ev);
                            set(&|o| { o.mapping = if v == "fan-out" { PartMapping::FanOut } else { PartMapping::OneToOne }; Ok(()) });
                        }>
                            <option value="one-to-one">"one to one"</option>
                            <option value="fan-out">"fan out"</option>
                        </select>
                    </label>
                    {num("link round trip (ms)", |o| o.rtt_ms, |o, v| o.rtt_ms = v)}
                    {num("poll interval (ms)", |o| o.poll_interval_ms, |o, v| o.poll_interval_ms = v.max(1))}
                    {num("target write (ms)", |o| o.target_write_ms, |o, v| o.target_write_ms = v)}
                    {num("batch max (records)", |o| o.batch_max, |o, v| o.batch_max = v.max(1))}
                    {num("workers", |o| u64::from(o.workers), |o, v| o.workers = v.clamp(1, 256) as u32)}
                    {num("commit every (ms)", |o| o.commit_interval_ms, |o, v| o.commit_interval_ms = v.max(1))}
                </div>
            </details>
            {
                let e = element.clone();
                view! {
                    <button type="button" class="remove" aria-label=format!("Remove hop {id}") on:click=move |_| {
                        if ctx.edit(Edit::Remove(e.clone())) { ctx.info("Removed the hop. Undo brings it back."); }
                    }>"Remove"</button>
                }
            }
        </li>
    }
}
