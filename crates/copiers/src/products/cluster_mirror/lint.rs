//! Cluster mirroring's own rules, from its set-up script.

use crate::lint::each_way;
use crate::lint::{Evidence, Rule};
use crate::PresetId;
use hoplab_model::spec::Topology;
use hoplab_model::{Code, Finding, Subject};

use crate::estate::{Estate, Product};
use crate::lint::ImportFinding;

/// A `--stop` (the failover) truncates each mirror partition to its last stable offset:
/// records of transactions still open at the source when mirroring stopped are gone from
/// the destination, though the source may yet commit them.
pub fn stop_truncates_open_transactions(e: &Estate, out: &mut Vec<ImportFinding>) {
    for f in e
        .flows
        .iter()
        .filter(|f| f.product == Product::ClusterMirror && !f.selector.exclude.is_empty())
    {
        let stopped = f.selector.exclude.join(", ");
        out.push(ImportFinding::for_flow(
            "cluster-mirror-stop-truncates",
            f,
            format!(
                "the mirror from {} to {} is stopped for {stopped}: a stop truncates each mirror partition to its last stable offset (the KIP as discussed in March 2026), so records of transactions still open at {} are not on {}, even if {} commits them later; a transactional producer moved to {} must write them again from its own state",
                f.source, f.target, f.source, f.target, f.source, f.target
            ),
        ));
    }
}

/// This product's rules: codes, cards and the evidence they quote.
pub const RULES: &[Rule] = &[
    Rule {
        code: "cluster-mirror-both-ways",
        card: "single-writer-streams",
        finds: "Kafka cluster mirrors (KIP-1279) both ways between two topics: the KIP mirrors one way, and a mirror topic takes no writes, so the mirror back cannot start",
        from_model: true,
        evidence: &[
            Evidence {
                url: "https://www.mail-archive.com/dev@kafka.apache.org/msg154433.html",
                quote: "We only support unidirectional and asynchronous cross-cluster replication, but in a way that can be extended to support synchronous cross-cluster replication.",
            },
            Evidence {
                url: "https://mail-archive.com/dev@kafka.apache.org/msg155063.html",
                quote: "The KIP says produce requests to mirror topics will throw ReadOnlyTopicException.",
            },
        ],
    },
    Rule {
        code: "cluster-mirror-stop-truncates",
        card: "exactly-once-copy",
        finds: "a cluster mirror stopped (failed over): KIP-1279 truncates each mirror partition to its last stable offset, so records of transactions open at the source are not on the destination",
        from_model: false,
        evidence: &[Evidence {
            url: "https://www.mail-archive.com/dev@kafka.apache.org/msg155058.html",
            quote: "During the mirror stopping transition, the MirrorCoordinator performs a log truncation operation that resets each mirror partition to its LSO.",
        }],
    },
];

/// Kafka cluster mirrors (KIP-1279, proposed) both ways between two topics: the KIP
/// mirrors one way only, and a mirror topic is read-only until its mirror is stopped, so
/// the mirror back cannot take a topic the first one writes. No record loops; the design
/// does not run as drawn.
pub fn mirrors_both_ways(t: &Topology, out: &mut Vec<Finding>) {
    for (a, b) in each_way(t, PresetId::KafkaClusterMirror) {
        out.push(Finding {
            code: Code::Product("cluster-mirror-both-ways"),
            message: format!(
                "cluster mirrors {} and {} mirror {} each way between {} and {}: KIP-1279 mirrors one way only, and a mirror topic takes no writes until its mirror is stopped, so the mirror back cannot start on a topic the other one writes; mirror one way, and give each cluster's producers a topic of their own to mirror",
                a.id, b.id, a.from.stream, a.from.site, a.to.site
            ),
            subjects: Subject::hops(&[&a.id, &b.id]),
            card: "single-writer-streams",
        });
    }
}
