//! RabbitMQ definitions from a design: per broker, the federation upstreams, upstream
//! sets and policies of the links into it, and the shovels out of it. Several brokers
//! give an array of definitions, each named by its `cluster_name`.

use hoplab_model::presets::PresetId;
use hoplab_model::spec::{HopSpec, OriginStamp, StartFrom, Topology};
use serde_json::{json, Value};

fn is_shovel(h: &HopSpec) -> bool {
    h.options.product == Some(PresetId::RabbitmqShovel)
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
    let sites: Vec<&str> = super::linked_sites(t);
    let docs: Vec<Value> = sites.iter().map(|s| broker(t, s)).collect();
    let v = if docs.len() == 1 {
        docs.into_iter().next().expect("one")
    } else {
        Value::Array(docs)
    };
    serde_json::to_string_pretty(&v).expect("definitions serialise")
}
