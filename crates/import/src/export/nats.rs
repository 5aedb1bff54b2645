//! JetStream stream configurations from a design: one per stream that is copied into or
//! written, with its inbound mirror or sources; each carries its domain in `metadata`.

use crate::formats::nats::DOMAIN_METADATA;
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
