//! Apache Kafka MirrorMaker 2, in its three deployments: dedicated mode, connectors on a
//! Connect cluster, and Strimzi's custom resource. All three end in `settings::flow`.

pub mod connect;
pub mod dedicated;
pub mod keys;
pub mod offsets;
pub mod settings;
pub mod strimzi;
pub mod write;
pub mod write_strimzi;
