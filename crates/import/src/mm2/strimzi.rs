//! Strimzi's `KafkaMirrorMaker2` resource: `v1beta2` (`clusters`, `connectCluster`,
//! `mirrors[].sourceCluster/targetCluster`) and `v1` (`target`, `mirrors[].source`). The
//! operator copies each connector's `config`, then sets `topics`, `topics.exclude`,
//! `groups` and `groups.exclude` from the mirror's patterns over it.

use super::keys;
use super::settings::{connector_flow, Connectors, FlowPlace, Setting, Settings};
use crate::estate::{addresses, Estate};
use crate::report::{Ignored, Report};
use crate::text::yaml::{self, Node};
use crate::ImportError;

fn yaml_error(file: &str, e: yaml::YamlError) -> ImportError {
    ImportError::new(file, format!("not valid YAML: {}", e.message)).at_line(e.line)
}

fn connector_settings(file: &str, node: Option<&Node>, report: &mut Report) -> Option<Settings> {
    let node = node?;
    let mut m = Settings::new();
    for (k, v) in node.get("config").map(Node::entries).unwrap_or_default() {
        let Some(value) = v.str() else { continue };
        if keys::is_connector_key(k) {
            if !keys::MODELLED_KEYS.contains(&k.as_str()) {
                report.ignore(file, Some(v.line), k, Ignored::NotModelled);
            }
        } else if !keys::is_client_key(k) && !keys::is_worker_key(k) {
            if let Some(why) = keys::unread_connector_key(k) {
                report.ignore(file, Some(v.line), k, why);
            }
        }
        m.insert(
            k.clone(),
            Setting {
                value: value.into(),
                line: Some(v.line),
            },
        );
    }
    if let Some(t) = node.get("tasksMax").and_then(Node::str) {
        m.insert(
            "tasks.max".into(),
            Setting {
                value: t.into(),
                line: node.get("tasksMax").map(|n| n.line),
            },
        );
    }
    Some(m)
}

/// The mirror's patterns over a connector's config, as the operator applies them.
fn patterns(
    file: &str,
    mirror: &Node,
    m: &mut Settings,
    keys_: &[(&str, &str)],
    report: &mut Report,
) {
    for (field, key) in keys_ {
        if let Some(n) = mirror.get(field) {
            if let Some(v) = n.str() {
                m.insert(
                    (*key).into(),
                    Setting {
                        value: v.into(),
                        line: Some(n.line),
                    },
                );
            }
        }
    }
    for (old, new) in [
        ("topicsBlacklistPattern", "topicsExcludePattern"),
        ("groupsBlacklistPattern", "groupsExcludePattern"),
    ] {
        if let Some(n) = mirror.get(old) {
            report.ignore(
                file,
                Some(n.line),
                old,
                Ignored::Removed {
                    since: "Strimzi's v1 API".into(),
                    instead: new.into(),
                },
            );
        }
    }
}

pub fn read(file: &str, text: &str, report: &mut Report) -> Result<Estate, ImportError> {
    let docs = yaml::parse(text).map_err(|e| yaml_error(file, e))?;
    let resources: Vec<&Node> = docs
        .iter()
        .filter(|d| d.get("kind").and_then(Node::str) == Some("KafkaMirrorMaker2"))
        .collect();
    if resources.is_empty() {
        return Err(
            ImportError::new(file, "no document of kind KafkaMirrorMaker2").with_key("kind"),
        );
    }
    let mut estate = Estate::default();
    for doc in resources {
        read_resource(file, doc, &mut estate, report)?;
    }
    Ok(estate)
}

