//! What one animation frame of a run view does, decided apart from doing it: the run
//! view's frame loop (`pages::lab::state`) gathers the inputs, asks [`FramePlan`], and
//! applies the answer to the model, the stage and the signals. One heavy piece per frame:
//! a far seek replays in budgeted chunks (with progress), the stage is redrawn on the frame
//! after a long catch-up, and the panels on the frame after the stage. Pure, so every
//! frame's choice is tested natively (`cargo test -p hoplab --lib frame_plan`).
//!
//! A frame comes in two halves, because the model's work lies between them:
//! [`FramePlan::start`] says whether the frame advances the model at all, and
//! [`FramePlan::finish`] (given what the advance reached) says what the frame shows.

use hoplab_model::Millis;

use super::driver::{Clock, FRAME_BUDGET_MS};

/// Wall milliseconds between refreshes of the measures, charts and narration.
pub const PANEL_EVERY_MS: f64 = 250.0;
/// Wall milliseconds between URL updates while playing.
pub const URL_EVERY_MS: f64 = 2000.0;
/// Wall milliseconds between spoken descriptions while playing.
pub const SPEAK_EVERY_MS: f64 = 8000.0;
/// With reduced motion the stage is redrawn in steps this far apart.
pub const REDUCED_STEP_MS: f64 = 500.0;
/// While catching up with a far target, the stage is redrawn this often (wall ms).
pub const CATCH_UP_DRAW_MS: f64 = 120.0;

/// How far a far seek has come (0 to 1) and where it is going.
pub type Seeking = (f64, Millis);

/// The frame loop's memory between frames: the clock, when each part was last shown and
/// what the stage last showed.
#[derive(Debug, Default)]
pub struct FramePlan {
    clock: Clock,
    last_panel: f64,
    last_url: f64,
    last_speak: f64,
    last_scene: f64,
    shown_now: Option<Millis>,
    shown_events: u64,
    shown_ready: bool,
    /// Redraw on the next frame whether or not the model moved.
    force: bool,
    /// The panels are due on the next frame (work spread over frames), speaking or not.
    panel_due: Option<bool>,
}

/// What a frame knows before it touches the model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameInputs {
    pub wall: f64,
    pub playing: bool,
    pub speed: f64,
    pub reduced_motion: bool,
    /// The frame has just handed the engine's code (delivered since the last frame) to
    /// the replay.
    pub engine_taken: bool,
    /// There is a replay, and it has no engine yet.
    pub waiting_for_engine: bool,
    /// The replay's time and target (what it stands at while waiting for the engine).
    pub replay_now: Millis,
    pub replay_target: Millis,
    /// The replay is still on its way to a far target.
    pub catching_up: bool,
}

/// The first half of a frame: whether, and how, it moves the model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FrameStart {
    /// This frame is the panels': fill them (speaking or not), then mark the run `ready`
    /// or not. Nothing else.
    Panels { speak: bool, ready: bool },
    /// Before the engine: draw the stage at 0 s, say where the run will head, mark it
    /// ready if 0 s is where it heads.
    Stand {
        seeking: Option<Seeking>,
        ready: bool,
    },
    /// Nothing to do.
    Idle,
    /// On the way to a far target: play `dt` (if playing) and draw how far it has got,
    /// without replaying further.
    DrawProgress { play_ms: Option<Millis> },
    /// Play `dt` (if playing), catch up within the budget, then [`FramePlan::finish`].
    Advance { play_ms: Option<Millis> },
}

/// What the model's part of the frame reached.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Advanced {
    pub wall: f64,
    /// Still playing (as the frame started).
    pub playing: bool,
    pub reduced_motion: bool,
    /// The target is reached (no catch-up was needed, or it finished this frame).
    pub reached: bool,
    /// This frame's catch-up finished the replay.
    pub caught_up_now: bool,
    /// Script time the frame has spent so far.
    pub spent_ms: f64,
    /// The model's time and events processed after the advance.
    pub now: Millis,
    pub events: u64,
    pub seeking: Seeking,
    /// The time the run showed before (its `now` signal), its horizon and duration, and
    /// whether a seek's progress shows.
    pub shown_now: Millis,
    pub horizon: Millis,
    pub duration: Millis,
    pub seek_showing: bool,
}

/// The second half of a frame: what it shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FrameEnd {
    /// Nothing changed and nothing was asked for.
    Unchanged,
    /// Still on the way to a far target: show the time reached, not ready, and the seek's
    /// progress if paused.
    OnTheWay {
        now: Millis,
        seeking: Option<Seeking>,
    },
    /// This frame replayed long: the redraw waits for the next frame (not ready till then).
    Deferred,
    /// Show the model's present state.
    Show(Show),
}

/// The effects of a frame that shows the model, in the order they apply.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Show {
    pub clear_seeking: bool,
    /// The story is told: stop at its end.
    pub stop_playing: bool,
    /// A new horizon (the model went past the old one).
    pub horizon: Option<Millis>,
    pub now: Millis,
    /// Fill the panels this frame, speaking or not; the stage waits for the next frame
    /// (and nothing after this applies).
    pub panels_now: Option<bool>,
    pub redraw: bool,
    /// Mark the run ready (or not) at `now`.
    pub ready: bool,
    /// Tell the embedder (a URL to update, a session to save).
    pub report: bool,
}

