//! JetStream mirrors and sources, on two nats-servers in two domains joined by a leaf
//! node (two sites), or on one server (one domain).

use super::{Case, Outcome};
use crate::compare::{count_held, held_facts, model_held, run_model, Fact, Held, LOOPING};
use crate::estate::{estate, hop, preset, sites, writer};
use crate::jetstream::{two_domains, Js, Stored};
use crate::Servers;
use hoplab_copiers::CopierId;
use hoplab_copiers::PresetId;
use hoplab_model::spec::*;
use serde_json::json;
use std::collections::BTreeMap;
use std::time::Duration;

pub fn cases() -> Vec<Case> {
    vec![
        Case {
            id: "jetstream-mirror-after-retention",
            copier: CopierId::JetstreamMirror,
            server: "nats-server",
            title: "A mirror started after its origin aged records out",
            preset: PresetId::JetstreamMirror,
            run: mirror_after_retention,
        },
        Case {
            id: "jetstream-source-local-writes",
            copier: CopierId::JetstreamSource,
            server: "nats-server",
            title: "A source into a stream that also takes local writes",
            preset: PresetId::JetstreamSource,
            run: source_with_local_writes,
        },
        Case {
            id: "jetstream-sources-both-ways-one-domain",
            copier: CopierId::JetstreamSource,
            server: "nats-server",
            title: "Two streams of one domain sourcing each other",
            preset: PresetId::JetstreamSource,
            run: both_ways_one_domain,
        },
        Case {
            id: "jetstream-sources-both-ways-two-domains",
            copier: CopierId::JetstreamSource,
            server: "nats-server",
            title: "Streams in two domains sourcing each other",
            preset: PresetId::JetstreamSource,
            run: both_ways_two_domains,
        },
    ]
}

const WAIT: Duration = Duration::from_secs(15);

/// A JetStream preset's options standing for the nats-server release the case runs on,
/// so the model answers as that release does.
pub(super) fn on_release(id: PresetId, version: &str) -> HopOptions {
    let mut options = preset(id);
    options.nats_release = NatsRelease::of_version(version);
    options
}

/// Counts a writer's records in stored messages; a message's position at its source is
/// the origin stream's sequence for that payload, where the origin is known.
fn real_held(stored: &[Stored], writer: &str, origin_seq: &BTreeMap<String, u64>) -> Held {
    count_held(
        writer,
        stored.iter().map(|s| {
            let payload = s.msg.payload.as_slice();
            let from = String::from_utf8_lossy(payload).to_string();
            // A copy is a message the copier wrote: it carries Nats-Stream-Source, or the
            // stream is a mirror (no header) and the payload was published elsewhere.
            let copied =
                s.msg.header("Nats-Stream-Source").is_some() || origin_seq.contains_key(&from);
            (
                payload,
                s.seq,
                copied.then(|| origin_seq.get(&from).copied().unwrap_or(0)),
            )
        }),
    )
}

fn publish_n(
    js: &mut Js,
    subject: &str,
    writer: &str,
    n: u64,
) -> Result<BTreeMap<String, u64>, String> {
    let mut seqs = BTreeMap::new();
    for i in 0..n {
        let payload = format!("{writer}:{i}");
        let seq = js.publish(subject, &payload)?;
        seqs.insert(payload, seq);
    }
    Ok(seqs)
}

