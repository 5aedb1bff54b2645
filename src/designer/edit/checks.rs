//! The checks an edit makes against a name and the design before it changes anything.

use crate::designer::design::{Design, ElementRef};
// Bytes, the model's measure: checking characters would let a long non-ASCII name pass
// the designer and fail the run.
use hoplab_model::spec::limits::MAX_NAME;

pub(super) fn check_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() {
        return Err("a name cannot be empty".into());
    }
    if name.len() > MAX_NAME {
        return Err(format!(
            "a name is at most {MAX_NAME} bytes; this one is {} (a letter outside ASCII takes 2 to 4)",
            name.len()
        ));
    }
    Ok(())
}

pub(super) fn exists(d: &Design, r: ElementRef) -> Result<(), String> {
    if d.has(&r) {
        Ok(())
    } else {
        Err(format!("there is no {}", r.label()))
    }
}

pub(super) fn taken(d: &Design, r: &ElementRef) -> Result<(), String> {
    if d.has(r) {
        Err(format!("there is already a {}", r.label()))
    } else {
        Ok(())
    }
}
