//! NATS JetStream: stream configurations with `sources` and `mirror`, one file per domain.

pub mod read;
pub mod write;
