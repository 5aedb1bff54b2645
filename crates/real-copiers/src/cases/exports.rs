//! Hoplab's exports fed to the real servers: a RabbitMQ ring of three brokers' definitions
//! and NATS east and west domains' streams, imported and written back one file per broker
//! or domain onto the files they came in (`hoplab_copiers::export_files`), then each file
//! given to the server as a person deploys it. A file the server refuses fails the case,
//! named.

use super::{Case, Outcome};
use crate::compare::Fact;
use crate::jetstream::{two_domains, Js};
use crate::Servers;
use hoplab_copiers::{CopierId, Format, Input, PresetId, Written};
use serde_json::{json, Value};
use std::time::Duration;

pub fn cases() -> Vec<Case> {
    vec![
        Case {
            id: "jetstream-export-east-west-deployed",
            copier: CopierId::JetstreamSource,
            server: "nats-server",
            title: "Hoplab's export of two domains' streams, each file created on its domain",
            preset: PresetId::JetstreamSource,
            run: jetstream_export,
        },
        Case {
            id: "rabbitmq-export-ring-deployed",
            copier: CopierId::RabbitmqFederation,
            server: "rabbitmq-server",
            title: "Hoplab's export of a ring of three brokers, each file imported as definitions",
            preset: PresetId::RabbitmqFederationMaxHops,
            run: rabbitmq_export,
        },
    ]
}

const RING: [(&str, &str); 3] = [
    (
        "rabbitmq-ring-a.json",
        include_str!("../../../../tests/import/rabbitmq-ring-a.json"),
    ),
    (
        "rabbitmq-ring-b.json",
        include_str!("../../../../tests/import/rabbitmq-ring-b.json"),
    ),
    (
        "rabbitmq-ring-c.json",
        include_str!("../../../../tests/import/rabbitmq-ring-c.json"),
    ),
];

const DOMAINS: [(&str, &str); 2] = [
    (
        "nats-east.json",
        include_str!("../../../../tests/import/nats-east.json"),
    ),
    (
        "nats-west.json",
        include_str!("../../../../tests/import/nats-west.json"),
    ),
];

/// The files imported as one estate and written back onto themselves, one per broker or
/// domain (a file not written under the name it came in is an error); and the same
/// design written afresh, `<site>.json` each.
fn exported(files: &[(&str, &str)], to: Format) -> Result<(Vec<Written>, Vec<Written>), String> {
    let inputs: Vec<Input> = files.iter().map(|(n, t)| Input::new(n, t)).collect();
    let design = hoplab_copiers::import(&inputs, None).map_err(|e| e.to_string())?;
    let t = &design.spec.topology;
    let onto = hoplab_copiers::export_files(t, to, &inputs).map_err(|e| e.to_string())?;
    let names: Vec<Option<&str>> = onto.iter().map(|w| w.name.as_deref()).collect();
    let given: Vec<Option<&str>> = files.iter().map(|(n, _)| Some(*n)).collect();
    if names != given {
        return Err(format!(
            "the export wrote {names:?}, not one file per original as given ({given:?})"
        ));
    }
    let afresh = hoplab_copiers::export_files(t, to, &[]).map_err(|e| e.to_string())?;
    Ok((onto, afresh))
}

/// A refusal in a few words: rabbitmqctl quotes the whole file back after its reason.
fn short(e: &str) -> String {
    let why = e.find("Error:").map_or(e, |at| &e[at..]);
    let mut short: String = why.chars().take(200).collect();
    if short.len() < why.len() {
        short.push('…');
    }
    short
}

/// What a fact says of a file the server took or refused.
fn verdict(result: &Result<(), String>) -> String {
    match result {
        Ok(()) => "accepted".into(),
        Err(e) => format!("refused: {}", short(e)),
    }
}

