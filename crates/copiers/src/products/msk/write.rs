//! An MSK Replicator `CreateReplicator` request from a design: every site an MSK
//! cluster (placeholder ARNs naming the site), one replication per (source, target).

use crate::export::{by_pair, linked_sites, patterns};
use hoplab_model::spec::{OriginStamp, StartFrom, Topology};
use serde_json::{json, Value};

pub fn arn(site: &str) -> String {
    format!("arn:aws:kafka:us-east-1:111122223333:cluster/{site}/00000000-0000-0000-0000-000000000000-1")
}

pub fn request(t: &Topology) -> String {
    let clusters: Vec<_> = linked_sites(t)
        .into_iter()
        .map(|s| json!({"AmazonMskCluster": {"MskClusterArn": arn(s)}, "VpcConfig": {"SubnetIds": ["subnet-placeholder"], "SecurityGroupIds": ["sg-placeholder"]}}))
        .collect();
    let infos: Vec<_> = by_pair(t)
        .into_iter()
        .map(|((src, tgt), hops)| {
            let o = &hops[0].options;
            json!({
                "SourceKafkaClusterArn": arn(&src),
                "TargetKafkaClusterArn": arn(&tgt),
                "TargetCompressionType": "NONE",
                "TopicReplication": {
                    "TopicsToReplicate": patterns(t, &hops),
                    "TopicNameConfiguration": {"Type": if o.stamp == OriginStamp::QualifiedName { "PREFIXED_WITH_SOURCE_CLUSTER_ALIAS" } else { "IDENTICAL" }},
                    "StartingPosition": {"Type": if o.start_from == StartFrom::Latest { "LATEST" } else { "EARLIEST" }},
                    "DetectAndCopyNewTopics": true,
                    "CopyTopicConfigurations": true,
                },
                "ConsumerGroupReplication": {"ConsumerGroupsToReplicate": [".*"], "SynchroniseConsumerGroupOffsets": true},
            })
        })
        .collect();
    let doc = json!({
        "ReplicatorName": "hoplab-export",
        "ServiceExecutionRoleArn": "arn:aws:iam::111122223333:role/placeholder",
        "KafkaClusters": clusters,
        "ReplicationInfoList": infos,
    });
    serde_json::to_string_pretty(&doc).expect("a request serialises")
}

/// The design's replications written onto the request the estate came in: its name, role,
/// clusters (ARNs, subnets, security groups), compression, consumer group settings and
/// every key the design does not decide stay; per (source, target) the topics, naming and
/// starting position are the design's. A replication the design dropped is left out; a
/// new one takes the original's ARNs where the original knows the clusters.
pub fn request_onto(t: &Topology, original: &str) -> Option<String> {
    use super::read::cluster_name;
    let mut doc: Value = serde_json::from_str(original).ok()?;
    let fresh: Value = serde_json::from_str(&request(t)).ok()?;
    let arn_of = |site: &str| -> Option<Value> {
        doc.get("KafkaClusters")?
            .as_array()?
            .iter()
            .filter_map(|c| c.pointer("/AmazonMskCluster/MskClusterArn"))
            .find(|arn| arn.as_str().is_some_and(|a| cluster_name(a) == site))
            .cloned()
    };
    let ends = |info: &Value| {
        let name = |key: &str| info.get(key).and_then(Value::as_str).map(cluster_name);
        (name("SourceKafkaClusterArn"), name("TargetKafkaClusterArn"))
    };
    let before: Vec<Value> = doc
        .get("ReplicationInfoList")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let mut infos = Vec::new();
    for new in fresh["ReplicationInfoList"].as_array()? {
        let mut info = match before.iter().find(|b| ends(b) == ends(new)) {
            Some(kept) => kept.clone(),
            None => {
                let mut info = new.clone();
                for key in ["SourceKafkaClusterArn", "TargetKafkaClusterArn"] {
                    let site = cluster_name(new[key].as_str()?);
                    if let Some(arn) = arn_of(&site) {
                        info[key] = arn;
                    }
                }
                info
            }
        };
        for decided in [
            "/TopicReplication/TopicsToReplicate",
            "/TopicReplication/TopicNameConfiguration/Type",
            "/TopicReplication/StartingPosition/Type",
        ] {
            set_at(&mut info, decided, new.pointer(decided)?.clone());
        }
        infos.push(info);
    }
    let clusters = doc.get_mut("KafkaClusters").and_then(Value::as_array_mut)?;
    for c in fresh["KafkaClusters"].as_array()? {
        let site = cluster_name(c.pointer("/AmazonMskCluster/MskClusterArn")?.as_str()?);
        let known = clusters.iter().any(|k| {
            k.pointer("/AmazonMskCluster/MskClusterArn")
                .and_then(Value::as_str)
                .is_some_and(|a| cluster_name(a) == site)
        });
        if !known {
            clusters.push(c.clone());
        }
    }
    doc["ReplicationInfoList"] = Value::Array(infos);
    serde_json::to_string_pretty(&doc).ok()
}

/// Sets the value at a JSON pointer, making the objects on the way.
fn set_at(doc: &mut Value, pointer: &str, value: Value) {
    let mut at = doc;
    for key in pointer.trim_start_matches('/').split('/') {
        if !at.is_object() {
            *at = Value::Object(Default::default());
        }
        at = at
            .as_object_mut()
            .expect("an object")
            .entry(key)
            .or_insert(Value::Null);
    }
    *at = value;
}
