//! Which way a hop keeps a record from going round a loop, named as the products that
//! work that way. The copy rules themselves are the model's (its simulation's
//! `sim/copy_append.rs` and its lint's `lint/loops.rs`); this names them for a person.

use crate::PresetId;
use hoplab_model::spec::{HopOptions, OriginStamp};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopPrevention {
    /// Nothing: every record a hop can read, it copies.
    None,
    /// A header on every copy, and copies are never copied again (Lenses K2K's
    /// bidirectional mode; this model's "forward only local").
    CopiesNeverForwarded,
    /// A header naming the site a record was first written at: never copied back there,
    /// but a copy goes on round a ring (Confluent Replicator's provenance header).
    Provenance,
    /// The copy's name says where it came from and a name that already says the target
    /// is not copied (MirrorMaker 2's DefaultReplicationPolicy).
    OriginQualifiedNames,
    /// A count of hops and the list of sites already visited (RabbitMQ federation's
    /// `max-hops` and `x-received-from`).
    HopBudgetAndVisitedSites(u8),
    /// A header naming only the last stream a message came from (JetStream's
    /// `Nats-Stream-Source`): it stops no loop through another domain.
    LastStreamOnly,
}

impl LoopPrevention {
    pub fn of(o: &HopOptions) -> LoopPrevention {
        match o.stamp {
            OriginStamp::Marker if o.forward_only_local => LoopPrevention::CopiesNeverForwarded,
            OriginStamp::Marker => LoopPrevention::Provenance,
            OriginStamp::QualifiedName => LoopPrevention::OriginQualifiedNames,
            OriginStamp::HopBudget(n) => LoopPrevention::HopBudgetAndVisitedSites(n),
            OriginStamp::None => match PresetId::of(o) {
                Some(PresetId::JetstreamSource | PresetId::JetstreamMirror) => {
                    LoopPrevention::LastStreamOnly
                }
                _ => LoopPrevention::None,
            },
        }
    }

