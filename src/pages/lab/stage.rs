//! The stage: an SVG the [`StageDom`] keeps in line with each frame's scene, its legend,
//! the progress of a far seek and the details of the chosen record. Nothing here knows
//! the model; choosing works on the drawn scene.

use hoplab_model::decimal::fixed;
use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::panel_contract::PanelsLoad;
use super::stage_dom::StageDom;
use super::state::{use_run, RunHandle};
use crate::lab::layout::{fmt_time, RecordRef};
use crate::lab::record_nav::{move_selection, shown_rows, Move};

/// The record an event happened on: its row's index in the drawn scene and its position,
/// both numbers the stage wrote, resolved against the scene (never parsed from names).
fn record_at(run: &RunHandle, e: &web_sys::Event) -> Option<RecordRef> {
    let el = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    let rec = el.closest("[data-pos]").ok()??;
    let position = rec.get_attribute("data-pos")?.parse().ok()?;
    let row: usize = rec
        .closest("[data-row]")
        .ok()??
        .get_attribute("data-row")?
        .parse()
        .ok()?;
    let key = run.with_scene(|s| s.rows.get(row).map(|r| r.key.clone()))??;
    Some(RecordRef { row: key, position })
}

#[component]
pub fn Stage() -> impl IntoView {
    let run = use_run();
    let holder = NodeRef::<Div>::new();
    // The SVG is built and owned by StageDom; Leptos only holds its container.
    holder.on_load(move |div| {
        let doc = web_sys::window().and_then(|w| w.document());
        let Some(svg) = doc.and_then(|d| d.create_element_ns(Some("http://www.w3.org/2000/svg"), "svg").ok()) else {
            return;
        };
        for (k, v) in [
            ("class", "stage"),
            ("role", "img"),
            ("aria-label", "The clusters, their records and the copiers between them; a description follows the stage."),
            ("data-motion", if run.reduced_motion() { "steps" } else { "smooth" }),
            ("data-now", "0"),
            ("data-ready", "false"),
            ("data-engine", "loading"),
            ("viewBox", "0 0 1000 80"),
        ] {
            let _ = svg.set_attribute(k, v);
        }
        let _ = div.append_child(&svg);
        run.attach_stage(StageDom::new(svg));
    });
    on_cleanup(move || run.attach_stage(None));
    let pick = move |e: web_sys::MouseEvent| {
        if let Some(record) = record_at(&run, &e) {
            run.select(record);
        }
    };
    // Arrow keys, Home and End pick records while the stage has focus (instead of the
    // page's own Step key), so the record panel is not for pointers only.
    let keys = move |e: web_sys::KeyboardEvent| {
        let Some(mv) = Move::from_key(&e.key()) else {
            return;
        };
        if e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        e.prevent_default();
        e.stop_propagation();
        let current = run.selected_untracked();
        let Some((next, row)) = run
            .with_scene(|s| {
                let next = move_selection(&shown_rows(s), current.as_ref(), mv)?;
                let row = s.rows.iter().position(|r| r.key == next.row)?;
                Some((next, row))
            })
            .flatten()
        else {
            return;
        };
        let found = holder.get_untracked().and_then(|div| {
            div.query_selector(&format!(
                "[data-row=\"{row}\"] [data-pos=\"{}\"]",
                next.position
            ))
            .ok()
            .flatten()
        });
        if let Some(record) = found {
            let options = web_sys::ScrollIntoViewOptions::new();
            options.set_block(web_sys::ScrollLogicalPosition::Nearest);
            options.set_inline(web_sys::ScrollLogicalPosition::Nearest);
            record.scroll_into_view_with_scroll_into_view_options(&options);
        }
        run.select(next);
    };
    // The first three sites have colours of their own; the legend names them.
    let sites: Vec<String> = run.spec_sites().into_iter().take(3).collect();
    let progress = move || run.seeking();
    // Until the engine is here the stage stands at 0 s; play, steps and presses wait.
    let loading = move || !run.engine_ready() && matches!(run.panels(), PanelsLoad::Waiting);
    view! {
        <section class="lab-stage" aria-labelledby="stage-title">
            <h2 id="stage-title" class="stage-title">
                "The stage "
                <span class="stage-clock">{move || fmt_time(run.now())}</span>
            </h2>
            <div class="stage-progress" role="status" class:hidden=move || progress().is_none() && !loading()>
                {move || loading().then(|| match progress() {
                    Some((_, to)) => format!("Loading the simulation, then to {}…", fmt_time(to)),
                    None => "Loading the simulation…".to_string(),
                })}
                {move || progress().filter(|_| !loading()).map(|(done, to)| {
                    let label = format!("Replaying to {}", fmt_time(to));
                    view! {
                        <label>
                            <span>{label.clone()}</span>
                            <progress max="100" value=fixed(done * 100.0, 0) aria-label=label></progress>
                        </label>
                    }
                })}
            </div>
            <div
                class="stage-scroll"
                tabindex="0"
                role="region"
                aria-label="Stage: arrow keys pick a record, Home and End the oldest and newest in its row (scrolls sideways on narrow screens)"
                aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Home End"
                node_ref=holder
                on:click=pick
                on:mouseover=pick
                on:keydown=keys
            ></div>
            <ul class="stage-legend" aria-label="Legend">
                {sites
                    .into_iter()
                    .enumerate()
                    .map(|(i, name)| view! {
                        <li><span class=format!("sw sw-o{i}")></span>"written at site " {name}</li>
                    })
                    .collect_view()}
                <li><span class="sw sw-copy"></span>"a copy (outlined)"</li>
                <li><span class="sw sw-dup"></span>"a duplicate"</li>
                <li><span class="sw sw-pending"></span>"not yet acknowledged"</li>
                <li><span class="sw sw-uncopied"></span>"not yet copied"</li>
                <li><span class="sym">"▼"</span>"copier’s read position"</li>
                <li><span class="sym">"▲"</span>"reader group’s position"</li>
                <li><span class="sym">"╱"</span>"position-map pair"</li>
            </ul>
            {move || run.panels().ready().map(|p| (p.record)())}
        </section>
    }
}

