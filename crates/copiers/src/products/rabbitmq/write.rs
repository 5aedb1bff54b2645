//! RabbitMQ definitions from a design: per broker, the federation upstreams, upstream
//! sets and policies of the links into it, and the shovels out of it. Several brokers
//! give an array of definitions, each named by its `cluster_name`.

use crate::presets::PresetId;
use hoplab_model::spec::{HopSpec, OriginStamp, StartFrom, Topology};
use serde_json::{json, Value};

fn is_shovel(h: &HopSpec) -> bool {
    PresetId::of(&h.options) == Some(PresetId::RabbitmqShovel)
}

/// A regex that matches exactly this name.
fn exact(name: &str) -> String {
    let mut p = String::from("^");
    for c in name.chars() {
        if "\\.^$|?*+()[]{}".contains(c) {
            p.push('\\');
        }
        p.push(c);
    }
    p.push('$');
    p
}

fn broker(t: &Topology, site: &str) -> Value {
    let mut params = Vec::new();
    let mut policies = Vec::new();
    let (mut exchanges, mut queues): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    let federated: Vec<&HopSpec> = t
        .hops
        .iter()
        .filter(|h| h.to.site == site && !is_shovel(h))
        .collect();
    let mut locals: Vec<&str> = Vec::new();
    for h in &federated {
        if !locals.contains(&h.to.stream.as_str()) {
            locals.push(&h.to.stream);
        }
    }
    for local in locals {
        let into: Vec<&&HopSpec> = federated.iter().filter(|h| h.to.stream == local).collect();
        let queue = into
            .iter()
            .all(|h| !matches!(h.options.stamp, OriginStamp::HopBudget(_)));
        let mut set = Vec::new();
        for h in &into {
            let name = format!("{}-{}-to-{}", h.from.site, h.from.stream, local);
            let mut value = json!({"uri": format!("amqp://{}", h.from.site)});
            if queue {
                value["queue"] = json!(h.from.stream);
            } else {
                value["exchange"] = json!(h.from.stream);
            }
            if let OriginStamp::HopBudget(n) = h.options.stamp {
                value["max-hops"] = json!(n);
            }
            params.push(json!({"vhost": "/", "component": "federation-upstream", "name": name, "value": value}));
            set.push(json!({"upstream": name}));
        }
        let set_name = format!("{local}-upstreams");
        params.push(json!({"vhost": "/", "component": "federation-upstream-set", "name": set_name, "value": set}));
        policies.push(json!({"vhost": "/", "name": format!("federate-{local}"), "pattern": exact(local),
            "apply-to": if queue { "queues" } else { "exchanges" }, "definition": {"federation-upstream-set": set_name}, "priority": 0}));
        if queue {
            queues.push(local.into())
        } else {
            exchanges.push(local.into())
        }
    }
    for h in t
        .hops
        .iter()
        .filter(|h| h.from.site == site && is_shovel(h))
    {
        let from_exchange = h.options.start_from == StartFrom::Latest;
        let (src_key, dest_key) = if from_exchange {
            ("src-exchange", "dest-exchange")
        } else {
            ("src-queue", "dest-queue")
        };
        let mut value = json!({"src-protocol": "amqp091", "src-uri": format!("amqp://{}", h.from.site),
            "dest-protocol": "amqp091", "dest-uri": format!("amqp://{}", h.to.site)});
        value[src_key] = json!(h.from.stream);
        value[dest_key] = json!(h.to.stream);
        params.push(json!({"vhost": "/", "component": "shovel", "name": format!("{}-to-{}-{}", h.from.stream, h.to.site, h.to.stream), "value": value}));
    }
    json!({
        "rabbit_version": "3.13.0",
        "global_parameters": [{"name": "cluster_name", "value": site}],
        "vhosts": [{"name": "/"}],
        "exchanges": exchanges.iter().map(|e| json!({"name": e, "vhost": "/", "type": "topic", "durable": true, "auto_delete": false, "internal": false, "arguments": {}})).collect::<Vec<_>>(),
        "queues": queues.iter().map(|q| json!({"name": q, "vhost": "/", "durable": true, "auto_delete": false, "arguments": {}})).collect::<Vec<_>>(),
        "parameters": params,
        "policies": policies,
    })
}

pub fn definitions(t: &Topology) -> String {
    let sites: Vec<&str> = crate::export::linked_sites(t);
    let docs: Vec<Value> = sites.iter().map(|s| broker(t, s)).collect();
    let v = if docs.len() == 1 {
        docs.into_iter().next().expect("one")
    } else {
        Value::Array(docs)
    };
    serde_json::to_string_pretty(&v).expect("definitions serialise")
}

