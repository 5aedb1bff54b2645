//! An AWS MSK Replicator `CreateReplicator` request (the SDK's PascalCase member names,
//! or the wire's camelCase ones). Each entry of `ReplicationInfoList` is one flow.

use crate::estate::{Estate, Flow, FlowFacts, Naming, Product, Selector};
use crate::presets::{self, PresetId};
use crate::report::{Ignored, Report};
use crate::text::json;
use crate::ImportError;
use hoplab_model::spec::{OriginStamp, StartFrom};
use serde_json::Value;

pub const DEFAULTS_VERSION: &str = "MSK Replicator API 2018-11-14";
/// How long a new topic may take to be found and created on the target.
pub const DISCOVERY_MS: u64 = 30_000;

const INFO_KEYS: &[&str] = &[
    "SourceKafkaClusterArn",
    "SourceKafkaClusterId",
    "TargetKafkaClusterArn",
    "TargetKafkaClusterId",
    "TargetCompressionType",
    "TopicReplication",
    "ConsumerGroupReplication",
];
const TOPIC_KEYS: &[&str] = &[
    "TopicsToReplicate",
    "TopicsToExclude",
    "TopicNameConfiguration",
    "StartingPosition",
    "CopyAccessControlListsForTopics",
    "CopyTopicConfigurations",
    "DetectAndCopyNewTopics",
];
const GROUP_KEYS: &[&str] = &[
    "ConsumerGroupsToReplicate",
    "ConsumerGroupsToExclude",
    "DetectAndCopyNewConsumerGroups",
    "SynchroniseConsumerGroupOffsets",
    "ConsumerGroupOffsetSyncMode",
];

/// A member by its SDK name or its wire (camelCase) name.
fn member<'a>(v: &'a Value, pascal: &str) -> Option<&'a Value> {
    v.get(pascal).or_else(|| {
        let mut c = pascal.chars();
        let camel: String = c
            .next()
            .map(|f| f.to_ascii_lowercase())
            .into_iter()
            .chain(c)
            .collect();
        v.get(camel)
    })
}

fn pascal(k: &str) -> String {
    let mut c = k.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase())
        .into_iter()
        .chain(c)
        .collect()
}

fn check(file: &str, text: &str, v: Option<&Value>, known: &[&str], report: &mut Report) {
    for k in v
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|o| o.keys())
    {
        let p = pascal(k);
        if known.contains(&p.as_str()) {
            continue;
        }
        let why = Ignored::for_unknown(&p, known.iter().copied());
        report.ignore(file, json::line_of(text, k), k, why);
    }
}

/// The cluster's name inside its ARN (`arn:aws:kafka:r:a:cluster/NAME/uuid`), or the id.
pub fn cluster_name(arn_or_id: &str) -> String {
    arn_or_id.split('/').nth(1).unwrap_or(arn_or_id).to_string()
}

fn strings(v: Option<&Value>) -> Vec<String> {
    v.and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect()
}

fn flag(v: Option<&Value>, default: bool) -> bool {
    v.and_then(Value::as_bool).unwrap_or(default)
}

/// The clusters the request describes, with their bootstrap servers.
fn read_clusters(file: &str, doc: &Value, estate: &mut Estate) {
    for c in member(doc, "KafkaClusters")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let id = member(c, "AmazonMskCluster")
            .and_then(|m| member(m, "MskClusterArn"))
            .or_else(|| {
                member(c, "ApacheKafkaCluster").and_then(|m| member(m, "ApacheKafkaClusterId"))
            })
            .and_then(Value::as_str);
        if let Some(id) = id {
            let servers = member(c, "ApacheKafkaCluster")
                .and_then(|m| member(m, "BootstrapBrokerString"))
                .and_then(Value::as_str)
                .map(crate::estate::addresses)
                .unwrap_or_default();
            estate.cluster(&cluster_name(id), &servers, file);
        }
    }
}

/// Whether copies keep their topics' names (`IDENTICAL`), else are prefixed.
fn identical_names(file: &str, topics: &Value, source: &str, report: &mut Report) -> bool {
    let naming_type = member(topics, "TopicNameConfiguration")
        .and_then(|n| member(n, "Type"))
        .and_then(Value::as_str);
    if naming_type.is_none() {
        report.defaulted(
            file,
            "TopicNameConfiguration.Type",
            "PREFIXED_WITH_SOURCE_CLUSTER_ALIAS",
            DEFAULTS_VERSION,
        );
        report.approximate(format!("{file}: MSK prefixes copies with the source cluster's alias (DescribeReplicator shows it); the model uses the cluster's name, {source}"));
    }
    naming_type == Some("IDENTICAL")
}

