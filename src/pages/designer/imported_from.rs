//! The files the design was last imported from, kept beside it in this browser, and what
//! their import found: an export is written onto them, and the Lint panel shows the
//! products' findings with the model's, after a reload too (the files are read again).

use std::sync::Arc;

use hoplab_model::spec::Topology;
use leptos::prelude::*;

use super::importer::ImporterHandle;
use crate::designer::copier_files::{CopierFile, Imported};
use crate::storage;

/// Where this browser keeps the files.
pub const KEY: &str = "hoplab.designer.imported-from";

/// The most this browser keeps: past it the files stay only until the page closes, so a
/// large estate cannot crowd the design's own autosave out of the browser's storage.
const MAX_KEPT_BYTES: usize = 512 * 1024;

#[derive(Clone, Copy)]
pub struct ImportedFrom {
    files: RwSignal<Vec<CopierFile>>,
    /// What their import gave: the design it read, the report and the findings.
    done: RwSignal<Option<Arc<Imported>>>,
    /// Whether the browser keeps them past this page (false: too large, or refused).
    kept: RwSignal<bool>,
}

impl ImportedFrom {
    /// What this browser kept from the last import; nothing if it kept none or cannot
    /// read it (the files are a convenience: the design itself is saved on its own).
    pub fn load() -> Self {
        let kept: Vec<CopierFile> = storage::read(KEY)
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        let is_kept = !kept.is_empty();
        ImportedFrom {
            files: RwSignal::new(kept),
            done: RwSignal::new(None),
            kept: RwSignal::new(is_kept),
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

    /// Remembers the files an import read and what it found; they are kept in this browser
    /// when small enough and the browser agrees, else only until the page closes.
    pub fn set(self, files: Vec<CopierFile>, done: Arc<Imported>) {
        let text = serde_json::to_string(&files).unwrap_or_default();
        let kept = text.len() <= MAX_KEPT_BYTES && storage::write(KEY, &text);
        if !kept {
            storage::remove(KEY);
        }
        self.kept.set(kept);
        self.done.set(Some(done));
        self.files.set(files);
    }

    /// Forgets the files (this page and this browser): exports are then written afresh.
    pub fn forget(self) {
        storage::remove(KEY);
        self.kept.set(false);
        self.done.set(None);
        self.files.set(Vec::new());
    }

    /// Whether there are files, and whether this browser keeps them (tracked).
    pub fn holding(self) -> Option<bool> {
        let any = self.files.with(|f| !f.is_empty());
        any.then(|| self.kept.get())
    }

    /// The kept files, if the design still stands on them (else an export would be written
    /// onto files that have nothing to do with it).
    pub fn files_for(self, design: &Topology) -> Vec<CopierFile> {
        let matches = self.done.with_untracked(|d| {
            d.as_ref()
                .is_some_and(|d| same_sites(design, &d.spec.topology))
        });
        if matches {
            self.files.get_untracked()
        } else {
            Vec::new()
        }
    }

    /// The kept files, whatever the design (the stream-name check reads them).
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

/// Whether a design still stands on the imported estate: the same sites (its hops and
/// options may have been edited). A template, a shared link or undoing the import does not.
pub fn same_sites(design: &Topology, imported: &Topology) -> bool {
    fn names(t: &Topology) -> Vec<&str> {
        let mut n: Vec<&str> = t.sites.iter().map(|s| s.name.as_str()).collect();
        n.sort_unstable();
        n
    }
    names(design) == names(imported)
}

pub fn use_imported_from() -> ImportedFrom {
    expect_context::<ImportedFrom>()
}
