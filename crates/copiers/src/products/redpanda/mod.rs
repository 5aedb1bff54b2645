//! Redpanda Shadowing: a shadow link's configuration (read only).

pub mod read;
