//! Two JetStream behaviours carried in message headers, each on every release:
//!
//! - Per-message TTL (`Nats-TTL`, nats-server 2.11 and later, on a stream with
//!   `allow_msg_ttl`). In v2.11.11's server/stream.go a message whose stream does not
//!   allow TTLs is refused only when it is not `sourced` (a mirror's or a source's copy is
//!   stored anyway, its header kept), and memstore.go expires by TTL only in a store whose
//!   own configuration allows TTLs: so a mirror copies the header and expires the copy only
//!   if the mirror itself has `allow_msg_ttl`.
//! - A client write carrying its own `Nats-Stream-Source` header: refused from 2.15
//!   ("message stream source header is not allowed", nats-io/nats-server 452802b08, "(2.15)
//!   [FIXED] Don't allow non-sourced publish of source header", server/stream.go); before,
//!   stored as written, and a source's copy of it has the header replaced by the source's own
//!   (`removeHeaderIfPresent(hdr, JSStreamSource)` before `genHeader`, server/stream.go).
//!
//! - Counter streams and atomic batches (2.12): a mirror may be neither ("stream mirrors can
//!   not also calculate counters", "stream mirrors can not also use atomic publishing",
//!   server/stream.go and errors.json at v2.12.8); earlier releases ignore both fields.
//!
//! The model has no message headers: the copies of plain messages are compared with the
//! model's presets, and what the headers do is compared with the release's rule in
//! [`NatsRelease`], the model's nats-server release of the hop.

use super::{Case, Outcome};
use crate::compare::{count_held, held_facts, Fact};
use crate::jetstream::{two_domains, Js, Stored};
use crate::Servers;
use hoplab_copiers::{CopierId, PresetId};
use hoplab_model::spec::NatsRelease;
use serde_json::json;
use std::collections::BTreeMap;
use std::time::Duration;

pub fn cases() -> Vec<Case> {
    vec![
        Case {
            id: "jetstream-mirror-message-ttl",
            copier: CopierId::JetstreamMirror,
            server: "nats-server",
            title: "A mirror of an origin whose writer sets a per-message TTL (Nats-TTL)",
            preset: PresetId::JetstreamMirror,
            run: mirror_message_ttl,
        },
        Case {
            id: "jetstream-mirror-counters-and-batches",
            copier: CopierId::JetstreamMirror,
            server: "nats-server",
            title: "A mirror configured as a counter stream, or for atomic batches",
            preset: PresetId::JetstreamMirror,
            run: mirror_counters_and_batches,
        },
        Case {
            id: "jetstream-source-client-source-header",
            copier: CopierId::JetstreamSource,
            server: "nats-server",
            title: "A source of a stream whose client writes its own Nats-Stream-Source header",
            preset: PresetId::JetstreamSource,
            run: client_source_header,
        },
    ]
}

fn held(stored: &[Stored], writer: &str, seqs: &BTreeMap<String, u64>) -> crate::compare::Held {
    count_held(
        writer,
        stored.iter().map(|s| {
            let from = String::from_utf8_lossy(&s.msg.payload).to_string();
            (s.msg.payload.as_slice(), s.seq, seqs.get(&from).copied())
        }),
    )
}

fn holds(stored: &[Stored], payload: &str) -> bool {
    stored.iter().any(|s| s.msg.payload == payload.as_bytes())
}

fn kept_or_expired(kept: bool) -> &'static str {
    if kept {
        "kept"
    } else {
        "expired"
    }
}

