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

#[test]
fn a_mirror_standing_for_nats_server_before_2_12_is_not_promoted() {
    let mut spec = scenarios::get("mirror-vs-translate")
        .unwrap()
        .build_default()
        .unwrap();
    spec.timeline.clear();
    let at = |spec: &crate::spec::ScenarioSpec| {
        spec.topology
            .hops
            .iter()
            .position(|h| h.id == "a-to-b")
            .unwrap()
    };
    let h = at(&spec);
    for (release, promotes) in [
        (crate::spec::NatsRelease::Nats211, false),
        (crate::spec::NatsRelease::Nats212, true),
        (crate::spec::NatsRelease::Nats215, true),
    ] {
        spec.topology.hops[h].options.nats_release = release;
        let mut s = Sim::new(&spec, 3).unwrap();
        s.advance_to(5_000);
        let answer = s.apply(Command::Promote {
            hop: "a-to-b".into(),
        });
        assert_eq!(answer.is_ok(), promotes, "{release:?}: {answer:?}");
        if let Err(e) = answer {
            assert!(e.0.contains("nats-server 2.11"), "{e}");
        }
    }
}