/// The design's links written onto the definitions each broker came in (`originals`: the
/// site each file stands for, and its text): users, vhosts, permissions, exchanges,
/// queues, bindings, other parameters and policies stay as they were. A link the original
/// already has keeps its name, URI (credentials and port) and every key, taking only the
/// design's `max-hops`; a federation policy that applies to the same stream keeps its
/// name and pattern; links and policies the design dropped are left out; new ones use the
/// original's URI for a broker wherever the files give one.
pub fn definitions_onto(t: &Topology, originals: &[(String, &str)]) -> Option<String> {
    let docs: Vec<(String, Value)> = originals
        .iter()
        .filter_map(|(site, text)| Some((site.clone(), serde_json::from_str(text).ok()?)))
        .collect();
    if docs.is_empty() {
        return None;
    }
    let uris = known_uris(docs.iter().map(|(_, d)| d));
    let sites = crate::export::linked_sites(t);
    // One file that is none of the brokers (a file of shovels between two others) holds
    // every link it had: the design's links all go back into it.
    if let [(site, original)] = docs.as_slice() {
        if !sites.iter().any(|s| s == site) {
            let mut all = json!({"parameters": [], "policies": [], "exchanges": [], "queues": []});
            for s in &sites {
                let fresh = with_known_uris(broker(t, s), &uris);
                for list in ["parameters", "policies", "exchanges", "queues"] {
                    let more = fresh[list].as_array().cloned().unwrap_or_default();
                    all[list].as_array_mut().expect("a list").extend(more);
                }
            }
            return serde_json::to_string_pretty(&onto_broker(original.clone(), all)).ok();
        }
    }
    let out: Vec<Value> = sites
        .iter()
        .map(|site| {
            let fresh = with_known_uris(broker(t, site), &uris);
            match docs.iter().find(|(s, _)| s == site) {
                Some((_, original)) => onto_broker(original.clone(), fresh),
                None => fresh,
            }
        })
        .collect();
    let v = if out.len() == 1 {
        out.into_iter().next()?
    } else {
        Value::Array(out)
    };
    serde_json::to_string_pretty(&v).ok()
}

const COPIER_PARAMETERS: [&str; 3] = ["federation-upstream", "federation-upstream-set", "shovel"];
const URI_KEYS: [&str; 3] = ["uri", "src-uri", "dest-uri"];

fn component(p: &Value) -> &str {
    p.get("component").and_then(Value::as_str).unwrap_or("")
}

fn host(v: Option<&Value>) -> String {
    let uri = match v {
        Some(Value::Array(a)) => a.first().and_then(Value::as_str),
        Some(v) => v.as_str(),
        None => None,
    };
    uri.map(crate::estate::host_of).unwrap_or_default()
}

/// The full URI the files use for each host (first seen), credentials and port included.
fn known_uris<'a>(docs: impl Iterator<Item = &'a Value>) -> Vec<(String, Value)> {
    let mut out: Vec<(String, Value)> = Vec::new();
    for d in docs {
        for p in d
            .get("parameters")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            for key in URI_KEYS {
                let Some(v) = p.pointer(&format!("/value/{key}")) else {
                    continue;
                };
                let h = host(Some(v));
                if !h.is_empty() && !out.iter().any(|(k, _)| *k == h) {
                    out.push((h, v.clone()));
                }
            }
        }
    }
    out
}

/// A fresh broker's placeholder URIs (`amqp://<site>`) replaced by the files' own.
fn with_known_uris(mut doc: Value, uris: &[(String, Value)]) -> Value {
    for p in doc["parameters"].as_array_mut().into_iter().flatten() {
        for key in URI_KEYS {
            let h = host(p.pointer(&format!("/value/{key}")));
            if let Some((_, uri)) = uris.iter().find(|(k, _)| *k == h) {
                p["value"][key] = uri.clone();
            }
        }
    }
    doc
}

/// What a link is, whatever it is called: the hosts and streams it joins.
fn link_of(p: &Value) -> Option<Vec<String>> {
    let v = p.get("value")?;
    let s = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    match component(p) {
        "federation-upstream" => Some(vec![host(v.get("uri")), s("exchange") + &s("queue")]),
        "shovel" => Some(vec![
            host(v.get("src-uri")),
            s("src-queue") + &s("src-exchange"),
            host(v.get("dest-uri")),
            s("dest-queue") + &s("dest-exchange"),
        ]),
        _ => None,
    }
}

/// Whether an original link is the fresh one: same hosts, and the same streams where the
/// original names them (an upstream that names no exchange federates the one of its name).
fn same_link(original: &Value, fresh: &Value) -> bool {
    match (link_of(original), link_of(fresh)) {
        (Some(a), Some(b)) if component(original) == component(fresh) => a
            .iter()
            .zip(&b)
            .enumerate()
            .all(|(i, (x, y))| x == y || (i % 2 == 1 && x.is_empty())),
        _ => false,
    }
}