/// Each domain's file, as written afresh and onto its original, created stream by stream (what `nats stream add
/// --config` sends) on that domain's server; then a record written in east reaches west
/// through the sources the files declare.
fn jetstream_export(servers: &mut Servers) -> Result<Outcome, String> {
    let (onto, afresh) = exported(&DOMAINS, Format::Nats)?;
    let (east, west) = two_domains(&servers.nats, "east", "west")?;
    let mut out = Outcome::default();
    // Written afresh first (then taken away): the files written onto stay to be run.
    for written in [&afresh, &onto] {
        let mut refused = Vec::new();
        let mut created = Vec::new();
        for w in written {
            let name = w.name.as_deref().unwrap_or("?");
            let site = match w.site.as_deref() {
                Some("east") => &east,
                Some("west") => &west,
                other => return Err(format!("{name}: written for domain {other:?}")),
            };
            let mut js = Js::connect(site)?;
            let doc: Value =
                serde_json::from_str(&w.text).map_err(|e| format!("{name}: not JSON: {e}"))?;
            let streams = match doc {
                Value::Array(a) => a,
                one => vec![one],
            };
            let result = streams.into_iter().try_for_each(|s| {
                created.push((site, s["name"].as_str().unwrap_or("").to_string()));
                js.add_stream(s)
            });
            if let Err(e) = &result {
                refused.push(format!("{name} ({})", short(e)));
            }
            let how = if w.onto.is_some() { "" } else { " (afresh)" };
            out.facts.push(Fact::new(
                format!(
                    "{name}{how} created on domain {}",
                    w.site.as_deref().unwrap_or("")
                ),
                verdict(&result),
                "accepted",
            ));
        }
        if !refused.is_empty() {
            return Err(format!("nats-server refused {}", refused.join(", ")));
        }
        if std::ptr::eq(written, &afresh) {
            for (site, stream) in created {
                Js::connect(site)?.delete_stream(&stream)?;
            }
        }
    }
    let mut je = Js::connect(&east)?;
    let mut jw = Js::connect(&west)?;
    je.publish("orders.east.1", "east:0")?;
    let reached = jw.wait_for("ORDERS", 1, Duration::from_secs(15))?;
    out.facts.push(Fact::new(
        "a record written in east reaches west's ORDERS through the exported sources",
        if reached >= 1 { "yes" } else { "no" },
        "yes",
    ));
    // What the export used to carry: the server's word on Hoplab's domain key.
    let old = je.add_stream(json!({"name": "OLD_EXPORT", "subjects": ["old.>"],
        "storage": "memory", "metadata": {"hoplab.domain": "east"}}));
    out.notes.push(format!(
        "a stream carrying the earlier export's metadata key hoplab.domain: {}",
        verdict(&old)
    ));
    Ok(out)
}

/// The parameters or policies of vhost `/` the server holds: (component or "policy", name).
fn held(rabbit: &crate::rabbitmq::Rabbit) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for p in rabbit
        .call("GET", "parameters", None)?
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["vhost"] == "/")
    {
        out.push((
            p["component"].as_str().unwrap_or("").to_string(),
            p["name"].as_str().unwrap_or("").to_string(),
        ));
    }
    for p in rabbit
        .call("GET", "policies/%2F", None)?
        .as_array()
        .into_iter()
        .flatten()
    {
        out.push((
            "policy".into(),
            p["name"].as_str().unwrap_or("").to_string(),
        ));
    }
    Ok(out)
}

