//! The text formats under the products' files, each read with line numbers kept.

pub mod json;
pub mod properties;
pub mod shell;
pub mod yaml;
