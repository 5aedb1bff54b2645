//! Amazon MSK Replicator: the CreateReplicator request.

pub mod read;
pub mod write;
