//! Where everything is drawn: site boxes from the layout, stream rows inside them, writer
//! and reader chips under their stream, companion chips at the foot of each site running
//! them, and hops as curves from stream to stream. Pure, so the canvas only draws it.

use super::design::{stream_ref, Design, ElementRef, Pos};
use hoplab_model::spec::{qualified_target, StreamRef, Topology};
use std::collections::{BTreeMap, BTreeSet};

pub const SITE_WIDTH: f64 = 230.0;
const HEADER: f64 = 34.0;
const STREAM_ROW: f64 = 30.0;
const CHIP_ROW: f64 = 24.0;
const GAP: f64 = 8.0;
const PAD: f64 = 10.0;
const CHAR_WIDTH: f64 = 6.6;
/// Chip labels longer than this are cut with an ellipsis (the full name is in its label).
pub const CHIP_CHARS: usize = 14;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub fn overlaps(&self, o: &Rect, margin: f64) -> bool {
        self.x < o.x + o.w + margin
            && o.x < self.x + self.w + margin
            && self.y < o.y + o.h + margin
            && o.y < self.y + self.h + margin
    }
    fn mid_y(&self) -> f64 {
        self.y + self.h / 2.0
    }
}

/// One drawn box (a site, a stream row or a chip) and what it stands for.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub element: ElementRef,
    pub rect: Rect,
    /// The visible text (cut to fit); the full name goes to the accessible label.
    pub text: String,
    /// The site box this shape sits in (moving it moves them all).
    pub site: String,
    /// Unique within a scene (see [`Shape::key`]), computed once.
    pub key: String,
}

impl Shape {
    fn new(element: ElementRef, rect: Rect, text: String, site: &str) -> Shape {
        // A companion is drawn once per site running it.
        let key = match element {
            ElementRef::Companion(_) => {
                format!("{}@{}:{site}", element.key(), site.chars().count())
            }
            _ => element.key(),
        };
        Shape {
            element,
            rect,
            text,
            site: site.into(),
            key,
        }
    }
}

/// A hop's arrow.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    pub hop: String,
    /// SVG path data.
    pub path: String,
    /// The drawn label: "orders A→B" (MirrorMaker 2's own way of naming a flow), or the
    /// hop's id when a person named it; the full id is in the accessible name.
    pub label: String,
    /// Where the label is anchored: its baseline, centred; clear of the line and of every
    /// other hop's label.
    pub label_at: Pos,
    /// The curve's ends and control points, for placing the label along it.
    curve: [Pos; 4],
    /// Below the line first (the lower of two opposite arrows), else above.
    below_first: bool,
    /// "from orders on A to orders on B", for the accessible name.
    pub route: String,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    pub sites: Vec<Shape>,
    /// Streams, writers, readers and companions, drawn over their site.
    pub inner: Vec<Shape>,
    pub arrows: Vec<Arrow>,
    /// The bounding box of everything, for "fit to view".
    pub bounds: Rect,
}

impl Scene {
    /// The site or inner box drawn under `key` (a shape's key, unique in a scene).
    pub fn shape(&self, key: &str) -> Option<&Shape> {
        self.sites.iter().chain(&self.inner).find(|x| x.key == key)
    }
}

pub fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
        s.push('…');
        s
    }
}

fn chip_width(text: &str) -> f64 {
    text.chars().count() as f64 * CHAR_WIDTH + 26.0
}

/// Streams drawn on a site: declared ones, then those a qualified-name hop creates there.
pub fn streams_on(t: &Topology, site: &str) -> Vec<(StreamRef, u32)> {
    let mut out: Vec<(StreamRef, u32)> = t
        .streams
        .iter()
        .filter(|s| s.site == site)
        .map(|s| (stream_ref(&s.site, &s.name), s.parts))
        .collect();
    for h in &t.hops {
        let target = qualified_target(h);
        if target.site == site && !out.iter().any(|(r, _)| *r == target) {
            let parts = t
                .streams
                .iter()
                .find(|s| s.site == h.from.site && s.name == h.from.stream)
                .map_or(1, |s| s.parts);
            out.push((target, parts));
        }
    }
    out
}

/// Lays out the inside of one site box at `at`; returns the shapes and the box height.
/// The writers and reader groups on a stream, as chips: id and the text drawn.
fn stream_chips(t: &Topology, sr: &StreamRef) -> Vec<(ElementRef, String)> {
    t.writers
        .iter()
        .filter(|wr| wr.site == sr.site && wr.stream == sr.stream)
        .map(|wr| {
            (
                ElementRef::Writer(wr.id.clone()),
                format!("✎ {}", cut(&wr.id, CHIP_CHARS)),
            )
        })
        .chain(
            t.readers
                .iter()
                .filter(|r| r.site == sr.site && r.stream == sr.stream)
                .map(|r| {
                    (
                        ElementRef::Reader(r.id.clone()),
                        format!("▶ {}", cut(&r.id, CHIP_CHARS)),
                    )
                }),
        )
        .collect()
}

