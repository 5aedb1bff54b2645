//! Small SVG charts of the sampled measures over time, each with a text alternative.
//! The figures are created once per scenario; refreshes only change their attributes.

use leptos::prelude::*;

use super::state::use_lab;
use crate::lab::charts::{Chart, CHART_H, CHART_W};

#[component]
pub fn Charts() -> impl IntoView {
    let lab = use_lab();
    let shapes = move || {
        lab.panel.with(|p| {
            p.charts
                .iter()
                .map(|c| {
                    let lines: Vec<(String, String)> = c
                        .lines
                        .iter()
                        .map(|l| (l.label.clone(), l.class.clone()))
                        .collect();
                    (c.id, c.title, lines)
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="lab-charts" aria-labelledby="charts-title">
            <h2 id="charts-title">"Over time"</h2>
            <For
                each=shapes
                key=|c| (c.0, c.2.clone())
                children=move |(id, title, lines)| {
                    let with = move |f: &dyn Fn(&Chart) -> String| {
                        lab.panel.with(|p| p.charts.iter().find(|c| c.id == id).map(f).unwrap_or_default())
                    };
                    let legend = lines.len() > 1;
                    let paths = lines
                        .iter()
                        .enumerate()
                        .map(|(i, (_, class))| {
                            let d = move || with(&|c| c.lines.get(i).map(|l| l.path.clone()).unwrap_or_default());
                            view! { <path class=format!("line {class}") d=d /> }
                        })
                        .collect_view();
                    let keys = lines
                        .into_iter()
                        .enumerate()
                        .map(|(i, (label, class))| {
                            let v = move || with(&|c| c.lines.get(i).map(|l| format_value(l.last)).unwrap_or_default());
                            view! {
                                <span class=format!("chart-key {class}")>{legend.then(|| format!("{label}: "))}{v}</span>
                            }
                        })
                        .collect_view();
                    let zero = move || with(&|c| {
                        if c.y_min < 0.0 {
                            format!("{:.1}", CHART_H - (-c.y_min) / (c.y_max - c.y_min) * CHART_H)
                        } else {
                            format!("{CHART_H}")
                        }
                    });
                    let z2 = zero;
                    view! {
                        <figure class="chart" data-chart=id>
                            <figcaption>{title}</figcaption>
                            <svg
                                viewBox=format!("-2 -2 {} {}", CHART_W + 4.0, CHART_H + 4.0)
                                preserveAspectRatio="none"
                                role="img"
                                aria-label=move || with(&|c| c.summary.clone())
                            >
                                <line class="axis" x1="0" y1=CHART_H x2=CHART_W y2=CHART_H />
                                <line class="axis zero" x1="0" y1=zero x2=CHART_W y2=z2 />
                                {paths}
                            </svg>
                            <p class="chart-note">
                                {keys}
                                <span class="chart-max">"max " {move || with(&|c| format_value(c.y_max))}</span>
                            </p>
                        </figure>
                    }
                }
            />
        </section>
    }
}

fn format_value(v: f64) -> String {
    if v.fract().abs() < 1e-9 {
        let n = hoplab_model::fmt_n(v.abs() as u64);
        if v < 0.0 {
            format!("−{n}")
        } else {
            n
        }
    } else {
        format!("{v:.2}")
    }
}
