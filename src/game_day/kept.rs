//! The last run of each drill, kept in this browser so that the page can offer its
//! debrief again; a kept text that no longer reads is set aside, not lost.

use super::link::PlayedRun;

fn key(drill: &str) -> String {
    format!("hoplab.drill.{drill}")
}

pub fn last_run(drill: &str) -> Option<PlayedRun> {
    let text = crate::storage::read(&key(drill))?;
    match serde_json::from_str(&text) {
        Ok(run) => Some(run),
        Err(_) => {
            _ = crate::storage::set_aside(&key(drill), &text);
            crate::storage::remove(&key(drill));
            None
        }
    }
}

/// Keeps `run` as the drill's last; false when the browser refused.
pub fn keep(drill: &str, run: &PlayedRun) -> bool {
    crate::storage::write(&key(drill), &serde_json::to_string(run).unwrap_or_default())
}
