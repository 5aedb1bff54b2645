//! MirrorMaker 2 connectors posted to a Kafka Connect cluster: one connector's JSON
//! (`{"name", "config": {...}}` or the flat config) or an array of them, grouped by
//! (`source.cluster.alias`, `target.cluster.alias`).

use super::keys;
use super::settings::{connector_flow, Connectors, FlowPlace, Setting, Settings};
use crate::estate::{addresses, Estate};
use crate::report::{Ignored, Report};
use crate::text::json;
use crate::ImportError;
use serde_json::Value;

/// Prefixes Connect mode reads beside the connector keys (clusters, clients, converters).
const CONNECT_PREFIXES: &[&str] = &[
    "source.cluster.",
    "target.cluster.",
    "source.consumer.",
    "source.producer.",
    "source.admin.",
    "target.consumer.",
    "target.producer.",
    "target.admin.",
    "producer.override.",
    "consumer.override.",
    "admin.override.",
    "key.converter",
    "value.converter",
    "header.converter",
    "errors.",
    "transforms",
    "predicates",
    "config.action.reload",
    "offsets.storage.topic",
    "topic.creation.",
];

/// (source alias, target alias) and its source, checkpoint and heartbeat connectors.
type PairConnectors = (
    (String, String),
    Option<Settings>,
    Option<Settings>,
    Option<Settings>,
);

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Source,
    Checkpoint,
    Heartbeat,
}

fn settings_of(
    file: &str,
    text: &str,
    config: &serde_json::Map<String, Value>,
    report: &mut Report,
) -> Settings {
    let mut m = Settings::new();
    for (k, v) in config {
        let line = json::line_of(text, k);
        let Some(value) = json::scalar(v) else {
            report.ignore(file, line, k, Ignored::Unknown);
            continue;
        };
        let read_elsewhere = CONNECT_PREFIXES.iter().any(|p| k.starts_with(p));
        if !read_elsewhere {
            if keys::is_connector_key(k) {
                if !keys::MODELLED_KEYS.contains(&k.as_str())
                    && !matches!(
                        k.as_str(),
                        "name"
                            | "connector.class"
                            | "source.cluster.alias"
                            | "target.cluster.alias"
                    )
                {
                    report.ignore(file, line, k, Ignored::NotModelled);
                }
            } else if let Some(why) = keys::unread_connector_key(k) {
                report.ignore(file, line, k, why);
            }
        }
        m.insert(k.clone(), Setting { value, line });
    }
    m
}

/// Which MirrorMaker 2 connector `connector.class` names.
fn kind_of(file: &str, text: &str, class: &str) -> Result<Kind, ImportError> {
    if class.ends_with("MirrorSourceConnector") {
        Ok(Kind::Source)
    } else if class.ends_with("MirrorCheckpointConnector") {
        Ok(Kind::Checkpoint)
    } else if class.ends_with("MirrorHeartbeatConnector") {
        Ok(Kind::Heartbeat)
    } else {
        Err(
            ImportError::new(file, format!("{class} is not a MirrorMaker 2 connector"))
                .with_key("connector.class")
                .at_line(json::line_of(text, "connector.class")),
        )
    }
}

/// The connectors of `pair`, added (empty) after the others the first time it is seen.
fn entry_of(pairs: &mut Vec<PairConnectors>, pair: (String, String)) -> &mut PairConnectors {
    let slot = match pairs.iter().position(|(p, ..)| *p == pair) {
        Some(j) => j,
        None => {
            pairs.push((pair, None, None, None));
            pairs.len() - 1
        }
    };
    &mut pairs[slot]
}

pub fn read(file: &str, text: &str, report: &mut Report) -> Result<Estate, ImportError> {
    let v = json::parse(file, text)?;
    let items: Vec<&Value> = match &v {
        Value::Array(a) => a.iter().collect(),
        one => vec![one],
    };
    // (source alias, target alias) -> its connectors
    let mut pairs: Vec<PairConnectors> = Vec::new();
    let mut estate = Estate::default();
    for (i, item) in items.iter().enumerate() {
        let config = item
            .get("config")
            .unwrap_or(item)
            .as_object()
            .ok_or_else(|| ImportError::new(file, format!("connector {i} is not a JSON object")))?;
        let s = settings_of(file, text, config, report);
        let need = |key: &str| {
            s.get(key).map(|x| x.value.clone()).ok_or_else(|| {
                ImportError::new(file, format!("connector {i} does not say {key}"))
                    .with_key(key)
                    .at_line(json::line_of(text, "connector.class"))
            })
        };
        let class = need("connector.class")?;
        let kind = kind_of(file, text, &class)?;
        let pair = (need("source.cluster.alias")?, need("target.cluster.alias")?);
        for (alias, side) in [(&pair.0, "source"), (&pair.1, "target")] {
            let servers = s
                .get(&format!("{side}.cluster.bootstrap.servers"))
                .map(|x| addresses(&x.value))
                .unwrap_or_default();
            estate.cluster(alias, &servers, file);
        }
        let entry = entry_of(&mut pairs, pair);
        match kind {
            Kind::Source => entry.1 = Some(s),
            Kind::Checkpoint => entry.2 = Some(s),
            Kind::Heartbeat => entry.3 = Some(s),
        }
    }
    for ((src, tgt), source, checkpoint, heartbeat) in pairs {
        let Some(source) = source else {
            report.approximate(format!(
                "{file}: {src} -> {tgt} has no MirrorSourceConnector, so nothing is copied; its other connectors are not drawn"
            ));
            continue;
        };
        let start_latest = source
            .get("source.consumer.auto.offset.reset")
            .is_some_and(|s| s.value.trim() == "latest");
        let line = source.get("connector.class").and_then(|s| s.line);
        let place = FlowPlace {
            file,
            line,
            source: &src,
            target: &tgt,
            start_latest,
        };
        let c = Connectors {
            source,
            checkpoint,
            heartbeat,
        };
        let mut flow = connector_flow(place, &c, report)?;
        flow.facts.mm2_layout = Some(crate::estate::Mm2Layout::Connect);
        estate.flows.push(flow);
    }
    report.read.push(format!(
        "{file}: MirrorMaker 2 connectors for Kafka Connect, {} connectors, {} flows",
        items.len(),
        estate.flows.len()
    ));
    Ok(estate)
}
