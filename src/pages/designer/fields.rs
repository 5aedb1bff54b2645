//! The designer panel's form parts: fields that edit an element in place, the selects
//! that pick a site or stream, and the steps every "add" form shares.

use hoplab_model::spec::{StreamRef, Topology};
use leptos::ev::SubmitEvent;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::state::{use_ctx, Ctx};
use crate::designer::geometry::streams_on;
use crate::designer::{Edit, Element, ElementRef};

/// Every stream drawn (declared, and created by qualified-name hops), in site order.
pub fn all_streams(t: &Topology) -> Vec<StreamRef> {
    t.sites
        .iter()
        .flat_map(|s| streams_on(t, &s.name).into_iter().map(|(r, _)| r))
        .collect()
}

/// The sites' names, as a memo (option lists redraw only when they change).
pub fn site_names(ctx: Ctx) -> Memo<Vec<String>> {
    Memo::new(move |_| ctx.with_topology(|t| t.sites.iter().map(|s| s.name.clone()).collect()))
}

pub fn stream_label(r: &StreamRef) -> String {
    format!("{} on {}", r.stream, r.site)
}

/// The row's classes: selected on the canvas, or concerned by a finding.
pub fn row_class(ctx: Ctx, e: ElementRef) -> impl Fn() -> String {
    move || {
        let (flagged, hot) = ctx.flagged(&e);
        let selected = ctx.selected.with(|s| s.as_ref() == Some(&e));
        format!(
            "panel-row{}{}{}",
            if selected { " is-selected" } else { "" },
            if flagged { " is-flagged" } else { "" },
            if hot { " is-hot" } else { "" }
        )
    }
}

fn input_value(ev: &leptos::ev::Event) -> (String, Option<web_sys::HtmlInputElement>) {
    let input = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
    (input.as_ref().map(|i| i.value()).unwrap_or_default(), input)
}

/// A text field that renames an element when it changes (Enter or leaving the field);
/// a refused name goes back to the old one, with the reason in the message line.
#[component]
pub fn NameField(element: ElementRef, current: String, label: String) -> impl IntoView {
    let ctx = use_ctx();
    let old = current.clone();
    view! {
        <input
            type="text"
            class="name-field"
            aria-label=label
            prop:value=current
            on:change=move |ev| {
                let (value, input) = input_value(&ev);
                if value != old && !ctx.edit(Edit::Rename(element.clone(), value)) {
                    if let Some(i) = input { i.set_value(&old); }
                }
            }
        />
    }
}

/// A number field that sends `make(value)` as an edit when it changes.
#[component]
pub fn NumberField(
    label: String,
    current: String,
    #[prop(default = "1")] step: &'static str,
    #[prop(into)] on_value: Callback<String, Result<Edit, String>>,
) -> impl IntoView {
    let ctx = use_ctx();
    let old = current.clone();
    view! {
        <label class="field">
            <span>{label}</span>
            <input
                type="number"
                min="0"
                step=step
                inputmode="decimal"
                prop:value=current
                on:change=move |ev| {
                    let (value, input) = input_value(&ev);
                    let ok = match on_value.run(value) {
                        Ok(edit) => ctx.edit(edit),
                        Err(why) => { ctx.error(why); false }
                    };
                    if !ok { if let Some(i) = input { i.set_value(&old); } }
                }
            />
        </label>
    }
}

pub fn parse_num<T: std::str::FromStr>(what: &str, v: &str) -> Result<T, String> {
    v.trim()
        .parse::<T>()
        .map_err(|_| format!("{what}: “{v}” is not a number in range"))
}

pub fn remove_button(ctx: Ctx, e: ElementRef) -> impl IntoView {
    let label = format!("Remove {}", e.label());
    view! {
        <button type="button" class="remove" aria-label=label on:click=move |_| {
            let what = e.label();
            if ctx.edit(Edit::Remove(e.clone())) {
                ctx.info(format!("Removed {what}. Undo brings it back."));
            }
        }>"Remove"</button>
    }
}

pub fn submit(ev: SubmitEvent) {
    ev.prevent_default();
}

pub fn text_of(r: NodeRef<html::Input>) -> String {
    r.get_untracked()
        .map(|i| i.value().trim().to_string())
        .unwrap_or_default()
}

pub fn clear(r: NodeRef<html::Input>) {
    if let Some(i) = r.get_untracked() {
        i.set_value("");
    }
}

pub fn chosen(r: NodeRef<html::Select>) -> Option<usize> {
    r.get_untracked().and_then(|s| s.value().parse().ok())
}

/// A select over every drawn stream; its value is the index in `all_streams`.
#[component]
pub fn StreamSelect(id: &'static str, node: NodeRef<html::Select>) -> impl IntoView {
    let ctx = use_ctx();
    // A memo: the options are only rebuilt when the list of streams changes.
    let labels = Memo::new(move |_| {
        ctx.with_topology(|t| all_streams(t).iter().map(stream_label).collect::<Vec<_>>())
    });
    view! {
        <select id=id node_ref=node>
            {move || labels.get().into_iter().enumerate().map(|(i, l)| view! { <option value=i.to_string()>{l.clone()}</option> }).collect_view()}
        </select>
    }
}

pub fn chosen_stream(ctx: Ctx, node: NodeRef<html::Select>) -> Option<StreamRef> {
    chosen(node).and_then(|i| ctx.with_topology(|t| all_streams(t).get(i).cloned()))
}

/// A select over the sites; its value is the index in the topology's site list.
#[component]
pub fn SiteSelect(id: &'static str, node: NodeRef<html::Select>) -> impl IntoView {
    let ctx = use_ctx();
    view! {
        <select id=id node_ref=node>
            {move || site_names(ctx).get().into_iter().enumerate().map(|(i, s)| view! { <option value=i.to_string()>{s.clone()}</option> }).collect_view()}
        </select>
    }
}

pub fn chosen_site(ctx: Ctx, node: NodeRef<html::Select>) -> Option<String> {
    chosen(node).and_then(|i| ctx.with_topology(|t| t.sites.get(i).map(|s| s.name.clone())))
}

/// The name typed in an add form, or a fresh `prefix`N no element of that kind has.
pub fn typed_or_fresh(
    ctx: Ctx,
    name: NodeRef<html::Input>,
    prefix: &str,
    kind: fn(String) -> ElementRef,
) -> String {
    let typed = text_of(name);
    if !typed.is_empty() {
        return typed;
    }
    ctx.with_design(|d| d.fresh_name(prefix, |x| d.has(&kind(x.to_string()))))
}

/// Adds `element`; if the design takes it, empties the name field and says `added`.
pub fn add_then_say(ctx: Ctx, name: NodeRef<html::Input>, element: Element, added: String) {
    if ctx.edit(Edit::Add(element, None)) {
        clear(name);
        ctx.info(added);
    }
}
