//! Running the design: the model's simulation in budgeted chunks, one per animation
//! frame, with a progress bar and Cancel, then a summary of what the run measured.

use std::sync::Arc;

use hoplab_model::{fmt_n, ScenarioSpec};
use leptos::prelude::*;

use super::state::{use_ctx, Ctx, DesignRunStatus, Finished};
use crate::designer::run::{EgressInputs, RunJob};
use crate::lab::driver::{now_ms, start_raf};
use crate::pages::lab::{RunHandle, RunShow, RunView};

/// Time a frame may spend simulating before it lets the page draw.
const FRAME_BUDGET_MS: f64 = 8.0;

fn start(ctx: Ctx) {
    ctx.cancel_run();
    let spec = ctx.design_untracked().spec;
    let job = match RunJob::start(&spec) {
        Ok(j) => j,
        Err(why) => {
            ctx.run.set(DesignRunStatus::Refused(why));
            return;
        }
    };
    ctx.run.set(DesignRunStatus::Running(0.0));
    let budget = std::cell::Cell::new(5_000u64);
    let raf = start_raf(move |_| {
        let began = now_ms();
        let mut done = None;
        let mut progress = 0.0;
        ctx.job.update_value(|j| {
            if let Some((job, _)) = j {
                done = job.advance(budget.get()).cloned();
                progress = job.progress();
            }
        });
        // Keep each frame near its budget whatever the machine's speed.
        let took = now_ms() - began;
        let b = budget.get();
        budget.set(if took > FRAME_BUDGET_MS {
            (b / 2).max(500)
        } else if took < FRAME_BUDGET_MS / 2.0 {
            (b * 2).min(1_000_000)
        } else {
            b
        });
        match done {
            Some(summary) => {
                ctx.cancel_run();
                ctx.run.set(DesignRunStatus::Done(Arc::new(Finished {
                    summary,
                    spec: spec.clone(),
                })));
            }
            None => ctx.run.set(DesignRunStatus::Running(progress)),
        }
    });
    ctx.job.set_value(Some((job, raf)));
}

#[component]
pub fn RunPanel() -> impl IntoView {
    let ctx = use_ctx();
    let running = move || matches!(ctx.run.get(), DesignRunStatus::Running(_));
    // The egress fields' text as typed (kept whatever it says), read on change.
    let record_bytes = RwSignal::new(EgressInputs::default_record_bytes());
    let price = RwSignal::new(String::new());
    let egress = Memo::new(move |_| EgressInputs::read(&record_bytes.get(), &price.get()));
    view! {
        <section class="designer-run" aria-labelledby="dz-run-title">
            <h2 id="dz-run-title">"Run it"</h2>
            <p class="section-note">"Runs the design with its faults in the model (seed 1, as "<code>"hoplab run"</code>" does), a slice per frame so the page stays responsive."</p>
            <div class="run-controls">
                <button type="button" class="primary" on:click=move |_| start(ctx) disabled=running>"Run"</button>
                <button type="button" on:click=move |_| { ctx.cancel_run(); ctx.run.set(DesignRunStatus::Cancelled); } disabled=move || !running()>"Cancel"</button>
            </div>
            <EgressFields record_bytes price egress />
            <div role="status" aria-live="polite" class="run-status">
                {move || match ctx.run.get() {
                    DesignRunStatus::Idle => view! { <p class="row-note">"Not run yet."</p> }.into_any(),
                    DesignRunStatus::Running(p) => view! {
                        <label class="run-progress">
                            <span>{format!("Running… {:.0}%", p * 100.0)}</span>
                            <progress max="1" value=p.to_string()></progress>
                        </label>
                    }.into_any(),
                    DesignRunStatus::Cancelled => view! { <p>"Cancelled. Nothing was kept from the run."</p> }.into_any(),
                    DesignRunStatus::Refused(why) => view! { <p class="notice notice--error">{why}</p> }.into_any(),
                    DesignRunStatus::Done(f) => view! { <Summary finished=f egress /> }.into_any(),
                }}
            </div>
        </section>
    }
}

