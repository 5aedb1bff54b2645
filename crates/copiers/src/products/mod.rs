//! The products, one folder each: its file reader (`read`), its writer (`write`) where
//! Hoplab writes it back, and its own lint rules (`lint`). What several share (the text
//! readers, the report, the lint's engine and rule table) stays beside this folder.

pub mod cluster_link;
pub mod cluster_mirror;
pub mod jetstream;
/// Rules for the Kafka-protocol copiers (MirrorMaker 2, MSK Replicator) and where a rule's
/// advice differs by product.
pub mod kafka_lint;
pub mod mm2;
pub mod msk;
pub mod rabbitmq;
pub mod redpanda;
