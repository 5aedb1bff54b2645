//! An MSK Replicator `CreateReplicator` request from a design: every site an MSK
//! cluster (placeholder ARNs naming the site), one replication per (source, target).

use super::{by_pair, linked_sites, patterns};
use hoplab_model::spec::{OriginStamp, StartFrom, Topology};
use serde_json::json;

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