/// Origin keeps 5 of 10 records (max_msgs 5); a mirror created afterwards in the other
/// domain starts at the origin's first kept record and keeps its sequence numbers.
fn mirror_after_retention(servers: &mut Servers) -> Result<Outcome, String> {
    let (a, b) = two_domains(&servers.nats, "east", "west")?;
    let mut ja = Js::connect(&a)?;
    let mut jb = Js::connect(&b)?;
    ja.add_stream(
        json!({"name": "ORDERS", "subjects": ["orders"], "max_msgs": 5, "storage": "memory"}),
    )?;
    let mut seqs = publish_n(&mut ja, "orders", "w", 10)?;
    // Only the kept records are at their origin positions now.
    let (_, first, _) = ja.state("ORDERS")?;
    seqs.retain(|_, s| *s >= first);
    jb.add_stream(json!({"name": "ORDERS", "storage": "memory",
        "mirror": {"name": "ORDERS", "external": {"api": "$JS.east.API"}}}))?;
    jb.wait_for("ORDERS", 5, WAIT)?;
    let stored = jb.messages("ORDERS")?;
    let real = real_held(&stored, "w", &seqs);

    let mut origin = StreamSpec::new("east", "ORDERS", 1);
    origin.retention.max_records = Some(5);
    let mut mirror = on_release(PresetId::JetstreamMirror, &servers.nats.version);
    mirror.start_at_ms = 3_000;
    let spec = estate(
        Topology {
            sites: sites(&["east", "west"]),
            streams: vec![origin, StreamSpec::new("west", "ORDERS", 1)],
            hops: vec![hop(
                "mirror",
                ("east", "ORDERS"),
                ("west", "ORDERS"),
                mirror,
            )],
            writers: vec![writer("w", "east", "ORDERS", 10, 0)],
            ..Topology::default()
        },
        10_000,
    );
    let sim = run_model(&spec, 10_000)?;
    let model = model_held(&sim, "west", "ORDERS", "w");
    let mut out = Outcome {
        facts: held_facts("the mirror in west", real, model),
        ..Outcome::default()
    };
    let first_real = stored.first().map_or(0, |s| s.seq);
    out.notes.push(format!(
        "The origin kept sequences {first} to 10 of 10; the mirror's first message has sequence {first_real}."
    ));
    out.notes.push(format!(
        "A mirror's copies carry no Nats-Stream-Source header: {}.",
        if stored
            .iter()
            .all(|s| s.msg.header("Nats-Stream-Source").is_none())
        {
            "none did"
        } else {
            "some did"
        }
    ));
    Ok(out)
}

/// West's AGG takes 3 local writes, then sources 10 records from east's ORDERS: the
/// copies are renumbered after the local ones and name their upstream in a header.
fn source_with_local_writes(servers: &mut Servers) -> Result<Outcome, String> {
    let (a, b) = two_domains(&servers.nats, "east", "west")?;
    let mut ja = Js::connect(&a)?;
    let mut jb = Js::connect(&b)?;
    ja.add_stream(json!({"name": "ORDERS", "subjects": ["orders"], "storage": "memory"}))?;
    jb.add_stream(
        json!({"name": "AGG", "subjects": ["agg"], "storage": "memory",
        "sources": [{"name": "ORDERS", "external": {"api": "$JS.east.API"}}]}),
    )?;
    publish_n(&mut jb, "agg", "l", 3)?;
    let seqs = publish_n(&mut ja, "orders", "w", 10)?;
    jb.wait_for("AGG", 13, WAIT)?;
    let stored = jb.messages("AGG")?;
    let real_w = real_held(&stored, "w", &seqs);
    let real_l = real_held(&stored, "l", &BTreeMap::new());

    let (model_w, model_l) = modelled_source(3, 10, &servers.nats.version)?;
    let mut facts = held_facts("east's records in west's AGG", real_w, model_w);
    facts.extend(held_facts("west's local writes in AGG", real_l, model_l));
    let header = stored
        .iter()
        .find_map(|s| s.msg.header("Nats-Stream-Source"))
        .unwrap_or("(none)")
        .to_string();
    Ok(Outcome {
        facts,
        notes: vec![format!(
            "A sourced copy's Nats-Stream-Source header reads {header:?}."
        )],
    })
}

