use super::*;

/// A frame at `wall` of a replay that has its engine and is where it is heading.
fn inputs(wall: f64, playing: bool) -> FrameInputs {
    FrameInputs {
        wall,
        playing,
        speed: 1.0,
        reduced_motion: false,
        engine_taken: false,
        waiting_for_engine: false,
        replay_now: 0,
        replay_target: 0,
        catching_up: false,
    }
}

/// What a frame's advance reached: the target, at `now`, with `events` processed.
fn reached(wall: f64, playing: bool, now: Millis, events: u64) -> Advanced {
    Advanced {
        wall,
        playing,
        reduced_motion: false,
        reached: true,
        caught_up_now: false,
        spent_ms: 1.0,
        now,
        events,
        seeking: (1.0, now),
        shown_now: now,
        horizon: 60_000,
        duration: 60_000,
        seek_showing: false,
    }
}

fn shown(end: FrameEnd) -> Show {
    match end {
        FrameEnd::Show(s) => s,
        other => panic!("expected the frame to show the model, got {other:?}"),
    }
}

/// A plan that has drawn the model at `now` and filled its panels (the run is ready).
fn settled(now: Millis) -> FramePlan {
    let mut plan = FramePlan::default();
    plan.force();
    assert_eq!(
        plan.start(&inputs(0.0, false)),
        FrameStart::Advance { play_ms: None }
    );
    let s = shown(plan.finish(&reached(0.0, false, now, 1)));
    assert!(s.redraw && !s.ready);
    plan.drew(0.0);
    assert_eq!(
        plan.start(&inputs(16.0, false)),
        FrameStart::Panels {
            speak: true,
            ready: true
        }
    );
    plan.filled_panels(16.0, true);
    plan
}

#[test]
fn a_forced_paused_frame_redraws_then_fills_the_panels_then_is_ready() {
    let mut plan = settled(0);
    // Nothing changed since: the frame does nothing.
    assert_eq!(
        plan.start(&inputs(32.0, false)),
        FrameStart::Advance { play_ms: None }
    );
    assert_eq!(
        plan.finish(&reached(32.0, false, 0, 1)),
        FrameEnd::Unchanged
    );
}

#[test]
fn paused_frames_add_no_time_and_a_step_shows_and_reports() {
    let mut plan = settled(0);
    // A step: the model moved though paused.
    assert_eq!(
        plan.start(&inputs(32.0, false)),
        FrameStart::Advance { play_ms: None }
    );
    let s = shown(plan.finish(&reached(32.0, false, 5, 2)));
    assert!(s.redraw, "paused, every change is drawn at once");
    assert!(!s.ready, "not ready before the panels show the step");
    assert!(s.report, "a paused change is reported at once");
    assert_eq!(s.now, 5);
    assert!(matches!(
        plan.start(&inputs(48.0, false)),
        FrameStart::Panels { ready: true, .. }
    ));
}

#[test]
fn playing_at_speed_turns_wall_time_into_simulated_time() {
    let mut plan = settled(0);
    let mut at = |wall: f64, speed: f64| {
        let mut i = inputs(wall, true);
        i.speed = speed;
        plan.start(&i)
    };
    // The clock counts from the last frame that advanced (at 0 ms; the panels frame at
    // 16 ms did not).
    assert_eq!(at(32.0, 4.0), FrameStart::Advance { play_ms: Some(128) });
    assert_eq!(at(42.0, 0.5), FrameStart::Advance { play_ms: Some(5) });
    // A long gap (a hidden tab) counts for at most a frame's worth.
    assert_eq!(
        at(10_042.0, 1.0),
        FrameStart::Advance { play_ms: Some(100) }
    );
}

