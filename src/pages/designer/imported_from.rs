//! The files the design was last imported from, kept beside it in this browser, so an
//! export is written onto them (their addresses, names and other keys kept) after a
//! reload too.

use leptos::prelude::*;

use crate::designer::copier_files::CopierFile;
use crate::storage;

const KEY: &str = "hoplab.designer.imported-from";

#[derive(Clone, Copy)]
pub struct ImportedFrom(RwSignal<Vec<CopierFile>>);

impl ImportedFrom {
    /// What this browser kept from the last import; nothing if it kept none or cannot
    /// read it (the files are a convenience: the design itself is saved on its own).
    pub fn load() -> Self {
        let kept = storage::read(KEY)
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        ImportedFrom(RwSignal::new(kept))
    }

    /// Remembers the files an import read; a browser that refuses to keep them still has
    /// them until the page is closed.
    pub fn set(self, files: Vec<CopierFile>) {
        if let Ok(text) = serde_json::to_string(&files) {
            if !storage::write(KEY, &text) {
                storage::remove(KEY);
            }
        }
        self.0.set(files);
    }

    pub fn get_untracked(self) -> Vec<CopierFile> {
        self.0.get_untracked()
    }
}

pub fn use_imported_from() -> ImportedFrom {
    expect_context::<ImportedFrom>()
}