/// X sources Y and Y sources X on one server: the second configuration is refused, an
/// update or a creation alike.
fn both_ways_one_domain(servers: &mut Servers) -> Result<Outcome, String> {
    let site = crate::jetstream::start(&servers.nats, "hub", "")?;
    let mut js = Js::connect(&site)?;
    js.add_stream(json!({"name": "X", "subjects": ["x"], "storage": "memory"}))?;
    js.add_stream(json!({"name": "Y", "subjects": ["y"], "storage": "memory",
        "sources": [{"name": "X"}]}))?;
    // Changing X to source Y closes the cycle.
    let update = js.update_stream(json!({"name": "X", "subjects": ["x"], "storage": "memory",
        "sources": [{"name": "Y"}]}));
    let real = match &update {
        Ok(()) => "accepted".to_string(),
        Err(_) => "refused".to_string(),
    };
    // The same cycle closed at creation: Z sources W before W exists, then W is created
    // sourcing Z (checkStreamCfg follows the sources of the streams it can see).
    js.add_stream(json!({"name": "Z", "subjects": ["z"], "storage": "memory",
        "sources": [{"name": "W"}]}))?;
    let create = js.add_stream(json!({"name": "W", "subjects": ["w"], "storage": "memory",
        "sources": [{"name": "Z"}]}));
    let spec = estate(
        Topology {
            sites: sites(&["hub"]),
            streams: vec![
                StreamSpec::new("hub", "X", 1),
                StreamSpec::new("hub", "Y", 1),
            ],
            hops: vec![
                hop(
                    "x-to-y",
                    ("hub", "X"),
                    ("hub", "Y"),
                    on_release(PresetId::JetstreamSource, &servers.nats.version),
                ),
                hop(
                    "y-to-x",
                    ("hub", "Y"),
                    ("hub", "X"),
                    on_release(PresetId::JetstreamSource, &servers.nats.version),
                ),
            ],
            writers: vec![writer("w", "hub", "X", 3, 0)],
            ..Topology::default()
        },
        5_000,
    );
    let findings = hoplab_copiers::design_lint(&spec.topology);
    let model = if findings.iter().any(|f| f.code == "jetstream-cycle-refused") {
        "refused"
    } else {
        "accepted"
    };
    let mut out = Outcome {
        facts: vec![
            Fact::new("the configuration that closes the cycle", real, model),
            Fact::new(
                "a new stream that closes a cycle",
                if create.is_ok() {
                    "accepted"
                } else {
                    "refused"
                },
                model,
            ),
        ],
        ..Outcome::default()
    };
    for answer in [update, create] {
        if let Err(e) = answer {
            out.notes.push(format!("nats-server answered: {e}"));
        }
    }
    Ok(out)
}

/// East's X sources west's X and west's X sources east's X (external API, no cycle
/// check across domains): every record goes round and round.
fn both_ways_two_domains(servers: &mut Servers) -> Result<Outcome, String> {
    let (a, b) = two_domains(&servers.nats, "east", "west")?;
    let mut ja = Js::connect(&a)?;
    let mut jb = Js::connect(&b)?;
    // Core subjects span the leaf connection: each stream listens on a subject of its own.
    // A loop grows without end: a limit keeps the servers' memory bounded.
    ja.add_stream(
        json!({"name": "X", "subjects": ["east.x"], "storage": "memory", "max_msgs": 2000,
        "sources": [{"name": "X", "external": {"api": "$JS.west.API"}}]}),
    )?;
    jb.add_stream(
        json!({"name": "X", "subjects": ["west.x"], "storage": "memory", "max_msgs": 2000,
        "sources": [{"name": "X", "external": {"api": "$JS.east.API"}}]}),
    )?;
    publish_n(&mut ja, "east.x", "e", 5)?;
    publish_n(&mut jb, "west.x", "w", 5)?;
    // A loop shows as more copies than LOOPING per record; a guarded estate settles at
    // 10 messages a side and never gets there, so the wait ends at its limit.
    let want = 10 * LOOPING;
    jb.wait_for("X", want, WAIT)?;
    ja.wait_for("X", want, WAIT)?;
    // Stop the loop before counting, so the counts are of one moment.
    ja.update_stream(json!({"name": "X", "subjects": ["east.x"], "storage": "memory"}))?;
    jb.update_stream(json!({"name": "X", "subjects": ["west.x"], "storage": "memory"}))?;
    let east = ja.messages("X")?;
    let west = jb.messages("X")?;
    let none = BTreeMap::new();
    let spec = loop_across_domains(&servers.nats.version);
    let sim = run_model(&spec, 20_000)?;
    let mut facts = held_facts(
        "east's records in east",
        real_held(&east, "e", &none),
        model_held(&sim, "east", "X", "e"),
    );
    facts.extend(held_facts(
        "east's records in west",
        real_held(&west, "e", &none),
        model_held(&sim, "west", "X", "e"),
    ));
    facts.retain(|f| f.what.ends_with("copies"));
    let lint = hoplab_copiers::design_lint(&spec.topology);
    facts.push(Fact::new(
        "the configuration",
        "accepted",
        if lint.iter().any(|f| f.code == "jetstream-cycle-refused") {
            "refused"
        } else {
            "accepted"
        },
    ));
    Ok(Outcome {
        facts,
        notes: vec![format!(
            "After the wait east's X held {} messages and west's {} (10 written).",
            east.len(),
            west.len()
        )],
    })
}

