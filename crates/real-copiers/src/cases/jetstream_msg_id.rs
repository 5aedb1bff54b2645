//! A JetStream mirror of a stream whose writers set `Nats-Msg-Id`, the origin holding two
//! messages with one id (written further apart than its duplicate window), then one more.
//! From nats-server 2.12.8 (and 2.14.0) a mirror copies every message, as the model's
//! mirror does, and the case compares the counts. Earlier releases (2.9.10, 2.10.26 and
//! 2.11.11 here) mostly drop the repeat as a duplicate in the mirror's own window and then
//! copy nothing more, but not always (on a busy machine one run copied all three, another
//! stored the third at the mirror's sequence 2, no longer the origin's). The model has no
//! message ids: its hop's release ([`NatsRelease::mirror_dedups_msg_ids`]) says which rule
//! holds, and on the releases that de-duplicate the case compares only what holds either
//! way (the first message is copied) and notes the count and positions.

use super::{Case, Outcome};
use crate::compare::{count_held, held_facts, Fact, Held};
use crate::jetstream::{two_domains, Js, Release};
use crate::Servers;
use hoplab_copiers::{CopierId, PresetId};
use hoplab_model::spec::NatsRelease;
use serde_json::json;
use std::collections::BTreeMap;
use std::time::Duration;

pub fn cases() -> Vec<Case> {
    vec![Case {
        id: "jetstream-mirror-repeated-msg-id",
        copier: CopierId::JetstreamMirror,
        server: "nats-server",
        title: "A mirror of an origin holding two messages with one Nats-Msg-Id",
        preset: PresetId::JetstreamMirror,
        run: repeated_msg_id,
    }]
}

/// Whether the model's mirror, standing for the release, copies a repeated id.
fn copies_repeats(release: &Release) -> bool {
    !NatsRelease::of_version(&release.version).mirror_dedups_msg_ids()
}

fn repeated_msg_id(servers: &mut Servers) -> Result<Outcome, String> {
    let (a, b) = two_domains(&servers.nats, "east", "west")?;
    let mut ja = Js::connect(&a)?;
    let mut jb = Js::connect(&b)?;
    ja.add_stream(
        json!({"name": "ORDERS", "subjects": ["orders"], "storage": "memory",
        "duplicate_window": 200_000_000u64}),
    )?;
    let mut seqs = BTreeMap::new();
    let id = [("Nats-Msg-Id", "order-1")];
    seqs.insert("w:0".to_string(), ja.publish_with("orders", &id, "w:0")?);
    std::thread::sleep(Duration::from_millis(600));
    seqs.insert("w:1".to_string(), ja.publish_with("orders", &id, "w:1")?);
    seqs.insert("w:2".to_string(), ja.publish("orders", "w:2")?);
    jb.add_stream(json!({"name": "ORDERS", "storage": "memory",
        "mirror": {"name": "ORDERS", "external": {"api": "$JS.east.API"}}}))?;
    let want = if copies_repeats(&servers.nats) { 3 } else { 10 };
    jb.wait_for("ORDERS", want.min(3), Duration::from_secs(want))?;
    let real = count_held(
        "w",
        jb.messages("ORDERS")?.iter().map(|s| {
            let from = String::from_utf8_lossy(&s.msg.payload).to_string();
            (s.msg.payload.as_slice(), s.seq, seqs.get(&from).copied())
        }),
    );
    let stored = format!(
        "The mirror held {} of the origin's 3 messages after the wait; the origin stored w:0 and w:1, both with Nats-Msg-Id order-1, at {:?} and {:?}.",
        real.copies, seqs["w:0"], seqs["w:1"]
    );
    if copies_repeats(&servers.nats) {
        return Ok(Outcome {
            facts: held_facts("the mirror in west", real, expected(&servers.nats)?),
            notes: vec![stored],
        });
    }
    // Before 2.12.8: the first message, whatever the race did after.
    let first = if real.records >= 1 {
        "copied"
    } else {
        "missing"
    };
    Ok(Outcome {
        facts: vec![Fact::new("the first message with the id", first, "copied")],
        notes: vec![
            stored,
            format!("The mirror's positions: {}.", real.positions_word()),
            "Releases before 2.12.8 may drop the repeat, then copy nothing after it or store what follows at its own next sequence: the copies and positions are not compared there.".into(),
        ],
    })
}

/// The model's mirror of the origin's three messages.
fn expected(release: &Release) -> Result<Held, String> {
    super::jetstream::modelled_mirror(3, &release.version)
}
