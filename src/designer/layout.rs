//! Automatic layout: sites in a row when there are few, on a ring when there are more, so
//! every hop is a chord across open space rather than a line through another site's box.

use super::design::{Design, Pos};
use super::geometry::{site_height, Rect, SITE_WIDTH};
use hoplab_model::ScenarioSpec;

impl Design {
    /// A design for a spec, every site laid out automatically. (Here, not beside the type:
    /// laying out needs the design, and the design should not need the layout.)
    pub fn from_spec(spec: ScenarioSpec) -> Self {
        let mut d = Design {
            spec,
            places: Vec::new(),
        };
        auto_layout(&mut d);
        d
    }
}

const MARGIN: f64 = 40.0;
/// Space kept between two boxes.
pub const MIN_GAP: f64 = 60.0;

/// Places every site of `d`, replacing any positions it had.
pub fn auto_layout(d: &mut Design) {
    let t = d.topology().clone();
    let heights: Vec<f64> = t.sites.iter().map(|s| site_height(&t, &s.name)).collect();
    let n = heights.len();
    // Three in a row would send the outer pair's hops through the middle box.
    let places: Vec<Pos> = if n <= 2 {
        let mut x = MARGIN;
        heights
            .iter()
            .map(|_| {
                let p = Pos { x, y: MARGIN };
                x += SITE_WIDTH + 2.0 * MIN_GAP + 40.0;
                p
            })
            .collect()
    } else {
        ring(&heights)
    };
    d.places.clear();
    for (s, at) in t.sites.iter().zip(places) {
        d.set_place(&s.name, at);
    }
}

/// Centres on an ellipse, widened until no two boxes come closer than `MIN_GAP`.
fn ring(heights: &[f64]) -> Vec<Pos> {
    let n = heights.len() as f64;
    let tallest = heights.iter().cloned().fold(0.0, f64::max);
    let mut rx = (n * (SITE_WIDTH + MIN_GAP)) / std::f64::consts::TAU;
    loop {
        let ry = rx * 0.7 + tallest / 2.0;
        let centres: Vec<(f64, f64)> = (0..heights.len())
            .map(|i| {
                let a = -std::f64::consts::FRAC_PI_2 + std::f64::consts::TAU * i as f64 / n;
                (rx * a.cos(), ry * a.sin())
            })
            .collect();
        let rects: Vec<Rect> = centres
            .iter()
            .zip(heights)
            .map(|(&(cx, cy), &h)| Rect {
                x: cx - SITE_WIDTH / 2.0,
                y: cy - h / 2.0,
                w: SITE_WIDTH,
                h,
            })
            .collect();
        if !any_overlap(&rects, MIN_GAP) {
            let x0 = rects.iter().map(|r| r.x).fold(f64::INFINITY, f64::min);
            let y0 = rects.iter().map(|r| r.y).fold(f64::INFINITY, f64::min);
            return rects
                .iter()
                .map(|r| Pos {
                    x: (r.x - x0 + MARGIN).round(),
                    y: (r.y - y0 + MARGIN).round(),
                })
                .collect();
        }
        rx *= 1.15;
    }
}

pub fn any_overlap(rects: &[Rect], gap: f64) -> bool {
    rects
        .iter()
        .enumerate()
        .any(|(i, a)| rects[i + 1..].iter().any(|b| a.overlaps(b, gap - 1.0)))
}

/// Where a newly added site goes: right of everything, at the top.
pub fn free_spot(d: &Design) -> Pos {
    let right = d
        .places
        .iter()
        .map(|p| p.at.x + SITE_WIDTH)
        .fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m| m.max(x))));
    let top = d.places.iter().map(|p| p.at.y).fold(MARGIN, f64::min);
    Pos {
        x: right.map_or(MARGIN, |r| r + MIN_GAP * 2.0 + 40.0),
        y: top,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::designer::geometry::scene;
    use crate::designer::templates;

    #[test]
    fn ten_sites_and_forty_hops_lay_out_without_overlap() {
        let d = crate::designer::mesh::mesh(10, 40);
        assert_eq!(d.topology().sites.len(), 10);
        assert_eq!(d.topology().hops.len(), 40);
        let s = scene(&d);
        let rects: Vec<Rect> = s.sites.iter().map(|x| x.rect).collect();
        assert!(!any_overlap(&rects, MIN_GAP), "boxes keep their distance");
        // Readable on a screen: the whole drawing is not absurdly stretched.
        assert!(s.bounds.w < 3000.0 && s.bounds.h < 3000.0, "{:?}", s.bounds);
        assert_eq!(s.arrows.len(), 40);
    }

    #[test]
    fn layout_is_the_same_every_time() {
        let mut a = crate::designer::mesh::mesh(7, 12);
        let mut b = a.clone();
        auto_layout(&mut a);
        auto_layout(&mut b);
        assert_eq!(a.places, b.places);
    }

    /// Whether the segment from `a` to `b` passes through `r` (sampled finely enough for boxes
    /// a hundred units across).
    fn crosses(a: (f64, f64), b: (f64, f64), r: &Rect) -> bool {
        (1..100).any(|i| {
            let t = i as f64 / 100.0;
            let (x, y) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            x > r.x && x < r.x + r.w && y > r.y && y < r.y + r.h
        })
    }

    #[test]
    fn every_templates_hops_cross_open_space() {
        for t in templates::ALL.iter() {
            let mut d = templates::build(t.id).unwrap();
            auto_layout(&mut d);
            let s = scene(&d);
            let rect = |name: &str| s.sites.iter().find(|x| x.site == name).unwrap().rect;
            let centre = |r: Rect| (r.x + r.w / 2.0, r.y + r.h / 2.0);
            for h in &d.topology().hops {
                let (from, to) = (&h.from.site, &h.to.site);
                for other in s.sites.iter().filter(|x| &x.site != from && &x.site != to) {
                    assert!(
                        !crosses(centre(rect(from)), centre(rect(to)), &other.rect),
                        "{}: hop {} runs through site {}",
                        t.id,
                        h.id,
                        other.site
                    );
                }
            }
        }
    }

    #[test]
    fn a_new_site_lands_clear_of_the_others() {
        let d = templates::build("ring-of-three").unwrap();
        let spot = free_spot(&d);
        let s = scene(&d);
        let new = Rect {
            x: spot.x,
            y: spot.y,
            w: SITE_WIDTH,
            h: 100.0,
        };
        assert!(s.sites.iter().all(|x| !x.rect.overlaps(&new, 10.0)));
    }
}