#[test]
fn playing_spreads_stage_and_panels_over_frames() {
    let mut plan = settled(0);
    plan.start(&inputs(300.0, true));
    // Panels are 250 ms old: this frame fills them and leaves the stage for the next.
    let s = shown(plan.finish(&reached(300.0, true, 100, 2)));
    assert_eq!(s.panels_now, Some(false));
    assert!(!s.redraw);
    plan.filled_panels(300.0, false);
    plan.start(&inputs(316.0, true));
    let s = shown(plan.finish(&reached(316.0, true, 116, 3)));
    assert_eq!(s.panels_now, None);
    assert!(s.redraw);
    assert!(s.ready, "playing, the run is ready as it goes");
    assert!(!s.report, "the URL is updated every 2 s, not every frame");
}

#[test]
fn playing_reports_every_two_seconds_and_speaks_every_eight() {
    let mut plan = settled(0);
    plan.filled_panels(1_990.0, false);
    plan.start(&inputs(2_000.0, true));
    let s = shown(plan.finish(&reached(2_000.0, true, 100, 2)));
    assert!(s.report);
    plan.start(&inputs(2_100.0, true));
    let s = shown(plan.finish(&reached(2_100.0, true, 200, 3)));
    assert!(!s.report);
    // Eight seconds after the last spoken summary, the panels speak.
    plan.start(&inputs(8_100.0, true));
    let s = shown(plan.finish(&reached(8_100.0, true, 300, 4)));
    assert_eq!(s.panels_now, Some(true));
}

#[test]
fn reduced_motion_redraws_in_half_second_steps() {
    let mut plan = settled(0);
    plan.filled_panels(10_000.0, false);
    let mut reduced = |wall: f64, now: Millis| {
        let mut i = inputs(wall, true);
        i.reduced_motion = true;
        plan.start(&i);
        let mut a = reached(wall, true, now, now);
        a.reduced_motion = true;
        let s = shown(plan.finish(&a));
        if s.redraw {
            plan.drew(wall);
        }
        s.redraw
    };
    assert!(reduced(600.0, 10), "500 ms since the last drawing");
    assert!(!reduced(700.0, 20));
    assert!(!reduced(1_000.0, 30));
    assert!(reduced(1_100.0, 40));
}

#[test]
fn playing_stops_once_at_the_end_of_the_story() {
    let mut plan = settled(0);
    plan.filled_panels(1_000.0, false);
    plan.start(&inputs(1_000.0, true));
    let mut a = reached(1_000.0, true, 60_050, 9);
    a.shown_now = 59_990;
    let s = shown(plan.finish(&a));
    assert!(s.stop_playing);
    assert!(
        s.redraw && s.report,
        "stopped, the frame shows like a paused one"
    );
    assert_eq!(s.horizon, Some(60_050));
    // Played on past the end: it does not stop again.
    plan.start(&inputs(1_016.0, true));
    let mut a = reached(1_016.0, true, 60_100, 10);
    a.shown_now = 60_050;
    assert!(!shown(plan.finish(&a)).stop_playing);
}

#[test]
fn a_far_seek_shows_its_progress_until_it_is_reached() {
    let mut plan = settled(0);
    let mut i = inputs(32.0, false);
    i.catching_up = true;
    // The stage was drawn at 0: 32 ms ago is soon, so this frame replays.
    assert_eq!(plan.start(&i), FrameStart::Advance { play_ms: None });
    let mut a = reached(32.0, false, 4_000, 50);
    a.reached = false;
    a.seeking = (0.1, 40_000);
    assert_eq!(
        plan.finish(&a),
        FrameEnd::OnTheWay {
            now: 4_000,
            seeking: Some((0.1, 40_000))
        }
    );
    // 120 ms after the last drawing, a frame draws how far it has got instead.
    i.wall = 130.0;
    assert_eq!(plan.start(&i), FrameStart::DrawProgress { play_ms: None });
    plan.drew(130.0);
    i.wall = 146.0;
    assert_eq!(plan.start(&i), FrameStart::Advance { play_ms: None });
}

