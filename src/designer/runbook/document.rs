//! The runbook as data: titled sections of check-list items and tables, which the
//! sections fill and both the Markdown and the page read.

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub head: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub heading: String,
    /// Check-list items (drawn as boxes to tick).
    pub items: Vec<String>,
    pub table: Option<Table>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Runbook {
    pub title: String,
    pub sections: Vec<Section>,
}
