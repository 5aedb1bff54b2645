//! The SVG stage: joins keyed elements to the [`Scene`] the layout computed. Records are
//! created once (their attributes never change); rows slide by one attribute; markers
//! and batches move by attributes. Nothing here knows about the model.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::state::use_lab;
use crate::lab::layout::{fmt_time, Row, Scene, REC_H, REC_Y, ROWS_X0};
use hoplab_model::fmt_n;

fn row_of<'a>(s: &'a Scene, key: &str) -> Option<&'a Row> {
    s.rows.iter().find(|r| r.key == key)
}

/// The stage key of the record element an event happened on, if any.
fn record_key(e: &web_sys::Event) -> Option<String> {
    let el = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    el.closest("[data-k]").ok()??.get_attribute("data-k")
}

#[component]
pub fn Stage() -> impl IntoView {
    let lab = use_lab();
    let scene = lab.scene;
    let height = move || scene.with(|s| s.height);
    let row_w = move || scene.with(|s| s.slot * lab.window_size() as f64);
    let pick = move |e: web_sys::MouseEvent| {
        if let Some(k) = record_key(&e) {
            if lab.selected.get_untracked().as_deref() != Some(k.as_str()) {
                lab.selected.set(Some(k));
            }
        }
    };
    view! {
        <section class="lab-stage" aria-labelledby="stage-title">
            <h2 id="stage-title" class="stage-title">
                "The stage "
                <span class="stage-clock" data-testid="clock">{move || fmt_time(lab.now.get())}</span>
            </h2>
            <div class="stage-scroll" tabindex="0" role="region" aria-label="Stage (scrolls sideways on narrow screens)">
                <svg
                    class="stage"
                    class:playing=move || lab.playing.get()
                    viewBox=move || format!("0 0 {} {:.0}", scene.with(|s| s.width), height())
                    role="img"
                    aria-label="The clusters, their records and the copiers between them; a description follows the stage."
                    data-now=move || lab.now.get().to_string()
                    data-ready=move || lab.ready.get().to_string()
                    data-motion=if lab.reduced_motion { "steps" } else { "smooth" }
                    data-records=move || scene.with(|s| s.records_on_screen).to_string()
                    on:click=pick
                    on:mouseover=pick
                >
                    <defs>
                        <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                            <rect width="3" height="6" class="hatch-line" />
                        </pattern>
                    </defs>
                    <For
                        each=move || scene.with(|s| s.sites.clone())
                        key=|b| format!("{}|{}|{}|{}", b.key, b.status, b.y, b.h)
                        children=move |b| {
                            view! {
                                <g class=format!("site s{} site--{}", b.colour, b.status.replace(' ', "-"))>
                                    <rect class="site-box" x=b.x y=b.y width=b.w height=b.h rx="8" />
                                    <text class="site-label" x=b.x + 10.0 y=b.y + 20.0>
                                        {b.label.clone()}
                                        {(b.status != "up").then(|| format!(" — {}", b.status.to_uppercase()))}
                                    </text>
                                </g>
                            }
                        }
                    />
                    <For
                        each=move || scene.with(|s| s.streams.clone())
                        key=|l| format!("{}|{}|{}", l.key, l.y, l.text)
                        children=|l| view! { <text class="stream-label" x=l.x y=l.y>{l.text}</text> }
                    />
                    <For
                        each=move || scene.with(|s| s.rows.iter().map(|r| (r.key.clone(), r.label.clone(), r.y, s.slot)).collect::<Vec<_>>())
                        key=|r| format!("{}|{}|{}", r.0, r.2, r.3)
                        children=move |(key, label, y, _)| view! { <StageRow key label y row_w=row_w() /> }
                    />
                    <For
                        each=move || scene.with(|s| s.hops.clone())
                        key=|h| format!("{}|{}|{}|{}", h.key, h.status, h.y1, h.y2)
                        children=|h| {
                            let d: String = h
                                .connectors
                                .iter()
                                .map(|(x1, y, x2)| format!("M{x1:.1} {y:.1}H{x2:.1}"))
                                .collect();
                            let mid = (h.y1 + h.y2) / 2.0;
                            view! {
                                <g class=format!("hop hop--{}", h.status.replace(' ', "-"))>
                                    <path class="hop-connector" d=d />
                                    <line class="hop-lane" x1=h.x y1=h.y1 x2=h.x y2=h.y2 />
                                    <text class="hop-label" transform=format!("translate({:.1} {:.1}) rotate(-90)", h.x + 14.0, mid)>
                                        {format!("{} · {}", h.label, h.status)}
                                    </text>
                                </g>
                            }
                        }
                    />
                    <path class="map-links" d=move || scene.with(|s| {
                        s.links.iter().map(|l| format!("M{:.1} {:.1}L{:.1} {:.1}", l.x1, l.y1, l.x2, l.y2)).collect::<String>()
                    }) />
                    <For
                        each=move || scene.with(|s| s.markers.iter().map(|m| (m.key.clone(), m.kind, m.label.clone())).collect::<Vec<_>>())
                        key=|m| format!("{}|{}", m.0, m.2)
                        children=move |(key, kind, label)| {
                            let k = key.clone();
                            let pos = move || scene.with(|s| s.markers.iter().find(|m| m.key == k).map(|m| (m.x, m.y)).unwrap_or_default());
                            let k2 = key.clone();
                            let title = move || scene.with(|s| s.markers.iter().find(|m| m.key == k2).map(|m| m.title.clone()).unwrap_or_default());
                            let shape = if kind == "copier" { "M-5 -7L5 -7L0 0Z" } else { "M0 0L5 7L-5 7Z" };
                            view! {
                                <g class=format!("marker marker--{kind}") transform=move || { let (x, y) = pos(); format!("translate({x:.1} {y:.1})") }>
                                    <title>{title}</title>
                                    <path d=shape />
                                    <text class="marker-label" x="7" y=if kind == "copier" { "-1" } else { "8" }>{label}</text>
                                </g>
                            }
                        }
                    />
                    <For
                        each=move || scene.with(|s| s.batches.iter().map(|b| (b.key.clone(), b.x, b.text.clone(), b.title.clone())).collect::<Vec<_>>())
                        key=|b| b.0.clone()
                        children=move |(key, x, text, title)| {
                            let y = move || scene.with(|s| s.batches.iter().find(|b| b.key == key).map_or(0.0, |b| b.y));
                            view! {
                                <g class="batch" transform=move || format!("translate({x:.1} {:.1})", y())>
                                    <title>{title}</title>
                                    <rect x="-16" y="-8" width="32" height="16" rx="4" />
                                    <text y="4">{text}</text>
                                </g>
                            }
                        }
                    />
                    <Highlight />
                </svg>
            </div>
            <Legend />
            <RecordInfo />
        </section>
    }
}

