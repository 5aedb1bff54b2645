//! The answer: a sentence per group, then a row per group and partition with its notes
//! (each linking its card and, for a Kafka defect, its JIRA); the reset plans to apply on
//! the target; and "show me", the lab's sampled map set to the dump's spacing of syncs.

use std::sync::Arc;

use hoplab_copiers::resume::{plan_warnings, reset_plan, Answer, PartitionAnswer};
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

/// "Apply on the target": per group with a checkpoint, the CSV that
/// `kafka-consumer-groups.sh --reset-offsets --from-file` takes, for the ticked groups.
#[component]
pub fn ResetPlans(answer: Arc<Answer>) -> impl IntoView {
    let mut groups: Vec<String> = answer
        .partitions
        .iter()
        .filter(|p| p.resume_at.is_some())
        .map(|p| p.group.clone())
        .collect();
    groups.dedup();
    let ticked = RwSignal::new(groups.clone());
    let said = RwSignal::new(None::<String>);
    // Rows whose plan offset skips records, named before anything is saved.
    let flagged: Vec<String> = groups
        .iter()
        .flat_map(|g| plan_warnings(&answer, g))
        .collect();
    let a = answer.clone();
    let save = move |_| {
        let (mut saved, mut warnings) = (Vec::new(), Vec::new());
        for group in ticked.get_untracked() {
            warnings.extend(plan_warnings(&a, &group));
            let name = format!("reset-{group}.csv");
            match reset_plan(&a, &group).and_then(|csv| download(&name, "text/csv", &csv)) {
                Ok(()) => saved.push(name),
                Err(why) => return said.set(Some(format!("{group}: {why}"))),
            }
        }
        let warned = warnings
            .iter()
            .map(|w| format!(" Before applying it: {w}."))
            .collect::<String>();
        said.set(Some(if saved.is_empty() {
            "Tick a group first.".into()
        } else {
            format!("Saved {}. On the target, for each: kafka-consumer-groups.sh --bootstrap-server backup:9092 --group GROUP --reset-offsets --from-file reset-GROUP.csv --execute (with the group's consumers stopped).{warned}", saved.join(", "))
        }));
    };
    (!groups.is_empty()).then(|| view! {
        <section class="resume-apply" aria-labelledby="resume-apply-title">
            <h2 id="resume-apply-title">"Apply on the target"</h2>
            <p>"For the groups you tick, the offsets they resume at, as the CSV "<code>"kafka-consumer-groups.sh --reset-offsets --from-file"</code>" takes (one file per group)."</p>
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
            {(!flagged.is_empty()).then(|| view! {
                <div class="resume-flagged-plans" role="note">
                    <p>"Read before applying: these plans put a group at a checkpoint it has since rewound behind."</p>
                    <ul>{flagged.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ul>
                </div>
            })}
            <button type="button" class="primary" on:click=save>"Save the reset plans"</button>
            <p role="status" aria-live="polite">{move || said.get()}</p>
        </section>
    })
}
