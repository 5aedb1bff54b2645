//! Hops: add one from stream to stream, and edit each hop's options (a field per entry of
//! the model's option table), with product presets that show what they set and link to
//! the card explaining it.

use super::long_list::{rows_shown, ShowAll};
use hoplab_copiers::LoopPrevention;
use hoplab_model::spec::hop_option_table::HOP_OPTIONS;
use hoplab_model::spec::{HopOptions, HopSpec};
use leptos::ev::SubmitEvent;
use leptos::html;
use leptos::prelude::*;
use leptos_router::components::A;

use super::fields::{chosen_stream, row_class, stream_label, NameField, StreamSelect};
use super::option_field::option_field;
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
    let all = RwSignal::new(false);
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
            <ul class="panel-list" id="dz-hop-list">
                <For each=move || {
                    let keep = |id: &String| {
                        ctx.selected.with(|s| s.as_ref() == Some(&ElementRef::Hop(id.clone())))
                            || ctx.linked_hop.with(|l| l.as_ref() == Some(id))
                    };
                    rows_shown(ids.get(), all.get(), keep)
                } key=|id| id.clone() let:id>
                    <HopRow id=id />
                </For>
            </ul>
            <ShowAll total=Signal::derive(move || ids.with(Vec::len)) all what="hops" controls="dz-hop-list" />
        </div>
    }
}

/// "orders on A → A.orders on B": where the hop reads and where it writes.
fn route_of(h: &HopSpec) -> String {
    let to = hoplab_model::spec::qualified_target(h);
    format!(
        "{} on {} → {} on {}",
        h.from.stream, h.from.site, to.stream, to.site
    )
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
    let route = move || hop.with(|h| h.as_ref().map(route_of));
    let preset = move || presets::matching(&opts());
    let id_label = id.clone();
    let linked = id.clone();
    view! {
        <li
            class=row_class(ctx, element.clone())
            // index.html's take-over script scrolls a prerendered page to this row at once.
            data-scroll-into-view=move || ctx.linked_hop.with(|h| h.as_deref() == Some(linked.as_str())).then_some("")
        >
            <NameField element=element.clone() current=id.clone() label=format!("Name of hop {id}") />
            <span class="row-note">{route}</span>
            <details class="hop-options" prop:open=selected>
                <summary>"Options of hop " {id_label.clone()}</summary>
                <div class="hop-grid">
                    <label class="field field--wide">
                        <span>"product preset"</span>
                        <select prop:value=move || preset().map_or("", |p| p.id.as_str()) on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some(p) = presets::find(&v) {
                                let (after, said) = presets::apply_saying(&p, &opts());
                                set(&|o| { *o = after.clone(); Ok(()) });
                                ctx.info(said);
                            }
                        }>
                            <option value="">"custom"</option>
                            {presets::all().into_iter().map(|p| view! { <option value=p.id.as_str()>{p.title}</option> }).collect_view()}
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
                    <p class="row-note field--wide loop-prevention">"Stops a loop by: " {move || LoopPrevention::of(&opts()).describe()}</p>
                    {HOP_OPTIONS.iter().filter_map(|d| option_field(ctx, d, opts, set)).collect_view()}
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
