//! A Redpanda shadow link (`rpk shadow create --config-file`): the source cluster's
//! `client_options.bootstrap_servers`, which topics are shadowed and where they start,
//! and whether group offsets are synced. The shadow cluster is `--site`, else `shadow`.

use crate::estate::{addresses, host_of, Estate, Flow, FlowFacts, Naming, Product, Selector};
use crate::presets::{self, PresetId};
use crate::report::Report;
use crate::text::yaml::{self, Node};
use crate::{ImportError, Input};
use hoplab_model::spec::HopOptions;

pub const DEFAULT_SITE: &str = "shadow";

fn enabled(section: Option<&Node>) -> bool {
    let Some(s) = section else { return false };
    let paused = s.get("paused").and_then(Node::str) == Some("true");
    let disabled = s.get("enabled").and_then(Node::str) == Some("false");
    !paused && !disabled
}

/// How often a shadow link syncs consumer groups' offsets, when it does: its
/// `consumer_offset_sync_options.interval` as Redpanda writes a duration (`30s`, `500ms`,
/// `1m`); one that cannot be read is modelled as not syncing, and the report says so.
fn group_sync_every(file: &str, section: Option<&Node>, report: &mut Report) -> Option<u64> {
    let s = section.filter(|s| enabled(Some(s)))?;
    let interval = s.get("interval").and_then(Node::str).unwrap_or_default();
    let every = duration_ms(interval)
        .filter(|ms| (1..=hoplab_model::spec::limits::INTERVAL.max).contains(ms));
    if every.is_none() {
        report.approximate(format!("{file}: consumer_offset_sync_options with no interval this version reads ('{interval}'): the groups' positions are modelled as never synced (after a loss they start over)"));
    }
    every
}

/// `30s`, `500ms`, `2m`, `1h` in milliseconds.
fn duration_ms(text: &str) -> Option<u64> {
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit())?;
    let (n, unit) = (t[..split].parse::<u64>().ok()?, &t[split..]);
    let scale = match unit {
        "ms" => 1,
        "s" => 1_000,
        "m" => 60_000,
        "h" => 3_600_000,
        _ => return None,
    };
    n.checked_mul(scale)
}

/// `client_options.bootstrap_servers`, as a list or one comma-separated string.
fn bootstrap_servers(client: &Node) -> Vec<String> {
    match client.get("bootstrap_servers") {
        Some(n) if !n.seq().is_empty() => n
            .seq()
            .iter()
            .filter_map(Node::str)
            .map(str::to_string)
            .collect(),
        Some(n) => n.str().map(addresses).unwrap_or_default(),
        None => Vec::new(),
    }
}

/// (include, exclude) patterns from `topic_metadata_sync_options`'
/// `auto_create_shadow_topic_filters`.
fn topic_filters(topics: Option<&Node>) -> (Vec<String>, Vec<String>) {
    let (mut include, mut exclude) = (Vec::new(), Vec::new());
    for f in topics
        .and_then(|t| t.get("auto_create_shadow_topic_filters"))
        .map(Node::seq)
        .unwrap_or_default()
    {
        let name = f.get("name").and_then(Node::str).unwrap_or("*");
        let prefix = f
            .get("pattern_type")
            .and_then(Node::str)
            .is_some_and(|p| p.eq_ignore_ascii_case("PREFIX"));
        let pattern = crate::products::cluster_link::read::filter_pattern(name, prefix);
        if f.get("filter_type")
            .and_then(Node::str)
            .is_some_and(|t| t.eq_ignore_ascii_case("EXCLUDE"))
        {
            exclude.push(pattern);
        } else {
            include.push(pattern);
        }
    }
    (include, exclude)
}

pub fn read(input: &Input, report: &mut Report) -> Result<Estate, ImportError> {
    let file = input.name;
    let docs = yaml::parse(input.text).map_err(|e| {
        ImportError::new(file, format!("not valid YAML: {}", e.message)).at_line(e.line)
    })?;
    let doc = docs
        .first()
        .ok_or_else(|| ImportError::new(file, "the file is empty"))?;
    let client = doc.get("client_options").ok_or_else(|| {
        ImportError::new(
            file,
            "no client_options: the link must say which cluster it shadows",
        )
        .with_key("client_options")
    })?;
    let servers = bootstrap_servers(client);
    let source = servers
        .first()
        .map(|a| host_of(a))
        .filter(|h| !h.is_empty())
        .ok_or_else(|| {
            ImportError::new(file, "client_options has no bootstrap_servers")
                .with_key("client_options.bootstrap_servers")
                .at_line(Some(client.line))
        })?;
    let target = input.site.unwrap_or(DEFAULT_SITE).to_string();
    let topics = doc.get("topic_metadata_sync_options");
    let (mut include, exclude) = topic_filters(topics);
    if include.is_empty() {
        report.approximate(format!("{file}: no auto_create_shadow_topic_filters include: nothing is shadowed automatically, drawn as one stream '*'"));
        include.push(".*".into());
    }
    let start_latest = topics.and_then(|t| t.get("start_at_latest")).is_some();
    let mut estate = Estate::default();
    estate.cluster(&source, &servers, file);
    estate.cluster(&target, &[], file);
    estate.flows.push(Flow {
        product: Product::RedpandaShadow,
        file: file.into(),
        line: Some(client.line),
        source: source.clone(),
        target: target.clone(),
        selector: Selector { include, exclude },
        naming: Naming::Identity,
        pairs: Vec::new(),
        options: HopOptions {
            checkpoint_every_ms: group_sync_every(
                file,
                doc.get("consumer_offset_sync_options"),
                report,
            ),
            ..presets::get(PresetId::OffsetPreservingMirror).options
        },
        facts: FlowFacts {
            group_sync: enabled(doc.get("consumer_offset_sync_options")),
            offset_syncs: true,
            start_latest,
            discovery_ms: Some(30_000),
            ..FlowFacts::default()
        },
    });
    let name = doc.get("name").and_then(Node::str).unwrap_or("(unnamed)");
    report.read.push(format!(
        "{file}: Redpanda shadow link {name}, {source} shadowed on {target}"
    ));
    Ok(estate)
}
