//! A whole element of a design, the value edits add and update.

use hoplab_model::spec::{CompanionSpec, HopSpec, ReaderSpec, SiteSpec, StreamSpec, WriterSpec};

/// A whole element, as the model specifies it.
#[derive(Clone, Debug, PartialEq)]
pub enum Element {
    Site(SiteSpec),
    Stream(StreamSpec),
    Hop(HopSpec),
    Writer(WriterSpec),
    Reader(ReaderSpec),
    Companion(CompanionSpec),
}
