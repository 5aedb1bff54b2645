//! The design being edited, with undo and redo. Each step keeps a whole copy of the design
//! before it: a design is a few kilobytes, and a copy cannot drift from the edit that made it.

use super::design::Design;
use super::edit::{apply, Edit};

/// Undo steps kept; the oldest are dropped beyond this.
pub const UNDO_DEPTH: usize = 200;

#[derive(Clone, Debug, Default)]
pub struct Editor {
    design: Design,
    past: Vec<Design>,
    future: Vec<Design>,
    /// The merge key of the last edit, so a drag is one step.
    last_key: Option<String>,
}

impl Editor {
    pub fn new(design: Design) -> Self {
        Editor {
            design,
            ..Default::default()
        }
    }

    pub fn design(&self) -> &Design {
        &self.design
    }

    /// Applies an edit as a new undo step (or folds it into the last step when both are
    /// the same drag). On an error nothing changes.
    pub fn apply(&mut self, edit: Edit) -> Result<(), String> {
        let key = edit.merge_key();
        let before = self.design.clone();
        apply(&mut self.design, edit)?;
        if self.design == before {
            return Ok(());
        }
        if key.is_none() || key != self.last_key {
            self.past.push(before);
            if self.past.len() > UNDO_DEPTH {
                self.past.remove(0);
            }
        }
        self.future.clear();
        self.last_key = key;
        Ok(())
    }

    /// Ends a drag: the next move of the same site is a step of its own.
    pub fn seal(&mut self) {
        self.last_key = None;
    }

    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }

    pub fn undo(&mut self) -> bool {
        match self.past.pop() {
            Some(d) => {
                self.future.push(std::mem::replace(&mut self.design, d));
                self.last_key = None;
                true
            }
            None => false,
        }
    }

    pub fn redo(&mut self) -> bool {
        match self.future.pop() {
            Some(d) => {
                self.past.push(std::mem::replace(&mut self.design, d));
                self.last_key = None;
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::designer::design::Pos;
    use crate::designer::edit::Element;
    use hoplab_model::spec::kit;

    #[test]
    fn a_hundred_and_fifty_steps_undo_and_redo_exactly() {
        let mut e = Editor::new(Design::empty());
        let mut seen = vec![e.design().clone()];
        for i in 0..150 {
            e.apply(Edit::Add(Element::Site(kit::site(&format!("S{i}"))), None))
                .unwrap();
            seen.push(e.design().clone());
        }
        for i in (0..150).rev() {
            assert!(e.undo());
            assert_eq!(e.design(), &seen[i]);
        }
        assert!(!e.undo());
        for d in seen.iter().skip(1) {
            assert!(e.redo());
            assert_eq!(e.design(), d);
        }
        assert!(!e.redo());
    }

    #[test]
    fn a_drag_is_one_step_and_a_failed_edit_is_none() {
        let mut e = Editor::new(Design::empty());
        e.apply(Edit::Add(Element::Site(kit::site("A")), None))
            .unwrap();
        for x in 0..20 {
            e.apply(Edit::Move(
                "A".into(),
                Pos {
                    x: x as f64,
                    y: 0.0,
                },
            ))
            .unwrap();
        }
        e.seal();
        assert!(e
            .apply(Edit::Add(Element::Site(kit::site("A")), None))
            .is_err());
        assert!(e.undo());
        assert_ne!(e.design().place("A"), Some(Pos { x: 19.0, y: 0.0 }));
        assert!(e
            .design()
            .has(&crate::designer::ElementRef::Site("A".into())));
        assert!(e.undo());
        assert!(e.design().topology().sites.is_empty());
    }

    #[test]
    fn a_new_edit_clears_redo() {
        let mut e = Editor::new(Design::empty());
        e.apply(Edit::Add(Element::Site(kit::site("A")), None))
            .unwrap();
        e.undo();
        e.apply(Edit::Add(Element::Site(kit::site("B")), None))
            .unwrap();
        assert!(!e.can_redo());
    }
}
