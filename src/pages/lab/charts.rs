//! Small SVG charts of the sampled measures over time, each with a text alternative,
//! written as markup a few times a second.

use leptos::prelude::*;

use super::stage_dom::esc;
use super::state::use_lab;
use crate::lab::charts::{Chart, CHART_H, CHART_W};

fn figure(c: &Chart) -> String {
    let legend = c.lines.len() > 1;
    let zero = if c.y_min < 0.0 {
        let y = CHART_H - (-c.y_min) / (c.y_max - c.y_min) * CHART_H;
        format!("<line class=\"axis zero\" x1=\"0\" y1=\"{y:.1}\" x2=\"{CHART_W}\" y2=\"{y:.1}\"/>")
    } else {
        String::new()
    };
    let paths: String = c
        .lines
        .iter()
        .map(|l| format!("<path class=\"line {}\" d=\"{}\"/>", l.class, l.path))
        .collect();
    let keys: String = c
        .lines
        .iter()
        .map(|l| {
            let label = if legend {
                format!("{}: ", esc(&l.label))
            } else {
                String::new()
            };
            format!(
                "<span class=\"chart-key {}\">{label}{}</span>",
                l.class,
                format_value(l.last)
            )
        })
        .collect();
    format!(
        "<figure class=\"chart\" data-chart=\"{id}\"><figcaption>{title}</figcaption>\
         <svg viewBox=\"-2 -2 {w} {h}\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"{summary}\">\
         <line class=\"axis\" x1=\"0\" y1=\"{CHART_H}\" x2=\"{CHART_W}\" y2=\"{CHART_H}\"/>{zero}{paths}</svg>\
         <p class=\"chart-note\">{keys}<span class=\"chart-max\">max {max}</span></p></figure>",
        id = c.id,
        title = esc(c.title),
        w = CHART_W + 4.0,
        h = CHART_H + 4.0,
        summary = esc(&c.summary),
        max = format_value(c.y_max),
    )
}

#[component]
pub fn Charts() -> impl IntoView {
    let lab = use_lab();
    let html = move || {
        lab.panel
            .with(|p| p.charts.iter().map(figure).collect::<String>())
    };
    view! {
        <section class="lab-charts" aria-labelledby="charts-title">
            <h2 id="charts-title">"Over time"</h2>
            <div class="chart-list" inner_html=html></div>
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
