//! Rules over Kafka-like flows (MirrorMaker 2, Strimzi, MSK Replicator, links).

use crate::lint::kafka;
use crate::lint::{Evidence, Rule};

use crate::estate::{Estate, Product};
use crate::lint::ImportFinding;
use hoplab_model::spec::Topology;

/// Two cluster names sharing an address.
pub fn one_cluster_two_aliases(e: &Estate, out: &mut Vec<ImportFinding>) {
    for (i, a) in e.clusters.iter().enumerate() {
        for b in &e.clusters[i + 1..] {
            if let Some(addr) = a.addresses.iter().find(|x| b.addresses.contains(x)) {
                out.push(ImportFinding::new(
                    "one-cluster-two-aliases",
                    format!("{},{}", a.name, b.name),
                    format!(
                        "{} and {} are one cluster ({addr} is in both): MirrorMaker 2 tells clusters apart by alias only, so copies of copies come back under new names ({}.{}.topic ...); give each cluster one alias",
                        a.name, b.name, a.name, b.name
                    ),
                ));
            }
        }
    }
}

pub fn connect_cluster_not_target(e: &Estate, out: &mut Vec<ImportFinding>) {
    for f in &e.flows {
        if let Some(cc) = &f.facts.connect_cluster {
            out.push(ImportFinding::new(
                "strimzi-connect-cluster-not-target",
                format!("{}->{}", f.source, f.target),
                format!(
                    "{}: the mirror {} -> {} runs on connectCluster {cc}, not on its target: Strimzi's Connect cluster must be the target, or the connectors' internal topics and the copies land on the wrong side",
                    f.file, f.source, f.target
                ),
            ));
        }
    }
}

fn overlap(a: &[String], b: &[String]) -> bool {
    a.iter().any(|x| {
        b.iter()
            .any(|y| crate::selector::matches(x, y) || crate::selector::matches(y, x))
    })
}

/// Group sync both ways between two clusters over the same groups.
pub fn group_sync_into_active_groups(e: &Estate, out: &mut Vec<ImportFinding>) {
    for (i, f) in e.flows.iter().enumerate() {
        if !f.facts.group_sync {
            continue;
        }
        for g in &e.flows[i + 1..] {
            if g.facts.group_sync
                && g.source == f.target
                && g.target == f.source
                && overlap(&f.facts.groups, &g.facts.groups)
            {
                out.push(ImportFinding::for_products(
                    "group-sync-into-active-groups",
                    format!("{}<->{}", f.source, f.target),
                    format!(
                        "group offsets are synced both ways between {} and {} for the same groups ({} / {}): a group that reads on both sides is active on each target, and the copier writes offsets only into groups with no members there, so after a failover those groups find no translated position; give each side its own group ids",
                        f.source, f.target, f.facts.groups.join(", "), g.facts.groups.join(", ")
                    ),
                    &[f.product, g.product],
                ));
            }
        }
    }
}

pub fn checkpoint_source_mismatch(e: &Estate, out: &mut Vec<ImportFinding>) {
    for f in &e.flows {
        for (key, src, cp) in &f.facts.mismatched {
            out.push(ImportFinding::new(
                "checkpoint-source-mismatch",
                format!("{}->{}: {key}", f.source, f.target),
                format!(
                    "{}: {} -> {}: the source connector has {key} = {src} and the checkpoint connector {key} = {cp}: positions are translated for topics under other names, or read from an offset-syncs topic that is not there; set it the same in both",
                    f.file, f.source, f.target
                ),
            ));
        }
    }
}

pub fn failover_without_position_map(e: &Estate, out: &mut Vec<ImportFinding>) {
    for f in &e.flows {
        let what = match f.product {
            Product::MirrorMaker2 if f.facts.group_sync && !(f.facts.checkpoints && f.facts.offset_syncs) => {
                "asks for sync.group.offsets.enabled while checkpoints or offset syncs are off: MirrorMaker 2 refuses to run its checkpoint connector so, and no group gets a position"
            }
            Product::MirrorMaker2 if f.facts.offset_syncs && !f.facts.checkpoints => {
                "writes offset syncs but no checkpoints: nothing on the target says where any group stood, so a failover restarts every group by guesswork"
            }
            Product::MskReplicator if !f.facts.group_sync => {
                "does not synchronise consumer group offsets: after a failover no group has a translated position on the target"
            }
            _ => continue,
        };
        out.push(ImportFinding::for_flow(
            "failover-without-position-map",
            f,
            format!("{}: {} -> {} {what}", f.file, f.source, f.target),
        ));
    }
}

/// How the product is made to start from its source's earliest record, in its own terms.
fn start_from_the_earliest(f: &crate::estate::Flow) -> String {
    use crate::estate::Mm2Layout;
    let (product, source) = (f.product, &f.source);
    match (product, f.facts.mm2_layout) {
        (Product::MirrorMaker2, Some(Mm2Layout::StrimziV1 | Mm2Layout::StrimziV1beta2)) => format!(
            "in {}, set source.consumer.auto.offset.reset: earliest in the mirror's sourceConnector config, or drop the (source.)consumer.auto.offset.reset: latest there (earliest is MirrorMaker 2's default)",
            f.file
        ),
        (Product::MirrorMaker2, Some(Mm2Layout::Connect)) => "set source.consumer.auto.offset.reset to earliest in the MirrorSourceConnector's configuration (MirrorMaker 2's default)".into(),
        (Product::MirrorMaker2, Some(Mm2Layout::Properties)) => format!("set {source}.consumer.auto.offset.reset = earliest (MirrorMaker 2's default)"),
        (Product::MirrorMaker2, None) => format!("set the source consumer's auto.offset.reset to earliest ({source}.consumer.auto.offset.reset in dedicated mode, source.consumer.auto.offset.reset in a connector's configuration)"),
        (Product::MskReplicator, _) => "give it StartingPosition EARLIEST; the starting position is fixed when a replicator is created, so that takes a new replicator".into(),
        (Product::Shovel, _) => "a shovel from an exchange declares its own queue when it starts and sees only what is published after; shovel from a durable queue (src-queue) bound to the exchange before publishers start instead".into(),
        _ => "start it at the earliest record".into(),
    }
}

