//! Small SVG charts of the sampled measures over time, each with a text alternative: a
//! keyed list of figures whose paths and figures follow the panel.

use leptos::prelude::*;

use super::state::use_run;
use crate::lab::charts::{format_value, Chart, CHART_H, CHART_W};

/// One chart, by id: everything in it follows the panel's chart of that id.
#[component]
fn ChartFigure(id: &'static str) -> impl IntoView {
    let run = use_run();
    let chart =
        Memo::new(move |_| run.with_panel(|p| p.charts.iter().find(|c| c.id == id).cloned()));
    let with = move |f: fn(&Chart) -> String| {
        move || chart.with(|c| c.as_ref().map(f).unwrap_or_default())
    };
    let lines = move || chart.with(|c| c.as_ref().map_or(0, |c| c.lines.len()));
    let line = move |i: usize, f: fn(&crate::lab::charts::Line, bool) -> String| {
        move || {
            chart.with(|c| {
                c.as_ref()
                    .and_then(|c| c.lines.get(i).map(|l| f(l, c.lines.len() > 1)))
                    .unwrap_or_default()
            })
        }
    };
    let zero =
        move || {
            chart.with(|c| {
                c.as_ref().filter(|c| c.y_min < 0.0).map(|c| {
                let y = format!("{:.1}", CHART_H - (-c.y_min) / (c.y_max - c.y_min) * CHART_H);
                view! { <line class="axis zero" x1="0" y1=y.clone() x2=CHART_W.to_string() y2=y /> }
            })
            })
        };
    view! {
        <figure class="chart" data-chart=id>
            <figcaption>{with(|c| c.title.to_string())}</figcaption>
            <svg
                viewBox=format!("-2 -2 {} {}", CHART_W + 4.0, CHART_H + 4.0)
                preserveAspectRatio="none"
                role="img"
                aria-label=with(|c| c.summary.clone())
            >
                <line class="axis" x1="0" y1=CHART_H.to_string() x2=CHART_W.to_string() y2=CHART_H.to_string() />
                {zero}
                <For each=move || 0..lines() key=|i| *i let:i>
                    <path class=line(i, |l, _| format!("line {}", l.class)) d=line(i, |l, _| l.path.clone()) />
                </For>
            </svg>
            <p class="chart-note">
                <For each=move || 0..lines() key=|i| *i let:i>
                    <span class=line(i, |l, _| format!("chart-key {}", l.class))>
                        {line(i, |l, legend| {
                            let value = format_value(l.last);
                            if legend { format!("{}: {value}", l.label) } else { value }
                        })}
                    </span>
                </For>
                <span class="chart-max">{with(|c| format!("max {}", format_value(c.y_max)))}</span>
            </p>
        </figure>
    }
}

#[component]
pub fn Charts() -> impl IntoView {
    let run = use_run();
    let ids = move || run.with_panel(|p| p.charts.iter().map(|c| c.id).collect::<Vec<_>>());
    view! {
        <section class="lab-charts" aria-labelledby="charts-title">
            <h2 id="charts-title">"Over time"</h2>
            <div class="chart-list">
                <For each=ids key=|id| *id let:id>
                    <ChartFigure id />
                </For>
            </div>
        </section>
    }
}
