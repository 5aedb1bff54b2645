//! One field of a hop's options, drawn from its descriptor in the model's option table
//! (`hoplab_model::spec::hop_option_table`): a number within its limits, a choice, a
//! check box, or the writers whose records the hop drops. A value outside its limits is
//! refused with the model's own words, and the hop stays as it was.

use hoplab_model::spec::hop_option_table::{HopOption, Kind, Value};
use hoplab_model::spec::HopOptions;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::fields::parse_num;
use super::state::Ctx;

/// Reads the hop's current options.
pub trait Options: Fn() -> HopOptions + Copy + Send + Sync + 'static {}
impl<F: Fn() -> HopOptions + Copy + Send + Sync + 'static> Options for F {}

/// Sends changed options; a refusal (an `Err`) leaves the hop as it was.
pub trait SetOptions:
    Fn(&dyn Fn(&mut HopOptions) -> Result<(), String>) + Copy + Send + Sync + 'static
{
}
impl<F> SetOptions for F where
    F: Fn(&dyn Fn(&mut HopOptions) -> Result<(), String>) + Copy + Send + Sync + 'static
{
}

/// Writes `v` through the descriptor, saying a refusal in the option's label.
fn put(d: &'static HopOption, o: &mut HopOptions, v: Value) -> Result<(), String> {
    d.put(o, v)
        .map_err(|e| format!("{}: {}", d.label, e.problem))
}

fn number_text(v: &Value) -> String {
    match v {
        Value::Number(n) | Value::MaybeNumber(Some(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// The field for option `d`, or nothing for the options the form shows elsewhere (the
/// product, in the preset menu) or not at all (a file's stream patterns).
pub fn option_field(
    ctx: Ctx,
    d: &'static HopOption,
    opts: impl Options,
    set: impl SetOptions,
) -> Option<AnyView> {
    let value = move || (d.get)(&opts());
    Some(match d.kind {
        Kind::Number(limit) | Kind::MaybeNumber { limit, .. } => {
            let optional = matches!(d.kind, Kind::MaybeNumber { .. });
            view! {
                <label class="field">
                    <span>{d.label}</span>
                    <input type="number" inputmode="numeric" min=limit.min.to_string() max=limit.max.to_string()
                        prop:value=move || number_text(&value())
                        on:change=move |ev| {
                            let text = event_target_value(&ev);
                            set(&|o| {
                                let v = if optional && text.trim().is_empty() {
                                    Value::MaybeNumber(None)
                                } else if optional {
                                    Value::MaybeNumber(Some(parse_num(d.label, &text)?))
                                } else {
                                    Value::Number(parse_num(d.label, &text)?)
                                };
                                put(d, o, v)
                            });
                            // A refused value leaves the options as they were, so nothing
                            // redraws the field: put the hop's own value back in it.
                            if let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                                input.set_value(&number_text(&value()));
                            }
                        } />
                </label>
            }
            .into_any()
        }
        Kind::Choice(choices) => view! {
            <label class="field">
                <span>{d.label}</span>
                <select prop:value=move || match value() { Value::Choice(c) => c, _ => "" } on:change=move |ev| {
                    let picked = event_target_value(&ev);
                    if let Some((id, _)) = choices.iter().find(|(id, _)| *id == picked) {
                        set(&|o| put(d, o, Value::Choice(id)));
                    }
                }>
                    {choices.iter().map(|(id, label)| view! { <option value=*id>{*label}</option> }).collect_view()}
                </select>
            </label>
        }
        .into_any(),
        Kind::Flag => view! {
            <label class="check">
                <input type="checkbox" prop:checked=move || value() == Value::Flag(true) on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    set(&|o| put(d, o, Value::Flag(on)));
                } />
                {d.label}
            </label>
        }
        .into_any(),
        Kind::WriterNames => writer_checks(ctx, d, opts, set).into_any(),
        Kind::Product | Kind::Selector => return None,
    })
}

/// A check box per writer of the design: ticked, the hop drops that writer's records.
fn writer_checks(
    ctx: Ctx,
    d: &'static HopOption,
    opts: impl Options,
    set: impl SetOptions,
) -> impl IntoView {
    let writers = Memo::new(move |_| {
        ctx.with_topology(|t| t.writers.iter().map(|w| w.id.clone()).collect::<Vec<_>>())
    });
    let dropped = move || match (d.get)(&opts()) {
        Value::Names(n) => n,
        _ => Vec::new(),
    };
    view! {
        <fieldset class="field field--wide option-writers">
            <legend>{d.label.split(" (").next().unwrap_or(d.label)}</legend>
            {move || writers.with(|w| w.is_empty()).then(|| view! { <p class="row-note">"The design has no writers yet."</p> })}
            <For each=move || writers.get() key=|w| w.clone() let:w>
                {
                    let name = w.clone();
                    view! {
                        <label class="check">
                            <input type="checkbox" prop:checked={
                                let name = name.clone();
                                move || dropped().contains(&name)
                            } on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                let mut names = dropped();
                                names.retain(|x| *x != name);
                                if on {
                                    names.push(name.clone());
                                }
                                set(&|o| put(d, o, Value::Names(names.clone())));
                            } />
                            {w}
                        </label>
                    }
                }
            </For>
        </fieldset>
    }
}
