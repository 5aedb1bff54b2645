//! A Confluent cluster link's configuration (`kafka-cluster-links --config-file`): the
//! remote cluster's `bootstrap.servers`, the link's mode, its mirror-topic filters and
//! prefix, offset sync and where new mirrors start. The file does not name the cluster it
//! is created on: `--site`, else `destination`.

use crate::estate::{addresses, host_of, Estate, Flow, FlowFacts, Naming, Product, Selector};
use crate::presets::{self, PresetId};
use crate::report::{Ignored, Report};
use crate::text::properties;
use crate::{ImportError, Input};
use serde_json::Value;

pub const DEFAULT_SITE: &str = "destination";
pub const DEFAULTS_VERSION: &str = "Confluent Platform 7.x and Cloud defaults";

const LINK_KEYS: &[&str] = &[
    "link.mode",
    "connection.mode",
    "bootstrap.servers",
    "security.protocol",
    "cluster.link.prefix",
    "consumer.group.prefix.enable",
    "auto.create.mirror.topics.enable",
    "auto.create.mirror.topics.filters",
    "consumer.offset.sync.enable",
    "consumer.offset.group.filters",
    "consumer.offset.sync.ms",
    "acl.sync.enable",
    "acl.filters",
    "acl.sync.ms",
    "topic.config.sync.ms",
    "mirror.start.offset.spec",
    "cluster.link.retry.timeout.ms",
    "local.bootstrap.servers",
    "local.security.protocol",
];

/// (include, exclude) patterns from `{"topicFilters": [{name, patternType, filterType}]}`.
fn filters(
    file: &str,
    line: u32,
    json_text: &str,
) -> Result<(Vec<String>, Vec<String>), ImportError> {
    let v: Value = serde_json::from_str(json_text).map_err(|e| {
        ImportError::new(file, format!("the filters are not valid JSON: {e}"))
            .at_line(Some(line))
            .with_key("auto.create.mirror.topics.filters")
    })?;
    let (mut inc, mut exc) = (Vec::new(), Vec::new());
    for f in v
        .get("topicFilters")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let name = f.get("name").and_then(Value::as_str).unwrap_or("*");
        let prefixed = f
            .get("patternType")
            .and_then(Value::as_str)
            .is_some_and(|p| p.eq_ignore_ascii_case("PREFIXED"));
        let pattern = filter_pattern(name, prefixed);
        if f.get("filterType")
            .and_then(Value::as_str)
            .is_some_and(|t| t.eq_ignore_ascii_case("EXCLUDE"))
        {
            exc.push(pattern);
        } else {
            inc.push(pattern);
        }
    }
    Ok((inc, exc))
}

/// Reports every key a cluster link does not read (`ssl.` and `sasl.` pass), naming the
/// one it was likely meant to be where one is close.
fn ignore_unknown_keys(file: &str, props: &[properties::Prop], report: &mut Report) {
    for p in props {
        if !LINK_KEYS.contains(&p.key.as_str())
            && !p.key.starts_with("ssl.")
            && !p.key.starts_with("sasl.")
        {
            let why = Ignored::for_unknown(&p.key, LINK_KEYS.iter().copied());
            report.ignore(file, Some(p.line), &p.key, why);
        }
    }
}

/// The (source, target) flows a link of `mode` runs between the remote and local cluster.
fn link_ends(mode: &str, local: &str, remote: &str) -> Vec<(String, String)> {
    let (local, remote) = (local.to_string(), remote.to_string());
    match mode {
        // The source half of a source-initiated link lives on the source.
        "SOURCE" => vec![(local, remote)],
        "BIDIRECTIONAL" => vec![(remote.clone(), local.clone()), (local, remote)],
        _ => vec![(remote, local)],
    }
}

/// Mirror topics keep their names, or take the link's `cluster.link.prefix`.
fn naming_of(prefix: &str) -> Naming {
    if prefix.is_empty() {
        Naming::Identity
    } else {
        Naming::FixedPrefix(prefix.to_string())
    }
}

