//! The files the design was last imported from, kept beside it in this browser, and what
//! their import found: an export is written onto them, and the Lint panel shows the
//! products' findings with the model's, after a reload too (the files are read again).

use std::sync::Arc;

use leptos::prelude::*;

use super::importer::ImporterHandle;
use crate::designer::copier_files::{CopierFile, Imported};
use crate::storage;

/// Where this browser keeps the files.
pub const KEY: &str = "hoplab.designer.imported-from";

#[derive(Clone, Copy)]
pub struct ImportedFrom {
    files: RwSignal<Vec<CopierFile>>,
    /// What their import gave: the design it read, the report and the findings.
    done: RwSignal<Option<Arc<Imported>>>,
}

impl ImportedFrom {
    /// What this browser kept from the last import; nothing if it kept none or cannot
    /// read it (the files are a convenience: the design itself is saved on its own).
    pub fn load() -> Self {
        let kept = storage::read(KEY)
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        ImportedFrom {
            files: RwSignal::new(kept),
            done: RwSignal::new(None),
        }
    }

    /// Reads the kept files again (after a reload) for their findings; the importer's
    /// chunk is fetched only when there are files.
    pub fn read_again(self, importer: ImporterHandle) {
        let files = self.files.get_untracked();
        if files.is_empty() {
            return;
        }
        importer.with(move |imp| {
            if let Ok(done) = (imp.import)(&files) {
                self.done.set(Some(Arc::new(done)));
            }
        });
    }

    /// Remembers the files an import read and what it found; a browser that refuses to
    /// keep them still has them until the page is closed.
    pub fn set(self, files: Vec<CopierFile>, done: Arc<Imported>) {
        if let Ok(text) = serde_json::to_string(&files) {
            if !storage::write(KEY, &text) {
                storage::remove(KEY);
            }
        }
        self.done.set(Some(done));
        self.files.set(files);
    }

    pub fn get_untracked(self) -> Vec<CopierFile> {
        self.files.get_untracked()
    }

    /// What the last import gave (tracked).
    pub fn done(self) -> Option<Arc<Imported>> {
        self.done.get()
    }

    /// The files' names, for the Lint panel to say where a finding comes from (tracked).
    pub fn names(self) -> String {
        self.files.with(|files| {
            files
                .iter()
                .map(|f| f.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        })
    }
}

pub fn use_imported_from() -> ImportedFrom {
    expect_context::<ImportedFrom>()
}