#[test]
fn a_catch_up_over_budget_defers_the_redraw_to_the_next_frame() {
    let mut plan = settled(0);
    plan.start(&inputs(32.0, false));
    let mut a = reached(32.0, false, 40_000, 900);
    a.caught_up_now = true;
    a.spent_ms = FRAME_BUDGET_MS;
    a.seek_showing = true;
    assert_eq!(plan.finish(&a), FrameEnd::Deferred);
    // The next frame: the model stands, but the deferred redraw is due.
    plan.start(&inputs(48.0, false));
    let mut a = reached(48.0, false, 40_000, 900);
    a.seek_showing = true;
    let s = shown(plan.finish(&a));
    assert!(s.redraw && s.clear_seeking);
}

#[test]
fn a_quick_catch_up_shows_on_the_same_frame() {
    let mut plan = settled(0);
    plan.start(&inputs(32.0, false));
    let mut a = reached(32.0, false, 3_000, 90);
    a.caught_up_now = true;
    a.spent_ms = 1.0;
    assert!(shown(plan.finish(&a)).redraw);
}

#[test]
fn before_the_engine_the_stage_stands_at_zero_and_draws_only_when_asked() {
    let mut plan = FramePlan::default();
    let mut i = inputs(0.0, false);
    i.waiting_for_engine = true;
    assert_eq!(plan.start(&i), FrameStart::Idle, "nothing asked yet");
    plan.force();
    assert_eq!(
        plan.start(&i),
        FrameStart::Stand {
            seeking: None,
            ready: true
        },
        "heading for 0 s, the stage at 0 s is the run"
    );
    i.wall = 16.0;
    assert_eq!(plan.start(&i), FrameStart::Idle);
    // A link's time waits for the engine: the stage says where it will go.
    plan.force();
    i.replay_target = 30_000;
    assert_eq!(
        plan.start(&i),
        FrameStart::Stand {
            seeking: Some((0.0, 30_000)),
            ready: false
        }
    );
    // Asked to play meanwhile: no progress bar, still not ready.
    plan.force();
    i.playing = true;
    assert_eq!(
        plan.start(&i),
        FrameStart::Stand {
            seeking: None,
            ready: false
        }
    );
}

#[test]
fn the_engine_arriving_restarts_the_clock_and_redraws() {
    let mut plan = FramePlan::default();
    let mut i = inputs(0.0, true);
    i.waiting_for_engine = true;
    plan.force();
    plan.start(&i);
    // Play was asked for at 0 ms; the engine comes at 5 s: no five seconds to catch up.
    let mut i = inputs(5_000.0, true);
    i.engine_taken = true;
    assert_eq!(plan.start(&i), FrameStart::Advance { play_ms: Some(0) });
    let s = shown(plan.finish(&reached(5_000.0, true, 0, 3)));
    assert!(
        s.redraw,
        "the engine ran the events due at 0 s: the stage is redrawn"
    );
    assert!(!s.ready, "forced: ready once the panels show too");
    assert!(matches!(
        plan.start(&inputs(5_016.0, true)),
        FrameStart::Panels { .. }
    ));
}

#[test]
fn panels_arriving_are_filled_on_the_next_frame_and_only_then() {
    let mut plan = settled(0);
    plan.panels_due();
    assert_eq!(
        plan.start(&inputs(100.0, true)),
        FrameStart::Panels {
            speak: true,
            ready: true
        }
    );
    // Only one frame is the panels'.
    assert!(matches!(
        plan.start(&inputs(116.0, true)),
        FrameStart::Advance { .. }
    ));
}

#[test]
fn the_panels_frame_keeps_the_run_not_ready_while_the_stage_is_not() {
    let mut plan = FramePlan::default();
    let mut i = inputs(0.0, false);
    i.waiting_for_engine = true;
    i.replay_target = 10_000;
    plan.force();
    plan.start(&i);
    plan.panels_due();
    assert_eq!(
        plan.start(&i),
        FrameStart::Panels {
            speak: true,
            ready: false
        }
    );
}
