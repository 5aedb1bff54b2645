//! How the designer reaches the copiers' readers and writers: they come in a chunk of
//! their own (`lazy_pages::import_chunk`), fetched the first time a person imports or
//! exports (or reloads a design imported from files); work waits for it here.

use leptos::prelude::*;

use crate::designer::copier_files::{Importer, IMPORTER};

/// Work that needs the importer.
type Job = Box<dyn FnOnce(Importer)>;

/// How the designer gets its importer (`lazy_pages::load_importer`, from the import chunk).
#[derive(Clone, Copy)]
pub struct LoadImporter(pub fn(RwSignal<Option<Importer>>, RwSignal<bool>));

impl LoadImporter {
    /// Hands the importer over at once (builds without chunks: the component tests).
    pub fn at_once() -> Self {
        LoadImporter(|into, _| into.set(Some(IMPORTER)))
    }
}

/// The importer once its chunk is here, and the work waiting for it.
#[derive(Clone, Copy)]
pub struct ImporterHandle {
    loaded: RwSignal<Option<Importer>>,
    failed: RwSignal<bool>,
    loading: RwSignal<bool>,
    waiting: StoredValue<Vec<Job>, LocalStorage>,
    /// Taken from the page's context when the handle is made: work that runs after an
    /// await (a file read) has no context to ask.
    load: Option<LoadImporter>,
}

impl ImporterHandle {
    /// A handle for the page; the work queued before the chunk arrives runs once it does.
    pub fn new() -> Self {
        let handle = ImporterHandle {
            loaded: RwSignal::new(None),
            failed: RwSignal::new(false),
            loading: RwSignal::new(false),
            waiting: StoredValue::new_local(Vec::new()),
            load: use_context::<LoadImporter>(),
        };
        Effect::new(move || {
            let Some(importer) = handle.loaded.get() else {
                return;
            };
            handle.loading.set(false);
            for job in handle
                .waiting
                .try_update_value(std::mem::take)
                .unwrap_or_default()
            {
                job(importer);
            }
        });
        Effect::new(move || {
            if handle.failed.get() {
                handle.loading.set(false);
                handle.waiting.update_value(Vec::clear);
            }
        });
        handle
    }

    /// Runs `job` with the importer, fetching its chunk first if it is not here yet.
    pub fn with(self, job: impl FnOnce(Importer) + 'static) {
        if let Some(importer) = self.loaded.get_untracked() {
            return job(importer);
        }
        self.waiting.update_value(|w| w.push(Box::new(job)));
        if self.loading.get_untracked() {
            return;
        }
        match self.load {
            Some(LoadImporter(load)) => {
                self.failed.set(false);
                self.loading.set(true);
                load(self.loaded, self.failed);
            }
            None => self.failed.set(true),
        }
    }

    /// The importer, if its chunk is here (tracked).
    pub fn loaded(self) -> Option<Importer> {
        self.loaded.get()
    }

    /// What the panel says while the chunk is on its way, or when it did not come.
    pub fn status(self) -> Option<&'static str> {
        if self.failed.get() {
            Some("The importer could not be downloaded (are you offline?). Try again when you are back online; your design is as it was.")
        } else if self.loading.get() {
            Some("Loading the importer…")
        } else {
            None
        }
    }
}

pub fn use_importer() -> ImporterHandle {
    expect_context::<ImporterHandle>()
}