/// Chips in rows from `y`, wrapping within the box `x`..`x + w`; returns the y below them.
fn lay_chips(
    chips: Vec<(ElementRef, String)>,
    x: f64,
    w: f64,
    mut y: f64,
    site: &str,
    inner: &mut Vec<Shape>,
) -> f64 {
    let mut cx = x + 8.0;
    let mut rows = 0;
    for (element, text) in chips {
        let cw = chip_width(&text).min(w - 8.0);
        if rows == 0 || cx + cw > x + w {
            if rows > 0 {
                y += CHIP_ROW;
            }
            rows += 1;
            cx = x + 8.0;
        }
        inner.push(Shape::new(
            element,
            Rect {
                x: cx,
                y,
                w: cw,
                h: CHIP_ROW - 4.0,
            },
            text,
            site,
        ));
        cx += cw + 6.0;
    }
    if rows > 0 {
        y += CHIP_ROW;
    }
    y
}

fn site_inside(t: &Topology, site: &str, at: Pos, inner: &mut Vec<Shape>) -> f64 {
    let mut y = at.y + HEADER;
    let x = at.x + PAD;
    let w = SITE_WIDTH - 2.0 * PAD;
    for (sr, parts) in streams_on(t, site) {
        let text = format!(
            "{} · {parts} part{}",
            cut(&sr.stream, 18),
            if parts == 1 { "" } else { "s" }
        );
        inner.push(Shape::new(
            ElementRef::Stream(sr.clone()),
            Rect {
                x,
                y,
                w,
                h: STREAM_ROW,
            },
            text,
            site,
        ));
        y += STREAM_ROW + 4.0;
        y = lay_chips(stream_chips(t, &sr), x, w, y, site, inner);
        y += GAP;
    }
    for c in t
        .companions
        .iter()
        .filter(|c| c.sites.iter().any(|s| s == site))
    {
        let text = format!("◆ {}", cut(&c.name, 24));
        inner.push(Shape::new(
            ElementRef::Companion(c.name.clone()),
            Rect {
                x,
                y,
                w: chip_width(&text).min(w),
                h: CHIP_ROW - 4.0,
            },
            text,
            site,
        ));
        y += CHIP_ROW;
    }
    (y - at.y + PAD).max(70.0)
}

/// The size of a site's box (for layout).
pub fn site_height(t: &Topology, site: &str) -> f64 {
    site_inside(t, site, Pos { x: 0.0, y: 0.0 }, &mut Vec::new())
}

pub fn scene(d: &Design) -> Scene {
    let t = d.topology();
    let mut s = Scene::default();
    for (i, site) in t.sites.iter().enumerate() {
        let at = d.place(&site.name).unwrap_or(Pos {
            x: 40.0 + i as f64 * (SITE_WIDTH + 100.0),
            y: 40.0,
        });
        let h = site_inside(t, &site.name, at, &mut s.inner);
        s.sites.push(Shape::new(
            ElementRef::Site(site.name.clone()),
            Rect {
                x: at.x,
                y: at.y,
                w: SITE_WIDTH,
                h,
            },
            cut(&site.name, 26),
            &site.name,
        ));
    }
    // Built once per scene: a large design redraws this on every edit, and a scan per hop
    // (of every row, of every other hop) is quadratic.
    let mut rows: BTreeMap<&StreamRef, Rect> = BTreeMap::new();
    for x in &s.inner {
        if let ElementRef::Stream(r) = &x.element {
            rows.entry(r).or_insert(x.rect);
        }
    }
    let targets: Vec<StreamRef> = t.hops.iter().map(qualified_target).collect();
    let links: BTreeSet<(&StreamRef, &StreamRef)> =
        t.hops.iter().map(|h| &h.from).zip(&targets).collect();
    let mut arrows = Vec::new();
    for (h, to) in t.hops.iter().zip(&targets) {
        let (Some(&a), Some(&b)) = (rows.get(&h.from), rows.get(to)) else {
            continue;
        };
        // Two hops between the same pair of streams in opposite directions: shift each a
        // little so both arrows show.
        let shift = if links.contains(&(to, &h.from)) {
            if h.from < *to {
                -6.0
            } else {
                6.0
            }
        } else {
            0.0
        };
        let mut drawn = arrow(&h.id, a, b, shift);
        drawn.label = hop_label(&h.id, &h.from, to);
        drawn.route = format!(
            " from {} on {} to {} on {}",
            h.from.stream, h.from.site, to.stream, to.site
        );
        arrows.push(drawn);
    }
    place_labels(&mut arrows);
    s.arrows = arrows;
    // A hop between stacked sites bends out past their boxes: fit its curve in too.
    let curves = s.arrows.iter().map(|a| {
        bounds(a.curve.iter().map(|p| Rect {
            x: p.x,
            y: p.y,
            w: 0.0,
            h: 0.0,
        }))
    });
    s.bounds = bounds(s.sites.iter().map(|x| x.rect).chain(curves));
    s
}

/// From a hop's line to its label's baseline, above the line and below it.
const LABEL_ABOVE: f64 = 6.0;
const LABEL_BELOW: f64 = 14.0;

