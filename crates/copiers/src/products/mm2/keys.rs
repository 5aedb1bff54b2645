//! The keys MirrorMaker 2 reads (its three connectors' ConfigDefs, `MirrorMakerConfig`
//! and the Connect worker prefixes it passes on), and what to say about any other key.

use crate::report::Ignored;

/// Keys the Source, Checkpoint and Heartbeat connectors define (apache/kafka
/// `connect/mirror/**/Mirror*Config.java`, trunk of October 2024), plus Connect's own
/// connector keys.
pub const CONNECTOR_KEYS: &[&str] = &[
    "name",
    "connector.class",
    "tasks.max",
    "enabled",
    "source.cluster.alias",
    "target.cluster.alias",
    "replication.policy.class",
    "replication.policy.separator",
    "replication.policy.internal.topic.separator.enabled",
    "forwarding.admin.class",
    "admin.timeout.ms",
    "topics",
    "topics.exclude",
    "groups",
    "groups.exclude",
    "topic.filter.class",
    "group.filter.class",
    "config.property.filter.class",
    "config.properties.exclude",
    "use.defaults.from",
    "replication.factor",
    "offset-syncs.topic.replication.factor",
    "offset-syncs.topic.location",
    "offset.lag.max",
    "refresh.topics.enabled",
    "refresh.topics.interval.seconds",
    "refresh.groups.enabled",
    "refresh.groups.interval.seconds",
    "sync.topic.configs.enabled",
    "sync.topic.configs.interval.seconds",
    "sync.topic.acls.enabled",
    "sync.topic.acls.interval.seconds",
    "emit.heartbeats.enabled",
    "emit.heartbeats.interval.seconds",
    "heartbeats.topic.replication.factor",
    "heartbeats.replication.enabled",
    "emit.checkpoints.enabled",
    "emit.checkpoints.interval.seconds",
    "checkpoints.topic.replication.factor",
    "sync.group.offsets.enabled",
    "sync.group.offsets.interval.seconds",
    "emit.offset-syncs.enabled",
    "consumer.poll.timeout.ms",
    "exactly.once.support",
    "transaction.boundary",
    "metric.reporters",
];

/// The keys whose value changes the imported design (the rest are read and not shown).
pub const MODELLED_KEYS: &[&str] = &[
    "tasks.max",
    "enabled",
    "replication.policy.class",
    "replication.policy.separator",
    "topics",
    "topics.exclude",
    "groups",
    "groups.exclude",
    "offset-syncs.topic.location",
    "offset.lag.max",
    "refresh.topics.enabled",
    "refresh.topics.interval.seconds",
    "emit.heartbeats.enabled",
    "emit.heartbeats.interval.seconds",
    "emit.checkpoints.enabled",
    "emit.checkpoints.interval.seconds",
    "sync.group.offsets.enabled",
    "sync.group.offsets.interval.seconds",
    "emit.offset-syncs.enabled",
    "topic.filter.class",
];

/// Top-level key prefixes `MirrorMakerConfig.workerConfig` passes to the Connect worker.
pub const WORKER_PREFIXES: &[&str] = &[
    "offset.storage",
    "config.storage",
    "status.storage",
    "key.converter",
    "value.converter",
    "header.converter",
    "task",
    "worker",
    "replication.policy",
    "config.providers",
];

/// Client and security keys any level may carry (`MirrorMakerConfig.clusterProps`).
pub const CLIENT_PREFIXES: &[&str] = &[
    "bootstrap.servers",
    "security.protocol",
    "ssl.",
    "sasl.",
    "client.",
    "request.timeout.ms",
    "retry.backoff.ms",
    "exactly.once.source.support",
    "offset.storage",
    "config.storage",
    "status.storage",
];

/// Keys Kafka removed: (key, release, what replaces it).
const REMOVED: &[(&str, &str, &str)] = &[
    (
        "topics.blacklist",
        "Kafka 4.0 (KAFKA-17529)",
        "topics.exclude",
    ),
    (
        "groups.blacklist",
        "Kafka 4.0 (KAFKA-17529)",
        "groups.exclude",
    ),
    (
        "config.properties.blacklist",
        "Kafka 4.0 (KAFKA-17529)",
        "config.properties.exclude",
    ),
];

/// Typos seen in real configurations, with the key meant.
const KNOWN_TYPOS: &[(&str, &str)] = &[
    ("task.max", "tasks.max"),
    ("topic.blacklist", "topics.exclude"),
    ("topic.exclude", "topics.exclude"),
    ("topic", "topics"),
    ("group", "groups"),
    ("sync.topics.configs.enabled", "sync.topic.configs.enabled"),
    ("enable", "enabled"),
    ("emit.heartbeats", "emit.heartbeats.enabled"),
    ("emit.checkpoints", "emit.checkpoints.enabled"),
    ("sync.group.offsets", "sync.group.offsets.enabled"),
    ("offset.syncs.topic.location", "offset-syncs.topic.location"),
    ("emit.offset.syncs.enabled", "emit.offset-syncs.enabled"),
];

fn starts_with_any(key: &str, prefixes: &[&str]) -> bool {
    prefixes.iter().any(|p| key.starts_with(p))
}

pub fn is_connector_key(key: &str) -> bool {
    CONNECTOR_KEYS.contains(&key)
}

pub fn is_client_key(key: &str) -> bool {
    starts_with_any(key, CLIENT_PREFIXES)
        || starts_with_any(key, &["consumer.", "producer.", "admin."])
}

pub fn is_worker_key(key: &str) -> bool {
    starts_with_any(key, WORKER_PREFIXES)
}

/// Edit distance, for "did you mean" (keys are short, so the quadratic table is fine).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

/// A key known to be a typo or removed (checked before the worker prefixes, since
/// `task.max` starts like a worker key and still reaches nothing that reads it).
pub fn known_mistake(key: &str) -> Option<Ignored> {
    if let Some((_, since, instead)) = REMOVED.iter().find(|(k, _, _)| *k == key) {
        return Some(Ignored::Removed {
            since: (*since).into(),
            instead: (*instead).into(),
        });
    }
    KNOWN_TYPOS
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, meant)| Ignored::Misspelt {
            meant: (*meant).into(),
        })
}

/// What to say about a connector-level key MirrorMaker 2 does not read; None when it
/// does read it.
pub fn unread_connector_key(key: &str) -> Option<Ignored> {
    if is_connector_key(key) {
        return None;
    }
    if let Some(why) = known_mistake(key) {
        return Some(why);
    }
    let nearest = CONNECTOR_KEYS
        .iter()
        .map(|k| (distance(key, k), *k))
        .min()
        .filter(|&(d, _)| key.len() > 5 && d <= 2);
    Some(match nearest {
        Some((_, meant)) => Ignored::Misspelt {
            meant: meant.into(),
        },
        None => Ignored::Unknown,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_and_removed_keys_are_named() {
        assert_eq!(
            unread_connector_key("task.max"),
            Some(Ignored::Misspelt {
                meant: "tasks.max".into()
            })
        );
        assert!(matches!(
            unread_connector_key("topics.blacklist"),
            Some(Ignored::Removed { instead, .. }) if instead == "topics.exclude"
        ));
        assert_eq!(
            unread_connector_key("offset.lag.maks"),
            Some(Ignored::Misspelt {
                meant: "offset.lag.max".into()
            })
        );
        assert_eq!(unread_connector_key("colour"), Some(Ignored::Unknown));
        assert_eq!(unread_connector_key("topics"), None);
    }
}
