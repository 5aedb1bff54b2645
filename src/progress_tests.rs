use super::*;
use crate::practice::fsrs::DAY_MS;

const NOW: i64 = 1_700_000_000_000;
const DAY: i64 = 19_675;

fn practised() -> Progress {
    let mut progress = Progress::new();
    progress.set("copy-lag", Some(Mark::Confident));
    progress.record_review("copy-lag", Grade::Good, NOW, DAY);
    progress.record_review("echo-loop", Grade::Again, NOW, DAY);
    progress.settings.target_level = Level::Senior;
    progress
}

#[test]
fn missing_data_is_a_fresh_start_without_a_notice() {
    let loaded = Progress::load(None, None, NOW);
    assert_eq!(loaded.progress, Progress::new());
    assert_eq!(loaded.notice, None);
    assert!(!loaded.unreadable && !loaded.migrated);
}

#[test]
fn round_trips_marks_schedules_and_settings() {
    let progress = practised();
    let loaded = Progress::load(Some(&progress.to_json()), None, NOW);
    assert_eq!(loaded.progress, progress);
    assert_eq!(loaded.notice, None);
    assert!(!loaded.unreadable && !loaded.migrated);
}

#[test]
fn corrupt_data_is_set_aside_with_a_notice() {
    let loaded = Progress::load(Some("{not json"), None, NOW);
    assert_eq!(loaded.progress, Progress::new());
    assert!(loaded.unreadable);
    let notice = loaded.notice.unwrap();
    assert!(
        notice.contains("could not be read") && notice.contains("kept aside"),
        "{notice}"
    );
}