#[component]
fn StageRow(key: String, label: String, y: f64, row_w: f64) -> impl IntoView {
    let lab = use_lab();
    let scene = lab.scene;
    let k = key.clone();
    let shift = move || scene.with(|s| row_of(s, &k).map_or(0.0, |r| r.shift));
    let k = key.clone();
    let span = move |pick: fn(&Row) -> Option<(f64, f64)>| {
        let k = k.clone();
        move || scene.with(|s| row_of(s, &k).and_then(pick).unwrap_or((0.0, 0.0)))
    };
    let pending = span(|r| r.pending);
    let uncopied = span(|r| r.uncopied);
    let (p1, p2, u1, u2) = (pending.clone(), pending, uncopied.clone(), uncopied);
    let k = key.clone();
    let records =
        move || scene.with(|s| row_of(s, &k).map(|r| r.records.clone()).unwrap_or_default());
    let k = key.clone();
    let key = StoredValue::new(key);
    let key = move || key.get_value();
    let ticks = move || scene.with(|s| row_of(s, &k).map(|r| r.ticks.clone()).unwrap_or_default());
    view! {
        <g class="row" transform=format!("translate(0 {y:.1})")>
            <text class="row-label" x=ROWS_X0 - 6.0 y=REC_Y + 13.0>{label}</text>
            <rect class="row-bg" x=ROWS_X0 y=REC_Y - 2.0 width=row_w height=REC_H + 4.0 rx="3" />
            <rect class="uncopied" x=move || u1().0 y=REC_Y + REC_H + 1.0 width=move || u2().1 height="3">
                <title>"Not yet copied: lost if this site were lost now"</title>
            </rect>
            <g class="recs" transform=move || format!("translate({:.2} 0)", shift())>
                <For
                    each=records
                    key=|r| r.id
                    children=move |r| view! {
                        <rect class=r.class x=format!("{:.2}", r.x) y=REC_Y width=format!("{:.2}", r.w) height=REC_H rx=r.rx data-k=format!("{}@{}", key(), r.id.position) />
                    }
                />
                <For
                    each=ticks
                    key=|t| t.position
                    children=|t| view! { <text class="tick" x=format!("{:.1}", t.x) y=REC_Y + REC_H + 11.0>{fmt_n(t.position)}</text> }
                />
            </g>
            <rect class="pending" x=move || p1().0 y=REC_Y width=move || p2().1 height=REC_H>
                <title>"Appended, not yet acknowledged to the writer"</title>
            </rect>
        </g>
    }
}