/// The record size and price per GB the summary's egress lines use; a value the model
/// refuses stays in its field with the reason beside it.
#[component]
fn EgressFields(
    record_bytes: RwSignal<String>,
    price: RwSignal<String>,
    egress: Memo<EgressInputs>,
) -> impl IntoView {
    let bytes_error = move || egress.with(|e| e.record_bytes.clone().err());
    let price_error = move || egress.with(|e| e.price_per_gb.clone().err());
    let described = |error: &'static str, bad: bool| {
        if bad {
            format!("dz-egress-help {error}")
        } else {
            "dz-egress-help".to_string()
        }
    };
    view! {
        <fieldset class="run-egress">
            <legend>"Egress"</legend>
            <p id="dz-egress-help" class="section-note">"Bytes each hop puts on its link per day at the run’s rate (copies, echoes and duplicates alike), and their cost at your price. A GB is 10"<sup>"9"</sup>" bytes, as cloud egress is priced."</p>
            <div class="egress-fields">
                <label for="dz-record-bytes">"Record size in bytes"</label>
                <input id="dz-record-bytes" type="text" inputmode="numeric" autocomplete="off"
                    prop:value=move || record_bytes.get()
                    aria-invalid=move || bytes_error().is_some().to_string()
                    aria-describedby=move || described("dz-record-bytes-error", bytes_error().is_some())
                    on:change=move |ev| record_bytes.set(event_target_value(&ev)) />
                <label for="dz-price-per-gb">"Price per GB in dollars (optional)"</label>
                <input id="dz-price-per-gb" type="text" inputmode="decimal" autocomplete="off" placeholder="none"
                    prop:value=move || price.get()
                    aria-invalid=move || price_error().is_some().to_string()
                    aria-describedby=move || described("dz-price-per-gb-error", price_error().is_some())
                    on:change=move |ev| price.set(event_target_value(&ev)) />
            </div>
            {move || bytes_error().map(|e| view! { <p id="dz-record-bytes-error" class="notice notice--error" role="alert">{e}</p> })}
            {move || price_error().map(|e| view! { <p id="dz-price-per-gb-error" class="notice notice--error" role="alert">{e}</p> })}
        </fieldset>
    }
}

#[component]
fn Summary(finished: Arc<Finished>, egress: Memo<EgressInputs>) -> impl IntoView {
    let ctx = use_ctx();
    let spec = finished.spec.clone();
    let stale = move || ctx.with_design(|d| d.spec != spec);
    let s = &finished.summary;
    let secs = |ms: u64| format!("{:.1} s", ms as f64 / 1000.0);
    let losses = s.losses.iter().flat_map(|l| {
        l.tails.iter().map(move |(hop, stream, to, tail, age)| view! {
            <tr><td>{format!("{} lost at {}", l.site, secs(l.at_ms))}</td><td>{stream.clone()}" → "{to.clone()}" ("{hop.clone()}")"</td><td class="num">{fmt_n(*tail)}</td><td class="num">{secs(*age)}</td></tr>
        })
    }).collect_view();
    let moves = s.moves.iter().map(|m| {
        let head = format!("{} to {} at {}", m.reader, m.site, secs(m.at_ms));
        let err = m.error.clone().map(|e| view! { <tr><td>{head.clone()}</td><td colspan="3">{e}</td></tr> });
        let rows = m.priced.iter().map(move |p| {
            let used = p.rule == m.rule;
            view! { <tr class:is-used=used><td>{head.clone()}</td><td>{p.rule.clone()}{if used { " (used)" } else { "" }}</td><td class="num">{fmt_n(p.replay)}</td><td class="num">{fmt_n(p.gap)}</td></tr> }
        }).collect_view();
        view! { {err}{rows} }
    }).collect_view();
    let hops = s.end.hops.iter().map(|h| {
        let drain = s.drains.iter().find(|d| d.hop == h.id).map_or("no backlog".to_string(), |d| match d.drained_after_ms {
            Some(ms) => format!("{} after a peak of {}", secs(ms), fmt_n(d.peak_records)),
            None => format!("not drained (peak {})", fmt_n(d.peak_records)),
        });
        view! { <tr><td>{h.id.clone()}</td><td class="num">{fmt_n(h.copied)}</td><td class="num">{fmt_n(h.duplicates)}</td><td class="num">{fmt_n(h.lag_records)}</td><td>{drain}</td></tr> }
    }).collect_view();
    let writers = s.end.writers.iter().map(|w| view! {
        <tr><td>{w.id.clone()}</td><td class="num">{fmt_n(w.acknowledged)}</td><td class="num">{fmt_n(w.refused)}</td><td class="num">{fmt_n(w.missing)}</td></tr>
    }).collect_view();
    // Copies count every site a record reached; only repeats are echoes.
    let copies = match s.echo_at_first_fault {
        Some(a) => format!(
            "{a:.2} before the first fault, {:.2} at the end",
            s.echo_at_end
        ),
        None => format!("{:.2} at the end", s.echo_at_end),
    };
    let echoes = match s.end.echo.echoes_stored {
        0 => "none".to_string(),
        n => format!(
            "{} ({:.2} per original)",
            fmt_n(n),
            s.end.echo.echoes_per_original
        ),
    };
    view! {
        <div class="run-summary">
            {move || stale().then(|| view! { <p class="notice">"The design has changed since this run: run it again for current figures."</p> })}
            {s.stopped.clone().map(|note| view! { <p class="notice notice--error">"The model stopped this run before its end: " {note}</p> })}
            <h3>"Recovery-point floor: uncopied tail at each loss"</h3>
            {if s.losses.is_empty() { view! { <p class="row-note">"No site was lost in this run."</p> }.into_any() } else { view! {
                <table class="data" tabindex="0"><thead><tr><th scope="col">"loss"</th><th scope="col">"copy"</th><th scope="col">"records not yet copied"</th><th scope="col">"oldest"</th></tr></thead><tbody>{losses}</tbody></table>
            }.into_any() }}
            <h3>"Reader groups: replay and gap per resume rule"</h3>
            {if s.moves.is_empty() { view! { <p class="row-note">"No reader group moved in this run."</p> }.into_any() } else { view! {
                <table class="data" tabindex="0"><thead><tr><th scope="col">"move"</th><th scope="col">"rule"</th><th scope="col">"replay"</th><th scope="col">"gap"</th></tr></thead><tbody>{moves}</tbody></table>
            }.into_any() }}
            <h3>"Hops"</h3>
            <table class="data" tabindex="0"><thead><tr><th scope="col">"hop"</th><th scope="col">"copied"</th><th scope="col">"duplicates"</th><th scope="col">"lag at end"</th><th scope="col">"time to drain"</th></tr></thead><tbody>{hops}</tbody></table>
            <EgressLines finished=finished.clone() egress />
            <p>"Copies per original: " {copies} ". Echoes (repeats of a record a site already holds, or come back to its origin): " {echoes} ". Duplicates in all: " {fmt_n(s.duplicates())} "."</p>
            <CoverageTable coverage=s.coverage.clone() />
            <h3>"Writers"</h3>
            <table class="data" tabindex="0"><thead><tr><th scope="col">"writer"</th><th scope="col">"acknowledged"</th><th scope="col">"refused"</th><th scope="col">"acknowledged, then lost"</th></tr></thead><tbody>{writers}</tbody></table>
            <WatchRun spec=finished.spec.clone() />
        </div>
    }
}