fn arrow(hop: &str, a: Rect, b: Rect, shift: f64) -> Arrow {
    let (x1, x2, bend) = if a.x + a.w <= b.x {
        (a.x + a.w, b.x, 1.0)
    } else if b.x + b.w <= a.x {
        (a.x, b.x + b.w, -1.0)
    } else {
        // Stacked or in the same site: leave and enter on the right, bending outwards.
        (a.x + a.w, b.x + b.w, 0.0)
    };
    let (y1, y2) = (a.mid_y() + shift, b.mid_y() + shift);
    let reach = ((x2 - x1).abs() / 2.0).max(50.0);
    let (c1, c2) = if bend == 0.0 {
        (x1 + reach, x2 + reach)
    } else {
        (x1 + bend * reach, x2 - bend * reach)
    };
    let path = format!("M{x1:.1},{y1:.1} C{c1:.1},{y1:.1} {c2:.1},{y2:.1} {x2:.1},{y2:.1}");
    let curve = [
        Pos { x: x1, y: y1 },
        Pos { x: c1, y: y1 },
        Pos { x: c2, y: y2 },
        Pos { x: x2, y: y2 },
    ];
    Arrow {
        hop: hop.into(),
        path,
        label: String::new(),
        label_at: label_spot(&curve, 0.5, shift > 0.0),
        curve,
        below_first: shift > 0.0,
        route: String::new(),
    }
}

/// The label a hop is drawn with: the copied stream and the two sites when the id is the
/// one the designer and the importers give ("A/orders->B/A.orders"), else the id.
fn hop_label(id: &str, from: &StreamRef, to: &StreamRef) -> String {
    let generated = format!("{}/{}->{}/{}", from.site, from.stream, to.site, to.stream);
    if id == generated {
        format!(
            "{} {}→{}",
            cut(&from.stream, 16),
            cut(&from.site, 10),
            cut(&to.site, 10)
        )
    } else {
        cut(id, LABEL_CHARS)
    }
}

/// A label of a person's own id is cut after this many characters.
const LABEL_CHARS: usize = 24;
/// Width of one character of a hop label (11 px text) and the label's height.
const LABEL_CHAR_WIDTH: f64 = 6.2;
const LABEL_HEIGHT: f64 = 13.0;
/// Where along its curve a label may sit, most wanted first.
const LABEL_STOPS: [f64; 7] = [0.5, 0.35, 0.65, 0.25, 0.75, 0.15, 0.85];

/// The label's baseline at `t` along the curve: above the line, or below it.
fn label_spot(c: &[Pos; 4], t: f64, below: bool) -> Pos {
    let u = 1.0 - t;
    let (a, b, cc, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
    Pos {
        x: a * c[0].x + b * c[1].x + cc * c[2].x + d * c[3].x,
        y: a * c[0].y
            + b * c[1].y
            + cc * c[2].y
            + d * c[3].y
            + if below { LABEL_BELOW } else { -LABEL_ABOVE },
    }
}

/// The box a label covers with its baseline at `at`.
pub fn label_box(label: &str, at: Pos) -> Rect {
    let w = label.chars().count() as f64 * LABEL_CHAR_WIDTH + 4.0;
    Rect {
        x: at.x - w / 2.0,
        y: at.y - LABEL_HEIGHT + 3.0,
        w,
        h: LABEL_HEIGHT,
    }
}

/// Moves each label along its own curve (then to its line's other side) until it covers
/// no label placed before it; where every spot is taken it keeps the middle. Two hops
/// crossing between the same two sites otherwise print their labels on top of each other.
fn place_labels(arrows: &mut [Arrow]) {
    let mut placed: Vec<Rect> = Vec::with_capacity(arrows.len());
    for a in arrows.iter_mut() {
        let sides = [a.below_first, !a.below_first];
        let spots = sides
            .iter()
            .flat_map(|&below| LABEL_STOPS.iter().map(move |&t| (t, below)));
        let mut chosen = a.label_at;
        for (t, below) in spots {
            let at = label_spot(&a.curve, t, below);
            let b = label_box(&a.label, at);
            if !placed.iter().any(|p| p.overlaps(&b, 1.0)) {
                chosen = at;
                break;
            }
        }
        a.label_at = chosen;
        placed.push(label_box(&a.label, chosen));
    }
}

pub fn bounds(rects: impl Iterator<Item = Rect>) -> Rect {
    let mut b: Option<(f64, f64, f64, f64)> = None;
    for r in rects {
        b = Some(match b {
            None => (r.x, r.y, r.x + r.w, r.y + r.h),
            Some((x0, y0, x1, y1)) => (
                x0.min(r.x),
                y0.min(r.y),
                x1.max(r.x + r.w),
                y1.max(r.y + r.h),
            ),
        });
    }
    let (x0, y0, x1, y1) = b.unwrap_or((0.0, 0.0, 600.0, 400.0));
    Rect {
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
    }
}

#[cfg(test)]
#[path = "geometry_tests.rs"]
mod tests;
