//! The Kafka release a MirrorMaker 2 runs, and what its offset translation did then.

use hoplab_model::spec::MapStore;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct KafkaVersion {
    pub major: u32,
    pub minor: u32,
    pub patch: u32,
}

/// How a release translates a committed offset through the offset syncs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Up to 3.4.0: one sync kept per partition (the newest), and the offset moved on by
    /// its distance from the sync: `downstream + (committed - upstream)`. It can land past
    /// records not yet copied (KAFKA-12468, fixed in 3.4.1 and 3.5.0; the 3.3 branch has
    /// the fix but no release after it).
    AddTheDistance,
    /// Kafka's `OffsetSyncStore` with 64 slots per partition, by that release's update
    /// (the model's own store): the newest sync at or before the commit, plus one when the
    /// commit is past it.
    Store(MapStore),
}

impl KafkaVersion {
    /// "3.5.2", "3.8", "4.1.0" (a suffix such as "-SNAPSHOT" ignored).
    pub fn parse(text: &str) -> Option<KafkaVersion> {
        let core = text.trim().split(['-', '+', ' ']).next()?;
        let mut parts = core.split('.').map(|p| p.parse::<u32>());
        let major = parts.next()?.ok()?;
        let minor = parts.next().unwrap_or(Ok(0)).ok()?;
        let patch = parts.next().unwrap_or(Ok(0)).ok()?;
        Some(KafkaVersion {
            major,
            minor,
            patch,
        })
    }

    const fn v(major: u32, minor: u32, patch: u32) -> KafkaVersion {
        KafkaVersion {
            major,
            minor,
            patch,
        }
    }

    /// The translation this release does.
    pub fn rule(self) -> Rule {
        if self >= Self::v(3, 5, 2) {
            Rule::Store(MapStore::Kafka36)
        } else if self >= Self::v(3, 4, 1) {
            Rule::Store(MapStore::Kafka350)
        } else {
            Rule::AddTheDistance
        }
    }

    /// Whether a restarted checkpoint task still translates commits older than the
    /// newest sync: 3.7.1 and 3.8.0 read the checkpoints topic back (KAFKA-15905).
    pub fn restart_keeps_history(self) -> bool {
        self >= Self::v(3, 7, 1)
    }

    /// Whether `self` is in `from..until` (until: the release that fixed it).
    pub fn between(self, from: (u32, u32, u32), until: (u32, u32, u32)) -> bool {
        self >= Self::v(from.0, from.1, from.2) && self < Self::v(until.0, until.1, until.2)
    }
}

/// The rule an answer was worked by, named for the JSON and the page.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RuleUsed {
    /// Stable: `add-the-distance`, `store-3.4.1`, `store-3.5.2`.
    pub id: &'static str,
    pub text: String,
}

impl KafkaVersion {
    /// The translation rule this release's checkpoint task uses, and what a restart of
    /// that task keeps.
    pub fn rule_used(self) -> RuleUsed {
        let (id, translate) = match self.rule() {
            Rule::AddTheDistance => ("add-the-distance", "up to 3.4.0: only the newest offset sync per partition is kept, and a commit at or past it translates to the sync's downstream offset plus the distance from it (KAFKA-12468); an older commit is not translated"),
            Rule::Store(MapStore::Kafka350) => ("store-3.4.1", "3.4.1 to 3.5.1: OffsetSyncStore keeps 64 syncs per partition by KAFKA-14666's first update (one new sync can expire many old ones, KAFKA-15202); a commit translates to the newest kept sync at or before it, plus one when it is past it"),
            Rule::Store(_) => ("store-3.5.2", "3.5.2 and later: OffsetSyncStore keeps 64 syncs per partition, spaced out as they age (KAFKA-15202's update); a commit translates to the newest kept sync at or before it, plus one when it is past it"),
        };
        let restart = if self.restart_keeps_history() {
            "a restarted checkpoint task reads the checkpoints topic back first (KAFKA-15905, 3.7.1 and 3.8.0)"
        } else {
            "a restarted checkpoint task translates no commit behind the newest sync until the group passes it (KAFKA-15905, fixed in 3.7.1 and 3.8.0)"
        };
        RuleUsed {
            id,
            text: format!("Kafka {self}, {translate}; {restart}"),
        }
    }
}

impl std::fmt::Display for KafkaVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_release_translates_as_it_did() {
        let rule = |v: &str| KafkaVersion::parse(v).unwrap().rule();
        assert_eq!(rule("3.3.2"), Rule::AddTheDistance);
        assert_eq!(rule("3.4.0"), Rule::AddTheDistance);
        assert_eq!(rule("3.4.1"), Rule::Store(MapStore::Kafka350));
        assert_eq!(rule("3.5.1"), Rule::Store(MapStore::Kafka350));
        assert_eq!(rule("3.5.2"), Rule::Store(MapStore::Kafka36));
        assert_eq!(rule("4.1"), Rule::Store(MapStore::Kafka36));
        assert!(!KafkaVersion::parse("3.7.0")
            .unwrap()
            .restart_keeps_history());
        assert!(KafkaVersion::parse("3.7.1")
            .unwrap()
            .restart_keeps_history());
        assert_eq!(
            KafkaVersion::parse("3.7.0-SNAPSHOT"),
            Some(KafkaVersion::v(3, 7, 0))
        );
        assert_eq!(KafkaVersion::parse("three"), None);
    }

    #[test]
    fn the_rule_used_is_named_by_release() {
        let id = |v: &str| KafkaVersion::parse(v).unwrap().rule_used().id;
        assert_eq!(
            [
                id("3.4.0"),
                id("3.4.1"),
                id("3.5.1"),
                id("3.5.2"),
                id("4.1.0")
            ],
            [
                "add-the-distance",
                "store-3.4.1",
                "store-3.4.1",
                "store-3.5.2",
                "store-3.5.2"
            ]
        );
        let text = KafkaVersion::parse("3.7.0").unwrap().rule_used().text;
        assert!(
            text.starts_with("Kafka 3.7.0, 3.5.2 and later:") && text.contains("fixed in 3.7.1"),
            "{text}"
        );
    }
}
