use super::*;
use crate::lab::engine::Engine;
use hoplab_model::scenarios;

fn run(id: &str) -> Replay {
    let spec = scenarios::get(id).unwrap().build_default().unwrap();
    Replay::new(&spec, 3, vec![], Some(Engine::new())).unwrap()
}

/// A run whose engine has not arrived yet (a lab page before its panels' chunk).
fn run_waiting(id: &str) -> Replay {
    let spec = scenarios::get(id).unwrap().build_default().unwrap();
    Replay::new(&spec, 3, vec![], None).unwrap()
}

fn button(scenario: &str, id: &str) -> Command {
    let s = scenarios::get(scenario).unwrap();
    s.buttons
        .iter()
        .find(|b| b.id == id)
        .unwrap()
        .command
        .clone()
}

fn fingerprint(r: &Replay) -> String {
    let m = r.sim().measures();
    format!(
        "{} {} {:?} {:?}",
        r.now(),
        r.sim().events_processed(),
        m.hops
            .iter()
            .map(|h| (h.copied, h.lag_records, h.uncopied_tail))
            .collect::<Vec<_>>(),
        m.sites
            .iter()
            .map(|s| format!("{:?}", s.census))
            .collect::<Vec<_>>()
    )
}

#[test]
fn playing_in_small_frames_equals_one_jump() {
    let mut a = run("lag-components");
    for _ in 0..700 {
        a.play_for(17);
        assert!(a.catch_up(u64::MAX));
    }
    let mut b = run("lag-components");
    b.seek(700 * 17);
    b.finish();
    assert_eq!(fingerprint(&a), fingerprint(&b));
    assert!(a.snapshot_count() > 5);
}

#[test]
fn a_catch_up_cut_short_at_the_target_time_is_not_caught_up() {
    // The frame loop asks `caught_up` before spending its budget: it must not say yes
    // while events at the target's own millisecond are still queued (the lab once hung
    // at "not ready" when a frame's budget ran out exactly there).
    let mut probe = run("echo-loop");
    let mut busy_ms = None;
    while busy_ms.is_none() && probe.sim.step().is_some() {
        let t = probe.sim.now();
        if t > 0 && probe.sim.next_event_at() == Some(t) {
            busy_ms = Some(t);
        }
    }
    let busy_ms = busy_ms.expect("some millisecond holds two events");
    let mut r = run("echo-loop");
    r.seek(busy_ms);
    let mut cut_at_target = false;
    while !r.catch_up(1) {
        assert!(
            !r.caught_up(),
            "caught up with events left at {}",
            r.sim.now()
        );
        cut_at_target |= r.sim.now() == busy_ms;
    }
    assert!(cut_at_target, "the budget ran out inside {busy_ms} ms");
    assert!(r.caught_up());
    assert!(r.sim.next_event_at().is_none_or(|at| at > busy_ms));
}

#[test]
fn seeking_back_and_forth_gives_the_same_state() {
    let mut r = run("stall-and-backlog");
    r.seek(60_000);
    r.finish();
    let at_60 = fingerprint(&r);
    r.seek(25_000);
    r.finish();
    let at_25 = fingerprint(&r);
    r.seek(60_000);
    r.finish();
    assert_eq!(fingerprint(&r), at_60);
    let mut fresh = run("stall-and-backlog");
    fresh.seek(25_000);
    fresh.finish();
    assert_eq!(fingerprint(&fresh), at_25);
}

#[test]
fn a_budget_stops_early_and_resumes() {
    let mut r = run("lag-components");
    r.seek(30_000);
    let mut calls = 0;
    while !r.catch_up(50) {
        calls += 1;
    }
    assert!(calls > 5, "{calls}");
    assert_eq!(r.now(), 30_000);
    assert_eq!(r.progress(), 1.0);
}

#[test]
fn a_far_seek_reports_its_progress() {
    let mut r = run("lag-components");
    r.seek(30_000);
    assert_eq!(r.progress(), 0.0);
    let mut seen = vec![];
    while !r.catch_up(200) {
        seen.push(r.progress());
    }
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "never goes back");
    assert!(seen.iter().any(|&p| p > 0.2 && p < 0.9), "{seen:?}");
    assert_eq!(r.progress(), 1.0);
}

