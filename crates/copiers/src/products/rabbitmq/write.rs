//! RabbitMQ definitions from a design, one file per broker (what `rabbitmqctl
//! import_definitions` takes): the federation upstreams, upstream sets and policies of
//! the links into it, and the shovels its file already declares or, for a new one, out
//! of it. A broker written afresh is named by its `cluster_name`.

use crate::presets::PresetId;
use crate::products::{SiteFile, SiteFiles};
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

/// A shovel as the definitions declare it.
fn shovel(h: &HopSpec) -> Value {
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
    json!({"vhost": "/", "component": "shovel", "name": format!("{}-to-{}-{}", h.from.stream, h.to.site, h.to.stream), "value": value})
}

/// One broker's definitions: the federation links into it (where `federate`) and the
/// shovels given.
fn broker(t: &Topology, site: &str, federate: bool, shovels: &[&HopSpec]) -> Value {
    let mut params = Vec::new();
    let mut policies = Vec::new();
    let (mut exchanges, mut queues): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    let federated: Vec<&HopSpec> = t
        .hops
        .iter()
        .filter(|h| federate && h.to.site == site && !is_shovel(h))
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
    for h in shovels {
        params.push(shovel(h));
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

fn text(v: &Value) -> String {
    serde_json::to_string_pretty(v).expect("definitions serialise")
}

/// Whether a broker's definitions declare any link.
fn has_links(doc: &Value) -> bool {
    doc["parameters"].as_array().is_some_and(|p| !p.is_empty())
}

/// The design's links written onto the definitions each broker came in (`originals`: the
/// site each file stands for, and its text), one file each in their order: users,
/// vhosts, permissions, exchanges, queues, bindings, other parameters and policies stay
/// as they were. A link the original already has keeps its name, URI (credentials and
/// port) and every key, taking only the design's `max-hops`; a federation policy that
/// applies to the same stream keeps its name, pattern and upstream set (RabbitMQ's own
/// `all` too); links and policies the design dropped are left out; a shovel stays in the
/// file that declares it, a new one goes to its source broker's; new links use the
/// original's URI for a broker wherever the files give one. Then each broker the design
/// gives links that no original is, afresh.
pub fn per_broker(t: &Topology, originals: &[SiteFile]) -> Option<SiteFiles> {
    let docs: Vec<(String, Value)> = originals
        .iter()
        .map(|(site, text)| Some((site.clone(), serde_json::from_str(text).ok()?)))
        .collect::<Option<_>>()?;
    let uris = known_uris(docs.iter().map(|(_, d)| d));
    let sites = crate::export::linked_sites(t);
    // One file that is none of the brokers (a file of shovels between two others) holds
    // every link it had: the design's links all go back into it.
    if let [(site, original)] = docs.as_slice() {
        if !sites.iter().any(|s| s == site) {
            let mut all = json!({"parameters": [], "policies": [], "exchanges": [], "queues": []});
            for s in &sites {
                let shovels: Vec<&HopSpec> = t
                    .hops
                    .iter()
                    .filter(|h| is_shovel(h) && h.from.site == *s)
                    .collect();
                let fresh = with_known_uris(broker(t, s, true, &shovels), &uris);
                for list in ["parameters", "policies", "exchanges", "queues"] {
                    let more = fresh[list].as_array().cloned().unwrap_or_default();
                    all[list].as_array_mut().expect("a list").extend(more);
                }
            }
            return Some(SiteFiles {
                onto: vec![text(&onto_broker(original.clone(), all))],
                fresh: Vec::new(),
            });
        }
    }
    // Each shovel in the file that declares it, else in its source broker's first file;
    // none: its source broker is written afresh.
    let owner: Vec<Option<usize>> = t
        .hops
        .iter()
        .map(|h| {
            let fresh = with_known_uris(json!({"parameters": [shovel(h)]}), &uris);
            let fresh = &fresh["parameters"][0];
            docs.iter()
                .position(|(_, d)| {
                    d["parameters"]
                        .as_array()
                        .is_some_and(|ps| ps.iter().any(|p| same_link(p, fresh)))
                })
                .or_else(|| docs.iter().position(|(s, _)| *s == h.from.site))
        })
        .collect();
    let shovels = |at: Option<usize>, site: &str| -> Vec<&HopSpec> {
        t.hops
            .iter()
            .zip(&owner)
            .filter(|(h, o)| is_shovel(h) && **o == at && (at.is_some() || h.from.site == site))
            .map(|(h, _)| h)
            .collect()
    };
    let mut out = SiteFiles::default();
    for (i, (site, original)) in docs.iter().enumerate() {
        // A broker given twice takes the links into it in its first file.
        let first = docs.iter().position(|(s, _)| s == site) == Some(i);
        let fresh = with_known_uris(broker(t, site, first, &shovels(Some(i), site)), &uris);
        out.onto.push(text(&onto_broker(original.clone(), fresh)));
    }
    for site in sites {
        if docs.iter().any(|(s, _)| s == site) {
            continue;
        }
        let fresh = with_known_uris(broker(t, site, true, &shovels(None, site)), &uris);
        if has_links(&fresh) {
            out.fresh.push((site.to_string(), text(&fresh)));
        }
    }
    Some(out)
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
        let (mut policy, set_name) = policy_onto(kept, policy, set);
        // A policy naming one upstream names the design's one; given more, it names a
        // set of them instead.
        if policy.pointer("/definition/federation-upstream").is_some() {
            if let [one] = members.as_slice() {
                policy["definition"]["federation-upstream"] = one["upstream"].clone();
                policies.push(policy);
                continue;
            }
            let definition = policy["definition"].as_object_mut().expect("a definition");
            definition.remove("federation-upstream");
            definition.insert("federation-upstream-set".into(), set_name.clone().into());
        }
        // RabbitMQ's implicit set `all` (every upstream of the vhost) needs no set of its
        // own.
        let own_set = before
            .iter()
            .any(|p| component(p) == "federation-upstream-set" && p["name"] == set_name.as_str());
        if !own_set && set_name == "all" {
            policies.push(policy);
            continue;
        }
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
