//! The event loop's stepping API, budgeted advance and a command's effect.
use super::*;
use crate::scenarios;
use crate::spec::Command;

fn sim() -> Sim {
    Sim::new(
        &scenarios::get("stall-and-backlog")
            .unwrap()
            .build_default()
            .unwrap(),
        3,
    )
    .unwrap()
}

#[test]
fn budgeted_advance_reaches_the_same_state_in_slices() {
    let mut whole = sim();
    whole.advance_to(30_000);
    let mut sliced = sim();
    let mut calls = 0;
    while !sliced.advance_with_budget(30_000, 50) {
        calls += 1;
    }
    assert!(calls > 10);
    assert_eq!(sliced.now(), 30_000);
    assert_eq!(sliced.events_processed(), whole.events_processed());
    assert_eq!(
        serde_json::to_string(&sliced.measures()).unwrap(),
        serde_json::to_string(&whole.measures()).unwrap()
    );
}

#[test]
fn step_moves_time_to_the_next_event() {
    let mut s = sim();
    let next = s.next_event_at().unwrap();
    let info = s.step().unwrap();
    assert_eq!(info.at_ms, next);
    assert_eq!(s.now(), next);
}

#[test]
fn a_command_naming_nothing_is_refused_and_changes_nothing() {
    let mut s = sim();
    s.advance_to(1_000);
    let before = s.log().count();
    let err = s
        .apply(Command::StallHop { hop: "nope".into() })
        .unwrap_err();
    assert!(err.0.contains("nope"));
    assert_eq!(s.log().count(), before);
}

#[test]
fn a_restart_rewinds_to_the_commit_and_appends_duplicates() {
    let mut s = sim();
    s.advance_to(10_500);
    s.apply(Command::RestartHop {
        hop: "a-to-b".into(),
    })
    .unwrap();
    s.advance_to(15_000);
    let m = s.measures();
    assert!(m.hops[0].duplicates > 0);
    assert!(m.sites[1].census.duplicates == m.hops[0].duplicates);
}