/// What a definitions file declares in `/` that `held` lists.
fn declared(doc: &Value) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = doc["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            (
                p["component"].as_str().unwrap_or("").to_string(),
                p["name"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    for p in doc["policies"].as_array().into_iter().flatten() {
        out.push((
            "policy".into(),
            p["name"].as_str().unwrap_or("").to_string(),
        ));
    }
    out
}

/// Takes out of `/` what a file put there, so the next broker's file meets a clean node.
fn remove(rabbit: &crate::rabbitmq::Rabbit, doc: &Value) -> Result<(), String> {
    for (component, name) in declared(doc) {
        let path = if component == "policy" {
            format!("policies/%2F/{name}")
        } else {
            format!("parameters/{component}/%2F/{name}")
        };
        rabbit.call("DELETE", &path, None)?;
    }
    for e in doc["exchanges"].as_array().into_iter().flatten() {
        if let Some(name) = e["name"].as_str() {
            rabbit.call("DELETE", &format!("exchanges/%2F/{name}"), None)?;
        }
    }
    for q in doc["queues"].as_array().into_iter().flatten() {
        if let Some(name) = q["name"].as_str() {
            rabbit.call("DELETE", &format!("queues/%2F/{name}"), None)?;
        }
    }
    Ok(())
}

/// Each broker's file, as written onto its original and afresh, imported with `rabbitmqctl import_definitions` (as a
/// person deploys it) on this run's node, one after another, each leaving its upstreams,
/// upstream sets and policies there (read back through the management API); then taken
/// out again, and the node's cluster name put back; on a node of its own, stopped after.
fn rabbitmq_export(_: &mut Servers) -> Result<Outcome, String> {
    let (onto, afresh) = exported(&RING, Format::Rabbitmq)?;
    // A node of its own, as a broker being deployed to: on the node the earlier cases
    // had run federation on, 3.10.8's import failed stopping a federation link it did not
    // find (`{:badmatch, {:error, :not_found}}` in rabbit_federation_link_sup:stop/3),
    // whichever file it was given.
    let rabbit =
        &crate::rabbitmq::Rabbit::start().map_err(|e| format!("RabbitMQ did not start: {e}"))?;
    let cluster_name = rabbit.call("GET", "cluster-name", None)?;
    let mut out = Outcome::default();
    let mut refused = Vec::new();
    for w in onto.iter().chain(&afresh) {
        let name = w.name.as_deref().unwrap_or("?");
        let doc: Value =
            serde_json::from_str(&w.text).map_err(|e| format!("{name}: not JSON: {e}"))?;
        let result = rabbit.import_definitions(name, &w.text);
        let how = if w.onto.is_some() { "" } else { " (afresh)" };
        if let Err(e) = &result {
            refused.push(format!("{name} ({})", short(e)));
        }
        out.facts.push(Fact::new(
            format!(
                "{name}{how} imported as broker {}",
                w.site.as_deref().unwrap_or("")
            ),
            verdict(&result),
            "accepted",
        ));
        if result.is_ok() {
            let now = held(rabbit)?;
            let missing: Vec<String> = declared(&doc)
                .into_iter()
                .filter(|d| !now.contains(d))
                .map(|(c, n)| format!("{c} {n}"))
                .collect();
            out.facts.push(Fact::new(
                format!("{name}: its upstreams, sets and policies on the broker"),
                if missing.is_empty() {
                    "all".to_string()
                } else {
                    format!("missing {}", missing.join(", "))
                },
                "all",
            ));
            remove(rabbit, &doc)?;
        }
    }
    // What the export used to write: the three brokers as one JSON array.
    let brokers: Vec<Value> = RING
        .iter()
        .map(|(_, t)| serde_json::from_str(t).unwrap_or(Value::Null))
        .collect();
    let array = serde_json::to_string_pretty(&Value::Array(brokers.clone())).unwrap_or_default();
    let old = rabbit.import_definitions("ring-as-one-array.json", &array);
    // rabbitmqctl quotes the whole file back: its first words say why.
    let said = match &old {
        Ok(()) => "accepted".to_string(),
        Err(e) => {
            let short: String = short(e).chars().take(40).collect();
            format!("refused: {short}…")
        }
    };
    out.notes.push(format!(
        "the three brokers as one JSON array (the earlier export), to rabbitmqctl import_definitions: {said}"
    ));
    if old.is_ok() {
        for b in &brokers {
            remove(rabbit, b)?;
        }
    }
    rabbit.call("PUT", "cluster-name", Some(&cluster_name))?;
    if !refused.is_empty() {
        return Err(format!("RabbitMQ refused {}", refused.join(", ")));
    }
    Ok(out)
}
