//! JetStream stream configurations from a design, one file per domain: each stream
//! that is copied into or written, with its inbound mirror or sources. A file holds
//! nothing of Hoplab's own: what `nats stream add --config` and the JetStream API take.

use super::read::DOMAIN_METADATA;
use crate::products::{SiteFile, SiteFiles};
use hoplab_model::spec::{HopKind, Topology};
use serde_json::{json, Map, Value};

/// The design's streams, each with its domain: those copied into or written.
fn streams(t: &Topology) -> Vec<(String, Value)> {
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
        out.push((s.site.clone(), Value::Object(cfg)));
    }
    out
}

/// A file's streams: one stream alone as an object (what `nats stream add --config`
/// takes) where `one` allows, else an array.
fn text(streams: Vec<Value>, one: bool) -> String {
    let v = if one && streams.len() == 1 {
        streams.into_iter().next().expect("one")
    } else {
        Value::Array(streams)
    };
    serde_json::to_string_pretty(&v).expect("streams serialise")
}

/// The domain a stream of a file is in: its metadata's (an earlier export's), else the
/// file's.
fn domain_of(s: &Value, file_domain: &str) -> String {
    s.get("metadata")
        .and_then(|m| m.get(DOMAIN_METADATA))
        .and_then(Value::as_str)
        .unwrap_or(file_domain)
        .to_string()
}

/// The design's streams written onto the stream configurations each domain came in
/// (`originals`: the domain each file stands for, and its text), one file each in their
/// order: a stream the files have stays in its file, in its place, keeping every
/// setting (subjects, retention, limits, replicas, placement, metadata) and taking the
/// design's mirror or sources, each source keeping its own settings (`filter_subject`,
/// `opt_start_seq`, `external.deliver`) where the original has it; a stream the design
/// adds goes to the first file of its domain, else to a file of its domain afresh. A
/// file of one stream object stays one object.
pub fn per_domain(t: &Topology, originals: &[SiteFile]) -> Option<SiteFiles> {
    let mut files: Vec<(String, Vec<Value>, bool)> = Vec::new();
    for (domain, text) in originals {
        match serde_json::from_str::<Value>(text).ok()? {
            Value::Array(items) => files.push((domain.clone(), items, false)),
            one => files.push((domain.clone(), vec![one], true)),
        }
    }
    let mut written: Vec<Vec<Option<Value>>> =
        files.iter().map(|(_, s, _)| vec![None; s.len()]).collect();
    let mut added: Vec<Vec<Value>> = vec![Vec::new(); files.len()];
    let mut fresh: Vec<(String, Vec<Value>)> = Vec::new();
    for (site, new) in streams(t) {
        let held = files.iter().enumerate().find_map(|(i, (d, streams, _))| {
            streams
                .iter()
                .position(|s| s["name"] == new["name"] && domain_of(s, d) == site)
                .map(|at| (i, at))
        });
        if let Some((i, at)) = held {
            written[i][at] = Some(stream_onto(files[i].1[at].clone(), &new));
        } else if let Some(i) = files.iter().position(|(d, _, _)| *d == site) {
            added[i].push(new);
        } else {
            match fresh.iter_mut().find(|(d, _)| *d == site) {
                Some((_, list)) => list.push(new),
                None => fresh.push((site, vec![new])),
            }
        }
    }
    let onto = files
        .iter()
        .zip(written)
        .zip(added)
        .map(|(((_, _, one), kept), added)| {
            let streams: Vec<Value> = kept.into_iter().flatten().chain(added).collect();
            text(streams, *one)
        })
        .collect();
    let fresh = fresh
        .into_iter()
        .map(|(d, streams)| (d, text(streams, true)))
        .collect();
    Some(SiteFiles { onto, fresh })
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
    // An earlier export's bookkeeping is no setting of the stream's.
    if let Some(meta) = obj.get_mut("metadata").and_then(Value::as_object_mut) {
        meta.remove(DOMAIN_METADATA);
        if meta.is_empty() {
            obj.remove("metadata");
        }
    }
    s
}