/// Whether copying starts at the topics' latest records.
fn starts_latest(file: &str, topics: &Value, report: &mut Report) -> bool {
    let start = member(topics, "StartingPosition")
        .and_then(|s| member(s, "Type"))
        .and_then(Value::as_str);
    if start.is_none() {
        report.defaulted(file, "StartingPosition.Type", "LATEST", DEFAULTS_VERSION);
    }
    start.unwrap_or("LATEST") == "LATEST"
}

/// One entry of `ReplicationInfoList`: its flow.
fn read_replication(
    (file, text): (&str, &str),
    i: usize,
    info: &Value,
    report: &mut Report,
) -> Result<Flow, ImportError> {
    check(file, text, Some(info), INFO_KEYS, report);
    let end = |side: &str| {
        member(info, &format!("{side}KafkaClusterArn"))
            .or_else(|| member(info, &format!("{side}KafkaClusterId")))
            .and_then(Value::as_str)
            .map(cluster_name)
            .ok_or_else(|| {
                ImportError::new(file, format!("replication {i} names no {side} cluster"))
                    .with_key(format!("{side}KafkaClusterArn"))
            })
    };
    let (source, target) = (end("Source")?, end("Target")?);
    let topics = member(info, "TopicReplication").ok_or_else(|| {
        ImportError::new(file, format!("replication {i} has no TopicReplication"))
            .with_key("TopicReplication")
    })?;
    check(file, text, Some(topics), TOPIC_KEYS, report);
    let groups = member(info, "ConsumerGroupReplication");
    check(file, text, groups, GROUP_KEYS, report);
    let identical = identical_names(file, topics, &source, report);
    let start_latest = starts_latest(file, topics, report);
    let detect = flag(member(topics, "DetectAndCopyNewTopics"), true);
    // AWS: "When synchroniseConsumerGroupOffsets is enabled (the default), …".
    let sync_key = groups.and_then(|g| member(g, "SynchroniseConsumerGroupOffsets"));
    if groups.is_some() && sync_key.is_none() {
        report.defaulted(
            file,
            "ConsumerGroupReplication.SynchroniseConsumerGroupOffsets",
            "true",
            "MSK Developer Guide, consumer group offset sync (2026-12)",
        );
    }
    let group_sync = flag(sync_key, groups.is_some());
    let mut options = presets::get(PresetId::MskReplicatorIdentical).options;
    if !identical {
        options.stamp = OriginStamp::QualifiedName;
    }
    options.start_from = if start_latest {
        StartFrom::Latest
    } else {
        StartFrom::Earliest
    };
    Ok(Flow {
        product: Product::MskReplicator,
        file: file.into(),
        line: json::line_of(text, "TopicsToReplicate"),
        source,
        target,
        selector: Selector {
            include: strings(member(topics, "TopicsToReplicate")),
            exclude: strings(member(topics, "TopicsToExclude")),
        },
        naming: if identical {
            Naming::Identity
        } else {
            Naming::Prefixed {
                separator: ".".into(),
            }
        },
        pairs: Vec::new(),
        options,
        facts: FlowFacts {
            group_sync,
            groups: strings(groups.and_then(|g| member(g, "ConsumerGroupsToReplicate"))),
            offset_syncs: true,
            checkpoints: group_sync,
            heartbeats: false,
            start_latest,
            discovery_ms: detect.then_some(DISCOVERY_MS),
            ..FlowFacts::default()
        },
    })
}

pub fn read(file: &str, text: &str, report: &mut Report) -> Result<Estate, ImportError> {
    let doc = json::parse(file, text)?;
    let mut estate = Estate::default();
    read_clusters(file, &doc, &mut estate);
    let infos = member(&doc, "ReplicationInfoList")
        .and_then(Value::as_array)
        .ok_or_else(|| {
            ImportError::new(file, "no ReplicationInfoList").with_key("ReplicationInfoList")
        })?;
    for (i, info) in infos.iter().enumerate() {
        let flow = read_replication((file, text), i, info, report)?;
        estate.cluster(&flow.source, &[], file);
        estate.cluster(&flow.target, &[], file);
        estate.flows.push(flow);
    }
    report.read.push(format!(
        "{file}: MSK Replicator request, {} clusters, {} replications",
        estate.clusters.len(),
        estate.flows.len()
    ));
    Ok(estate)
}
