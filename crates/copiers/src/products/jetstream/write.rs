//! JetStream stream configurations from a design: one per stream that is copied into or
//! written, with its inbound mirror or sources; each carries its domain in `metadata`.

use super::read::DOMAIN_METADATA;
use hoplab_model::spec::{HopKind, Topology};
use serde_json::{json, Map, Value};

pub fn streams(t: &Topology) -> String {
    let mut out = Vec::new();
    for s in &t.streams {
        let inbound: Vec<_> = t
            .hops
            .iter()
            .filter(|h| h.to.site == s.site && h.to.stream == s.name)
            .collect();
        let written = t
            .writers
            .iter()
            .any(|w| w.site == s.site && w.stream == s.name);
        if inbound.is_empty() && !written {
            continue;
        }
        let mut cfg = Map::new();
        cfg.insert("name".into(), json!(s.name));
        if written {
            cfg.insert("subjects".into(), json!([format!("{}.>", s.name)]));
        }
        let source = |h: &&hoplab_model::spec::HopSpec| {
            let mut m = Map::new();
            m.insert("name".into(), json!(h.from.stream));
            if h.from.site != s.site {
                m.insert(
                    "external".into(),
                    json!({"api": format!("$JS.{}.API", h.from.site)}),
                );
            }
            Value::Object(m)
        };
        if let Some(m) = inbound.iter().find(|h| h.options.kind == HopKind::Mirror) {
            cfg.insert("mirror".into(), source(m));
        }
        let sources: Vec<Value> = inbound
            .iter()
            .filter(|h| h.options.kind != HopKind::Mirror)
            .map(source)
            .collect();
        if !sources.is_empty() {
            cfg.insert("sources".into(), Value::Array(sources));
        }
        cfg.insert("storage".into(), json!("file"));
        cfg.insert("metadata".into(), json!({ DOMAIN_METADATA: s.site }));
        out.push(Value::Object(cfg));
    }
    serde_json::to_string_pretty(&Value::Array(out)).expect("streams serialise")
}

/// The design's streams written onto the stream configurations the estate came in
/// (`originals`: the domain each file stands for, and its text): a stream the files have
/// keeps every setting (subjects, retention, limits, replicas, placement, metadata) and
/// takes the design's mirror or sources, each source keeping its own settings
/// (`filter_subject`, `opt_start_seq`, `external.deliver`) where the original has it;
/// a stream the design adds is written as [`streams`] writes it.
pub fn streams_onto(t: &Topology, originals: &[(String, &str)]) -> Option<String> {
    let mut kept: Vec<(String, Value)> = Vec::new();
    for (domain, text) in originals {
        match serde_json::from_str::<Value>(text).ok()? {
            Value::Array(items) => kept.extend(items.into_iter().map(|s| (domain.clone(), s))),
            one => kept.push((domain.clone(), one)),
        }
    }
    let domain_of = |s: &Value, file_domain: &str| {
        s.pointer(&format!("/metadata/{}", DOMAIN_METADATA.replace('/', "~1")))
            .and_then(Value::as_str)
            .unwrap_or(file_domain)
            .to_string()
    };
    let fresh: Vec<Value> = serde_json::from_str(&streams(t)).ok()?;
    let mut out = Vec::new();
    for new in fresh {
        let site = new["metadata"][DOMAIN_METADATA]
            .as_str()
            .unwrap_or("")
            .to_string();
        let original = kept
            .iter()
            .find(|(d, s)| s["name"] == new["name"] && domain_of(s, d) == site);
        out.push(match original {
            Some((_, s)) => stream_onto(s.clone(), &new),
            None => new,
        });
    }
    serde_json::to_string_pretty(&Value::Array(out)).ok()
}

/// One original stream with the design's copies into it.
fn stream_onto(mut s: Value, new: &Value) -> Value {
    let same = |a: &Value, b: &Value| {
        a["name"] == b["name"] && a.pointer("/external/api") == b.pointer("/external/api")
    };
    let before: Vec<Value> = s
        .get("sources")
        .and_then(Value::as_array)
        .cloned()
        .into_iter()
        .flatten()
        .chain(s.get("mirror").cloned())
        .collect();
    let keep = |n: &Value| {
        before
            .iter()
            .find(|b| same(b, n))
            .cloned()
            .unwrap_or_else(|| n.clone())
    };
    let obj = s.as_object_mut().expect("a stream is an object");
    obj.remove("sources");
    obj.remove("mirror");
    if let Some(m) = new.get("mirror") {
        obj.insert("mirror".into(), keep(m));
    }
    if let Some(list) = new.get("sources").and_then(Value::as_array) {
        obj.insert(
            "sources".into(),
            Value::Array(list.iter().map(keep).collect()),
        );
    }
    // The domain, so the streams of several files can share one file and still be told apart.
    let meta = obj.entry("metadata").or_insert_with(|| json!({}));
    if let Some(m) = meta.as_object_mut() {
        m.insert(
            DOMAIN_METADATA.into(),
            new["metadata"][DOMAIN_METADATA].clone(),
        );
    }
    s
}
