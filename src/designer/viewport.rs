//! The part of the canvas on screen (the SVG view box) and how pan, zoom and a two-finger
//! pinch move it. Plain arithmetic, tested natively; the canvas only feeds it pointer
//! positions already turned into canvas units.

use super::geometry::Rect;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewBox {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

/// Narrowest and widest view, in canvas units: about 4x in and 40x out of a small design.
pub const MIN_W: f64 = 200.0;
pub const MAX_W: f64 = 20_000.0;

/// The view that shows `b` with a margin, never smaller than a readable minimum.
pub fn fit(b: Rect) -> ViewBox {
    let m = 40.0;
    ViewBox {
        x: b.x - m,
        y: b.y - m,
        w: (b.w + 2.0 * m).max(480.0),
        h: (b.h + 2.0 * m).max(300.0),
    }
}

impl ViewBox {
    /// Scales the view by `factor` (below 1 zooms in) keeping the canvas point `around`
    /// where it is on screen; the width stays within [`MIN_W`]..[`MAX_W`].
    pub fn zoomed(self, factor: f64, around: (f64, f64)) -> ViewBox {
        let factor = if factor.is_finite() && factor > 0.0 {
            factor
        } else {
            1.0
        };
        let w = (self.w * factor).clamp(MIN_W, MAX_W);
        let f = w / self.w;
        ViewBox {
            x: around.0 - (around.0 - self.x) * f,
            y: around.1 - (around.1 - self.y) * f,
            w,
            h: self.h * f,
        }
    }

    pub fn centre(self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// The canvas point under a screen point, given the element's top-left corner on
    /// screen and canvas units per screen pixel.
    pub fn at(self, screen: (f64, f64), origin: (f64, f64), scale: f64) -> (f64, f64) {
        (
            self.x + (screen.0 - origin.0) * scale,
            self.y + (screen.1 - origin.1) * scale,
        )
    }
}

/// The zoom factor for one wheel event: proportional to how far it turned, so a
/// trackpad pinch (many small ctrl+wheel steps) zooms smoothly and a mouse notch by
/// about 15%.
pub fn wheel_factor(delta_y: f64) -> f64 {
    (delta_y.clamp(-200.0, 200.0) * 0.0014).exp()
}

/// Two fingers on the canvas: the view when they touched, and where they were (screen px).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pinch {
    pub start: ViewBox,
    pub a: (f64, f64),
    pub b: (f64, f64),
}

fn mid(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

impl Pinch {
    /// The view with the fingers now at `a` and `b`: the canvas point that was between
    /// them stays between them, and the view scales by how far they spread or closed.
    /// `origin` and `scale` convert screen px as in [`ViewBox::at`], for the start view.
    pub fn view(&self, a: (f64, f64), b: (f64, f64), origin: (f64, f64), scale: f64) -> ViewBox {
        let before = dist(self.a, self.b).max(1.0);
        let now = dist(a, b).max(1.0);
        let anchor = self.start.at(mid(self.a, self.b), origin, scale);
        let zoomed = self.start.zoomed(before / now, anchor);
        // Keep the anchor under the fingers' new midpoint.
        let f = zoomed.w / self.start.w;
        let m = mid(a, b);
        ViewBox {
            x: anchor.0 - (m.0 - origin.0) * scale * f,
            y: anchor.1 - (m.1 - origin.1) * scale * f,
            ..zoomed
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const V: ViewBox = ViewBox {
        x: 0.0,
        y: 0.0,
        w: 1000.0,
        h: 600.0,
    };

    #[test]
    fn zooming_keeps_the_point_in_place_and_stays_in_bounds() {
        let z = V.zoomed(0.5, (200.0, 100.0));
        assert_eq!(z.w, 500.0);
        assert_eq!(z.h, 300.0);
        // (200, 100) was 20% across and 1/6 down; it still is.
        assert!(((200.0 - z.x) / z.w - 0.2).abs() < 1e-9);
        assert!(((100.0 - z.y) / z.h - 1.0 / 6.0).abs() < 1e-9);
        assert_eq!(V.zoomed(0.0001, V.centre()).w, MIN_W);
        assert_eq!(V.zoomed(1e9, V.centre()).w, MAX_W);
        assert_eq!(V.zoomed(f64::NAN, V.centre()), V);
    }

    #[test]
    fn the_wheel_zooms_out_down_and_in_up_by_about_fifteen_percent_a_notch() {
        assert!(wheel_factor(100.0) > 1.1 && wheel_factor(100.0) < 1.2);
        assert!((wheel_factor(-100.0) * wheel_factor(100.0) - 1.0).abs() < 1e-12);
        assert!(wheel_factor(1e12) < 1.4, "a huge delta is one bounded step");
    }

    #[test]
    fn spreading_two_fingers_zooms_in_about_their_midpoint() {
        // Screen px map 1:1 to canvas units, the element at the screen's corner.
        let p = Pinch {
            start: V,
            a: (400.0, 300.0),
            b: (600.0, 300.0),
        };
        let v = p.view((300.0, 300.0), (700.0, 300.0), (0.0, 0.0), 1.0);
        assert!(
            (v.w - 500.0).abs() < 1e-9,
            "twice the spread, half the width"
        );
        // The canvas point (500, 300) is still under the midpoint (500 px, 300 px).
        let under = (v.x + 500.0 * v.w / V.w, v.y + 300.0 * v.h / V.h);
        assert!((under.0 - 500.0).abs() < 1e-9 && (under.1 - 300.0).abs() < 1e-9);
        // Pinching in zooms out; not moving changes nothing.
        assert!(p.view((450.0, 300.0), (550.0, 300.0), (0.0, 0.0), 1.0).w > V.w);
        assert_eq!(p.view(p.a, p.b, (0.0, 0.0), 1.0), V);
    }

    #[test]
    fn moving_two_fingers_together_pans() {
        let p = Pinch {
            start: V,
            a: (100.0, 100.0),
            b: (200.0, 100.0),
        };
        let v = p.view((150.0, 130.0), (250.0, 130.0), (0.0, 0.0), 2.0);
        assert_eq!(v.w, V.w);
        assert!((v.x - -100.0).abs() < 1e-9 && (v.y - -60.0).abs() < 1e-9);
    }
}
