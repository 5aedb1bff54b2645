//! A JetStream mirror promoted in place: an update of its configuration with `mirror`
//! removed and subjects added, then a client write. nats-server takes the update from
//! 2.12 (nats-io/nats-server #7171) and refuses it before ("stream mirror configuration
//! can not be updated"), so what this case expects depends on the release it runs on: the
//! model's mirror stands for that release ([`hoplab_model::spec::NatsRelease`]) and its
//! Promote is taken or refused as the release's update is, and Hoplab's runbook names the
//! release promotion starts at.

use super::{Case, Outcome};
use crate::compare::{count_held, held_facts, model_held, run_model, Fact, Held};
use crate::jetstream::{two_domains, Js, Release};
use crate::Servers;
use hoplab_copiers::products::runbook::{self, Ends};
use hoplab_copiers::{CopierId, PresetId};
use hoplab_model::spec::Command;
use serde_json::json;
use std::time::Duration;

pub fn cases() -> Vec<Case> {
    vec![Case {
        id: "jetstream-mirror-promoted-in-place",
        copier: CopierId::JetstreamMirror,
        server: "nats-server",
        title: "A mirror promoted in place (its mirror setting removed) taking writes",
        preset: PresetId::JetstreamMirror,
        run: promoted_in_place,
    }]
}

/// The first release whose update may remove `mirror`, as Hoplab's JetStream mirror
/// runbook tells an operator ("Promote it (nats-server 2.12 and later)"): the case checks
/// those words against each release.
fn promotion_since() -> Result<Vec<u32>, String> {
    let book = runbook::of_preset(PresetId::JetstreamMirror)
        .ok_or("the JetStream mirror preset has no runbook")?;
    let ends = Ends {
        a: "east".into(),
        s: "ORDERS".into(),
        b: "west".into(),
        c: "ORDERS".into(),
    };
    let words = (book.failover)(&ends).join(" ");
    let since = words
        .split("Promote it (nats-server ")
        .nth(1)
        .and_then(|rest| rest.split(" and later").next())
        .ok_or_else(|| format!("the runbook names no release for promotion: {words}"))?;
    Ok(version(since))
}

fn version(text: &str) -> Vec<u32> {
    text.split('.').map_while(|p| p.parse().ok()).collect()
}

/// What Hoplab expects of `release`: whether the update is taken.
fn expects_promotion(release: &Release) -> Result<bool, String> {
    Ok(version(&release.version) >= promotion_since()?)
}

/// East's ORDERS takes 10 writes; west's ORDERS mirrors it; then west's is updated with
/// `mirror` removed and subject `west.orders` added, and a client writes to it.
fn promoted_in_place(servers: &mut Servers) -> Result<Outcome, String> {
    let (a, b) = two_domains(&servers.nats, "east", "west")?;
    let mut ja = Js::connect(&a)?;
    let mut jb = Js::connect(&b)?;
    ja.add_stream(json!({"name": "ORDERS", "subjects": ["orders"], "storage": "memory"}))?;
    jb.add_stream(json!({"name": "ORDERS", "storage": "memory",
        "mirror": {"name": "ORDERS", "external": {"api": "$JS.east.API"}}}))?;
    let mut seqs = std::collections::BTreeMap::new();
    for i in 0..10 {
        let payload = format!("w:{i}");
        seqs.insert(payload.clone(), ja.publish("orders", &payload)?);
    }
    jb.wait_for("ORDERS", 10, Duration::from_secs(15))?;
    let real = count_held(
        "w",
        jb.messages("ORDERS")?.iter().map(|s| {
            let from = String::from_utf8_lossy(&s.msg.payload).to_string();
            (s.msg.payload.as_slice(), s.seq, seqs.get(&from).copied())
        }),
    );
    let update = jb.update_stream(json!({"name": "ORDERS", "subjects": ["west.orders"],
        "storage": "memory"}));
    let write = match &update {
        Ok(()) => jb
            .publish("west.orders", "p:0")
            .map(|seq| format!("stored at sequence {seq}"))
            .unwrap_or_else(|_| "refused".into()),
        Err(_) => "refused".into(),
    };
    let mut out = compare(&servers.nats, real, &update, write)?;
    out.notes.push(match update {
        Ok(()) => "nats-server took the update that removes `mirror`.".to_string(),
        Err(e) => format!("nats-server answered: {e}"),
    });
    Ok(out)
}

/// The model's mirror before the promotion and its answer to a Promote, standing for the
/// release; the runbook's words for the release; and the write after.
fn compare(
    release: &Release,
    real: Held,
    update: &Result<(), String>,
    write: String,
) -> Result<Outcome, String> {
    let mut sim = run_model(
        &super::jetstream::mirror_estate(10, &release.version),
        10_000,
    )?;
    let model = model_held(&sim, "west", "ORDERS", "w");
    let answer = sim.apply(Command::Promote {
        hop: "mirror".into(),
    });
    let promotes = answer.is_ok();
    let word = |taken: bool| if taken { "accepted" } else { "refused" };
    let mut facts = held_facts("the mirror in west before promotion", real, model);
    facts.push(Fact::new(
        "the update that removes `mirror`",
        word(update.is_ok()),
        word(promotes),
    ));
    facts.push(Fact::new(
        "the update, as the runbook's \"Promote it (nats-server …)\" has it",
        word(update.is_ok()),
        word(expects_promotion(release)?),
    ));
    // The mirror kept the origin's numbers, so a write after promotion comes next.
    let next = if promotes && model.kept_positions == model.copies {
        format!("stored at sequence {}", model.copies + 1)
    } else {
        "refused".to_string()
    };
    facts.push(Fact::new("a client write after the update", write, next));
    Ok(Outcome {
        facts,
        notes: answer
            .err()
            .map(|e| format!("The model answered: {}", e.0))
            .into_iter()
            .collect(),
    })
}
