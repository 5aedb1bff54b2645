//! Apache Kafka's proposed cluster mirroring (KIP-1279, under discussion since February
//! 2026, in no release): the destination's brokers mirror source topics into read-only
//! mirror topics of the same name, offsets and group offsets kept. Read and written as the
//! `kafka-cluster-mirrors.sh` set-up script of the KIP's prototype.

pub mod lint;
pub mod read;
mod script;
pub mod write;
