//! The answer: a sentence per group, then a row per group and partition with its notes
//! (each linking its card and, for a Kafka defect, its JIRA); the reset plans to apply on
//! the target; and "show me", the lab's sampled map set to the dump's spacing of syncs.

use std::sync::Arc;

use hoplab_copiers::resume::{
    apply_command, group_plan, groups_command, groups_plan, plan_differences, plan_warnings_for,
    planned_groups, target_named, unplanned, Answer, PartitionAnswer, Plan,
};
use leptos::prelude::*;
use leptos_router::components::A;

use crate::download::download;

fn or_dash(v: Option<u64>) -> String {
    v.map_or_else(|| "–".into(), |n| n.to_string())
}

/// What the group reads again, or skips, on this partition: as `hoplab resume --json`
/// names them, `replay_at_most` (unknown where no offset syncs bound it) and `skipped`.
fn replay(p: &PartitionAnswer) -> String {
    match (p.replay_at_most, p.skipped) {
        (Some(n), _) => format!("re-reads at most {n}"),
        (None, Some(n)) if p.flagged => format!("skips up to {n} (rewound after its checkpoint)"),
        (None, Some(n)) => format!("skips {n}"),
        (None, None) if p.checkpoint.is_some() => "unknown".into(),
        _ => "–".into(),
    }
}

/// Where the consumer will actually start, and from what (`start_from`).
fn starts(p: &PartitionAnswer) -> String {
    let from = p.start_from.label();
    p.starts_at
        .map_or_else(|| from.to_string(), |at| format!("{at} ({from})"))
}

#[component]
pub fn AnswerView(answer: Arc<Answer>) -> impl IntoView {
    let show_me = answer
        .sync_every
        .map(|n| format!("/lab/sampled-map?map_every={}", n.clamp(1, 1_000)));
    view! {
        <section class="resume-answer" aria-labelledby="resume-answer-title">
            <h2 id="resume-answer-title">"Where each group resumes"</h2>
            <p class="row-note" data-rule=answer.rule.id>{format!("By the rules of {}.", answer.rule.text)}</p>
            <ul class="resume-summary">
                {answer.groups.iter().map(|g| view! { <li>{g.text.clone()}</li> }).collect_view()}
            </ul>
            {show_me.map(|href| view! {
                <p><A href=href>"Show me in the lab: a sampled position map with syncs this far apart"</A></p>
            })}
            <div class="resume-table-wrap" tabindex="0" role="region" aria-label="Every group and partition">
                <table class="resume-table">
                    <thead>
                        <tr>
                            <th scope="col">"Group"</th>
                            <th scope="col">"Topic"</th>
                            <th scope="col">"Partition"</th>
                            <th scope="col">"Committed at the source"</th>
                            <th scope="col">"Last checkpoint (source → target)"</th>
                            <th scope="col">"The checkpoint says resume at"</th>
                            <th scope="col">"Translating now gives"</th>
                            <th scope="col">"Reads again or skips"</th>
                            <th scope="col">"The target holds"</th>
                            <th scope="col">"The consumer actually starts at"</th>
                            <th scope="col">"Why"</th>
                        </tr>
                    </thead>
                    <tbody>
                        {answer.partitions.iter().map(|p| view! { <Row p=p.clone() /> }).collect_view()}
                    </tbody>
                </table>
            </div>
        </section>
    }
}