/// The model's side of [`both_ways_two_domains`]: two sites' X sourcing each other.
fn loop_across_domains(version: &str) -> ScenarioSpec {
    estate(
        Topology {
            sites: sites(&["east", "west"]),
            streams: vec![
                StreamSpec::new("east", "X", 1),
                StreamSpec::new("west", "X", 1),
            ],
            hops: vec![
                hop(
                    "east-to-west",
                    ("east", "X"),
                    ("west", "X"),
                    on_release(PresetId::JetstreamSource, version),
                ),
                hop(
                    "west-to-east",
                    ("west", "X"),
                    ("east", "X"),
                    on_release(PresetId::JetstreamSource, version),
                ),
            ],
            writers: vec![
                writer("e", "east", "X", 5, 0),
                writer("w", "west", "X", 5, 0),
            ],
            ..Topology::default()
        },
        20_000,
    )
}

/// The model's JetStream mirror of east's ORDERS into west's ORDERS, standing for
/// nats-server `version`, after writer `w` published `writes` messages there.
pub(super) fn mirror_estate(writes: u64, version: &str) -> ScenarioSpec {
    let options = on_release(PresetId::JetstreamMirror, version);
    estate(
        Topology {
            sites: sites(&["east", "west"]),
            streams: vec![
                StreamSpec::new("east", "ORDERS", 1),
                StreamSpec::new("west", "ORDERS", 1),
            ],
            hops: vec![hop(
                "mirror",
                ("east", "ORDERS"),
                ("west", "ORDERS"),
                options,
            )],
            writers: vec![writer("w", "east", "ORDERS", writes, 0)],
            ..Topology::default()
        },
        10_000,
    )
}

/// What the model's mirror ([`mirror_estate`]) holds at west after 10 s: the side the
/// cases that mirror one stream compare.
pub(super) fn modelled_mirror(writes: u64, version: &str) -> Result<Held, String> {
    let sim = run_model(&mirror_estate(writes, version), 10_000)?;
    Ok(model_held(&sim, "west", "ORDERS", "w"))
}

/// What the model's JetStream source of east's ORDERS into west's AGG holds there, of
/// AGG's own writer `l` (`local` records, written first) and of ORDERS' writer `w`
/// (`writes` records, a second later): (w's, l's).
pub(super) fn modelled_source(
    local: u64,
    writes: u64,
    version: &str,
) -> Result<(Held, Held), String> {
    let spec = estate(
        Topology {
            sites: sites(&["east", "west"]),
            streams: vec![
                StreamSpec::new("east", "ORDERS", 1),
                StreamSpec::new("west", "AGG", 1),
            ],
            hops: vec![hop(
                "source",
                ("east", "ORDERS"),
                ("west", "AGG"),
                on_release(PresetId::JetstreamSource, version),
            )],
            writers: vec![
                writer("l", "west", "AGG", local, 0),
                writer("w", "east", "ORDERS", writes, 1_000),
            ],
            ..Topology::default()
        },
        10_000,
    );
    let sim = run_model(&spec, 10_000)?;
    Ok((
        model_held(&sim, "west", "AGG", "w"),
        model_held(&sim, "west", "AGG", "l"),
    ))
}