    /// Where each product's way was checked: (address, the source's own words). Every
    /// quote stands in the stored excerpt of its source (`content/evidence`, a test).
    pub fn sources(self) -> &'static [(&'static str, &'static str)] {
        match self {
            LoopPrevention::None => &[(
                "https://github.com/rabbitmq/rabbitmq-server/blob/0dde27bfdd1984ff7e157226fd97656854a7f359/deps/rabbitmq_queue_federation/src/rabbit_federation_queue_link.erl",
                "ForwardFun = fun (_H) -> true end,",
            )],
            LoopPrevention::CopiesNeverForwarded => &[(
                "https://docs.lenses.io/latest/k2k/1.2/configuration/bidirectional-replication.md",
                "When enabled, K2K uses header-based filtering to identify and exclude records that have already been replicated from the opposite direction.",
            )],
            LoopPrevention::Provenance => &[
                (
                    "https://docs.confluent.io/platform/8.4/multi-dc-deployments/replicator/index.html",
                    "Using provenance headers to prevent duplicates or cyclic message repetition",
                ),
                (
                    "https://github.com/confluentinc/examples/blob/4f840b64820e151497652cb34a4e8e3f48611ead/multi-datacenter/README.md",
                    "Confluent Replicator (version 5.0.1 and higher) prevents cyclic repetition of data between the datacenters by using provenance information in the message headers.",
                ),
                (
                    "https://github.com/confluentinc/examples/blob/4f840b64820e151497652cb34a4e8e3f48611ead/multi-datacenter/read-topics.sh",
                    "provenance info (cluster, topic, timestamp):",
                ),
            ],
            LoopPrevention::OriginQualifiedNames => &[(
                "https://github.com/apache/kafka/blob/trunk/connect/mirror-client/src/main/java/org/apache/kafka/connect/mirror/DefaultReplicationPolicy.java",
                "return sourceClusterAlias + separator + topic;",
            )],
            LoopPrevention::HopBudgetAndVisitedSites(_) => &[
                (
                    "https://github.com/rabbitmq/rabbitmq-server/blob/0dde27bfdd1984ff7e157226fd97656854a7f359/deps/rabbitmq_exchange_federation/src/rabbit_federation_exchange_link.erl",
                    "rabbit_federation_util:should_forward(H, MaxH, DName, DVhost)",
                ),
                (
                    "https://github.com/rabbitmq/rabbitmq-server/blob/0dde27bfdd1984ff7e157226fd97656854a7f359/deps/rabbitmq_federation_common/src/rabbit_federation_util.erl",
                    "already_seen(UpstreamID, UpstreamVhost, Array) ->",
                ),
                (
                    "https://github.com/rabbitmq/rabbitmq-server/blob/0dde27bfdd1984ff7e157226fd97656854a7f359/deps/rabbitmq_federation_common/include/rabbit_federation.hrl",
                    "-define(ROUTING_HEADER, <<\"x-received-from\">>).",
                ),
                (
                    "https://github.com/rabbitmq/rabbitmq-server/blob/0dde27bfdd1984ff7e157226fd97656854a7f359/deps/rabbitmq_exchange_federation/src/rabbit_federation_upstream_exchange.erl",
                    "case should_forward(Msg, MaxHops, DName, DVhost) of",
                ),
                (
                    "https://github.com/rabbitmq/rabbitmq-website/blob/0acf2a429b51aa35667af4369b8353317ebea524/docs/federation-reference.md",
                    "messages will never visit the same node twice due to travelling in a loop.",
                ),
            ],
            LoopPrevention::LastStreamOnly => &[
                (
                    "https://github.com/nats-io/nats-server/blob/d3bc0453384d00d37991b084263e59af828fa90d/server/stream.go",
                    "hdr = removeHeaderIfPresent(hdr, JSStreamSource)",
                ),
                (
                    "https://github.com/nats-io/nats.docs/blob/98856081c8843d9fa238b3ea96e1f72d07f31113/nats-concepts/jetstream/headers.md",
                    "Origin stream name (disambiguated with domain hash if cross domain sourced)",
                ),
                (
                    "https://github.com/nats-io/nats-server/blob/d3bc0453384d00d37991b084263e59af828fa90d/server/stream.go",
                    "const StreamDefaultDuplicatesWindow = 2 * time.Minute",
                ),
            ],
        }
    }

    /// Every kind, for listing and tests.
    pub const ALL: [LoopPrevention; 6] = [
        LoopPrevention::None,
        LoopPrevention::CopiesNeverForwarded,
        LoopPrevention::Provenance,
        LoopPrevention::OriginQualifiedNames,
        LoopPrevention::HopBudgetAndVisitedSites(1),
        LoopPrevention::LastStreamOnly,
    ];

    /// In a sentence, with the product that works this way.
    pub fn describe(self) -> String {
        match self {
            LoopPrevention::None => "none: every record it reads is copied (as RabbitMQ's queue federation forwards every message), so a cycle of such hops echoes without end".into(),
            LoopPrevention::CopiesNeverForwarded => "a header on every copy, and copies are never copied again (as Lenses K2K's bidirectional mode): any cycle it is on stops".into(),
            LoopPrevention::Provenance => "a header naming the site each record was first written at, never sent back there (Confluent Replicator's provenance headers name the origin cluster and topic; its docs describe two datacenters, and a ring is this model's reading): a plain ring stops, but records copied in from outside it, or a second way round, go on without end".into(),
            LoopPrevention::OriginQualifiedNames => "copies named after the site they came from, and a name that already names the target is not copied (as MirrorMaker 2's DefaultReplicationPolicy)".into(),
            LoopPrevention::HopBudgetAndVisitedSites(n) => format!("at most {n} hops, and never to a site the record has already been stored at (as RabbitMQ federation's max-hops and x-received-from)"),
            LoopPrevention::LastStreamOnly => "a header naming only the last stream a message came from (JetStream's Nats-Stream-Source): it stops no loop; nats-server refuses a cycle only inside one domain, and a message published with a Nats-Msg-Id is dropped as a duplicate only if it comes round within the stream's duplicate window (2 minutes by default), which this model does not draw".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_stamp_names_its_kind_and_a_jetstream_hop_its_own() {
        let kind = |stamp, product| {
            LoopPrevention::of(&HopOptions {
                stamp,
                product,
                ..HopOptions::default()
            })
        };
        assert_eq!(
            kind(OriginStamp::QualifiedName, None),
            LoopPrevention::OriginQualifiedNames
        );
        assert_eq!(kind(OriginStamp::None, None), LoopPrevention::None);
        assert_eq!(
            kind(OriginStamp::HopBudget(1), None),
            LoopPrevention::HopBudgetAndVisitedSites(1)
        );
        assert_eq!(
            kind(OriginStamp::None, Some(PresetId::JetstreamSource.name())),
            LoopPrevention::LastStreamOnly
        );
        let provenance = HopOptions {
            stamp: OriginStamp::Marker,
            forward_only_local: false,
            ..HopOptions::default()
        };
        assert_eq!(LoopPrevention::of(&provenance), LoopPrevention::Provenance);
        assert!(LoopPrevention::of(&provenance)
            .describe()
            .contains("Replicator"));
    }
}
