//! NATS JetStream stream configurations (what `nats stream add --config` sends): one
//! object or an array. A stream's `mirror` and `sources` are its inbound copies;
//! `external.api` (`$JS.<domain>.API`) names the domain a source lives in. The file's
//! own streams live in the `--site` domain, or in the one their `metadata` names
//! (`hoplab.domain`, which earlier exports wrote), or in `local`.

use crate::estate::{Estate, Flow, FlowFacts, Naming, Product, Selector};
use crate::presets;
use crate::report::{Ignored, Report};
use crate::sites::{push, Pointers};
use crate::text::json;
use crate::{ImportError, Input};
use hoplab_model::spec::limits;
use serde_json::Value;

/// The domain the file's streams are in when nothing says.
pub const DEFAULT_DOMAIN: &str = "local";
/// The metadata key earlier exports wrote a stream's domain under (read, never written).
pub const DOMAIN_METADATA: &str = "hoplab.domain";

const STREAM_KEYS: &[&str] = &[
    "name",
    "description",
    "subjects",
    "retention",
    "max_consumers",
    "max_msgs",
    "max_bytes",
    "max_age",
    "max_msgs_per_subject",
    "max_msg_size",
    "discard",
    "discard_new_per_subject",
    "storage",
    "num_replicas",
    "no_ack",
    "template_owner",
    "duplicate_window",
    "placement",
    "mirror",
    "sources",
    "sealed",
    "deny_delete",
    "deny_purge",
    "allow_rollup_hdrs",
    "allow_direct",
    "mirror_direct",
    "republish",
    "compression",
    "first_seq",
    "subject_transform",
    "metadata",
    "consumer_limits",
    "allow_msg_ttl",
    "subject_delete_marker_ttl",
    "allow_msg_counter",
    "allow_atomic",
    "allow_msg_schedules",
    "allow_batched",
    "persist_mode",
];

const SOURCE_KEYS: &[&str] = &[
    "name",
    "opt_start_seq",
    "opt_start_time",
    "filter_subject",
    "subject_transforms",
    "external",
    "consumer",
];

/// The domain in `$JS.<domain>.API`; None for the local `$JS.API`.
pub fn domain_of_api(api: &str) -> Option<String> {
    let parts: Vec<&str> = api.split('.').collect();
    match parts.as_slice() {
        ["$JS", "API", ..] => None,
        ["$JS", domain, "API", ..] => Some((*domain).to_string()),
        _ => Some(api.to_string()),
    }
}

fn check_keys(
    file: &str,
    text: &str,
    obj: &serde_json::Map<String, Value>,
    known: &[&str],
    report: &mut Report,
) {
    for k in obj.keys() {
        if !known.contains(&k.as_str()) {
            let why = Ignored::for_unknown(k, known.iter().copied());
            report.ignore(file, json::line_of(text, k), k, why);
        }
    }
}

struct Stream<'a> {
    name: String,
    domain: String,
    cfg: &'a serde_json::Map<String, Value>,
}

/// The file's streams, each in its domain.
fn read_streams<'a>(
    input: &Input,
    items: &[&'a Value],
    report: &mut Report,
) -> Result<Vec<Stream<'a>>, ImportError> {
    let (file, text) = (input.name, input.text);
    let mut streams = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let cfg = item
            .as_object()
            .ok_or_else(|| ImportError::new(file, format!("stream {i} is not a JSON object")))?;
        let name = cfg.get("name").and_then(Value::as_str).ok_or_else(|| {
            ImportError::new(file, format!("stream {i} has no name")).with_key("name")
        })?;
        check_keys(file, text, cfg, STREAM_KEYS, report);
        let domain = cfg
            .get("metadata")
            .and_then(|m| m.get(DOMAIN_METADATA))
            .and_then(Value::as_str)
            .or(input.site)
            .unwrap_or(DEFAULT_DOMAIN);
        streams.push(Stream {
            name: name.into(),
            domain: domain.into(),
            cfg,
        });
    }
    Ok(streams)
}

/// A stream's `max_age`, kept when the model's run is long enough to see it.
fn keep_max_age(file: &str, s: &Stream, estate: &mut Estate, report: &mut Report) {
    // Nanoseconds; 0 (the default) keeps records for ever.
    let Some(ns) = s
        .cfg
        .get("max_age")
        .and_then(Value::as_u64)
        .filter(|&n| n > 0)
    else {
        return;
    };
    let ms = ns.div_ceil(1_000_000);
    if ms <= limits::MAX_MS {
        estate.max_ages.push((s.domain.clone(), s.name.clone(), ms));
    } else {
        report.approximate(format!(
            "{file}: stream {} keeps messages {} days (max_age); the model runs at most 7 days, so it keeps them for the whole run",
            s.name,
            ms / 86_400_000
        ));
    }
}

/// A stream's mirror and sources, each with the product that copies it.
fn inbound_of<'a>(
    file: &str,
    s: &Stream<'a>,
    subjects: bool,
    report: &mut Report,
) -> Vec<(&'a Value, Product)> {
    let mut inbound: Vec<(&Value, Product)> = Vec::new();
    if let Some(m) = s.cfg.get("mirror").filter(|m| !m.is_null()) {
        inbound.push((m, Product::JetStreamMirror));
        if subjects {
            report.approximate(format!(
                "{file}: stream {} is a mirror with subjects, which nats-server refuses",
                s.name
            ));
        }
    }
    for src in s
        .cfg
        .get("sources")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        inbound.push((src, Product::JetStreamSource));
    }
    inbound
}

