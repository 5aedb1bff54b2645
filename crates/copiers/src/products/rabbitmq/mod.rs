//! RabbitMQ federation and shovels: a broker's definitions file, one per broker.

pub mod lint;
pub mod read;
pub mod write;
