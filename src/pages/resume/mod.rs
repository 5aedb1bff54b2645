//! `/resume`: where will my consumers resume? A person gives what their MirrorMaker 2
//! holds now (the offset-syncs and checkpoints topics as the console consumer prints them,
//! the source's consumer-groups table, optionally the configuration) by choosing, dropping
//! or pasting; the page reads it in slices (a million lines never freezes the tab, and a
//! new input cancels the read under way) with `hoplab_copiers::resume`, the same code as
//! `hoplab resume`, and shows per group and partition where it resumes and why. Nothing
//! leaves the browser.

mod inputs;
mod table;

use std::sync::Arc;

use gloo_timers::future::TimeoutFuture;
use hoplab_copiers::resume::{answer, Answer, Gathered, KafkaVersion, Options, Reset};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::components::set_page_title;
use inputs::{Inputs, Pasted};
use table::{AnswerView, ResetPlans};

/// Lines read between two yields to the browser.
const LINES_PER_SLICE: usize = 20_000;

/// The releases offered, newest first: each differs in its translation or its defects.
const RELEASES: &[&str] = &[
    "4.1.0", "4.0.0", "3.9.0", "3.8.0", "3.7.1", "3.7.0", "3.6.0", "3.5.2", "3.5.1", "3.5.0",
    "3.4.1", "3.4.0", "3.3.2", "3.2.0", "2.8.0",
];

/// Where the reading stands.
#[derive(Clone, Debug, PartialEq)]
enum Reading {
    Idle,
    /// Lines read so far, of about how many.
    Working(usize, usize),
    Done(Arc<Answer>),
    Failed(String),
}

#[component]
pub fn ResumePage() -> impl IntoView {
    crate::page_styles::RESUME.add();
    set_page_title("Where will my consumers resume?");
    let inputs = RwSignal::new(Vec::<Pasted>::new());
    let release = RwSignal::new(RELEASES[0].to_string());
    let reset = RwSignal::new(Reset::Latest);
    let reading = RwSignal::new(Reading::Idle);
    // Each read's number: a newer one makes an older one stop at its next slice.
    let generation = StoredValue::new(0u64);
    Effect::new(move || {
        let given = inputs.get();
        let kafka = KafkaVersion::parse(&release.get()).unwrap_or(Options::default().kafka);
        let options = Options {
            kafka,
            reset: reset.get(),
        };
        let me = generation.get_value() + 1;
        generation.set_value(me);
        if given.is_empty() {
            reading.set(Reading::Idle);
            return;
        }
        spawn_local(async move {
            let current = move || generation.try_get_value() == Some(me);
            match gather_in_slices(&given, reading, current).await {
                Some(Ok(g)) if current() => {
                    reading.set(Reading::Done(Arc::new(answer(&g, &options))))
                }
                Some(Err(why)) if current() => reading.set(Reading::Failed(why)),
                _ => {}
            }
        });
    });
    let cancel = move |_| {
        generation.update_value(|g| *g += 1);
        reading.set(Reading::Failed(
            "Stopped: nothing more was read. Change an input or the release to read again.".into(),
        ));
    };
    view! {
        <div class="page resume-page">
            <h1>"Where will my consumers resume?"</h1>
            <p class="lede">
                "Give this page what your MirrorMaker 2 holds now, and it says, for every consumer group and partition, "
                "where the group would resume on the target after a failover, how much it would read again or skip, and why. "
                "It reads MirrorMaker 2’s own offset data the way Kafka’s checkpoint task does, by the rules of the release you run."
            </p>
            <p class="resume-private" role="note">"Nothing leaves this browser: the files are read here and sent nowhere."</p>
            <HowToPrint />
            <Inputs inputs />
            <ReleaseAndReset release reset />
            <div class="resume-status" role="status" aria-live="polite">
                {move || match reading.get() {
                    Reading::Idle => view! { <p>"Add the dumps above to see the answer."</p> }.into_any(),
                    Reading::Working(done, total) => view! {
                        <p>{format!("Reading… {done} of about {total} lines.")} " "
                            <button type="button" on:click=cancel>"Stop"</button></p>
                    }.into_any(),
                    Reading::Done(a) => view! { <p>{a.read.join("; ")}</p> }.into_any(),
                    Reading::Failed(_) => ().into_any(),
                }}
            </div>
            {move || match reading.get() {
                Reading::Failed(why) => Some(view! { <p class="resume-error" role="alert">{why}</p> }.into_any()),
                Reading::Done(a) => Some(view! { <AnswerView answer=a.clone() /> <ResetPlans answer=a /> }.into_any()),
                _ => None,
            }}
        </div>
    }
}

