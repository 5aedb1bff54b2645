//! The briefs that ship with Hoplab (`content/challenges/*.json`), in the order the site
//! lists them: the command line and the site read the same files.

/// (id, the file's text), easiest first.
pub const SHIPPED: &[(&str, &str)] = &[
    (
        "fan-in-analytics",
        include_str!("../../../../content/challenges/fan-in-analytics.json"),
    ),
    (
        "dr-one-way",
        include_str!("../../../../content/challenges/dr-one-way.json"),
    ),
    (
        "prefixed-both-ways",
        include_str!("../../../../content/challenges/prefixed-both-ways.json"),
    ),
    (
        "active-active-orders",
        include_str!("../../../../content/challenges/active-active-orders.json"),
    ),
    (
        "dr-translate",
        include_str!("../../../../content/challenges/dr-translate.json"),
    ),
    (
        "ring-of-three",
        include_str!("../../../../content/challenges/ring-of-three.json"),
    ),
    (
        "hub-and-spoke",
        include_str!("../../../../content/challenges/hub-and-spoke.json"),
    ),
    (
        "sync-ledger",
        include_str!("../../../../content/challenges/sync-ledger.json"),
    ),
    (
        "failover-drill",
        include_str!("../../../../content/challenges/failover-drill.json"),
    ),
    (
        "translate-drill",
        include_str!("../../../../content/challenges/translate-drill.json"),
    ),
    (
        "split-brain-drill",
        include_str!("../../../../content/challenges/split-brain-drill.json"),
    ),
    (
        "partition-drill",
        include_str!("../../../../content/challenges/partition-drill.json"),
    ),
];

/// The shipped challenge `id`, read.
pub fn find(id: &str) -> Option<super::Challenge> {
    SHIPPED
        .iter()
        .find(|(i, _)| *i == id)
        .and_then(|(_, text)| super::Challenge::from_json(text).ok())
}