pub fn read(input: &Input, report: &mut Report) -> Result<Estate, ImportError> {
    let file = input.name;
    let props = properties::parse(input.text);
    ignore_unknown_keys(file, &props, report);
    let get = |k: &str| properties::last(&props, k);
    let servers = get("bootstrap.servers").ok_or_else(|| {
        ImportError::new(
            file,
            "no bootstrap.servers: the link must say which cluster it reaches",
        )
        .with_key("bootstrap.servers")
    })?;
    let remote_addresses = addresses(&servers.value);
    let remote = remote_addresses
        .first()
        .map(|a| host_of(a))
        .unwrap_or_default();
    let local = input.site.unwrap_or(DEFAULT_SITE).to_string();
    let mode = get("link.mode")
        .map_or("DESTINATION", |p| p.value.as_str())
        .to_ascii_uppercase();
    let (include, exclude) = match get("auto.create.mirror.topics.filters") {
        Some(p) => filters(file, p.line, &p.value)?,
        None => {
            report.approximate(format!("{file}: no auto.create.mirror.topics.filters: mirrors are made one by one, drawn as one stream '*' for all of them"));
            (vec![".*".into()], Vec::new())
        }
    };
    let prefix = get("cluster.link.prefix")
        .map(|p| p.value.clone())
        .unwrap_or_default();
    let flag = |k: &str| get(k).is_some_and(|p| p.value.trim().eq_ignore_ascii_case("true"));
    let start_latest = get("mirror.start.offset.spec")
        .is_some_and(|p| p.value.trim().eq_ignore_ascii_case("latest"));
    if get("mirror.start.offset.spec").is_none() {
        report.defaulted(
            file,
            "mirror.start.offset.spec",
            "earliest",
            DEFAULTS_VERSION,
        );
    }
    let mut estate = Estate::default();
    estate.cluster(&remote, &remote_addresses, file);
    estate.cluster(&local, &[], file);
    let mut options = presets::get(PresetId::OffsetPreservingMirror).options;
    options.checkpoint_every_ms = group_sync_every(file, &props, report);
    for (source, target) in link_ends(&mode, &local, &remote) {
        estate.flows.push(Flow {
            product: Product::ClusterLink,
            file: file.into(),
            line: get("bootstrap.servers").map(|p| p.line),
            source,
            target,
            selector: Selector {
                include: include.clone(),
                exclude: exclude.clone(),
            },
            naming: naming_of(&prefix),
            pairs: Vec::new(),
            options: options.clone(),
            facts: FlowFacts {
                group_sync: flag("consumer.offset.sync.enable"),
                offset_syncs: true,
                start_latest,
                ..FlowFacts::default()
            },
        });
    }
    report.read.push(format!(
        "{file}: Confluent cluster link ({mode}) between {remote} and {local}"
    ));
    Ok(estate)
}

/// How often the link syncs consumer groups' committed offsets, when it does: the file's
/// `consumer.offset.sync.ms`. A link that syncs without saying how often is modelled as
/// not syncing, and the report says so: the default is in no source this version checked.
fn group_sync_every(file: &str, props: &[properties::Prop], report: &mut Report) -> Option<u64> {
    let get = |k: &str| properties::last(props, k);
    if !get("consumer.offset.sync.enable")
        .is_some_and(|p| p.value.trim().eq_ignore_ascii_case("true"))
    {
        return None;
    }
    let every = get("consumer.offset.sync.ms").and_then(|p| p.value.trim().parse::<u64>().ok());
    if every.is_none_or(|ms| ms == 0 || ms > hoplab_model::spec::limits::INTERVAL.max) {
        report.approximate(format!("{file}: consumer.offset.sync.enable without a usable consumer.offset.sync.ms (1 ms to 7 days): its default is in no source this version checked, so the groups' positions are modelled as never synced (after a loss they start over); set it to model the sync"));
        return None;
    }
    every
}

/// A topic filter's name as the selector's pattern: `*` is every topic, a prefixed name
/// every topic it starts, a literal name itself (Cluster Linking's `topicFilters` and
/// Redpanda's shadow-topic filters say it the same way).
pub(crate) fn filter_pattern(name: &str, prefixed: bool) -> String {
    if name == "*" {
        ".*".into()
    } else if prefixed {
        format!("{name}.*")
    } else {
        name.to_string()
    }
}