impl FramePlan {
    /// Redraw on the next frame whether or not the model moved.
    pub fn force(&mut self) {
        self.force = true;
    }

    /// The panels' code is here: fill them on the next frame.
    pub fn panels_due(&mut self) {
        self.panel_due = Some(true);
    }

    /// Play starts: the next frame adds no time.
    pub fn restart_clock(&mut self) {
        self.clock.reset();
    }

    /// The stage was drawn at `wall`.
    pub fn drew(&mut self, wall: f64) {
        self.last_scene = wall;
    }

    /// The panels were filled at `wall` (and spoke, if `spoke`).
    pub fn filled_panels(&mut self, wall: f64, spoke: bool) {
        self.last_panel = wall;
        if spoke {
            self.last_speak = wall;
        }
    }

    /// The engine is taken: play asked for meanwhile counts from now, not from the click;
    /// the stage at 0 s was before the engine ran the events due then, so it is not ready
    /// until redrawn.
    fn took_engine(&mut self) {
        self.clock.reset();
        self.shown_ready = false;
        self.force = true;
    }

    /// The first half of the frame at `inputs.wall`.
    pub fn start(&mut self, inputs: &FrameInputs) -> FrameStart {
        if inputs.engine_taken {
            self.took_engine();
        }
        if let Some(speak) = self.panel_due.take() {
            // The stage was drawn last frame: this frame is the panels'. Only then is the
            // run ready (what tests and tools wait for): stage and panels show one time.
            return FrameStart::Panels {
                speak,
                ready: self.shown_ready,
            };
        }
        if inputs.waiting_for_engine {
            return self.stand(inputs);
        }
        let dt = self.clock.tick(inputs.wall, inputs.speed);
        let play_ms = inputs.playing.then_some(dt);
        let draw_every = if inputs.reduced_motion {
            REDUCED_STEP_MS
        } else {
            CATCH_UP_DRAW_MS
        };
        if inputs.catching_up && inputs.wall - self.last_scene >= draw_every {
            // On the way to a far target: now and then a frame draws how far it has got
            // instead of replaying, so no frame does both.
            return FrameStart::DrawProgress { play_ms };
        }
        FrameStart::Advance { play_ms }
    }

    /// Before the engine: nothing moves and no time passes, so the stage is drawn only
    /// when asked (after it is attached, a new density, a selection).
    fn stand(&mut self, inputs: &FrameInputs) -> FrameStart {
        if !self.force {
            return FrameStart::Idle;
        }
        let heading_for_now = inputs.replay_target == inputs.replay_now;
        // A link's time (or a scrub) waits for the engine: the stage says where it will go.
        let seeking = (!heading_for_now && !inputs.playing).then_some((0.0, inputs.replay_target));
        self.force = false;
        self.shown_now = Some(0);
        self.shown_ready = heading_for_now;
        FrameStart::Stand {
            seeking,
            ready: heading_for_now,
        }
    }

    /// The second half of the frame, once the model has done `a`.
    pub fn finish(&mut self, a: &Advanced) -> FrameEnd {
        let force = self.force;
        let changed = self.shown_now != Some(a.now)
            || self.shown_events != a.events
            || self.shown_ready != a.reached;
        if !changed && !force {
            return FrameEnd::Unchanged;
        }
        if !a.reached {
            return FrameEnd::OnTheWay {
                now: a.now,
                seeking: (!a.playing).then_some(a.seeking),
            };
        }
        if a.caught_up_now && !a.playing && a.spent_ms > FRAME_BUDGET_MS / 2.0 {
            // This frame replayed: the redraw (a whole fresh window) waits for the next.
            self.force = true;
            return FrameEnd::Deferred;
        }
        FrameEnd::Show(self.show(a, force))
    }

    fn show(&mut self, a: &Advanced, force: bool) -> Show {
        let stop_playing = a.playing && a.now >= a.duration && a.shown_now < a.duration;
        let playing = a.playing && !stop_playing;
        let mut show = Show {
            clear_seeking: a.seek_showing,
            stop_playing,
            horizon: (a.now > a.horizon).then_some(a.now),
            now: a.now,
            panels_now: None,
            redraw: false,
            ready: false,
            report: false,
        };
        let speak = a.wall - self.last_speak >= SPEAK_EVERY_MS;
        if playing && !force && a.wall - self.last_panel >= PANEL_EVERY_MS {
            // Spread the work: the panels now, the stage on the next frame.
            show.panels_now = Some(speak);
            return show;
        }
        let reduced_wait =
            a.reduced_motion && playing && a.wall - self.last_scene < REDUCED_STEP_MS;
        show.redraw = !reduced_wait || force;
        if force || !playing {
            // The panels on the next frame, so no frame does both; ready once they show.
            self.panel_due = Some(true);
        } else {
            show.ready = a.reached;
        }
        if playing && a.wall - self.last_url >= URL_EVERY_MS {
            self.last_url = a.wall;
            show.report = true;
        } else if !playing {
            show.report = true;
        }
        self.force = false;
        self.shown_now = Some(a.now);
        self.shown_events = a.events;
        self.shown_ready = a.reached;
        show
    }
}

#[cfg(test)]
#[path = "frame_plan_tests.rs"]
mod tests;