#[test]
fn presses_replay_after_seeking_back_and_from_a_fresh_run() {
    let s = scenarios::get("stall-and-backlog").unwrap();
    let stall = s.buttons.iter().find(|b| b.id == "stall").unwrap().clone();
    let mut r = run("stall-and-backlog");
    r.seek(5_000);
    r.finish();
    r.press(Some("stall"), stall.command.clone()).unwrap();
    r.seek(15_000);
    r.finish();
    let live = fingerprint(&r);
    r.seek(2_000);
    r.finish();
    r.seek(15_000);
    r.finish();
    assert_eq!(fingerprint(&r), live);
    let mut again = Replay::new(
        &s.build_default().unwrap(),
        3,
        r.pressed().to_vec(),
        Some(Engine::new()),
    )
    .unwrap();
    again.seek(15_000);
    again.finish();
    assert_eq!(fingerprint(&again), live);
}

#[test]
fn pressing_after_seeking_back_forgets_the_old_future() {
    let cmd = |id: &str| button("stall-and-backlog", id);
    let mut r = run("stall-and-backlog");
    r.seek(10_000);
    r.finish();
    r.press(Some("stall"), cmd("stall")).unwrap();
    r.seek(4_000);
    r.finish();
    r.press(Some("restart"), cmd("restart")).unwrap();
    assert_eq!(r.pressed().len(), 1);
    assert_eq!(r.pressed()[0].button.as_deref(), Some("restart"));
}

#[test]
fn stepping_moves_one_event_at_a_time() {
    let mut r = run("follow-one-record");
    let before = r.sim().events_processed();
    r.step().unwrap();
    r.step().unwrap();
    assert_eq!(r.sim().events_processed(), before + 2);
    assert!(r.caught_up());
}

#[test]
fn without_its_engine_a_run_stands_at_0_and_then_reaches_its_target() {
    let mut waiting = run_waiting("lag-components");
    waiting.seek(12_000);
    assert!(
        !waiting.catch_up(u64::MAX),
        "no progress without the engine"
    );
    waiting.finish(); // returns: nothing to run
    assert_eq!((waiting.now(), waiting.sim().events_processed()), (0, 0));
    assert!(!waiting.caught_up());
    assert_eq!(waiting.progress(), 0.0);
    assert_eq!(waiting.snapshot_count(), 0, "a snapshot needs the engine");
    assert_eq!(waiting.target(), 12_000, "the seek is kept");

    waiting.engine_arrived(Engine::new());
    assert_eq!(waiting.snapshot_count(), 1, "the first snapshot, at 0 s");
    while !waiting.catch_up(500) {}
    let mut from_the_start = run("lag-components");
    from_the_start.seek(12_000);
    from_the_start.finish();
    assert_eq!(waiting.now(), 12_000);
    assert_eq!(fingerprint(&waiting), fingerprint(&from_the_start));
    assert_eq!(waiting.snapshot_count(), from_the_start.snapshot_count());
}

#[test]
fn presses_before_the_engine_apply_at_the_target_on_arrival() {
    let stall = button("stall-and-backlog", "stall");
    let restart = button("stall-and-backlog", "restart");
    let mut waiting = run_waiting("stall-and-backlog");
    waiting.seek(9_000);
    waiting.press(Some("restart"), restart).unwrap();
    waiting.seek(5_000);
    waiting.press(Some("stall"), stall.clone()).unwrap();
    waiting.seek(15_000);
    // The press at 5 s forked the run: the later one (at 9 s) is forgotten.
    let at: Vec<_> = waiting.pressed().iter().map(|p| p.at_ms).collect();
    assert_eq!(at, [5_000]);
    assert_eq!(waiting.now(), 0);
    waiting.engine_arrived(Engine::new());
    waiting.finish();

    let mut live = run("stall-and-backlog");
    live.seek(5_000);
    live.finish();
    live.press(Some("stall"), stall).unwrap();
    live.seek(15_000);
    live.finish();
    assert_eq!(waiting.pressed(), live.pressed());
    assert_eq!(fingerprint(&waiting), fingerprint(&live));
}

#[test]
fn steps_before_the_engine_are_done_on_arrival_unless_a_seek_came_after() {
    let mut waiting = run_waiting("follow-one-record");
    assert!(waiting.step().is_none());
    assert!(waiting.step().is_none());
    assert_eq!(waiting.sim().events_processed(), 0);
    waiting.engine_arrived(Engine::new());
    waiting.finish();
    let mut live = run("follow-one-record");
    live.finish();
    live.step().unwrap();
    live.step().unwrap();
    assert!(waiting.caught_up());
    assert_eq!(fingerprint(&waiting), fingerprint(&live));

    let mut sought = run_waiting("follow-one-record");
    sought.step();
    sought.seek(3_000);
    sought.engine_arrived(Engine::new());
    sought.finish();
    assert_eq!(sought.now(), 3_000, "the seek replaced the step");
    assert!(sought.caught_up());
}