pub fn head_lost_at_start(e: &Estate, out: &mut Vec<ImportFinding>) {
    for f in e.flows.iter().filter(|f| f.facts.start_latest) {
        let discovery = f
            .facts
            .discovery_ms
            .map(|ms| {
                format!(
                    " (new streams are looked for every {} s, so up to that much of each new one)",
                    ms / 1000
                )
            })
            .unwrap_or_default();
        out.push(ImportFinding::for_flow(
            "head-lost-at-start",
            f,
            format!(
                "{}: {} {} -> {} starts at the newest record: everything written before it started{discovery} is never copied; {}",
                f.file,
                f.product.title(),
                f.source,
                f.target,
                start_from_the_earliest(f)
            ),
        ));
    }
}

/// MirrorMaker 2 flows that look for new topics less often than a copied source stream
/// keeps its records: a new topic's first records can age out before the flow finds it.
pub fn head_aged_out_before_discovery(e: &Estate, t: &Topology, out: &mut Vec<ImportFinding>) {
    for f in e
        .flows
        .iter()
        .filter(|f| f.product == Product::MirrorMaker2)
    {
        let Some(discovery) = f.facts.discovery_ms else {
            continue;
        };
        let mut seen: Vec<&str> = Vec::new();
        for h in t
            .hops
            .iter()
            .filter(|h| h.from.site == f.source && h.to.site == f.target)
        {
            let Some(age) = t
                .streams
                .iter()
                .find(|s| s.site == h.from.site && s.name == h.from.stream)
                .and_then(|s| s.retention.max_age_ms)
            else {
                continue;
            };
            if age >= discovery || seen.contains(&h.from.stream.as_str()) {
                continue;
            }
            seen.push(&h.from.stream);
            out.push(ImportFinding::new(
                "head-aged-out-before-discovery",
                format!("{}->{}: {}", f.source, f.target, h.from.stream),
                format!(
                    "{}: {} keeps records {} s at {} but MirrorMaker 2 {} -> {} looks for new topics only every {} s (refresh.topics.interval.seconds): the first records of a new topic there can age out before the flow ever reads them; lower refresh.topics.interval.seconds below the retention, or keep records longer",
                    f.file,
                    h.from.stream,
                    age / 1000,
                    f.source,
                    f.source,
                    f.target,
                    discovery / 1000
                ),
            ));
        }
    }
}

/// How flow `f`'s file turns heartbeats on, in what that file can say: a key in
/// properties, a connector in Kafka Connect, Strimzi v1beta2's `heartbeatConnector`
/// (deprecated, and gone from its v1 API, which has no way to run one).
fn heartbeats_on(f: &crate::estate::Flow) -> String {
    use crate::estate::Mm2Layout;
    let (file, s, t) = (&f.file, &f.source, &f.target);
    match f.facts.mm2_layout {
        Some(Mm2Layout::StrimziV1beta2) => format!(
            "in {file}, give the mirror {s} -> {t} a heartbeatConnector (spec.mirrors[].heartbeatConnector, without emit.heartbeats.enabled: \"false\" in its config); Strimzi deprecates it and its v1 API drops it"
        ),
        Some(Mm2Layout::StrimziV1) => format!(
            "{file} is a Strimzi v1 KafkaMirrorMaker2, which runs no heartbeat connector (its v1 API removed heartbeatConnector), so the resource cannot send them: heartbeats need a MirrorHeartbeatConnector run apart from it (a KafkaConnector in a KafkaConnect cluster)"
        ),
        Some(Mm2Layout::Connect) => format!(
            "post a MirrorHeartbeatConnector for {s} -> {t} (emit.heartbeats.enabled true, its default)"
        ),
        Some(Mm2Layout::Properties) | None => format!(
            "in {file}, set {s}->{t}.emit.heartbeats.enabled = true, MirrorMaker 2's default (or drop the line that sets it false)"
        ),
    }
}

/// Clusters MirrorMaker 2 copies into with every inbound flow's heartbeats off.
pub fn heartbeats_off(e: &Estate, out: &mut Vec<ImportFinding>) {
    let mut targets: Vec<&str> = Vec::new();
    for f in e
        .flows
        .iter()
        .filter(|f| f.product == Product::MirrorMaker2)
    {
        if !targets.contains(&f.target.as_str()) {
            targets.push(&f.target);
        }
    }
    for t in targets {
        let inbound: Vec<_> = e
            .flows
            .iter()
            .filter(|f| f.product == Product::MirrorMaker2 && f.target == t)
            .collect();
        if inbound.iter().all(|f| !f.facts.heartbeats) {
            let from: Vec<&str> = inbound.iter().map(|f| f.source.as_str()).collect();
            let mut fixes: Vec<String> = Vec::new();
            for f in &inbound {
                let fix = heartbeats_on(f);
                if !fixes.contains(&fix) {
                    fixes.push(fix);
                }
            }
            out.push(ImportFinding::new(
                "heartbeats-off",
                t.to_string(),
                format!(
                    "no heartbeats reach {t} from {}: a dashboard there cannot tell a quiet stream from a stuck copier, and MirrorClient (RemoteClusterUtils) finds no upstream cluster; {}",
                    from.join(", "),
                    fixes.join("; ")
                ),
            ));
        }
    }
}

/// This product's rules: codes, cards and the evidence they quote.
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
];