#[component]
fn Row(p: PartitionAnswer) -> impl IntoView {
    let checkpoint = p.checkpoint.as_ref().map_or_else(
        || "none".to_string(),
        |c| format!("{} → {}", c.upstream, c.downstream),
    );
    let resume = match (p.resume_at, &p.target_topic) {
        (Some(at), Some(t)) => format!("{at} ({t})"),
        _ => "no checkpoint".into(),
    };
    view! {
        <tr data-group=p.group.clone() data-partition=p.partition.to_string()
            data-start-from=p.start_from.id() class:resume-flagged=p.flagged>
            <th scope="row">{p.group.clone()}</th>
            <td data-label="Topic">{p.topic.clone()}</td>
            <td class="num" data-label="Partition">{p.partition}</td>
            <td class="num" data-label="Committed at the source">{or_dash(p.source_committed)}</td>
            <td class="num" data-label="Last checkpoint">{checkpoint}</td>
            <td class="num resume-at" data-label="The checkpoint says">{resume}</td>
            <td class="num" data-label="Translating now gives">{or_dash(p.translated_now)}</td>
            <td class="replay" data-label="Reads again or skips">{replay(&p)}</td>
            <td class="num target-held" data-label="The target holds">{or_dash(p.target_committed)}</td>
            <td class="starts-at" data-label="The consumer starts at" title=p.start_why.clone()>{starts(&p)}</td>
            <td data-label="Why">
                <ul class="resume-notes">
                    <li data-code="start">{p.start_why.clone()}</li>
                    {p.notes.iter().map(|n| {
                        let jira = n.jira.map(|j| view! {
                            " " <a href=format!("https://issues.apache.org/jira/browse/{j}") rel="noopener noreferrer">{j}</a>
                        });
                        view! {
                            <li data-code=n.code>{n.text.clone()} {jira} " "
                                <A href=format!("/cards/{}", n.card)>"Card"</A></li>
                        }
                    }).collect_view()}
                </ul>
            </td>
        </tr>
    }
}

/// " Before applying it: …." per warning.
fn before_applying(warnings: &[String]) -> String {
    warnings
        .iter()
        .map(|w| format!(" Before applying it: {w}."))
        .collect()
}

fn warnings_of(a: &Answer, groups: &[String], plan: Plan) -> Vec<String> {
    groups
        .iter()
        .flat_map(|g| plan_warnings_for(a, g, plan))
        .collect()
}

/// Saves each ticked group's plan as `reset-GROUP.csv`, and says how to apply each on the
/// target (named from the checkpoints' alias and the configuration).
fn save_each(a: &Answer, groups: &[String], plan: Plan) -> String {
    if groups.is_empty() {
        return "Tick a group first.".into();
    }
    let (mut saved, mut commands) = (Vec::new(), Vec::new());
    for group in groups {
        let name = format!("reset-{group}.csv");
        if let Err(why) =
            group_plan(a, group, plan).and_then(|csv| download(&name, "text/csv", &csv))
        {
            return format!("{group}: {why}");
        }
        commands.push(apply_command(a, &name, Some(group)));
        saved.push(name);
    }
    format!(
        "Saved {}. Apply {} (with the group’s consumers stopped): {}.{}",
        saved.join(", "),
        target_named(a),
        commands.join("; "),
        before_applying(&warnings_of(a, groups, plan))
    )
}

/// Saves the ticked groups' plans as one `reset-plan.csv`, `group,topic,partition,offset`.
fn save_one(a: &Answer, groups: &[String], plan: Plan) -> String {
    if groups.is_empty() {
        return "Tick a group first.".into();
    }
    let name = "reset-plan.csv";
    if let Err(why) = groups_plan(a, groups, plan).and_then(|csv| download(name, "text/csv", &csv))
    {
        return format!("{name}: {why}");
    }
    format!(
        "Saved {name} (group,topic,partition,offset). Apply {} (with the groups’ consumers stopped): {}.{}",
        target_named(a),
        groups_command(a, name, groups),
        before_applying(&warnings_of(a, groups, plan))
    )
}

