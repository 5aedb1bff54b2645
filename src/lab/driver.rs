//! The one animation driver: a requestAnimationFrame loop, and the pure clock that maps
//! wall time to simulated time by a speed factor, skipping long gaps (a hidden tab).

use hoplab_model::decimal::{fixed, within};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Wall milliseconds a single frame may account for; longer gaps are skipped.
pub const MAX_FRAME_MS: f64 = 100.0;
/// Script time a frame may spend advancing the model.
pub const FRAME_BUDGET_MS: f64 = 8.0;

/// The slider's position (a base-10 exponent) to a speed factor, and back.
pub fn speed_from_slider(v: f64) -> f64 {
    pow10(within(v, -1.0, 2.0))
}

pub fn slider_from_speed(speed: f64) -> f64 {
    within(log10(speed.max(1e-3)), -1.0, 2.0)
}

/// 10^v. In the browser, its `Math.pow`: Rust's `powf` would bring libm's `pow` (2 KB of
/// wasm) into the lab's first download for one slider.
fn pow10(v: f64) -> f64 {
    #[cfg(target_arch = "wasm32")]
    return js_sys::Math::pow(10.0, v);
    #[cfg(not(target_arch = "wasm32"))]
    10f64.powf(v)
}

/// log10(v), the browser's where there is one (see [`pow10`]).
fn log10(v: f64) -> f64 {
    #[cfg(target_arch = "wasm32")]
    return js_sys::Math::log10(v);
    #[cfg(not(target_arch = "wasm32"))]
    v.log10()
}

/// "×0.25", "×1", "×12".
pub fn fmt_speed(speed: f64) -> String {
    if speed >= 10.0 {
        format!("×{}", fixed(speed, 0))
    } else if speed >= 1.0 {
        let s = format!("×{}", fixed(speed, 1));
        s.trim_end_matches(".0").to_string()
    } else {
        format!("×{}", fixed(speed, 2))
    }
}

/// Wall time to simulated time. Keeps the fraction of a millisecond between frames.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    last_wall: Option<f64>,
    carry: f64,
}

impl Clock {
    /// Forgets the last frame (after a pause), so the next frame adds nothing.
    pub fn reset(&mut self) {
        self.last_wall = None;
        self.carry = 0.0;
    }

    /// Simulated milliseconds to add for a frame at `wall_ms`.
    pub fn tick(&mut self, wall_ms: f64, speed: f64) -> u64 {
        let dt = match self.last_wall {
            Some(last) => within(wall_ms - last, 0.0, MAX_FRAME_MS),
            None => 0.0,
        };
        self.last_wall = Some(wall_ms);
        let sim = dt * speed + self.carry;
        let whole = sim.floor();
        self.carry = sim - whole;
        whole as u64
    }
}

/// A running requestAnimationFrame loop; stops when dropped or when `stop` is called.
pub struct Raf {
    stopped: Rc<RefCell<bool>>,
}

impl Raf {
    pub fn stop(&self) {
        *self.stopped.borrow_mut() = true;
    }
}

impl Drop for Raf {
    fn drop(&mut self) {
        self.stop();
    }
}

type FrameFn = Closure<dyn FnMut(f64)>;

/// Calls `frame(wall_ms)` once per animation frame until the returned handle is stopped.
pub fn start_raf(mut frame: impl FnMut(f64) + 'static) -> Raf {
    let stopped = Rc::new(RefCell::new(false));
    let holder: Rc<RefCell<Option<FrameFn>>> = Rc::new(RefCell::new(None));
    let again = holder.clone();
    let stop = stopped.clone();
    *holder.borrow_mut() = Some(Closure::new(move |t: f64| {
        if *stop.borrow() {
            // Break the cycle so the closure can be freed.
            again.borrow_mut().take();
            return;
        }
        frame(t);
        if let Some(cb) = again.borrow().as_ref() {
            request(cb);
        }
    }));
    if let Some(cb) = holder.borrow().as_ref() {
        request(cb);
    }
    Raf { stopped }
}

fn request(cb: &FrameFn) {
    if let Some(w) = web_sys::window() {
        let _ = w.request_animation_frame(cb.as_ref().unchecked_ref());
    }
}

/// `performance.now()`, or 0 outside a browser.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_frame_adds_nothing_and_gaps_are_capped() {
        let mut c = Clock::default();
        assert_eq!(c.tick(1000.0, 1.0), 0);
        assert_eq!(c.tick(1016.0, 1.0), 16);
        assert_eq!(c.tick(9000.0, 1.0), 100);
        assert_eq!(c.tick(9010.0, 10.0), 100);
    }

    #[test]
    fn fractions_carry_over() {
        let mut c = Clock::default();
        c.tick(0.0, 0.1);
        let total: u64 = (1..=100).map(|i| c.tick(i as f64 * 10.0, 0.1)).sum();
        assert_eq!(total, 100);
    }

    #[test]
    fn the_speed_slider_is_logarithmic() {
        assert_eq!(speed_from_slider(0.0), 1.0);
        assert!((speed_from_slider(1.0) - 10.0).abs() < 1e-9);
        assert!((slider_from_speed(100.0) - 2.0).abs() < 1e-9);
        assert_eq!(fmt_speed(1.0), "×1");
        assert_eq!(fmt_speed(2.5), "×2.5");
        assert_eq!(fmt_speed(0.1), "×0.10");
        assert_eq!(fmt_speed(31.6), "×32");
    }
}
