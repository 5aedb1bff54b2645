//! Adding an element and changing one's settings, each checked against the design first.

use super::checks::{check_name, exists, taken};
use super::element::Element;
use crate::designer::design::{stream_ref, Design, ElementRef, Pos};
use crate::designer::layout::free_spot;
use hoplab_model::spec::{HopSpec, StreamSpec, Topology};

pub(super) fn add(d: &mut Design, e: Element, at: Option<Pos>) -> Result<(), String> {
    let t = &d.spec.topology;
    match &e {
        Element::Site(s) => {
            check_name(&s.name)?;
            taken(d, &ElementRef::Site(s.name.clone()))?;
        }
        Element::Stream(s) => {
            check_name(&s.name)?;
            exists(d, ElementRef::Site(s.site.clone()))?;
            taken(d, &ElementRef::Stream(stream_ref(&s.site, &s.name)))?;
            parts_ok(s.parts)?;
        }
        Element::Hop(h) => {
            check_name(&h.id)?;
            taken(d, &ElementRef::Hop(h.id.clone()))?;
            exists(d, ElementRef::Stream(h.from.clone()))?;
            if h.from == h.to {
                return Err("a hop cannot copy a stream onto itself".into());
            }
            if h.options.stamp != hoplab_model::spec::OriginStamp::QualifiedName {
                exists(d, ElementRef::Stream(h.to.clone()))?;
            } else {
                exists(d, ElementRef::Site(h.to.site.clone()))?;
            }
        }
        Element::Writer(w) => {
            check_name(&w.id)?;
            taken(d, &ElementRef::Writer(w.id.clone()))?;
            exists(d, ElementRef::Stream(stream_ref(&w.site, &w.stream)))?;
            rate_ok(w.rate_per_sec)?;
        }
        Element::Reader(r) => {
            check_name(&r.id)?;
            taken(d, &ElementRef::Reader(r.id.clone()))?;
            exists(d, ElementRef::Stream(stream_ref(&r.site, &r.stream)))?;
            rate_ok(r.rate_per_sec)?;
        }
        Element::Companion(c) => {
            check_name(&c.name)?;
            taken(d, &ElementRef::Companion(c.name.clone()))?;
            if c.sites.is_empty() {
                return Err("a companion runs at one site at least".into());
            }
            for s in &c.sites {
                if !t.sites.iter().any(|x| &x.name == s) {
                    return Err(format!("there is no site {s}"));
                }
            }
        }
    }
    let t = &mut d.spec.topology;
    match e {
        Element::Site(s) => {
            let name = s.name.clone();
            t.sites.push(s);
            let at = at.unwrap_or_else(|| free_spot(d));
            d.set_place(&name, at);
        }
        Element::Stream(s) => t.streams.push(s),
        Element::Hop(h) => t.hops.push(h),
        Element::Writer(w) => t.writers.push(w),
        Element::Reader(r) => t.readers.push(r),
        Element::Companion(c) => t.companions.push(c),
    }
    Ok(())
}

fn parts_ok(parts: u32) -> Result<(), String> {
    if (1..=256).contains(&parts) {
        Ok(())
    } else {
        Err("a stream has between 1 and 256 parts".into())
    }
}

fn rate_ok(rate: f64) -> Result<(), String> {
    if rate.is_finite() && (0.0..=1_000_000.0).contains(&rate) {
        Ok(())
    } else {
        Err("a rate is between 0 and 1,000,000 records/s".into())
    }
}

pub(super) fn update(d: &mut Design, e: Element) -> Result<(), String> {
    let t = &mut d.spec.topology;
    match e {
        Element::Site(_) => Ok(()),
        Element::Stream(s) => {
            parts_ok(s.parts)?;
            let slot = t
                .streams
                .iter_mut()
                .find(|x| x.site == s.site && x.name == s.name)
                .ok_or(format!("there is no stream {} on {}", s.name, s.site))?;
            *slot = s;
            Ok(())
        }
        Element::Hop(h) => update_hop(t, h),
        Element::Writer(w) => {
            rate_ok(w.rate_per_sec)?;
            for c in &w.requires {
                if !t.companions.iter().any(|x| &x.name == c) {
                    return Err(format!("there is no companion {c}"));
                }
            }
            let slot = t
                .writers
                .iter_mut()
                .find(|x| x.id == w.id)
                .ok_or(format!("there is no writer {}", w.id))?;
            *slot = w;
            Ok(())
        }
        Element::Reader(r) => {
            rate_ok(r.rate_per_sec)?;
            let slot = t
                .readers
                .iter_mut()
                .find(|x| x.id == r.id)
                .ok_or(format!("there is no reader group {}", r.id))?;
            *slot = r;
            Ok(())
        }
        Element::Companion(c) => {
            if c.sites.is_empty() {
                return Err("a companion runs at one site at least".into());
            }
            let slot = t
                .companions
                .iter_mut()
                .find(|x| x.name == c.name)
                .ok_or(format!("there is no companion {}", c.name))?;
            *slot = c;
            Ok(())
        }
    }
}

/// Puts `h` in place of the hop of its id. The stamp decides where copies land: an
/// origin-qualified name is `<source site>.<stream>`; any other stamp writes a declared
/// stream, which is declared here (shaped like the source) when it is not yet.
fn update_hop(t: &mut Topology, mut h: HopSpec) -> Result<(), String> {
    if !t.hops.iter().any(|x| x.id == h.id) {
        return Err(format!("there is no hop {}", h.id));
    }
    let qualified = format!("{}.{}", h.from.site, h.from.stream);
    if h.options.stamp == hoplab_model::spec::OriginStamp::QualifiedName {
        h.to.stream = qualified;
    } else if !t
        .streams
        .iter()
        .any(|s| s.site == h.to.site && s.name == h.to.stream)
    {
        let parts = t
            .streams
            .iter()
            .find(|s| s.site == h.from.site && s.name == h.from.stream)
            .map_or(1, |s| s.parts);
        t.streams
            .push(StreamSpec::new(&h.to.site, &h.to.stream, parts));
    }
    if let Some(slot) = t.hops.iter_mut().find(|x| x.id == h.id) {
        *slot = h;
    }
    Ok(())
}