/// The record panel's rows.
const LABELS: [&str; 8] = [
    "Record",
    "Key",
    "Written at",
    "Origin stamp",
    "Created",
    "Timestamp here",
    "Arrived here",
    "Positions",
];

/// What the chosen record is, on every cluster (one of the panels that follow the stage).
#[component]
pub(super) fn RecordInfo() -> impl IntoView {
    let run = use_run();
    // Read once per change of selection or panel: both the table and the spoken line use it.
    let details = Memo::new(move |_| {
        let at = run.selected()?;
        run.with_panel(|_| ());
        let r = run.record(&at)?;
        let mut places = vec![format!("{} at {}", at.row.describe(), at.position)];
        places.extend(
            r.elsewhere
                .iter()
                .map(|e| format!("{}/{} part {} at {}", e.site, e.stream, e.part, e.position)),
        );
        // In the order of LABELS.
        let values = [
            r.payload.clone(),
            r.key.clone(),
            format!("site {}", r.origin_site),
            r.stamp.clone().unwrap_or_else(|| "none".into()),
            fmt_time(r.created_ms),
            fmt_time(r.timestamp_ms),
            fmt_time(r.arrived_ms),
            places.join(" · "),
        ];
        // A short line for screen readers when the choice changes: the record and where it is.
        let spoken = format!(
            "Record {} here at {}/{}/{} position {}, written at {}. On each cluster: {}",
            values[0], at.row.site, at.row.stream, at.row.part, at.position, values[2], values[7]
        );
        Some((values, spoken))
    });
    let field =
        move |i: usize| move || details.with(|d| d.as_ref().map(|(values, _)| values[i].clone()));
    let summary = move || details.with(|d| d.as_ref().map(|(_, spoken)| spoken.clone()));
    view! {
        <div class="record-panel">
            <p class="record-hint" class:hidden=move || run.selected().is_some()>
                "Point at or tap a record (or focus the stage and use the arrow keys) to see its key, origin, stamp, times and its position on each cluster."
            </p>
            <p class="visually-hidden" aria-live="polite">{move || summary().unwrap_or_default()}</p>
            <dl class="record-info">
                {move || details.with(|d| d.is_some()).then(|| {
                    LABELS
                        .iter()
                        .enumerate()
                        .map(|(i, label)| view! { <div><dt>{*label}</dt><dd>{field(i)}</dd></div> })
                        .collect_view()
                })}
            </dl>
        </div>
    }
}
