//! The design kept in the browser between visits. The stored form is versioned; anything
//! that does not read back is set aside (kept under another key) with a message, never
//! silently dropped and never allowed to replace the design on screen.

use super::design::Design;
use serde::{Deserialize, Serialize};

pub const KEY: &str = "hoplab.designer.autosave";
/// Where `storage::set_aside` first moves an unreadable autosave (later ones take `.2`, …),
/// so the next save cannot overwrite it.
pub const SET_ASIDE_KEY: &str = "hoplab.designer.autosave.unreadable";
pub const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct Stored {
    format: String,
    version: u32,
    design: Design,
}

pub fn to_text(d: &Design) -> String {
    serde_json::to_string(&Stored {
        format: "hoplab-designer".into(),
        version: VERSION,
        design: d.clone(),
    })
    .expect("a design serialises")
}

/// The stored design, or why it cannot be used.
pub fn from_text(text: &str) -> Result<Design, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("it is not readable JSON ({e})"))?;
    match value.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v == u64::from(VERSION) => {}
        Some(v) => {
            return Err(format!(
                "it was saved in format {v}, which this version cannot read"
            ))
        }
        None => return Err("it has no format version".into()),
    }
    let stored: Stored =
        serde_json::from_value(value).map_err(|e| format!("it is damaged ({e})"))?;
    // The spec inside must still be one the model accepts.
    if !stored.design.spec.topology.sites.is_empty() {
        stored
            .design
            .spec
            .validate()
            .map_err(|e| format!("its design is not valid ({e})"))?;
    }
    Ok(stored.design)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::designer::templates;

    #[test]
    fn a_saved_design_reads_back_with_its_layout() {
        let d = templates::build("ring-of-three").unwrap();
        assert_eq!(from_text(&to_text(&d)).unwrap(), d);
        let empty = Design::empty();
        assert_eq!(from_text(&to_text(&empty)).unwrap(), empty);
    }

    #[test]
    fn damage_is_named_not_hidden() {
        assert!(from_text("{not json").unwrap_err().contains("JSON"));
        assert!(
            from_text(r#"{"format":"hoplab-designer","version":9,"design":{}}"#)
                .unwrap_err()
                .contains('9')
        );
        assert!(
            from_text(r#"{"format":"hoplab-designer","version":1,"design":{}}"#)
                .unwrap_err()
                .contains("damaged")
        );
        let d = templates::build("ring-of-three").unwrap();
        let broken = to_text(&d).replace("\"stream\":\"orders\"", "\"stream\":\"nothing\"");
        assert!(from_text(&broken).unwrap_err().contains("not valid"));
    }
}
