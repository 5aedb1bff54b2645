//! The stage: an SVG the [`StageDom`] keeps in line with each frame's scene, its legend
//! and the details of the record under the pointer. Nothing here knows the model.

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::stage_dom::StageDom;
use super::state::use_lab;
use crate::lab::layout::fmt_time;
use crate::lab::record_nav::{move_selection, Move, RowRecords};

/// The stage key of the record element an event happened on, if any.
fn record_key(e: &web_sys::Event) -> Option<String> {
    let el = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    el.closest("[data-k]").ok()??.get_attribute("data-k")
}

/// A stage key ("site/stream/part@position") split into its row key and position.
fn split_key(key: &str) -> Option<(&str, u64)> {
    let (row, pos) = key.split_once('@')?;
    Some((row, pos.parse().ok()?))
}

/// The rows the stage shows, in order, with their records' positions (read off the SVG,
/// where records carry their stage key).
fn shown_rows(stage: &web_sys::Element) -> Vec<RowRecords> {
    let mut rows: Vec<RowRecords> = Vec::new();
    let Ok(records) = stage.query_selector_all("[data-k]") else {
        return rows;
    };
    for i in 0..records.length() {
        let key = records
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.get_attribute("data-k"));
        let Some((row, pos)) = key.as_deref().and_then(split_key) else {
            continue;
        };
        match rows.iter_mut().find(|r| r.key == row) {
            Some(r) => r.positions.push(pos),
            None => rows.push(RowRecords {
                key: row.to_string(),
                positions: vec![pos],
            }),
        }
    }
    rows
}

#[component]
pub fn Stage() -> impl IntoView {
    let lab = use_lab();
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
            ("data-motion", if lab.reduced_motion { "steps" } else { "smooth" }),
            ("data-now", "0"),
            ("data-ready", "false"),
            ("viewBox", "0 0 1000 80"),
        ] {
            let _ = svg.set_attribute(k, v);
        }
        let _ = div.append_child(&svg);
        lab.attach_stage(StageDom::new(svg));
    });
    on_cleanup(move || lab.attach_stage(None));
    let pick = move |e: web_sys::MouseEvent| {
        if let Some(k) = record_key(&e) {
            if lab.selected.get_untracked().as_deref() != Some(k.as_str()) {
                lab.selected.set(Some(k));
                lab.refresh();
            }
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
        let Some(div) = holder.get_untracked() else {
            return;
        };
        let current = lab.selected.get_untracked();
        let rows = shown_rows(&div);
        let Some((row, pos)) = move_selection(&rows, current.as_deref().and_then(split_key), mv)
        else {
            return;
        };
        let key = format!("{row}@{pos}");
        if let Ok(Some(record)) = div.query_selector(&format!("[data-k=\"{key}\"]")) {
            let options = web_sys::ScrollIntoViewOptions::new();
            options.set_block(web_sys::ScrollLogicalPosition::Nearest);
            options.set_inline(web_sys::ScrollLogicalPosition::Nearest);
            record.scroll_into_view_with_scroll_into_view_options(&options);
        }
        if current.as_deref() != Some(key.as_str()) {
            lab.selected.set(Some(key));
            lab.refresh();
        }
    };
    view! {
        <section class="lab-stage" aria-labelledby="stage-title">
            <h2 id="stage-title" class="stage-title">
                "The stage "
                <span class="stage-clock">{move || fmt_time(lab.now.get())}</span>
            </h2>
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
                <li><span class="sw sw-o0"></span>"written at site A"</li>
                <li><span class="sw sw-o1"></span>"written at site B"</li>
                <li><span class="sw sw-copy"></span>"a copy (outlined)"</li>
                <li><span class="sw sw-dup"></span>"a duplicate"</li>
                <li><span class="sw sw-pending"></span>"not yet acknowledged"</li>
                <li><span class="sw sw-uncopied"></span>"not yet copied"</li>
                <li><span class="sym">"▼"</span>"copier’s read position"</li>
                <li><span class="sym">"▲"</span>"reader group’s position"</li>
                <li><span class="sym">"╱"</span>"position-map pair"</li>
            </ul>
            <RecordInfo />
        </section>
    }
}

/// What the record under the pointer (or last tapped) is, on every cluster.
#[component]
fn RecordInfo() -> impl IntoView {
    let lab = use_lab();
    // Read once per change of selection or panel: both the table and the spoken line use it.
    let details = Memo::new(move |_| {
        let key = lab.selected.get()?;
        lab.panel.track();
        let (row_key, pos) = split_key(&key)?;
        let mut it = row_key.splitn(3, '/');
        let (site, stream, part) = (it.next()?, it.next()?, it.next()?.parse::<u32>().ok()?);
        let r = lab.record(site, stream, part, pos)?;
        let mut places = vec![format!("{site}/{stream} part {part} at {pos}")];
        places.extend(
            r.elsewhere
                .iter()
                .map(|e| format!("{}/{} part {} at {}", e.site, e.stream, e.part, e.position)),
        );
        let rows = [
            ("Record", r.payload.clone()),
            ("Key", r.key.clone()),
            ("Written at", format!("site {}", r.origin_site)),
            (
                "Origin stamp",
                r.stamp.clone().unwrap_or_else(|| "none".into()),
            ),
            ("Created", fmt_time(r.created_ms)),
            ("Timestamp here", fmt_time(r.timestamp_ms)),
            ("Arrived here", fmt_time(r.arrived_ms)),
            ("Positions", places.join(" · ")),
        ];
        // A short line for screen readers when the choice changes: the record and where it is.
        let spoken = format!(
            "Record {} here at {row_key} position {pos}, written at {}. On each cluster: {}",
            rows[0].1, rows[2].1, rows[7].1
        );
        Some((rows, spoken))
    });
    let info = move || {
        details.with(|d| {
            d.as_ref().map(|(rows, _)| {
                rows.iter()
                    .map(|(k, v)| {
                        format!(
                            "<div><dt>{k}</dt><dd>{}</dd></div>",
                            super::stage_dom::esc(v)
                        )
                    })
                    .collect::<String>()
            })
        })
    };
    let summary = move || details.with(|d| d.as_ref().map(|(_, spoken)| spoken.clone()));
    view! {
        <div class="record-panel">
            <p class="record-hint" class:hidden=move || lab.selected.with(|s| s.is_some())>
                "Point at or tap a record (or focus the stage and use the arrow keys) to see its key, origin, stamp, times and its position on each cluster."
            </p>
            <p class="visually-hidden" aria-live="polite">{move || summary().unwrap_or_default()}</p>
            <dl class="record-info" inner_html=move || info().unwrap_or_default()></dl>
        </div>
    }
}
