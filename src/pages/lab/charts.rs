//! Small SVG charts of the sampled measures over time, each with a text alternative.

use leptos::prelude::*;

use super::state::use_lab;
use crate::lab::charts::{CHART_H, CHART_W};

#[component]
pub fn Charts() -> impl IntoView {
    let lab = use_lab();
    view! {
        <section class="lab-charts" aria-labelledby="charts-title">
            <h2 id="charts-title">"Over time"</h2>
            {move || {
                lab.panel.with(|p| {
                    p.charts
                        .iter()
                        .map(|c| {
                            let legend = c.lines.len() > 1;
                            view! {
                                <figure class="chart" data-chart=c.id>
                                    <figcaption>{c.title}</figcaption>
                                    <svg
                                        viewBox=format!("-2 -2 {} {}", CHART_W + 4.0, CHART_H + 4.0)
                                        preserveAspectRatio="none"
                                        role="img"
                                        aria-label=c.summary.clone()
                                    >
                                        <line class="axis" x1="0" y1=CHART_H x2=CHART_W y2=CHART_H />
                                        {(c.y_min < 0.0).then(|| {
                                            let y0 = CHART_H - (-c.y_min) / (c.y_max - c.y_min) * CHART_H;
                                            view! { <line class="axis zero" x1="0" y1=y0 x2=CHART_W y2=y0 /> }
                                        })}
                                        {c.lines.iter().map(|l| view! { <path class=format!("line {}", l.class) d=l.path.clone() /> }).collect_view()}
                                    </svg>
                                    <p class="chart-note">
                                        {c.lines.iter().map(|l| view! {
                                            <span class=format!("chart-key {}", l.class)>
                                                {legend.then(|| format!("{}: ", l.label))}
                                                {format_value(l.last)}
                                            </span>
                                        }).collect_view()}
                                        <span class="chart-max">"max " {format_value(c.y_max)}</span>
                                    </p>
                                </figure>
                            }
                        })
                        .collect_view()
                })
            }}
        </section>
    }
}

fn format_value(v: f64) -> String {
    if v.fract().abs() < 1e-9 {
        hoplab_model::fmt_n(v.abs() as u64)
            .to_string()
            .chars()
            .fold(
                if v < 0.0 {
                    "−".to_string()
                } else {
                    String::new()
                },
                |mut s, c| {
                    s.push(c);
                    s
                },
            )
    } else {
        format!("{v:.2}")
    }
}
