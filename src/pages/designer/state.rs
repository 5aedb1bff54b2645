//! The designer page's state: the design being edited (with undo), what is selected, the
//! model's lint of it, a message line, and the run in progress. Components send edits
//! here; nothing in the page changes a design any other way.

use std::sync::Arc;

use hoplab_copiers::design_lint as lint;
use hoplab_model::spec::{StreamRef, Topology};
use hoplab_model::Finding;
use leptos::prelude::*;

use crate::designer::findings::targets;
use crate::designer::run::{RunJob, RunSummary};
use crate::designer::{autosave, Design, Edit, Editor, ElementRef};
use crate::lab::driver::Raf;

#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    Info(String),
    Error(String),
}

/// A finished run and the spec it ran (to say when the design has changed since).
pub struct Finished {
    pub summary: RunSummary,
    pub spec: hoplab_model::ScenarioSpec,
}

/// Where the designer's run of the design stands, as its run panel shows it (not the lab's
/// [`crate::lab::url_state::RunState`], which is a run view's seed, time and presses).
#[derive(Clone)]
pub enum DesignRunStatus {
    Idle,
    Running(f64),
    Done(Arc<Finished>),
    Refused(String),
    Cancelled,
}

#[derive(Clone, Copy)]
pub struct Ctx {
    pub editor: RwSignal<Editor>,
    pub selected: RwSignal<Option<ElementRef>>,
    /// The finding whose elements are emphasised (pointed at or focused in the list).
    pub active_finding: RwSignal<Option<usize>>,
    pub notice: RwSignal<Option<Notice>>,
    /// The design's topology alone: what lint and the lists read, so moving a box on the
    /// canvas reruns none of them.
    pub topology: Memo<Topology>,
    pub findings: Memo<Vec<Finding>>,
    /// (element key, finding index) for every element a finding concerns: what the
    /// canvas and lists highlight. A memo, so an edit that changes no finding redraws no
    /// highlight.
    flags: Memo<Vec<(String, usize)>>,
    pub run: RwSignal<DesignRunStatus>,
    pub job: StoredValue<Option<(RunJob, Raf)>, LocalStorage>,
    /// Connect mode: the stream a new hop starts from, once picked.
    pub connecting: RwSignal<Option<Option<StreamRef>>>,
    /// The hop a preset link opened, whose row is brought into view (and marked so, for the
    /// page's HTML written at build time to open at the same place).
    pub linked_hop: RwSignal<Option<String>>,
    /// Elements a challenge's brief gives: they cannot be removed or renamed.
    pub locked: StoredValue<Vec<ElementRef>>,
}

impl Ctx {
    pub fn new(editor: Editor) -> Self {
        let editor = RwSignal::new(editor);
        // Lint reads only the topology: moving a box or changing the timeline does not
        // lint again (the comparison costs far less than the lint of a large design).
        let topology = Memo::new(move |_| editor.with(|e| e.design().topology().clone()));
        let findings = Memo::new(move |_| topology.with(lint));
        let flags = Memo::new(move |_| {
            findings.with(|fs| {
                topology.with(|t| {
                    fs.iter()
                        .enumerate()
                        .flat_map(|(i, f)| targets(f, t).into_iter().map(move |el| (el.key(), i)))
                        .collect()
                })
            })
        });
        Ctx {
            editor,
            topology,
            selected: RwSignal::new(None),
            active_finding: RwSignal::new(None),
            notice: RwSignal::new(None),
            findings,
            flags,
            run: RwSignal::new(DesignRunStatus::Idle),
            job: StoredValue::new_local(None),
            connecting: RwSignal::new(None),
            linked_hop: RwSignal::new(None),
            locked: StoredValue::new(Vec::new()),
        }
    }

    /// Applies an edit; a refusal becomes the message line and changes nothing.
    pub fn edit(&self, e: Edit) -> bool {
        if let Edit::Remove(el) | Edit::Rename(el, _) = &e {
            if self.locked.with_value(|l| l.contains(el)) {
                self.notice.set(Some(Notice::Error(format!(
                    "{} is given by the brief: it stays as it is. Add to the design instead.",
                    el.label()
                ))));
                return false;
            }
        }
        let result = self.editor.try_update(|ed| ed.apply(e)).unwrap_or(Ok(()));
        match result {
            Ok(()) => {
                if matches!(self.notice.get_untracked(), Some(Notice::Error(_))) {
                    self.notice.set(None);
                }
                true
            }
            Err(why) => {
                self.notice.set(Some(Notice::Error(why)));
                false
            }
        }
    }

    pub fn with_design<T>(&self, f: impl FnOnce(&Design) -> T) -> T {
        self.editor.with(|e| f(e.design()))
    }

    pub fn with_topology<T>(&self, f: impl FnOnce(&Topology) -> T) -> T {
        self.topology.with(f)
    }

    pub fn design_untracked(&self) -> Design {
        self.editor.with_untracked(|e| e.design().clone())
    }

    pub fn undo(&self) {
        let mut done = false;
        self.editor.update(|e| done = e.undo());
        if !done {
            self.notice
                .set(Some(Notice::Info("Nothing to undo.".into())));
        }
    }

    pub fn redo(&self) {
        let mut done = false;
        self.editor.update(|e| done = e.redo());
        if !done {
            self.notice
                .set(Some(Notice::Info("Nothing to redo.".into())));
        }
    }

    pub fn info(&self, text: impl Into<String>) {
        self.notice.set(Some(Notice::Info(text.into())));
    }

    pub fn error(&self, text: impl Into<String>) {
        self.notice.set(Some(Notice::Error(text.into())));
    }

    /// Whether a finding concerns this element, and whether that finding is the one
    /// pointed at (for highlighting).
    pub fn flagged(&self, e: &ElementRef) -> (bool, bool) {
        let active = self.active_finding.get();
        let key = e.key();
        self.flags.with(|flags| {
            let mut hits = flags
                .iter()
                .filter(|(k, _)| *k == key)
                .map(|(_, i)| *i)
                .peekable();
            let any = hits.peek().is_some();
            (any, hits.any(|i| Some(i) == active))
        })
    }

    pub fn cancel_run(&self) {
        if let Some(Some((_, raf))) = self.job.try_update_value(|j| j.take()) {
            raf.stop();
        }
    }
}

pub fn use_ctx() -> Ctx {
    expect_context::<Ctx>()
}

/// The design to start with: the autosaved one, or an empty canvas; an unreadable
/// autosave is set aside (kept under another key) and said so.
pub fn load_autosave(key: &str, fresh: impl Fn() -> Design) -> (Design, Option<Notice>) {
    let Some(text) = crate::storage::read(key) else {
        return (fresh(), None);
    };
    match autosave::from_text(&text) {
        Ok(d) => (d, None),
        Err(why) => {
            // Set aside, so the next save cannot overwrite it.
            let kept = crate::storage::set_aside(key, &text);
            crate::storage::remove(key);
            let where_ = match kept {
                Some(key) => format!("It is kept in this browser under “{key}”."),
                None => "The browser would not keep a copy.".to_string(),
            };
            (
                fresh(),
                Some(Notice::Error(format!(
                    "Your saved design could not be read: {why}. {where_} You start again."
                ))),
            )
        }
    }
}