/// Reads every input a slice of lines at a time, yielding to the browser between slices
/// and stopping (`None`) once `current` says a newer read has begun.
async fn gather_in_slices(
    given: &[Pasted],
    reading: RwSignal<Reading>,
    current: impl Fn() -> bool,
) -> Option<Result<Gathered, String>> {
    let total: usize = given.iter().map(|p| p.lines).sum();
    let mut done = 0;
    let mut g = Gathered::default();
    for p in given {
        let mut file = g.file(&p.name);
        for (i, line) in p.text.lines().enumerate() {
            if let Err(e) = file.line(line) {
                return Some(Err(e.to_string()));
            }
            if i % LINES_PER_SLICE == LINES_PER_SLICE - 1 {
                done += LINES_PER_SLICE;
                reading.set(Reading::Working(done, total));
                TimeoutFuture::new(0).await;
                if !current() {
                    return None;
                }
            }
        }
        let small = (p.text.len() <= hoplab_copiers::limits::MAX_INPUT_BYTES).then_some(&*p.text);
        if let Err(e) = file.finish(small) {
            return Some(Err(e.to_string()));
        }
    }
    Some(Ok(g))
}

/// The rules to read by: the Kafka release, and what consumers do with no checkpoint.
#[component]
fn ReleaseAndReset(release: RwSignal<String>, reset: RwSignal<Reset>) -> impl IntoView {
    view! {
        <div class="resume-options">
            <label>
                <span>"Kafka release MirrorMaker 2 runs"</span>
                <select prop:value=move || release.get() on:change=move |ev| release.set(event_target_value(&ev))>
                    {RELEASES.iter().map(|r| view! { <option value=*r>{*r}</option> }).collect_view()}
                </select>
            </label>
            <label>
                <span>"Consumers’ auto.offset.reset"</span>
                <select prop:value=move || if reset.get() == Reset::Latest { "latest" } else { "earliest" }
                    on:change=move |ev| reset.set(Reset::parse(&event_target_value(&ev)).unwrap_or_default())>
                    <option value="latest">"latest (the default)"</option>
                    <option value="earliest">"earliest"</option>
                </select>
            </label>
        </div>
    }
}

/// The three commands that print what the page reads.
#[component]
fn HowToPrint() -> impl IntoView {
    view! {
        <details class="resume-howto">
            <summary>"How to print what this page reads"</summary>
            <p>"On a machine with Kafka’s tools, with "<code>"$SOURCE"</code>" and "<code>"$TARGET"</code>" set to each cluster’s bootstrap servers. MirrorMaker 2 names the checkpoints topic, on the target, after the source’s alias ("<code>"primary.checkpoints.internal"</code>" when the source is "<code>"primary"</code>") and the offset-syncs topic after the target’s ("<code>"mm2-offset-syncs.backup.internal"</code>" when the target is "<code>"backup"</code>"), on the source unless "<code>"offset-syncs.topic.location=target"</code>":"</p>
            <pre><code>"kafka-console-consumer.sh --bootstrap-server $SOURCE \\\n  --topic mm2-offset-syncs.backup.internal --from-beginning \\\n  --formatter org.apache.kafka.connect.mirror.formatters.OffsetSyncFormatter > offset-syncs.txt"</code></pre>
            <pre><code>"kafka-console-consumer.sh --bootstrap-server $TARGET \\\n  --topic primary.checkpoints.internal --from-beginning \\\n  --formatter org.apache.kafka.connect.mirror.formatters.CheckpointFormatter > checkpoints.txt"</code></pre>
            <pre><code>"kafka-consumer-groups.sh --bootstrap-server $SOURCE --describe --all-groups > consumer-groups.txt"</code></pre>
            <p>"Optionally the target’s own group table too, so the answer says where each consumer will actually start (a group’s offset on the target comes first, and MirrorMaker 2 never moves it back):"</p>
            <pre><code>"kafka-consumer-groups.sh --bootstrap-server $TARGET --describe --all-groups > target-groups.txt"</code></pre>
            <p>"Stop each console consumer once it has printed everything (add "<code>"--timeout-ms 10000"</code>"). The MirrorMaker 2 configuration (properties, connector JSON or a Strimzi resource) is optional: its "<code>"groups"</code>" filter is then taken into account."</p>
        </details>
    }
}
