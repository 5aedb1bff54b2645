//! The simulation's engine: the [`Sim`] methods that move time or change state, as plain
//! function pointers. Drawing the stage at 0 s needs only [`Sim::new_trusted`] and
//! [`Sim::view`]; the event handlers, commands and checkpoint clones behind these
//! pointers are most of the model's code. A [`Replay`](super::timeline::Replay) reaches them
//! only through an `Engine`, so the release build can leave them out of a page's first
//! download: the engine comes with the run view's panels (`lazy_pages::run_panels_chunk`),
//! after the stage shows. Only that chunk and tests call [`Engine::new`]: a direct call of
//! one of these methods anywhere a lab page reaches brings them back into its first download.
//! The lint layer keeps that rule (the root `clippy.toml` refuses `Sim::apply`, `step`,
//! `advance_with_budget`, `advance_to` and `Sim::new` in the site; `Engine::new` and the
//! designer's run say why they may), except for `Sim::clone`, a trait method it cannot
//! refuse for one type.

use hoplab_model::{Command, CommandError, Millis, Sim, StepInfo};

/// How a run moves its model. `Copy`: a run and its view hold it by value.
#[derive(Clone, Copy)]
pub struct Engine {
    /// [`Sim::advance_with_budget`]: events up to a time, at most so many.
    pub advance: fn(&mut Sim, Millis, u64) -> bool,
    /// [`Sim::apply`]: a command now.
    pub apply: fn(&mut Sim, Command) -> Result<(), CommandError>,
    /// [`Sim::step`]: exactly one event.
    pub step: fn(&mut Sim) -> Option<StepInfo>,
    /// [`Sim::clone`]: a checkpoint.
    pub clone: fn(&Sim) -> Sim,
}

impl Engine {
    /// The engine. Call it only where its code may be downloaded: the panels' chunk and
    /// tests.
    #[allow(clippy::new_without_default)] // a `Default` would invite calls anywhere
    #[expect(
        clippy::disallowed_methods,
        reason = "the one place the lab takes the engine's methods: lazy_pages::run_engine_chunk"
    )]
    pub fn new() -> Engine {
        Engine {
            advance: Sim::advance_with_budget,
            apply: Sim::apply,
            step: Sim::step,
            clone: Sim::clone,
        }
    }
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Engine")
    }
}