/// One mirror or source of a stream: its flow.
fn read_source(
    input: &Input,
    s: &Stream,
    (src, product): (&Value, Product),
    estate: &mut Estate,
    report: &mut Report,
) -> Result<(), ImportError> {
    let (file, text) = (input.name, input.text);
    let obj = src.as_object().ok_or_else(|| {
        ImportError::new(file, format!("a source of {} is not an object", s.name))
            .with_key("sources")
    })?;
    check_keys(file, text, obj, SOURCE_KEYS, report);
    let origin = obj.get("name").and_then(Value::as_str).ok_or_else(|| {
        ImportError::new(file, format!("a source of {} has no name", s.name))
            .with_key("name")
            .at_line(json::line_of(text, "sources").or(json::line_of(text, "mirror")))
    })?;
    let api = obj
        .get("external")
        .and_then(|e| e.get("api"))
        .and_then(Value::as_str);
    let external_domain = api.and_then(domain_of_api);
    let from_domain = external_domain.clone().unwrap_or_else(|| s.domain.clone());
    for key in [
        "filter_subject",
        "subject_transforms",
        "opt_start_seq",
        "opt_start_time",
    ] {
        if obj.get(key).is_some_and(|v| !v.is_null()) {
            report.approximate(format!(
                "{file}: {} from {origin} sets {key}; the model copies every message of the stream from its first",
                s.name
            ));
        }
    }
    let preset = if product == Product::JetStreamMirror {
        presets::PresetId::JetstreamMirror
    } else {
        presets::PresetId::JetstreamSource
    };
    estate.flows.push(Flow {
        product,
        file: file.into(),
        line: json::line_of(text, origin),
        source: from_domain.clone(),
        target: s.domain.clone(),
        selector: Selector::default(),
        naming: Naming::Identity,
        pairs: vec![(origin.to_string(), s.name.clone())],
        options: presets::get(preset).options,
        facts: FlowFacts {
            offset_syncs: true,
            external_domain,
            ..FlowFacts::default()
        },
    });
    estate.cluster(&from_domain, &[], file);
    Ok(())
}

pub fn read(input: &Input, report: &mut Report) -> Result<Estate, ImportError> {
    let file = input.name;
    let v = json::parse(file, input.text)?;
    let items: Vec<&Value> = match &v {
        Value::Array(a) => a.iter().collect(),
        one => vec![one],
    };
    let streams = read_streams(input, &items, report)?;
    if input.site.is_none()
        && streams.iter().any(|s| {
            s.cfg
                .get("metadata")
                .and_then(|m| m.get(DOMAIN_METADATA))
                .is_none()
        })
    {
        report.approximate(format!("{file}: the file does not say which domain its streams are in: '{DEFAULT_DOMAIN}' (name the domain this file stands for to place them)"));
    }
    let mut estate = Estate::default();
    for s in &streams {
        estate.cluster(&s.domain, &[], file);
        let subjects = s
            .cfg
            .get("subjects")
            .and_then(Value::as_array)
            .is_some_and(|a| !a.is_empty());
        if subjects {
            estate.origin(&s.domain, &s.name);
        }
        keep_max_age(file, s, &mut estate, report);
        for inbound in inbound_of(file, s, subjects, report) {
            read_source(input, s, inbound, &mut estate, report)?;
        }
    }
    report.read.push(format!(
        "{file}: NATS JetStream stream configurations, {} streams, {} mirrors and sources",
        streams.len(),
        estate.flows.len()
    ));
    Ok(estate)
}

/// A JetStream file's own domain (a stream's metadata) and the domains it sources from.
pub(crate) fn pointers(doc: &Value) -> Pointers {
    let streams: Vec<&Value> = match doc {
        Value::Array(a) => a.iter().collect(),
        one => vec![one],
    };
    let mut p = Pointers::default();
    for s in streams {
        let s = s.get("config").unwrap_or(s);
        if let Some(d) = s
            .get("metadata")
            .and_then(|m| m.get(DOMAIN_METADATA))
            .and_then(Value::as_str)
        {
            p.own = Some(d.to_string());
        }
        let links = s
            .get("sources")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .chain(s.get("mirror").filter(|m| !m.is_null()));
        for link in links {
            if let Some(domain) = link
                .get("external")
                .and_then(|e| e.get("api"))
                .and_then(Value::as_str)
                .and_then(domain_of_api)
            {
                push(&mut p.points_at, domain);
            }
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_api_prefix_names_the_domain() {
        assert_eq!(domain_of_api("$JS.hub.API"), Some("hub".into()));
        assert_eq!(domain_of_api("$JS.API"), None);
        assert!(crate::report::close("subjetcs", "subjects"));
        assert!(!crate::report::close("mirror", "sources"));
    }

    #[test]
    fn max_age_in_nanoseconds_is_the_stream_s_retention_in_milliseconds() {
        let text = r#"[
          {"name": "ORDERS", "subjects": ["orders.>"], "max_age": 3600000000000},
          {"name": "KEEP", "subjects": ["keep.>"], "max_age": 0},
          {"name": "LONG", "subjects": ["long.>"], "max_age": 2592000000000000},
          {"name": "COPY", "mirror": {"name": "ORDERS"}, "max_age": 300000000000}
        ]"#;
        let i = crate::import(&[Input::new("s.json", text).at_site("east")], None).unwrap();
        let age = |name: &str| {
            i.spec
                .topology
                .streams
                .iter()
                .find(|s| s.site == "east" && s.name == name)
                .unwrap_or_else(|| panic!("{name}"))
                .retention
                .max_age_ms
        };
        assert_eq!(age("ORDERS"), Some(3_600_000));
        assert_eq!(age("COPY"), Some(300_000));
        assert_eq!(age("KEEP"), None);
        assert_eq!(age("LONG"), None);
        let text = i.report.to_string();
        assert!(
            text.contains("stream LONG keeps messages 30 days"),
            "{text}"
        );
    }
}
