//! The readers of the non-Kafka-Connect products, one module each.

pub mod cluster_link;
pub mod msk;
pub mod nats;
pub mod rabbitmq;
pub mod redpanda;