/// One `KafkaMirrorMaker2` document.
fn read_resource(
    file: &str,
    doc: &Node,
    estate: &mut Estate,
    report: &mut Report,
) -> Result<(), ImportError> {
    let first_flow = estate.flows.len();
    let api = doc.get("apiVersion").and_then(Node::str).unwrap_or("");
    let spec = doc.get("spec").ok_or_else(|| {
        ImportError::new(file, "no spec")
            .with_key("spec")
            .at_line(Some(doc.line))
    })?;
    let v1 = spec.get("target").is_some();
    let mut connect_cluster = None;
    if v1 {
        let t = spec.get("target").expect("checked");
        let alias = t.get("alias").and_then(Node::str).ok_or_else(|| {
            ImportError::new(file, "spec.target has no alias")
                .with_key("spec.target.alias")
                .at_line(Some(t.line))
        })?;
        let servers = t
            .get("bootstrapServers")
            .and_then(Node::str)
            .map(addresses)
            .unwrap_or_default();
        estate.cluster(alias, &servers, file);
    } else {
        for c in spec.get("clusters").map(Node::seq).unwrap_or_default() {
            let alias = c.get("alias").and_then(Node::str).ok_or_else(|| {
                ImportError::new(file, "a cluster has no alias")
                    .with_key("spec.clusters[].alias")
                    .at_line(Some(c.line))
            })?;
            let servers = c
                .get("bootstrapServers")
                .and_then(Node::str)
                .map(addresses)
                .unwrap_or_default();
            estate.cluster(alias, &servers, file);
        }
        connect_cluster = spec
            .get("connectCluster")
            .and_then(Node::str)
            .map(str::to_string);
    }
    let target_v1 = spec
        .get("target")
        .and_then(|t| t.get("alias"))
        .and_then(Node::str)
        .map(str::to_string);
    let mirrors = spec.get("mirrors").map(Node::seq).unwrap_or_default();
    for m in mirrors {
        let (src, tgt) = if v1 {
            let s = m.get("source").ok_or_else(|| {
                ImportError::new(file, "a mirror has no source")
                    .with_key("spec.mirrors[].source")
                    .at_line(Some(m.line))
            })?;
            let alias = s.get("alias").and_then(Node::str).ok_or_else(|| {
                ImportError::new(file, "a mirror's source has no alias")
                    .with_key("spec.mirrors[].source.alias")
                    .at_line(Some(s.line))
            })?;
            let servers = s
                .get("bootstrapServers")
                .and_then(Node::str)
                .map(addresses)
                .unwrap_or_default();
            estate.cluster(alias, &servers, file);
            (alias.to_string(), target_v1.clone().unwrap_or_default())
        } else {
            let get = |k: &str| {
                m.get(k)
                    .and_then(Node::str)
                    .map(str::to_string)
                    .ok_or_else(|| {
                        ImportError::new(file, format!("a mirror has no {k}"))
                            .with_key(format!("spec.mirrors[].{k}"))
                            .at_line(Some(m.line))
                    })
            };
            (get("sourceCluster")?, get("targetCluster")?)
        };
        let mut source = connector_settings(file, m.get("sourceConnector"), report).unwrap_or_else(|| {
            report.approximate(format!("{file}: the mirror {src} -> {tgt} has no sourceConnector; the operator runs none, drawn as a default one"));
            Settings::new()
        });
        patterns(
            file,
            m,
            &mut source,
            &[
                ("topicsPattern", "topics"),
                ("topicsExcludePattern", "topics.exclude"),
            ],
            report,
        );
        let mut checkpoint = connector_settings(file, m.get("checkpointConnector"), report);
        if let Some(cp) = checkpoint.as_mut() {
            patterns(
                file,
                m,
                cp,
                &[
                    ("groupsPattern", "groups"),
                    ("groupsExcludePattern", "groups.exclude"),
                ],
                report,
            );
        }
        let heartbeat = connector_settings(file, m.get("heartbeatConnector"), report);
        let start_latest = source
            .get("consumer.auto.offset.reset")
            .or_else(|| source.get("source.consumer.auto.offset.reset"))
            .is_some_and(|s| s.value.trim() == "latest");
        let place = FlowPlace {
            file,
            line: Some(m.line),
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
        if let Some(cc) = &connect_cluster {
            if *cc != tgt {
                flow.facts.connect_cluster = Some(cc.clone());
            }
        }
        estate.flows.push(flow);
    }
    report.read.push(format!(
        "{file}: Strimzi KafkaMirrorMaker2 ({}), {} clusters, {} mirrors",
        if api.is_empty() { "no apiVersion" } else { api },
        estate.clusters.len(),
        estate.flows.len() - first_flow
    ));
    Ok(())
}
