//! Edits as values: add, remove, rename, connect, move and change one element. Each keeps
//! the design's references whole (a rename follows every use of the name, a removal takes
//! what hangs off it), so a design edited here stays one the model can read.

use super::design::{Design, ElementRef, Pos};
use hoplab_model::spec::TimedCommand;

/// One change to a design.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Adds an element; a site may come with a place on the canvas. A hop is a connection.
    Add(Element, Option<Pos>),
    Remove(ElementRef),
    Rename(ElementRef, String),
    /// Replaces an element's settings; its name stays.
    Update(Element),
    /// Moves a site's box (everything inside moves with it).
    Move(String, Pos),
    AddFault(TimedCommand),
    RemoveFault(usize),
    SetDuration(u64),
    SetName(String),
    /// Replaces the whole design (a template or an import), as one undoable step.
    Replace(Box<Design>),
}

/// The model's own limit on a name, in bytes, the one every edit checks a name against.
pub use hoplab_model::spec::limits::MAX_NAME;

impl Edit {
    /// Coalescing key: consecutive edits with the same key are one undo step (a drag).
    pub fn merge_key(&self) -> Option<String> {
        match self {
            Edit::Move(site, _) => Some(format!("move:{site}")),
            _ => None,
        }
    }
}

/// Applies `edit` to `d`; on an error `d` is unchanged and the message says why.
pub fn apply(d: &mut Design, edit: Edit) -> Result<(), String> {
    let mut next = d.clone();
    apply_in_place(&mut next, edit)?;
    *d = next;
    Ok(())
}

fn apply_in_place(d: &mut Design, edit: Edit) -> Result<(), String> {
    match edit {
        Edit::Add(e, at) => add(d, e, at),
        Edit::Remove(r) => {
            if !d.has(&r) {
                return Err(format!("there is no {}", r.label()));
            }
            remove(d, &r);
            Ok(())
        }
        Edit::Rename(r, to) => rename(d, &r, to),
        Edit::Update(e) => update(d, e),
        Edit::Move(site, at) => {
            if !d.has(&ElementRef::Site(site.clone())) {
                return Err(format!("there is no site {site}"));
            }
            if !(at.x.is_finite() && at.y.is_finite()) {
                return Err("a position must be a number".into());
            }
            d.set_place(&site, at);
            Ok(())
        }
        Edit::AddFault(tc) => {
            if tc.at_ms > d.spec.duration_ms {
                return Err(format!(
                    "the run lasts {} s; a fault at {} s would never happen",
                    d.spec.duration_ms / 1000,
                    tc.at_ms as f64 / 1000.0
                ));
            }
            let at = d.spec.timeline.partition_point(|x| x.at_ms <= tc.at_ms);
            d.spec.timeline.insert(at, tc);
            Ok(())
        }
        Edit::RemoveFault(i) => {
            if i >= d.spec.timeline.len() {
                return Err("no such fault".into());
            }
            d.spec.timeline.remove(i);
            Ok(())
        }
        Edit::SetDuration(ms) => {
            if !(1_000..=super::run::MAX_DURATION_MS).contains(&ms) {
                return Err(format!(
                    "a run lasts between 1 s and {} s",
                    super::run::MAX_DURATION_MS / 1000
                ));
            }
            d.spec.duration_ms = ms;
            d.spec.sample_every_ms = (ms / 200).max(100);
            d.spec.timeline.retain(|tc| tc.at_ms <= ms);
            Ok(())
        }
        Edit::SetName(name) => {
            d.spec.name = name;
            Ok(())
        }
        Edit::Replace(design) => {
            *d = *design;
            Ok(())
        }
    }
}

mod add;
mod checks;
mod element;
mod remove;
mod rename;

use add::{add, update};
pub use element::Element;
use remove::remove;
use rename::rename;

#[cfg(test)]
mod tests;
