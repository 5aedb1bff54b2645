use super::*;
use hoplab_model::scenarios;

fn run(id: &str) -> Run {
    let spec = scenarios::get(id).unwrap().build_default().unwrap();
    Run::new(&spec, 3, vec![]).unwrap()
}

fn fingerprint(r: &Run) -> String {
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
    assert!(a.checkpoint_count() > 5);
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
    let mut again = Run::new(&s.build_default().unwrap(), 3, r.pressed().to_vec()).unwrap();
    again.seek(15_000);
    again.finish();
    assert_eq!(fingerprint(&again), live);
}

#[test]
fn pressing_after_seeking_back_forgets_the_old_future() {
    let s = scenarios::get("stall-and-backlog").unwrap();
    let cmd = |id: &str| {
        s.buttons
            .iter()
            .find(|b| b.id == id)
            .unwrap()
            .command
            .clone()
    };
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
