//! The fault timeline: what happens when in a run (lose a site, restore it, stall or
//! restart a hop, cut a link, move a reader group with a resume rule), and how long the
//! run lasts. Stored in the model's own timeline, so an exported file carries it.

use hoplab_model::spec::{Command, ResumeRule, TimedCommand};
use leptos::ev::SubmitEvent;
use leptos::html;
use leptos::prelude::*;

use super::fields::parse_num;
use super::state::use_ctx;
use crate::designer::Edit;

const KINDS: [(&str, &str); 10] = [
    ("lose-site", "Lose a site"),
    ("restore-site", "Restore a site"),
    ("cut-site", "Cut a site off"),
    ("stall-hop", "Stall a hop"),
    ("resume-hop", "Resume a hop"),
    ("restart-hop", "Restart a hop"),
    ("cut-link", "Cut a hop's link"),
    ("heal-link", "Heal a hop's link"),
    ("move-reader", "Move a reader group"),
    ("move-writer", "Move a writer"),
];

fn targets_of(kind: &str, t: &hoplab_model::spec::Topology) -> Vec<String> {
    match kind {
        "lose-site" | "restore-site" | "cut-site" => {
            t.sites.iter().map(|s| s.name.clone()).collect()
        }
        "move-reader" => t.readers.iter().map(|r| r.id.clone()).collect(),
        "move-writer" => t.writers.iter().map(|w| w.id.clone()).collect(),
        _ => t.hops.iter().map(|h| h.id.clone()).collect(),
    }
}

fn command(kind: &str, target: String, site: String, rule: ResumeRule) -> Option<Command> {
    Some(match kind {
        "lose-site" => Command::LoseSite { site: target },
        "restore-site" => Command::RestoreSite { site: target },
        "cut-site" => Command::CutSite { site: target },
        "stall-hop" => Command::StallHop { hop: target },
        "resume-hop" => Command::ResumeHop { hop: target },
        "restart-hop" => Command::RestartHop { hop: target },
        "cut-link" => Command::CutLink { hop: target },
        "heal-link" => Command::HealLink { hop: target },
        "move-reader" => Command::MoveReader {
            reader: target,
            site,
            rule,
        },
        "move-writer" => Command::MoveWriter {
            writer: target,
            site,
        },
        _ => return None,
    })
}

#[component]
pub fn Timeline() -> impl IntoView {
    let ctx = use_ctx();
    let kind = RwSignal::new(KINDS[0].0.to_string());
    let at = NodeRef::<html::Input>::new();
    let target = NodeRef::<html::Select>::new();
    let site = NodeRef::<html::Select>::new();
    let rule = NodeRef::<html::Select>::new();
    let moves = move || kind.with(|k| k.starts_with("move-"));
    let targets = Memo::new(move |_| {
        let k = kind.get();
        ctx.with_topology(|t| targets_of(&k, t))
    });
    let sites = super::fields::site_names(ctx);
    let add = move |ev: SubmitEvent| {
        ev.prevent_default();
        let k = kind.get_untracked();
        let pick =
            |n: NodeRef<html::Select>| n.get_untracked().map(|s| s.value()).unwrap_or_default();
        let secs = match parse_num::<f64>(
            "time",
            &at.get_untracked().map(|i| i.value()).unwrap_or_default(),
        ) {
            Ok(s) if s.is_finite() && s >= 0.0 => s,
            _ => return ctx.error("The time is a number of seconds from the start of the run."),
        };
        let (t, s) = (pick(target), pick(site));
        if t.is_empty() || (moves() && s.is_empty()) {
            return ctx.error("Pick what the fault happens to.");
        }
        let r = ResumeRule::parse(&pick(rule)).unwrap_or(ResumeRule::PositionMap);
        let Some(command) = command(&k, t, s, r) else {
            return;
        };
        let describe = command.describe();
        if ctx.edit(Edit::AddFault(TimedCommand {
            at_ms: (secs * 1000.0).round() as u64,
            command,
        })) {
            ctx.info(format!("Added at {secs} s: {describe}."));
        }
    };
    let faults = move || {
        ctx.with_design(|d| {
            d.spec
                .timeline
                .iter()
                .enumerate()
                .map(|(i, tc)| (i, tc.at_ms, tc.command.describe()))
                .collect::<Vec<_>>()
        })
    };
    let duration = move || ctx.with_design(|d| d.spec.duration_ms / 1000);
    view! {
        <section class="designer-timeline" aria-labelledby="dz-timeline-title">
            <h2 id="dz-timeline-title">"Faults over time"</h2>
            <div class="add-form">
                <label class="field">
                    <span>"Run length (s)"</span>
                    <input type="number" min="1" max="3600" prop:value=move || duration().to_string() on:change=move |ev| {
                        match parse_num::<u64>("run length", &event_target_value(&ev)) {
                            Ok(s) => { ctx.edit(Edit::SetDuration(s.saturating_mul(1000))); }
                            Err(e) => ctx.error(e),
                        }
                    } />
                </label>
            </div>
            <form class="add-form" on:submit=add>
                <label for="dz-fault-kind">"Fault"</label>
                <select id="dz-fault-kind" prop:value=move || kind.get() on:change=move |ev| kind.set(event_target_value(&ev))>
                    {KINDS.iter().map(|(id, title)| view! { <option value=*id>{*title}</option> }).collect_view()}
                </select>
                <label for="dz-fault-target">"Of"</label>
                <select id="dz-fault-target" node_ref=target>
                    {move || targets.get().into_iter().map(|n| view! { <option value=n.clone()>{n.clone()}</option> }).collect_view()}
                </select>
                <span class="move-fields" class:is-hidden=move || !moves()>
                    <label for="dz-fault-site">"To site"</label>
                    <select id="dz-fault-site" node_ref=site>
                        {move || sites.get().into_iter().map(|s| view! { <option value=s.clone()>{s.clone()}</option> }).collect_view()}
                    </select>
                    <label for="dz-fault-rule">"Resume by"</label>
                    <select id="dz-fault-rule" node_ref=rule>
                        {ResumeRule::ALL.iter().map(|r| view! { <option value=r.id() selected=*r == ResumeRule::PositionMap>{r.id()}</option> }).collect_view()}
                    </select>
                </span>
                <label for="dz-fault-at">"At (s)"</label>
                <input id="dz-fault-at" type="number" min="0" step="any" value="20" node_ref=at />
                <button type="submit">"Add fault"</button>
            </form>
            <ol class="fault-list">
                {move || {
                    let list = faults();
                    if list.is_empty() {
                        view! { <li class="row-note">"No faults yet: the run is a quiet day."</li> }.into_any()
                    } else {
                        list.into_iter().map(|(i, at_ms, text)| {
                            let label = format!("Remove the fault at {} s", at_ms as f64 / 1000.0);
                            view! {
                                <li class="panel-row">
                                    <span class="fault-at">{format!("{:.1} s", at_ms as f64 / 1000.0)}</span>
                                    <span>{text}</span>
                                    <button type="button" class="remove" aria-label=label on:click=move |_| { ctx.edit(Edit::RemoveFault(i)); }>"Remove"</button>
                                </li>
                            }
                        }).collect_view().into_any()
                    }
                }}
            </ol>
        </section>
    }
}
