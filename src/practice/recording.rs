//! Recorded answers, the pure part: what a failed microphone request means for the page,
//! and how a recording is listed. The browser side (MediaRecorder, IndexedDB) is in
//! `pages/practice/recorder.rs`; nothing here or there sends a recording anywhere.

/// Which answer a recording is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Answer,
    FollowUp,
    /// A card page's 20-second answer (`basics`).
    Basics,
    /// A card page's 50-second answer (`solid`).
    Solid,
}

impl Part {
    pub fn id(self) -> &'static str {
        match self {
            Part::Answer => "answer",
            Part::FollowUp => "follow-up",
            Part::Basics => "basics",
            Part::Solid => "solid",
        }
    }

    pub fn from_id(id: &str) -> Part {
        match id {
            "follow-up" => Part::FollowUp,
            "basics" => Part::Basics,
            "solid" => Part::Solid,
            _ => Part::Answer,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Part::Answer => "answer",
            Part::FollowUp => "follow-up answer",
            Part::Basics => "20-second answer",
            Part::Solid => "50-second answer",
        }
    }
}

/// Why recording could not start, as the line the page shows. `error_name` is the
/// `DOMException` name `getUserMedia` rejected with (empty when it was not one).
pub fn failure_line(error_name: &str) -> &'static str {
    match error_name {
        "NotAllowedError" | "SecurityError" | "PermissionDeniedError" => {
            "The microphone permission was refused, so nothing is recorded. Allow the microphone \
             for this site in the browser's settings to record. Everything else works as before."
        }
        "NotFoundError" | "DevicesNotFoundError" | "OverconstrainedError" => {
            "No microphone was found, so nothing is recorded. Everything else works as before."
        }
        "NotReadableError" | "TrackStartError" | "AbortError" => {
            "The microphone is busy or could not be started. Close other apps using it and try \
             again. Everything else works as before."
        }
        _ => {
            "The microphone could not be started, so nothing is recorded. Everything else works as before."
        }
    }
}

/// The line shown where the browser has no microphone access or no recorder at all.
pub const UNSUPPORTED_LINE: &str =
    "This browser cannot record audio here, so the record button is off. Everything else works as before.";

/// The line shown when the browser would not store a kept recording.
pub const NOT_STORED_LINE: &str =
    "This browser would not store the recording (private mode or full storage); it plays until \
     you leave the card.";

/// A recording's length as the list shows it: "0:07", "1:12".
pub fn describe_length(ms: f64) -> String {
    let seconds = if ms.is_finite() && ms > 0.0 {
        (ms / 1000.0).round() as u64
    } else {
        0
    };
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_failure_gets_its_own_line() {
        assert!(failure_line("NotAllowedError").contains("refused"));
        assert!(failure_line("NotFoundError").contains("No microphone"));
        assert!(failure_line("NotReadableError").contains("busy"));
        assert!(failure_line("").contains("could not be started"));
        for name in ["NotAllowedError", "NotFoundError", "NotReadableError", "x"] {
            assert!(failure_line(name).contains("Everything else works as before"));
        }
    }

    #[test]
    fn parts_round_trip_their_ids() {
        for part in [Part::Answer, Part::FollowUp, Part::Basics, Part::Solid] {
            assert_eq!(Part::from_id(part.id()), part);
        }
    }

    #[test]
    fn lengths_read_as_minutes_and_seconds() {
        assert_eq!(describe_length(7_400.0), "0:07");
        assert_eq!(describe_length(72_000.0), "1:12");
        assert_eq!(describe_length(f64::NAN), "0:00");
    }
}