/// East's ORDERS (with `allow_msg_ttl`) takes t:0 with `Nats-TTL: 1s`, then w:0..w:2;
/// west mirrors it twice, into ORDERS (no `allow_msg_ttl`) and TTL (with it).
fn mirror_message_ttl(servers: &mut Servers) -> Result<Outcome, String> {
    let (a, b) = two_domains(&servers.nats, "east", "west")?;
    let mut ja = Js::connect(&a)?;
    let mut jb = Js::connect(&b)?;
    ja.add_stream(
        json!({"name": "ORDERS", "subjects": ["orders"], "storage": "memory",
        "allow_msg_ttl": true}),
    )?;
    for (name, ttl) in [("ORDERS", false), ("TTL", true)] {
        jb.add_stream(
            json!({"name": name, "storage": "memory", "allow_msg_ttl": ttl,
            "mirror": {"name": "ORDERS", "external": {"api": "$JS.east.API"}}}),
        )?;
    }
    let mut seqs = BTreeMap::new();
    let written = std::time::Instant::now();
    seqs.insert(
        "t:0".to_string(),
        ja.publish_with("orders", &[("Nats-TTL", "1s")], "t:0")?,
    );
    for i in 0..3 {
        let p = format!("w:{i}");
        seqs.insert(p.clone(), ja.publish("orders", &p)?);
    }
    // Both mirrors have copied all four (or the time is up) before the TTL is.
    let early = [
        jb.wait_for("ORDERS", 4, Duration::from_secs(10))?,
        jb.wait_for("TTL", 4, Duration::from_secs(10))?,
    ];
    let header = jb
        .messages("ORDERS")?
        .into_iter()
        .find(|s| s.msg.payload == b"t:0")
        .map(|s| s.msg.header("Nats-TTL").unwrap_or("(none)").to_string());
    std::thread::sleep(Duration::from_millis(3_000).saturating_sub(written.elapsed()));
    let origin = ja.messages("ORDERS")?;
    let plain = jb.messages("ORDERS")?;
    let ttl = jb.messages("TTL")?;
    let model = super::jetstream::modelled_mirror(3, &servers.nats.version)?;
    let mut facts = held_facts("w's records in the mirror", held(&plain, "w", &seqs), model);
    facts.extend(held_facts(
        "w's records in the mirror that allows TTLs",
        held(&ttl, "w", &seqs),
        model,
    ));
    let rule = NatsRelease::of_version(&servers.nats.version);
    facts.push(Fact::new(
        "the TTL'd message at the origin, 3 s on",
        kept_or_expired(holds(&origin, "t:0")),
        kept_or_expired(!rule.message_ttl()),
    ));
    facts.push(Fact::new(
        "its copy in the mirror without allow_msg_ttl",
        kept_or_expired(holds(&plain, "t:0")),
        "kept",
    ));
    facts.push(Fact::new(
        "its copy in the mirror with allow_msg_ttl",
        kept_or_expired(holds(&ttl, "t:0")),
        kept_or_expired(!rule.message_ttl()),
    ));
    Ok(Outcome {
        facts,
        notes: vec![
            format!(
                "Before the TTL was up the mirrors held {} and {} of 4; the copy's Nats-TTL header read {}.",
                early[0],
                early[1],
                header.map_or("(no copy)".into(), |h| format!("{h:?}"))
            ),
            "What a header does is outside the model (it has no headers): the TTL rows are compared with the release's rule.".into(),
        ],
    })
}