/// For every origin stream, which sites hold its records and how many copies each: the
/// site a ring's hop budget leaves out, the duplicates a mesh's two routes bring.
#[component]
fn CoverageTable(coverage: Vec<hoplab_model::Coverage>) -> impl IntoView {
    let sites: Vec<String> = coverage
        .first()
        .map(|c| c.sites.iter().map(|s| s.site.clone()).collect())
        .unwrap_or_default();
    let rows = coverage
        .into_iter()
        .map(|c| {
            let cells = c
                .sites
                .iter()
                .map(|s| {
                    let (text, class) = if s.records == 0 {
                        ("none".to_string(), "num is-missing")
                    } else if s.repeats() > 0 {
                        (
                            format!("{} in {} copies", fmt_n(s.records), fmt_n(s.copies)),
                            "num is-repeated",
                        )
                    } else {
                        (fmt_n(s.records), "num")
                    };
                    let title = s.streams.join(", ");
                    view! { <td class=class title=title>{text}</td> }
                })
                .collect_view();
            view! { <tr><th scope="row">{format!("{}/{}", c.origin, c.stream)}</th>{cells}</tr> }
        })
        .collect_view();
    view! {
        <h3>"Coverage: where each origin’s records are held"</h3>
        {if sites.is_empty() { view! { <p class="row-note">"No writer wrote in this run."</p> }.into_any() } else { view! {
            <p class="section-note">"Distinct records of each origin stream held at each site (in any of its streams), and the copies when some came more than once. “none”: the site never received them."</p>
            <div class="table-scroll">
                <table class="data coverage-table" tabindex="0">
                    <thead><tr><th scope="col">"origin"</th>{sites.into_iter().map(|s| view! { <th scope="col">{s}</th> }).collect_view()}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        }.into_any() }}
    }
}

/// Per hop: the bytes per day crossing and their cost, from the run panel's fields.
#[component]
fn EgressLines(finished: Arc<Finished>, egress: Memo<EgressInputs>) -> impl IntoView {
    let lines = move || egress.with(|e| e.hop_lines(&finished.summary));
    view! {
        <ul class="egress-lines" aria-label="Egress per hop">
            {move || {
                let lines = lines();
                if lines.is_empty() {
                    view! { <li class="row-note">"Egress: set a record size above to see each hop’s bytes per day."</li> }.into_any()
                } else {
                    lines.into_iter().map(|(hop, line)| view! { <li><strong>{hop}</strong>": "{line}</li> }).collect_view().into_any()
                }
            }}
        </ul>
    }
}

/// The same run, animated on the lab's run view: stage, controls, charts, narration and
/// record inspection, with a button for every fault the topology allows.
#[component]
fn WatchRun(spec: ScenarioSpec) -> impl IntoView {
    let shown = RwSignal::new(false);
    let spec = StoredValue::new(spec);
    view! {
        <div class="designer-watch">
            <h3>"Watch it run"</h3>
            <button type="button" aria-expanded=move || shown.get().to_string()
                on:click=move |_| shown.update(|s| *s = !*s)>
                {move || if shown.get() { "Hide the animated run" } else { "Show it on the lab’s stage" }}
            </button>
            <Show when=move || shown.get()>
                {move || {
                    let spec = spec.get_value();
                    let mut show = RunShow::for_spec(&spec);
                    // The designer's forms share the page: Space and → stay theirs.
                    show.page_keys = false;
                    view! { <RunView run=RunHandle::new(spec, show) /> }
                }}
            </Show>
        </div>
    }
}