/// Outlines every copy of the chosen record, on every cluster.
#[component]
fn Highlight() -> impl IntoView {
    let lab = use_lab();
    let boxes = move || {
        let sel = lab.selected.get()?;
        let (row_key, pos) = sel.split_once('@')?;
        let pos: u64 = pos.parse().ok()?;
        Some(lab.scene.with(|s| {
            let payload = row_of(s, row_key)?
                .records
                .iter()
                .find(|r| r.id.position == pos)
                .map(|r| r.id.payload())?;
            Some(
                s.rows
                    .iter()
                    .flat_map(|row| {
                        row.records
                            .iter()
                            .filter(|r| r.id.payload() == payload)
                            .map(move |r| (r.x + row.shift, row.y, r.w))
                    })
                    .map(|(x, y, w)| {
                        view! { <rect class="highlight" x=x - 2.0 y=y + REC_Y - 3.0 width=w + 4.0 height=REC_H + 6.0 rx="3" /> }
                    })
                    .collect_view(),
            )
        }))
    };
    view! { <g class="highlights">{boxes}</g> }
}

#[component]
fn Legend() -> impl IntoView {
    view! {
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
        {
            let mut places = vec![format!("{site}/{stream} part {part} at {pos}")];
            places.extend(
                r.elsewhere
                    .iter()
                    .map(|e| format!("{}/{} part {} at {}", e.site, e.stream, e.part, e.position)),
            );
            Some(view! {
                <dl class="record-info" aria-live="off">
                    <div><dt>"Record"</dt><dd>{r.payload.clone()}</dd></div>
                    <div><dt>"Key"</dt><dd>{r.key.clone()}</dd></div>
                    <div><dt>"Written at"</dt><dd>{format!("site {}", r.origin_site)}</dd></div>
                    <div><dt>"Origin stamp"</dt><dd>{r.stamp.clone().unwrap_or_else(|| "none".into())}</dd></div>
                    <div><dt>"Created"</dt><dd>{fmt_time(r.created_ms)}</dd></div>
                    <div><dt>"Timestamp here"</dt><dd>{fmt_time(r.timestamp_ms)}</dd></div>
                    <div><dt>"Arrived here"</dt><dd>{fmt_time(r.arrived_ms)}</dd></div>
                    <div><dt>"Positions"</dt><dd>{places.join(" · ")}</dd></div>
                </dl>
            }.into_any())
        }
    };
    view! {
        <div class="record-panel">
            {move || info().unwrap_or_else(|| view! {
                <p class="record-hint">"Point at or tap a record to see its key, origin, stamp, times and its position on each cluster."</p>
            }.into_any())}
        </div>
    }
}
