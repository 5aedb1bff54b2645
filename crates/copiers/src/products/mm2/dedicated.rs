//! MirrorMaker 2's dedicated mode (`connect-mirror-maker.properties`), with
//! `MirrorMakerConfig`'s precedence: top-level connector keys, then the flow's own
//! `A->B.` keys over them; `A.` cluster keys carry connections and clients only.

use super::keys;
use super::settings::{self, FlowPlace, Setting, Settings};
use crate::estate::{addresses, Estate};
use crate::report::{Ignored, Report};
use crate::selector::list;
use crate::text::properties::{self, Prop};
use crate::ImportError;

/// Where a key belongs.
enum Scope<'a> {
    Top(&'a str),
    Cluster(&'a str, &'a str),
    Flow(&'a str, &'a str, &'a str),
    /// `X->Y.key` where X or Y is no alias in `clusters`.
    UnknownFlow,
}

/// The longest alias `rest` starts with, followed by a dot: (alias, key after it).
fn split_alias<'a>(rest: &'a str, aliases: &[String]) -> Option<(&'a str, &'a str)> {
    aliases
        .iter()
        .filter(|a| {
            rest.len() > a.len() && rest.starts_with(a.as_str()) && rest[a.len()..].starts_with('.')
        })
        .max_by_key(|a| a.len())
        .map(|a| (&rest[..a.len()], &rest[a.len() + 1..]))
}

fn scope<'a>(key: &'a str, aliases: &[String]) -> Scope<'a> {
    if let Some((src, rest)) = key.split_once("->") {
        return match split_alias(rest, aliases) {
            Some((tgt, k)) if aliases.iter().any(|a| a == src) => Scope::Flow(src, tgt, k),
            _ => Scope::UnknownFlow,
        };
    }
    match split_alias(key, aliases) {
        Some((alias, k)) => Scope::Cluster(alias, k),
        None => Scope::Top(key),
    }
}

fn put(map: &mut Settings, key: &str, p: &Prop) {
    map.insert(
        key.to_string(),
        Setting {
            value: p.value.clone(),
            line: Some(p.line),
        },
    );
}

/// Checks a connector-level key and says why it is ignored, if it is.
fn check_connector_key(file: &str, p: &Prop, key: &str, report: &mut Report) {
    if let Some(why) = keys::known_mistake(key) {
        report.ignore(file, Some(p.line), &p.key, why);
        return;
    }
    if keys::is_worker_key(key)
        || key.starts_with("producer.override.")
        || key.starts_with("consumer.override.")
    {
        // Every key is read or listed: the worker's own settings are the product's.
        report.ignore(file, Some(p.line), &p.key, Ignored::NotModelled);
        return;
    }
    if keys::is_connector_key(key) {
        if !keys::MODELLED_KEYS.contains(&key) {
            report.ignore(file, Some(p.line), &p.key, Ignored::NotModelled);
        }
        return;
    }
    if key.starts_with("producer.") || key.starts_with("consumer.") || key.starts_with("admin.") {
        report.ignore(
            file,
            Some(p.line),
            &p.key,
            Ignored::WronglyScoped {
                hint: format!(
                    "no copier reads a {} setting here; put it on the cluster, as <alias>.{key}",
                    key.split('.').next().unwrap_or("client")
                ),
            },
        );
        return;
    }
    if keys::is_client_key(key) {
        return;
    }
    if let Some(why) = keys::unread_connector_key(key) {
        report.ignore(file, Some(p.line), &p.key, why);
    }
}

/// The `clusters` list's aliases.
fn cluster_aliases(file: &str, props: &[Prop]) -> Result<Vec<String>, ImportError> {
    let clusters_prop = properties::last(props, "clusters").ok_or_else(|| {
        ImportError::new(
            file,
            "no 'clusters' list: MirrorMaker 2 needs its cluster aliases",
        )
        .with_key("clusters")
    })?;
    let aliases = list(&clusters_prop.value);
    if aliases.is_empty() {
        return Err(ImportError::new(file, "the 'clusters' list is empty")
            .at_line(Some(clusters_prop.line))
            .with_key("clusters"));
    }
    Ok(aliases)
}

/// The file's keys by where they apply: the top level, one cluster (by its alias's
/// place in `clusters`), one flow.
struct Scoped {
    top: Settings,
    cluster: Vec<Settings>,
    flows: Vec<((String, String), Settings)>,
}

impl Scoped {
    fn sort(file: &str, props: &[Prop], aliases: &[String], report: &mut Report) -> Self {
        let mut scoped = Scoped {
            top: Settings::new(),
            cluster: vec![Settings::new(); aliases.len()],
            flows: Vec::new(),
        };
        for p in props {
            scoped.put(file, p, aliases, report);
        }
        scoped
    }

