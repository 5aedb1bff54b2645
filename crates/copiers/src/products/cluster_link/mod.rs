//! Confluent Cluster Linking: a link's properties file (read only).

pub mod read;
