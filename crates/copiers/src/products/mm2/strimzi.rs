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
        let before = report.ignored.len();
        read_resource(file, doc, &mut estate, report)?;
        let declared = doc
            .get("spec")
            .and_then(|s| s.get("version"))
            .and_then(Node::str);
        if let Some(declared) = declared {
            said_for_version(&mut report.ignored[before..], declared);
        }
    }
    Ok(estate)
}

/// `major.minor` of a Kafka version (`4.1.0` -> (4, 1)).
fn major_minor(v: &str) -> Option<(u32, u32)> {
    let mut parts = v.trim().split('.');
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

/// Removed keys said for the Kafka version the resource declares (`spec.version`): a name
/// removed in 4.0 is still a deprecated alias to a 3.x release, and a 4.x file is told
/// which release it declares.
fn said_for_version(ignored: &mut [crate::report::IgnoredKey], declared: &str) {
    let Some(have) = major_minor(declared) else {
        return;
    };
    for key in ignored {
        let Ignored::Removed { since, instead } = &key.why else {
            continue;
        };
        let Some(removed_in) = since
            .strip_prefix("Kafka ")
            .and_then(|v| major_minor(v.split_whitespace().next().unwrap_or_default()))
        else {
            continue;
        };
        key.why = if have < removed_in {
            Ignored::Deprecated {
                declared: declared.to_string(),
                removed: since.clone(),
                instead: instead.clone(),
            }
        } else {
            Ignored::Removed {
                since: format!("{since}; this file declares Kafka {declared}"),
                instead: instead.clone(),
            }
        };
    }
}

/// One `KafkaMirrorMaker2` document.
/// A cluster a node names by `alias`, with its `bootstrapServers`; its alias.
fn aliased_cluster<'a>(
    file: &str,
    node: &'a Node,
    (missing, key): (&str, &str),
    estate: &mut Estate,
) -> Result<&'a str, ImportError> {
    let alias = node.get("alias").and_then(Node::str).ok_or_else(|| {
        ImportError::new(file, missing)
            .with_key(key)
            .at_line(Some(node.line))
    })?;
    let servers = node
        .get("bootstrapServers")
        .and_then(Node::str)
        .map(addresses)
        .unwrap_or_default();
    estate.cluster(alias, &servers, file);
    Ok(alias)
}

/// The resource's clusters: `spec.target` (v1), else `spec.clusters` with the Connect
/// cluster that runs the mirrors.
fn read_clusters(
    file: &str,
    spec: &Node,
    estate: &mut Estate,
) -> Result<Option<String>, ImportError> {
    if let Some(t) = spec.get("target") {
        let why = ("spec.target has no alias", "spec.target.alias");
        aliased_cluster(file, t, why, estate)?;
        return Ok(None);
    }
    for c in spec.get("clusters").map(Node::seq).unwrap_or_default() {
        let why = ("a cluster has no alias", "spec.clusters[].alias");
        aliased_cluster(file, c, why, estate)?;
    }
    Ok(spec
        .get("connectCluster")
        .and_then(Node::str)
        .map(str::to_string))
}

/// A mirror's source and target clusters: its `source` and the resource's target (v1),
/// else its `sourceCluster` and `targetCluster`.
fn mirror_ends(
    file: &str,
    m: &Node,
    target_v1: Option<&String>,
    estate: &mut Estate,
) -> Result<(String, String), ImportError> {
    if let Some(target) = target_v1 {
        let s = m.get("source").ok_or_else(|| {
            ImportError::new(file, "a mirror has no source")
                .with_key("spec.mirrors[].source")
                .at_line(Some(m.line))
        })?;
        let why = (
            "a mirror's source has no alias",
            "spec.mirrors[].source.alias",
        );
        let alias = aliased_cluster(file, s, why, estate)?;
        return Ok((alias.to_string(), target.clone()));
    }
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
    Ok((get("sourceCluster")?, get("targetCluster")?))
}

/// A mirror's three connectors, with its patterns written into their settings.
fn mirror_connectors(
    file: &str,
    m: &Node,
    src: &str,
    tgt: &str,
    report: &mut Report,
) -> Connectors {
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
    Connectors {
        source,
        checkpoint,
        heartbeat,
    }
}

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
    let connect_cluster = read_clusters(file, spec, estate)?;
    let target_v1 = spec.get("target").map(|t| {
        t.get("alias")
            .and_then(Node::str)
            .map(str::to_string)
            .unwrap_or_default()
    });
    let mirrors = spec.get("mirrors").map(Node::seq).unwrap_or_default();
    for m in mirrors {
        let (src, tgt) = mirror_ends(file, m, target_v1.as_ref(), estate)?;
        let c = mirror_connectors(file, m, &src, &tgt, report);
        let start_latest = c
            .source
            .get("consumer.auto.offset.reset")
            .or_else(|| c.source.get("source.consumer.auto.offset.reset"))
            .is_some_and(|s| s.value.trim() == "latest");
        let place = FlowPlace {
            file,
            line: Some(m.line),
            source: &src,
            target: &tgt,
            start_latest,
        };
        let mut flow = connector_flow(place, &c, report)?;
        flow.facts.mm2_layout = Some(if api.ends_with("/v1") {
            crate::estate::Mm2Layout::StrimziV1
        } else {
            crate::estate::Mm2Layout::StrimziV1beta2
        });
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