#[test]
fn a_wrong_mark_is_corrupt_not_a_crash() {
    let loaded = Progress::load(Some(r#"{"version":1,"cards":{"a":"great"}}"#), None, NOW);
    assert!(loaded.unreadable);
}

#[test]
fn another_version_is_set_aside() {
    let loaded = Progress::load(Some(r#"{"version":7,"cards":{}}"#), None, NOW);
    assert!(loaded.unreadable);
    assert!(loaded.notice.unwrap().contains("format 7"));
}

#[test]
fn an_impossible_schedule_is_dropped_and_the_text_kept_aside() {
    let mut progress = practised();
    progress.reviews.get_mut("echo-loop").unwrap().difficulty = 99.0;
    let loaded = Progress::load(Some(&progress.to_json()), None, NOW);
    assert!(loaded.unreadable, "the original text is kept aside");
    assert!(
        loaded.progress.reviews.contains_key("copy-lag"),
        "the good card survives"
    );
    assert!(!loaded.progress.reviews.contains_key("echo-loop"));
    assert!(loaded
        .notice
        .unwrap()
        .contains("1 card held impossible numbers"));
}

#[test]
fn progress_on_vanished_cards_is_dropped_and_counted() {
    let stored = r#"{"version":1,"cards":{"copy-lag":"studied","gone":"shaky"}}"#;
    let loaded = Progress::load(Some(stored), Some(&["copy-lag"]), NOW);
    assert_eq!(loaded.progress.mark("copy-lag"), Some(Mark::Studied));
    assert_eq!(loaded.progress.mark("gone"), None);
    assert!(!loaded.progress.reviews.contains_key("gone"));
    assert!(loaded
        .notice
        .unwrap()
        .contains("1 saved card's progress named cards that no longer exist"));
    assert!(!loaded.unreadable);
}

#[test]
fn clearing_a_mark_removes_it() {
    let mut progress = Progress::new();
    progress.set("a", Some(Mark::Studied));
    progress.set("a", None);
    assert_eq!(progress.mark("a"), None);
}

// Migration from format 1, one test per mark.

fn migrate_one(mark: &str) -> Loaded {
    Progress::load(
        Some(&format!(r#"{{"version":1,"cards":{{"a":"{mark}"}}}}"#)),
        None,
        NOW,
    )
}

#[test]
fn a_shaky_mark_becomes_a_failed_first_review_due_now() {
    let loaded = migrate_one("shaky");
    assert!(loaded.migrated && !loaded.unreadable);
    let state = &loaded.progress.reviews["a"];
    assert_eq!(
        (state.last_grade, state.due, state.reps),
        (Grade::Again, NOW, 1)
    );
    assert_eq!(
        loaded.progress.mark("a"),
        Some(Mark::Shaky),
        "the card page keeps its mark"
    );
    assert!(loaded
        .notice
        .unwrap()
        .contains("1 shaky or studied card is due now"));
}

#[test]
fn a_studied_mark_becomes_a_hard_first_review_due_now() {
    let loaded = migrate_one("studied");
    let state = &loaded.progress.reviews["a"];
    assert_eq!((state.last_grade, state.due), (Grade::Hard, NOW));
    assert_eq!(loaded.progress.mark("a"), Some(Mark::Studied));
}

#[test]
fn a_confident_mark_becomes_a_good_first_review_due_in_three_days() {
    let loaded = migrate_one("confident");
    let state = &loaded.progress.reviews["a"];
    assert_eq!(state.last_grade, Grade::Good);
    assert_eq!(state.due, NOW + 3 * DAY_MS);
    assert!(loaded
        .notice
        .unwrap()
        .contains("1 confident card comes back"));
}

#[test]
fn format_one_without_marks_migrates_quietly_and_counts_no_new_cards() {
    let loaded = Progress::load(Some(r#"{"version":1,"cards":{}}"#), None, NOW);
    assert!(loaded.migrated);
    assert_eq!(loaded.notice, None);
    assert_eq!(loaded.progress, Progress::new());
    let migrated = migrate_one("confident").progress;
    assert_eq!(
        migrated.new_left_today(DAY),
        5,
        "migrated marks do not use today's new cards"
    );
}

// The daily limit for new cards.

#[test]
fn new_cards_count_against_the_day_they_were_started() {
    let mut progress = Progress::new();
    progress.settings.new_per_day = 2;
    progress.record_review("a", Grade::Good, NOW, DAY);
    assert_eq!(progress.new_left_today(DAY), 1);
    progress.record_review("a", Grade::Good, NOW + 1000, DAY);
    assert_eq!(
        progress.new_left_today(DAY),
        1,
        "a second review is not a new card"
    );
    progress.record_review("b", Grade::Good, NOW, DAY);
    assert_eq!(progress.new_left_today(DAY), 0);
    assert_eq!(
        progress.new_left_today(DAY + 1),
        2,
        "a new day, a new allowance"
    );
    progress.record_review("c", Grade::Good, NOW + DAY_MS, DAY + 1);
    assert_eq!(
        progress.new_today,
        DayCount {
            day: DAY + 1,
            count: 1
        }
    );
}

// Importing a file.

const KNOWN: &[&str] = &["copy-lag", "echo-loop"];

#[test]
fn an_exported_file_imports_whole() {
    let exported = practised().to_json();
    let (imported, summary) = Progress::import(&exported, KNOWN, NOW).unwrap();
    assert_eq!(imported, practised());
    assert_eq!(summary, "Imported practice on 2 cards and 1 mark.");
}

#[test]
fn bad_files_are_refused_with_the_reason() {
    for (file, reason) in [
        ("", "it is empty"),
        ("hello", "it is not JSON"),
        (r#"{"cards":{}}"#, "no format version"),
        (r#"{"version":3}"#, "format 3"),
        (
            r#"{"version":2,"reviews":{"a":{"due":"soon"}}}"#,
            "could not be read",
        ),
        (r#"{"version":1,"cards":["copy-lag"]}"#, "format-1 marks"),
    ] {
        let error = Progress::import(file, KNOWN, NOW).unwrap_err();
        assert!(error.contains(reason), "{file:?}: {error}");
        assert!(error.ends_with("Your progress is unchanged."), "{error}");
    }
}

#[test]
fn a_file_with_an_impossible_schedule_is_refused_naming_the_card() {
    let mut progress = practised();
    progress.reviews.get_mut("copy-lag").unwrap().stability = -1.0;
    let error = Progress::import(&progress.to_json(), KNOWN, NOW).unwrap_err();
    assert!(error.contains("“copy-lag”"), "{error}");
}

#[test]
fn a_format_one_file_imports_through_the_migration() {
    let (imported, summary) = Progress::import(
        r#"{"version":1,"cards":{"echo-loop":"shaky","gone":"studied"}}"#,
        KNOWN,
        NOW,
    )
    .unwrap();
    assert_eq!(imported.reviews["echo-loop"].last_grade, Grade::Again);
    assert!(!imported.cards.contains_key("gone"));
    assert!(summary.contains("no longer exist"), "{summary}");
}

#[test]
fn merging_keeps_the_more_recent_practice_of_each_card() {
    let mut mine = Progress::new();
    mine.record_review("copy-lag", Grade::Again, NOW + 5 * DAY_MS, DAY + 5);
    mine.record_review("echo-loop", Grade::Good, NOW - DAY_MS, DAY - 1);
    let theirs = practised(); // both reviewed at NOW
    mine.merge(theirs);
    assert_eq!(
        mine.reviews["copy-lag"].last_grade,
        Grade::Again,
        "mine is newer"
    );
    assert_eq!(
        mine.reviews["echo-loop"].last_grade,
        Grade::Again,
        "theirs is newer"
    );
    assert_eq!(
        mine.settings.target_level,
        Level::Senior,
        "the file's settings"
    );
    assert_eq!(mine.mark("copy-lag"), Some(Mark::Confident));
}

// Missed outline cues (added to format 2 without a new version).

/// A file exported before missed cues were stored (byte for byte what `practised()` wrote).
const FILE_BEFORE_MISSED_CUES: &str = r#"{"version":2,"cards":{"copy-lag":"confident"},"reviews":{"copy-lag":{"due":1700259200000,"last_review":1700000000000,"stability":3.1262,"difficulty":5.314577829570867,"reps":1,"lapses":0,"last_grade":"good"},"echo-loop":{"due":1700086400000,"last_review":1700000000000,"stability":0.4072,"difficulty":7.2102,"reps":1,"lapses":0,"last_grade":"again"}},"settings":{"new_per_day":5,"target_level":"senior"},"new_today":{"day":19675,"count":2}}"#;

#[test]
fn a_file_exported_before_missed_cues_still_imports_and_loads() {
    let (imported, summary) = Progress::import(FILE_BEFORE_MISSED_CUES, KNOWN, NOW).unwrap();
    assert_eq!(imported, practised());
    assert!(imported.missed.is_empty());
    assert_eq!(summary, "Imported practice on 2 cards and 1 mark.");
    let loaded = Progress::load(Some(FILE_BEFORE_MISSED_CUES), None, NOW);
    assert_eq!(loaded.progress, practised());
    assert!(!loaded.unreadable && !loaded.migrated && loaded.notice.is_none());
    assert_eq!(
        practised().to_json(),
        FILE_BEFORE_MISSED_CUES,
        "without missed cues the file is unchanged"
    );
}

#[test]
fn missed_cues_round_trip_and_stay_out_of_the_file_when_none() {
    let mut progress = practised();
    assert!(
        !progress.to_json().contains("missed"),
        "a store without missed cues writes the same file as before"
    );
    progress.set_missed("copy-lag", vec![2, 0]);
    let json = progress.to_json();
    assert!(json.contains(r#""missed":{"copy-lag":[2,0]}"#), "{json}");
    let (imported, _) = Progress::import(&json, KNOWN, NOW).unwrap();
    assert_eq!(imported.missed("copy-lag"), [2, 0]);
    assert_eq!(imported.missed("echo-loop"), [] as [u8; 0]);
    progress.set_missed("copy-lag", vec![]);
    assert!(
        progress.missed.is_empty(),
        "every point made forgets the misses"
    );
}

#[test]
fn missed_cues_of_vanished_cards_are_dropped() {
    let mut progress = practised();
    progress.set_missed("gone", vec![1]);
    progress.retain_known(KNOWN);
    assert!(progress.missed.is_empty());
}

#[test]
fn merging_takes_the_missed_cues_of_the_review_that_wins() {
    let mut mine = Progress::new();
    mine.record_review("copy-lag", Grade::Hard, NOW - DAY_MS, DAY - 1);
    mine.set_missed("copy-lag", vec![0]);
    mine.record_review("echo-loop", Grade::Hard, NOW + DAY_MS, DAY + 1);
    mine.set_missed("echo-loop", vec![1]);
    let mut theirs = practised(); // both reviewed at NOW
    theirs.set_missed("echo-loop", vec![3]);
    mine.merge(theirs);
    assert_eq!(
        mine.missed("copy-lag"),
        [] as [u8; 0],
        "theirs is newer: none missed"
    );
    assert_eq!(mine.missed("echo-loop"), [1], "mine is newer: mine stays");
}
