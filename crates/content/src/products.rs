//! The real products a card may mention. A card that names one makes a product claim, and
//! the validator then requires it to list where that claim was checked. This is the one list;
//! add a product here when a card or the copier comparison starts mentioning it.

/// Names as they appear in prose. Matching is on whole words and case-sensitive, so "Kafka"
/// matches "Kafka's" but not "kafkaesque".
pub const PRODUCT_NAMES: &[&str] = &[
    "Kafka",
    "MirrorMaker",
    "Confluent",
    "Cluster Linking",
    "Redpanda",
    "Pulsar",
    "NATS",
    "JetStream",
    "RabbitMQ",
    "MSK",
    "Event Hubs",
    "Strimzi",
    "Schema Registry",
];

/// The products `text` names, in the order of `PRODUCT_NAMES`.
pub fn products_named(text: &str) -> Vec<&'static str> {
    PRODUCT_NAMES
        .iter()
        .copied()
        .filter(|name| names(text, name))
        .collect()
}

fn names(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_whole_names_only() {
        assert_eq!(
            products_named("Kafka's MirrorMaker 2 and NATS"),
            ["Kafka", "MirrorMaker", "NATS"]
        );
        assert!(products_named("a kafkaesque NATSY design").is_empty());
    }

    #[test]
    fn finds_names_of_two_words() {
        assert_eq!(products_named("with Event Hubs."), ["Event Hubs"]);
    }
}
