//! A scenario's knobs as form controls: choices, toggles and numbers, each labelled.

use hoplab_model::{KnobKind, KnobValue, KnobValues, Scenario};
use leptos::prelude::*;

use super::state::RunHandle;

/// The scenario's knobs, for the run view's "Set-up" panel. A change rebuilds the spec
/// from the scenario and hands it to the run (which replays to the same time).
#[component]
pub fn ScenarioKnobs(
    scenario: StoredValue<Scenario>,
    knobs: RwSignal<KnobValues>,
    run: RunHandle,
) -> impl IntoView {
    let knob_list = scenario.with_value(|s| s.knobs.clone());
    let set = move |id: &'static str, raw: String| {
        let mut pairs: Vec<(String, String)> = knobs.get_untracked().to_pairs();
        pairs.retain(|(k, _)| k != id);
        pairs.push((id.to_string(), raw));
        let parsed = scenario.with_value(|s| {
            s.values_from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        });
        match parsed {
            Ok(v) => match scenario.with_value(|s| s.build(&v)) {
                Ok(spec) => {
                    knobs.set(v);
                    run.set_spec(spec);
                }
                Err(e) => run.show_error(e.to_string()),
            },
            Err(e) => run.show_error(e.to_string()),
        }
    };
    knob_list
        .into_iter()
        .map(|k| {
            let id = k.id;
            let current = move || knobs.with(|v| v.get(id).cloned());
            let input_id = format!("knob-{id}");
            let control = match k.kind {
                KnobKind::Choice { options, .. } => view! {
                    <select id=input_id.clone() data-knob=id on:change=move |e| set(id, event_target_value(&e))>
                        {options
                            .into_iter()
                            .map(|(v, l)| {
                                let v2 = v.clone();
                                view! {
                                    <option value=v selected=move || matches!(current(), Some(KnobValue::Choice(c)) if c == v2)>{l}</option>
                                }
                            })
                            .collect_view()}
                    </select>
                }
                .into_any(),
                KnobKind::Toggle { .. } => view! {
                    <input
                        id=input_id.clone()
                        type="checkbox"
                        data-knob=id
                        prop:checked=move || matches!(current(), Some(KnobValue::Toggle(true)))
                        on:change=move |e| set(id, event_target_checked(&e).to_string())
                    />
                }
                .into_any(),
                KnobKind::Range { min, max, step, .. } => view! {
                    <input
                        id=input_id.clone()
                        type="number"
                        data-knob=id
                        min=min
                        max=max
                        step=step
                        prop:value=move || current().map(|v| v.to_string()).unwrap_or_default()
                        on:change=move |e| set(id, event_target_value(&e))
                    />
                }
                .into_any(),
            };
            view! {
                <div class="lab-knob">
                    <label for=input_id>{k.label}</label>
                    {control}
                </div>
            }
        })
        .collect_view()
}