/// One server: AGG takes 3 local writes and sources ORDERS; a client publishes w:0, then
/// f:0 carrying `Nats-Stream-Source: ELSEWHERE 7 > > orders`, then w:1 and w:2.
fn client_source_header(servers: &mut Servers) -> Result<Outcome, String> {
    let site = crate::jetstream::start(&servers.nats, "hub", "")?;
    let mut js = Js::connect(&site)?;
    js.add_stream(json!({"name": "ORDERS", "subjects": ["orders"], "storage": "memory"}))?;
    js.add_stream(
        json!({"name": "AGG", "subjects": ["agg"], "storage": "memory",
        "sources": [{"name": "ORDERS"}]}),
    )?;
    for i in 0..3 {
        js.publish("agg", &format!("l:{i}"))?;
    }
    let mut seqs = BTreeMap::new();
    seqs.insert("w:0".to_string(), js.publish("orders", "w:0")?);
    let forged = "ELSEWHERE 7 > > orders";
    let write = js.publish_with("orders", &[("Nats-Stream-Source", forged)], "f:0");
    if let Ok(seq) = write {
        seqs.insert("f:0".to_string(), seq);
    }
    for i in 1..3 {
        let p = format!("w:{i}");
        seqs.insert(p.clone(), js.publish("orders", &p)?);
    }
    let want = 6 + u64::from(write.is_ok());
    js.wait_for("AGG", want, Duration::from_secs(10))?;
    let agg = js.messages("AGG")?;
    let origin = js.messages("ORDERS")?;
    let (model_w, model_l) = super::jetstream::modelled_source(3, 3, &servers.nats.version)?;
    let mut facts = held_facts(
        "ORDERS' plain records in AGG",
        held(&agg, "w", &seqs),
        model_w,
    );
    facts.extend(held_facts(
        "AGG's local writes",
        held(&agg, "l", &BTreeMap::new()),
        model_l,
    ));
    let rule = NatsRelease::of_version(&servers.nats.version);
    let word = |stored: bool| if stored { "stored" } else { "refused" };
    facts.push(Fact::new(
        "a client write carrying Nats-Stream-Source",
        word(write.is_ok()),
        word(!rule.refuses_client_source_header()),
    ));
    let header_of = |stored: &[Stored]| {
        stored.iter().find(|s| s.msg.payload == b"f:0").map(|s| {
            s.msg
                .header("Nats-Stream-Source")
                .unwrap_or("(none)")
                .to_string()
        })
    };
    let mut notes = vec![match &write {
        Ok(seq) => format!(
            "ORDERS stored it at {seq} with its header {:?}; AGG's copy's header reads {:?}.",
            header_of(&origin).unwrap_or_default(),
            header_of(&agg).unwrap_or_else(|| "(no copy)".into())
        ),
        Err(e) => format!("nats-server answered: {e}"),
    }];
    notes.push("What a header does is outside the model (it has no headers): the write's row is compared with the release's rule.".into());
    Ok(Outcome { facts, notes })
}

/// East's ORDERS takes 3 writes; west mirrors it three times: plainly, with
/// `allow_msg_counter` and with `allow_atomic`.
fn mirror_counters_and_batches(servers: &mut Servers) -> Result<Outcome, String> {
    let (a, b) = two_domains(&servers.nats, "east", "west")?;
    let mut ja = Js::connect(&a)?;
    let mut jb = Js::connect(&b)?;
    ja.add_stream(json!({"name": "ORDERS", "subjects": ["orders"], "storage": "memory"}))?;
    let mut seqs = BTreeMap::new();
    for i in 0..3 {
        let p = format!("w:{i}");
        seqs.insert(p.clone(), ja.publish("orders", &p)?);
    }
    let mirror = |name: &str, extra: &str| {
        let mut config = json!({"name": name, "storage": "memory",
            "mirror": {"name": "ORDERS", "external": {"api": "$JS.east.API"}}});
        if !extra.is_empty() {
            config[extra] = json!(true);
        }
        config
    };
    jb.add_stream(mirror("ORDERS", ""))?;
    let counters = jb.add_stream(mirror("COUNTERS", "allow_msg_counter"));
    let batches = jb.add_stream(mirror("BATCHES", "allow_atomic"));
    jb.wait_for("ORDERS", 3, Duration::from_secs(10))?;
    let plain = jb.messages("ORDERS")?;
    let model = super::jetstream::modelled_mirror(3, &servers.nats.version)?;
    let mut facts = held_facts("the plain mirror in west", held(&plain, "w", &seqs), model);
    let rule = NatsRelease::of_version(&servers.nats.version);
    let word = |taken: bool| if taken { "accepted" } else { "refused" };
    facts.push(Fact::new(
        "a mirror with allow_msg_counter",
        word(counters.is_ok()),
        word(!rule.counters_and_batches()),
    ));
    facts.push(Fact::new(
        "a mirror with allow_atomic",
        word(batches.is_ok()),
        word(!rule.counters_and_batches()),
    ));
    let mut notes: Vec<String> = [counters, batches]
        .into_iter()
        .filter_map(Result::err)
        .map(|e| format!("nats-server answered: {e}"))
        .collect();
    notes.push("Before 2.12 the fields are unknown to the server and ignored, so the mirror is created as a plain one. Counters and batches are outside the model: those rows are compared with the release's rule.".into());
    Ok(Outcome { facts, notes })
}