    fn put(&mut self, file: &str, p: &Prop, aliases: &[String], report: &mut Report) {
        match scope(&p.key, aliases) {
            Scope::Top("clusters") | Scope::Top("dedicated.mode.enable.internal.rest") => {}
            Scope::Top(k) => {
                check_connector_key(file, p, k, report);
                put(&mut self.top, k, p);
            }
            Scope::Cluster(alias, k) => {
                if keys::is_connector_key(k) {
                    report.ignore(file, Some(p.line), &p.key, Ignored::WronglyScoped {
                        hint: format!("a cluster key never reaches the connectors; write it for a flow, as {alias}->B.{k}, or at the top level"),
                    });
                } else if k != "bootstrap.servers" && k != "consumer.auto.offset.reset" {
                    // A client setting of that cluster (security, timeouts): the product's.
                    report.ignore(file, Some(p.line), &p.key, Ignored::NotModelled);
                }
                let i = aliases
                    .iter()
                    .position(|a| a == alias)
                    .expect("alias found");
                put(&mut self.cluster[i], k, p);
            }
            Scope::Flow(src, tgt, k) => {
                check_connector_key(file, p, k, report);
                let pair = (src.to_string(), tgt.to_string());
                match self.flows.iter_mut().find(|(f, _)| *f == pair) {
                    Some((_, m)) => put(m, k, p),
                    None => {
                        let mut m = Settings::new();
                        put(&mut m, k, p);
                        self.flows.push((pair, m));
                    }
                }
            }
            Scope::UnknownFlow => report.ignore(
                file,
                Some(p.line),
                &p.key,
                Ignored::WronglyScoped {
                    hint: format!(
                        "it names a flow between aliases that are not all in clusters ({})",
                        aliases.join(", ")
                    ),
                },
            ),
        }
    }

    /// A flow's settings: the top level's, then the flow's own (later wins).
    fn merged(&self, src: &str, tgt: &str) -> Settings {
        let own = self
            .flows
            .iter()
            .find(|((s, t), _)| s == src && t == tgt)
            .map(|(_, m)| m);
        let mut merged = self.top.clone();
        if let Some(own) = own {
            merged.extend(own.clone());
        }
        merged
    }
}

pub fn read(file: &str, text: &str, report: &mut Report) -> Result<Estate, ImportError> {
    let props = properties::parse(text);
    let aliases = cluster_aliases(file, &props)?;
    let scoped = Scoped::sort(file, &props, &aliases, report);
    let mut estate = Estate::default();
    for (i, a) in aliases.iter().enumerate() {
        let servers = scoped.cluster[i]
            .get("bootstrap.servers")
            .or_else(|| scoped.top.get("bootstrap.servers"))
            .map(|s| addresses(&s.value))
            .unwrap_or_default();
        estate.cluster(a, &servers, file);
    }
    let mut enabled = 0;
    for (si, src) in aliases.iter().enumerate() {
        for tgt in aliases.iter().filter(|t| *t != src) {
            let merged = scoped.merged(src, tgt);
            let on = merged
                .get("enabled")
                .is_some_and(|s| s.value.trim().eq_ignore_ascii_case("true"));
            if !on {
                continue;
            }
            enabled += 1;
            let start_latest = scoped.cluster[si]
                .get("consumer.auto.offset.reset")
                .is_some_and(|s| s.value.trim() == "latest");
            let line = merged.get("enabled").and_then(|s| s.line);
            let place = FlowPlace {
                file,
                line,
                source: src,
                target: tgt,
                start_latest,
            };
            let mut flow = settings::flow(place, &merged, None, report)?;
            flow.facts.mm2_layout = Some(crate::estate::Mm2Layout::Properties);
            estate.flows.push(flow);
        }
    }
    report.read.push(format!(
        "{file}: MirrorMaker 2 dedicated mode, {} clusters ({}), {enabled} enabled flows",
        aliases.len(),
        aliases.join(", ")
    ));
    Ok(estate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flow_key_needs_both_aliases_and_wins_over_the_top_level() {
        let a = vec!["us-west".to_string(), "us-east".to_string()];
        assert!(matches!(
            scope("us-west->us-east.topics", &a),
            Scope::Flow("us-west", "us-east", "topics")
        ));
        assert!(matches!(
            scope("us-west->us.east.topics", &a),
            Scope::UnknownFlow
        ));
        assert!(matches!(
            scope("us-west.bootstrap.servers", &a),
            Scope::Cluster("us-west", "bootstrap.servers")
        ));
        assert!(matches!(scope("topics", &a), Scope::Top("topics")));
        let mut r = Report::default();
        let e = read(
            "f",
            "clusters=A,B\nA->B.enabled=true\noffset.lag.max=50\nA->B.offset.lag.max=7\n",
            &mut r,
        )
        .unwrap();
        assert_eq!(e.flows.len(), 1);
        assert_eq!(e.flows[0].options.map_every, Some(7));
    }
}
