//! Every rule the import's lint applies: its stable code, the card it relates to, and
//! the sources it was checked against (each with the source's own words). Rules the
//! model's lint already has are listed too, with the product evidence behind them.

use serde::Serialize;

/// A place a rule was checked: the page or file and a short exact quote from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Evidence {
    pub url: &'static str,
    pub quote: &'static str,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Rule {
    pub code: &'static str,
    /// Slug of the question card (`content/cards/<slug>.md`).
    pub card: &'static str,
    /// What the rule finds, in a line.
    pub finds: &'static str,
    /// True where the model's own lint produces the finding and the import only adds
    /// the evidence (and, for MirrorMaker 2, the product's words).
    pub from_model: bool,
    pub evidence: &'static [Evidence],
}

macro_rules! kafka {
    ($path:literal) => {
        concat!("https://github.com/apache/kafka/blob/1eb7644349cb07139d6a3c1ad1986979647cac99/connect/", $path)
    };
}

pub const RULES: &[Rule] = &[
    Rule {
        code: "mm2-identity-loop",
        card: "echo-loop",
        finds: "MirrorMaker 2 flows with IdentityReplicationPolicy that form a cycle: every record goes round without end",
        from_model: true,
        evidence: &[
            Evidence {
                url: kafka!("mirror-client/src/main/java/org/apache/kafka/connect/mirror/IdentityReplicationPolicy.java"),
                quote: "MirrorMaker is not able to prevent cycles when using this replication policy",
            },
            Evidence {
                url: kafka!("mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorSourceConnector.java"),
                quote: "// Extra check for IdentityReplicationPolicy and similar impls that don't prevent cycles.",
            },
        ],
    },
    Rule {
        code: "one-cluster-two-aliases",
        card: "echo-loop",
        finds: "two cluster names with the same addresses: MirrorMaker 2's cycle check compares aliases, so one cluster under two names copies its own copies",
        from_model: false,
        evidence: &[Evidence {
            url: kafka!("mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorSourceConnector.java"),
            quote: "} else if (source.equals(sourceAndTarget.target())) {",
        }],
    },
    Rule {
        code: "strimzi-connect-cluster-not-target",
        card: "echo-loop",
        finds: "a Strimzi v1beta2 mirror whose connectCluster is not its targetCluster",
        from_model: false,
        evidence: &[Evidence {
            url: "https://github.com/strimzi/strimzi-kafka-operator/blob/4843220d1f/packaging/examples/mirror-maker/kafka-mirror-maker-2.yaml",
            quote: "connectCluster: \"cluster-b\" # Must be the target custer",
        }],
    },
    Rule {
        code: "group-sync-into-active-groups",
        card: "reader-resume",
        finds: "group offsets synced both ways between two clusters: the groups are in use on the target, and MirrorMaker 2 writes offsets only into idle groups",
        from_model: false,
        evidence: &[
            Evidence {
                url: kafka!("mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorCheckpointTask.java"),
                quote: "// (1) idle: because the consumer at target is not actively consuming the mirrored topic",
            },
            Evidence {
                url: "https://www.mail-archive.com/dev@kafka.apache.org/msg157530.html",
                quote: "Groups with active members on the destination are skipped.",
            },
        ],
    },
    Rule {
        code: "checkpoint-source-mismatch",
        card: "position-map",
        finds: "the checkpoint connector configured differently from the source connector in one of the four keys both must share",
        from_model: false,
        evidence: &[Evidence {
            url: "https://github.com/strimzi/strimzi-kafka-operator/blob/8541da1e336bdcda9647aeacfbc2048e57580a52/documentation/modules/configuring/con-config-mirrormaker2-connectors.adoc",
            quote: "If these properties do not match, replication or offset synchronization can fail.",
        }],
    },
    Rule {
        code: "failover-without-position-map",
        card: "failover-preconditions",
        finds: "a MirrorMaker 2 or MSK flow that writes no translated positions for the target (checkpoints or group sync off, or group sync asked for without checkpoints)",
        from_model: false,
        evidence: &[
            Evidence {
                url: kafka!("mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorCheckpointConfig.java"),
                quote: "MirrorCheckpointConnector can't run with \" +",
            },
            Evidence {
                url: kafka!("mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorCheckpointConfig.java"),
                quote: "MirrorCheckpointConnector can't run without offset syncs",
            },
            Evidence {
                url: "https://docs.aws.amazon.com/msk/latest/developerguide/msk-replicator-perms-consumer-group-sync.html",
                quote: "With this feature enabled, consumers can resume from the correct position after failover.",
            },
        ],
    },
    Rule {
        code: "no-position-map",
        card: "position-map",
        finds: "a translating hop that writes no position map (MirrorMaker 2 with emit.offset-syncs.enabled = false, RabbitMQ links)",
        from_model: true,
        evidence: &[Evidence {
            url: kafka!("mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorCheckpointConfig.java"),
            quote: "MirrorCheckpointConnector can't run without offset syncs",
        }],
    },
    Rule {
        code: "head-lost-at-start",
        card: "replay-or-gap",
        finds: "a copier that starts new streams at their newest record: what was written before it started (or before it found the stream) is never copied",
        from_model: false,
        evidence: &[
            Evidence {
                url: "https://docs.aws.amazon.com/msk/latest/developerguide/msk-replicator-how-it-works.html",
                quote: "Any messages produced to the source topic before the topic has been created on the target cluster will not be replicated.",
            },
            Evidence {
                url: kafka!("mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorConnectorConfig.java"),
                quote: "props.putIfAbsent(AUTO_OFFSET_RESET_CONFIG, \"earliest\");",
            },
        ],
    },
    Rule {
        code: "head-aged-out-before-discovery",
        card: "replay-or-gap",
        finds: "a MirrorMaker 2 flow that looks for new topics (refresh.topics.interval.seconds, 10 minutes unless set) less often than a copied source stream keeps its records: a new topic's first records can age out before the flow reads them",
        from_model: false,
        evidence: &[
            Evidence {
                url: kafka!("mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorSourceConfig.java"),
                quote: "public static final long REFRESH_TOPICS_INTERVAL_SECONDS_DEFAULT = 10 * 60;",
            },
            Evidence {
                url: kafka!("mirror/src/main/java/org/apache/kafka/connect/mirror/MirrorSourceConnector.java"),
                quote: "scheduler.scheduleRepeatingDelayed(this::refreshTopicPartitions, config.refreshTopicsInterval(),",
            },
        ],
    },
    Rule {
        code: "heartbeats-off",
        card: "lag-by-subtraction",
        finds: "no MirrorMaker 2 heartbeats into a cluster: a quiet stream cannot be told from a stuck copier, and MirrorClient finds no upstream clusters",
        from_model: false,
        evidence: &[Evidence {
            url: kafka!("mirror-client/src/main/java/org/apache/kafka/connect/mirror/MirrorClient.java"),
            quote: "Finds upstream clusters, which may be multiple hops away, based on incoming heartbeats.",
        }],
    },
    Rule {
        code: "jetstream-cycle-refused",
        card: "echo-loop",
        finds: "JetStream sources in a cycle inside one domain: the server refuses the stream that closes it",
        from_model: true,
        evidence: &[Evidence {
            url: "https://github.com/nats-io/nats-server/blob/1787eee035cf0253c201fa0f05afad92b6f296dc/server/stream.go",
            quote: "NewJSStreamInvalidConfigError(errors.New(\"detected cycle\"))",
        }],
    },
    Rule {
        code: "jetstream-cycle-across-domains",
        card: "echo-loop",
        finds: "JetStream sources in a cycle through another domain: the server's check skips external sources, so it accepts the loop",
        from_model: true,
        evidence: &[Evidence {
            url: "https://github.com/nats-io/nats-server/blob/1787eee035cf0253c201fa0f05afad92b6f296dc/server/stream.go",
            quote: "if src.External != nil {",
        }],
    },
    Rule {
        code: "hop-budget-short-of-ring",
        card: "echo-loop",
        finds: "a ring of RabbitMQ federation links whose max-hops is below the ring's size less one",
        from_model: true,
        evidence: &[Evidence {
            url: "https://github.com/rabbitmq/rabbitmq-website/blob/main/docs/federation-reference.md",
            quote: "The maximum number of federation links that a message published to a federated exchange can traverse before it is discarded. Default is 1.",
        }],
    },
    Rule {
        code: "shovels-both-ways",
        card: "echo-loop",
        finds: "RabbitMQ shovels each way between the same two queues or exchanges",
        from_model: true,
        evidence: &[Evidence {
            url: "https://github.com/rabbitmq/rabbitmq-website/blob/main/docs/shovel-dynamic.md",
            quote: "Whether to add x-shovelled headers to the shovelled messages indicating where they have been shovelled from and to. Default is false.",
        }],
    },
    Rule {
        code: "echo-loop",
        card: "echo-loop",
        finds: "hops with no working origin stamp that form a cycle (queue federation both ways, identity-named copies)",
        from_model: true,
        evidence: &[Evidence {
            url: "https://github.com/rabbitmq/rabbitmq-website/blob/0acf2a429b51aa35667af4369b8353317ebea524/docs/federated-queues/index.md",
            quote: "many times a message can be forwarded between federated queues.",
        }],
    },
    Rule {
        code: "link-may-lose-messages",
        card: "uncopied-tail",
        finds: "a RabbitMQ federation link or shovel with ack-mode no-ack or on-publish",
        from_model: false,
        evidence: &[Evidence {
            url: "https://github.com/rabbitmq/rabbitmq-website/blob/0acf2a429b51aa35667af4369b8353317ebea524/docs/federation-reference.md",
            quote: "This is the fastest option, but may lose messages in the event of network or broker failures.",
        }],
    },
    Rule {
        code: "rabbitmq-unrecognised-key",
        card: "rehearsal",
        finds: "a key RabbitMQ does not know in a shovel or federation upstream: the broker refuses the whole parameter, so the link is never created",
        from_model: false,
        evidence: &[Evidence {
            url: "https://github.com/rabbitmq/rabbitmq-server/blob/10209583990fedcd992abedeabdc48a2557052be/deps/rabbit/src/rabbit_parameter_validation.erl",
            quote: "_  -> [{error, \"Unrecognised terms ~tp in ~ts\", [Remainder, Name]}",
        }],
    },
    Rule {
        code: "misspelt-or-removed-key",
        card: "rehearsal",
        finds: "a key the product silently ignores because it is misspelt, removed (topics.blacklist in Kafka 4.0) or at the wrong level",
        from_model: false,
        evidence: &[Evidence {
            url: "https://github.com/apache/kafka/commit/9e809be4ce99578a7de1596335061b71eda11d9d",
            quote: "KAFKA-17529 Remove blacklist from MM2 (#17202)",
        }],
    },
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

/// The rule with this code.
pub fn rule(code: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.code == code)
}
