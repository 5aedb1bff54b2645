//! The design document: the model's own scenario spec (the single source of truth for
//! what the topology is) plus where each site's box sits on the canvas. The model's file
//! format refuses unknown fields, so positions never go into the exported file: an
//! imported file is laid out automatically.

use hoplab_model::spec::{ScenarioSpec, StreamRef, Topology, FORMAT_VERSION};
use serde::{Deserialize, Serialize};

/// A point on the canvas, in SVG user units.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pos {
    pub x: f64,
    pub y: f64,
}

/// Where one site's box is drawn (its top-left corner).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SitePlace {
    pub site: String,
    pub at: Pos,
}

/// A topology being designed, with its fault timeline and the canvas layout.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Design {
    pub spec: ScenarioSpec,
    pub places: Vec<SitePlace>,
}

/// One element of a design, by the names the model uses for it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ElementRef {
    Site(String),
    Stream(StreamRef),
    Hop(String),
    Writer(String),
    Reader(String),
    Companion(String),
}

impl ElementRef {
    /// A stable key, unique within a design, for DOM ids and keyed lists. Names are free
    /// text, so each part is length-prefixed rather than split on a separator.
    pub fn key(&self) -> String {
        let (kind, parts): (&str, Vec<&str>) = match self {
            ElementRef::Site(n) => ("site", vec![n]),
            ElementRef::Stream(r) => ("stream", vec![&r.site, &r.stream]),
            ElementRef::Hop(n) => ("hop", vec![n]),
            ElementRef::Writer(n) => ("writer", vec![n]),
            ElementRef::Reader(n) => ("reader", vec![n]),
            ElementRef::Companion(n) => ("companion", vec![n]),
        };
        let mut key = kind.to_string();
        for p in parts {
            key.push_str(&format!(":{}:{p}", p.chars().count()));
        }
        key
    }

    /// What a person calls it: "stream orders on A".
    pub fn label(&self) -> String {
        match self {
            ElementRef::Site(n) => format!("site {n}"),
            ElementRef::Stream(r) => format!("stream {} on {}", r.stream, r.site),
            ElementRef::Hop(n) => format!("hop {n}"),
            ElementRef::Writer(n) => format!("writer {n}"),
            ElementRef::Reader(n) => format!("reader group {n}"),
            ElementRef::Companion(n) => format!("companion {n}"),
        }
    }

    /// The site whose box holds this element, when there is exactly one.
    pub fn site<'a>(&'a self, t: &'a Topology) -> Option<&'a str> {
        match self {
            ElementRef::Site(n) => Some(n),
            ElementRef::Stream(r) => Some(&r.site),
            ElementRef::Hop(id) => t
                .hops
                .iter()
                .find(|h| &h.id == id)
                .map(|h| h.from.site.as_str()),
            ElementRef::Writer(id) => t
                .writers
                .iter()
                .find(|w| &w.id == id)
                .map(|w| w.site.as_str()),
            ElementRef::Reader(id) => t
                .readers
                .iter()
                .find(|r| &r.id == id)
                .map(|r| r.site.as_str()),
            ElementRef::Companion(n) => t
                .companions
                .iter()
                .find(|c| &c.name == n)
                .and_then(|c| c.sites.first())
                .map(String::as_str),
        }
    }
}

pub fn stream_ref(site: &str, stream: &str) -> StreamRef {
    StreamRef {
        site: site.into(),
        stream: stream.into(),
    }
}

impl Default for Design {
    fn default() -> Self {
        Design::empty()
    }
}

impl Design {
    /// An empty canvas.
    pub fn empty() -> Self {
        Design {
            spec: ScenarioSpec {
                version: FORMAT_VERSION,
                name: "my design".into(),
                topology: Topology::default(),
                timeline: Vec::new(),
                duration_ms: 60_000,
                sample_every_ms: 500,
                merge: None,
            },
            places: Vec::new(),
        }
    }

    pub fn topology(&self) -> &Topology {
        &self.spec.topology
    }

    /// The model's file for this design: exactly what `hoplab lint` and `hoplab run` read.
    pub fn to_model_json(&self) -> String {
        self.spec.to_json()
    }

    pub fn place(&self, site: &str) -> Option<Pos> {
        self.places.iter().find(|p| p.site == site).map(|p| p.at)
    }

    pub fn set_place(&mut self, site: &str, at: Pos) {
        match self.places.iter_mut().find(|p| p.site == site) {
            Some(p) => p.at = at,
            None => self.places.push(SitePlace {
                site: site.into(),
                at,
            }),
        }
    }

    /// Every element, in the order the side panel lists them.
    pub fn elements(&self) -> Vec<ElementRef> {
        let t = self.topology();
        let mut out: Vec<ElementRef> = t
            .sites
            .iter()
            .map(|s| ElementRef::Site(s.name.clone()))
            .collect();
        out.extend(
            t.streams
                .iter()
                .map(|s| ElementRef::Stream(stream_ref(&s.site, &s.name))),
        );
        out.extend(t.writers.iter().map(|w| ElementRef::Writer(w.id.clone())));
        out.extend(t.readers.iter().map(|r| ElementRef::Reader(r.id.clone())));
        out.extend(
            t.companions
                .iter()
                .map(|c| ElementRef::Companion(c.name.clone())),
        );
        out.extend(t.hops.iter().map(|h| ElementRef::Hop(h.id.clone())));
        out
    }

    /// Whether the element still exists (a selection may outlive a removal).
    pub fn has(&self, e: &ElementRef) -> bool {
        let t = self.topology();
        match e {
            ElementRef::Site(n) => t.sites.iter().any(|s| &s.name == n),
            ElementRef::Stream(r) => t
                .streams
                .iter()
                .any(|s| s.site == r.site && s.name == r.stream),
            ElementRef::Hop(n) => t.hops.iter().any(|h| &h.id == n),
            ElementRef::Writer(n) => t.writers.iter().any(|w| &w.id == n),
            ElementRef::Reader(n) => t.readers.iter().any(|r| &r.id == n),
            ElementRef::Companion(n) => t.companions.iter().any(|c| &c.name == n),
        }
    }

    /// A name of the form `{stem}{n}` that no element of that kind uses yet.
    pub fn fresh_name(&self, stem: &str, taken: impl Fn(&str) -> bool) -> String {
        (1..)
            .map(|n| format!("{stem}{n}"))
            .find(|n| !taken(n))
            .expect("an unused name exists")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_do_not_collide_when_names_contain_separators() {
        let a = ElementRef::Stream(stream_ref("A:1", "b"));
        let b = ElementRef::Stream(stream_ref("A", "1:b"));
        assert_ne!(a.key(), b.key());
        assert_ne!(
            ElementRef::Hop("x".into()).key(),
            ElementRef::Writer("x".into()).key()
        );
    }

    #[test]
    fn an_empty_design_exports_the_model_format() {
        let text = Design::empty().to_model_json();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["version"], 1);
        assert!(
            v.get("places").is_none(),
            "layout stays out of the model file"
        );
    }
}
