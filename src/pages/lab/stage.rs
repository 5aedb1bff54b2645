//! The stage: an SVG the [`StageDom`] keeps in line with each frame's scene, its legend
//! and the details of the record under the pointer. Nothing here knows the model.

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::stage_dom::StageDom;
use super::state::use_lab;
use crate::lab::layout::fmt_time;

/// The stage key of the record element an event happened on, if any.
fn record_key(e: &web_sys::Event) -> Option<String> {
    let el = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    el.closest("[data-k]").ok()??.get_attribute("data-k")
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
                aria-label="Stage (scrolls sideways on narrow screens)"
                node_ref=holder
                on:click=pick
                on:mouseover=pick
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
    let info = move || {
        let key = lab.selected.get()?;
        lab.panel.track();
        let (row_key, rest) = key.split_once('@')?;
        let pos: u64 = rest.parse().ok()?;
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
        Some(
            rows.iter()
                .map(|(k, v)| {
                    format!(
                        "<div><dt>{k}</dt><dd>{}</dd></div>",
                        super::stage_dom::esc(v)
                    )
                })
                .collect::<String>(),
        )
    };
    view! {
        <div class="record-panel">
            <p class="record-hint" class:hidden=move || lab.selected.with(|s| s.is_some())>
                "Point at or tap a record to see its key, origin, stamp, times and its position on each cluster."
            </p>
            <dl class="record-info" inner_html=move || info().unwrap_or_default()></dl>
        </div>
    }
}