/// The two plans to choose between, and the rows they differ on.
#[component]
fn PlanChoice(answer: Arc<Answer>, groups: Vec<String>, plan: RwSignal<Plan>) -> impl IntoView {
    let differ: Vec<String> = groups
        .iter()
        .flat_map(|g| plan_differences(&answer, g))
        .collect();
    let choice = move |p: Plan, text: &'static str| {
        view! {
            <label class="resume-tick">
                <input type="radio" name="resume-plan" value=p.id()
                    prop:checked=move || plan.get() == p on:change=move |_| plan.set(p) />
                " " {text}
            </label>
        }
    };
    view! {
        <fieldset class="resume-plan-choice">
            <legend>"Which plan"</legend>
            {choice(Plan::NeverSkip, "Never skip: the earliest of the checkpoint, the commit translated now and the target’s own offset")}
            {choice(Plan::ReReadLeast, "Re-read least: the latest of them that skips nothing")}
        </fieldset>
        {(!differ.is_empty()).then(|| view! {
            <div class="resume-plans-differ">
                <p>"The two plans differ on:"</p>
                <ul>{differ.into_iter().map(|d| view! { <li>{d}</li> }).collect_view()}</ul>
            </div>
        })}
    }
}

/// Partitions no plan line sets (no checkpoint), with where each consumer starts instead.
#[component]
fn Unplanned(answer: Arc<Answer>) -> impl IntoView {
    let missing: Vec<String> = answer
        .groups
        .iter()
        .flat_map(|g| unplanned(&answer, &g.group))
        .collect();
    (!missing.is_empty()).then(|| view! {
        <div class="resume-unplanned">
            <p>"Not in any plan (no checkpoint): the group keeps what it holds on the target, or its consumer falls back to auto.offset.reset."</p>
            <ul>{missing.into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}</ul>
        </div>
    })
}

/// "Apply on the target": per group with a checkpoint, the CSV that
/// `kafka-consumer-groups.sh --reset-offsets --from-file` takes, by the chosen plan, for
/// the ticked groups, one file each or all in one.
#[component]
pub fn ResetPlans(answer: Arc<Answer>) -> impl IntoView {
    let groups = planned_groups(&answer);
    let ticked = RwSignal::new(groups.clone());
    let plan = RwSignal::new(Plan::NeverSkip);
    let said = RwSignal::new(None::<String>);
    // Rows whose plan offset skips records, named before anything is saved.
    let (a, gs) = (answer.clone(), groups.clone());
    let flagged = move || -> Vec<String> {
        gs.iter()
            .flat_map(|g| plan_warnings_for(&a, g, plan.get()))
            .collect()
    };
    let (a1, a2) = (answer.clone(), answer.clone());
    let save = move |_| {
        said.set(Some(save_each(
            &a1,
            &ticked.get_untracked(),
            plan.get_untracked(),
        )))
    };
    let save_all = move |_| {
        said.set(Some(save_one(
            &a2,
            &ticked.get_untracked(),
            plan.get_untracked(),
        )))
    };
    (!groups.is_empty()).then(|| view! {
        <section class="resume-apply" aria-labelledby="resume-apply-title">
            <h2 id="resume-apply-title">"Apply on the target"</h2>
            <p>"For the groups you tick, the offsets they resume at, as the CSV "<code>"kafka-consumer-groups.sh --reset-offsets --from-file"</code>" takes (one file per group, or one file for all of them with the group in each line)."</p>
            <PlanChoice answer=answer.clone() groups=groups.clone() plan=plan />
            <fieldset>
                <legend>"Groups with a checkpoint"</legend>
                {groups.iter().map(|g| {
                    let (g1, g2) = (g.clone(), g.clone());
                    view! {
                        <label class="resume-tick">
                            <input type="checkbox" prop:checked=move || ticked.with(|t| t.contains(&g1))
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    ticked.update(|t| { t.retain(|x| *x != g2); if on { t.push(g2.clone()); } });
                                } />
                            " " {g.clone()}
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            <Unplanned answer=answer.clone() />
            {move || { let f = flagged(); (!f.is_empty()).then(|| view! {
                <div class="resume-flagged-plans" role="note">
                    <p>"Read before applying: in this plan, rows whose group rewound behind its checkpoint after it was written."</p>
                    <ul>{f.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ul>
                </div>
            })}}
            <button type="button" class="primary" on:click=save>"Save the reset plans"</button>
            " "
            <button type="button" on:click=save_all>"Save them as one file"</button>
            <p role="status" aria-live="polite">{move || said.get()}</p>
        </section>
    })
}