fn onto_broker(mut original: Value, fresh: Value) -> Value {
    let before: Vec<Value> = original["parameters"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let fresh_params = fresh["parameters"].as_array().cloned().unwrap_or_default();
    let (mut params, renamed) = links_onto(&before, &fresh_params);
    let rename = |n: &str| {
        renamed
            .iter()
            .find(|(a, _)| a == n)
            .map_or(n.to_string(), |(_, b)| b.clone())
    };
    let old_policies: Vec<Value> = original["policies"].as_array().cloned().unwrap_or_default();
    let mut policies: Vec<Value> = old_policies
        .iter()
        .filter(|p| !is_federation(p))
        .cloned()
        .collect();
    // Streams an original policy already federates: its pattern says which they are.
    let mut covered: Vec<String> = Vec::new();
    for policy in fresh["policies"].as_array().into_iter().flatten() {
        let set = policy
            .pointer("/definition/federation-upstream-set")
            .and_then(Value::as_str)
            .unwrap_or("");
        let members: Vec<Value> = fresh_params
            .iter()
            .find(|p| component(p) == "federation-upstream-set" && p["name"] == set)
            .and_then(|p| p["value"].as_array())
            .into_iter()
            .flatten()
            .map(|m| json!({"upstream": rename(m["upstream"].as_str().unwrap_or(""))}))
            .collect();
        let stream = unexact(policy["pattern"].as_str().unwrap_or(""));
        let kept = old_policies
            .iter()
            .find(|o| federates(o, policy["apply-to"].as_str(), &stream));
        if kept.is_some() {
            covered.push(stream);
        }
        let (policy, set_name) = policy_onto(kept, policy, set);
        let mut set_param = before
            .iter()
            .find(|p| component(p) == "federation-upstream-set" && p["name"] == set_name.as_str())
            .cloned()
            .unwrap_or_else(
                || json!({"vhost": "/", "component": "federation-upstream-set", "name": set_name}),
            );
        set_param["value"] = Value::Array(members);
        params.push(set_param);
        policies.push(policy);
    }
    declared_onto(&mut original, &fresh, &covered);
    original["parameters"] = Value::Array(params);
    original["policies"] = Value::Array(policies);
    original
}

/// The original's parameters other than links, then each fresh link: the original's own
/// where it has it (its name and keys, the design's `max-hops`), else the fresh one; and
/// (fresh name, kept name) for each kept.
fn links_onto(before: &[Value], fresh: &[Value]) -> (Vec<Value>, Vec<(String, String)>) {
    let mut renamed = Vec::new();
    let mut params: Vec<Value> = before
        .iter()
        .filter(|p| !COPIER_PARAMETERS.contains(&component(p)))
        .cloned()
        .collect();
    for f in fresh
        .iter()
        .filter(|p| component(p) != "federation-upstream-set")
    {
        match before.iter().find(|o| same_link(o, f)) {
            Some(kept) => {
                let mut kept = kept.clone();
                if let Some(hops) = f.pointer("/value/max-hops") {
                    kept["value"]["max-hops"] = hops.clone();
                }
                renamed.push((
                    f["name"].as_str().unwrap_or("").into(),
                    kept["name"].as_str().unwrap_or("").into(),
                ));
                params.push(kept);
            }
            None => params.push(f.clone()),
        }
    }
    (params, renamed)
}

fn is_federation(p: &Value) -> bool {
    p.pointer("/definition/federation-upstream-set").is_some()
        || p.pointer("/definition/federation-upstream").is_some()
}

/// Whether an original policy federates `stream` (applying to the same kind).
fn federates(policy: &Value, apply_to: Option<&str>, stream: &str) -> bool {
    let pattern = policy["pattern"].as_str().unwrap_or("");
    is_federation(policy)
        && policy["apply-to"].as_str() == apply_to
        && (crate::selector::matches(pattern, stream)
            || crate::selector::representative(pattern) == stream)
}

/// The policy written: the original's (its name, pattern and other definitions) where it
/// federates the same stream, else the fresh one; and the upstream set it names.
fn policy_onto(kept: Option<&Value>, fresh: &Value, set: &str) -> (Value, String) {
    let (mut policy, set_name) = match kept {
        Some(o) => {
            let name = o
                .pointer("/definition/federation-upstream-set")
                .and_then(Value::as_str)
                .unwrap_or(set)
                .to_string();
            (o.clone(), name)
        }
        None => (fresh.clone(), set.to_string()),
    };
    if policy.pointer("/definition/federation-upstream").is_none() {
        policy["definition"]["federation-upstream-set"] = Value::String(set_name.clone());
    }
    (policy, set_name)
}

/// The original's exchanges and queues, and the fresh ones it lacks (not those an
/// original policy's pattern already stands for).
fn declared_onto(original: &mut Value, fresh: &Value, covered: &[String]) {
    for list in ["exchanges", "queues"] {
        let mut have = original[list].as_array().cloned().unwrap_or_default();
        for x in fresh[list].as_array().into_iter().flatten() {
            let name = x["name"].as_str().unwrap_or("");
            if !have.iter().any(|h| h["name"] == name) && !covered.iter().any(|c| c == name) {
                have.push(x.clone());
            }
        }
        if !have.is_empty() {
            original[list] = Value::Array(have);
        }
    }
}

/// The name an exact pattern (`^orders$`, as [`exact`] writes) stands for.
fn unexact(pattern: &str) -> String {
    let inner = pattern.trim_start_matches('^').trim_end_matches('$');
    let mut out = String::new();
    let mut escaped = false;
    for c in inner.chars() {
        if c == '\\' && !escaped {
            escaped = true;
            continue;
        }
        escaped = false;
        out.push(c);
    }
    out
}
