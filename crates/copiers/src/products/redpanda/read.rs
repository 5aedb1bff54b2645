//! A Redpanda shadow link (`rpk shadow create --config-file`): the source cluster's
//! `client_options.bootstrap_servers`, which topics are shadowed and where they start,
//! and whether group offsets are synced. The shadow cluster is `--site`, else `shadow`.

use crate::estate::{addresses, host_of, Estate, Flow, FlowFacts, Naming, Product, Selector};
use crate::presets::{self, PresetId};
use crate::report::Report;
use crate::text::yaml::{self, Node};
use crate::{ImportError, Input};

pub const DEFAULT_SITE: &str = "shadow";

fn enabled(section: Option<&Node>) -> bool {
    let Some(s) = section else { return false };
    let paused = s.get("paused").and_then(Node::str) == Some("true");
    let disabled = s.get("enabled").and_then(Node::str) == Some("false");
    !paused && !disabled
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
        options: presets::get(PresetId::OffsetPreservingMirror).options,
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
