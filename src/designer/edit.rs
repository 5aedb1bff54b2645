//! Edits as values: add, remove, rename, connect, move and change one element. Each keeps
//! the design's references whole (a rename follows every use of the name, a removal takes
//! what hangs off it), so a design edited here stays one the model can read.

use super::design::{Design, ElementRef, Pos};
use hoplab_model::spec::{
    Command, CompanionSpec, HopSpec, ReaderSpec, SiteSpec, StreamSpec, TimedCommand, WriterSpec,
};

/// A whole element, as the model specifies it.
#[derive(Clone, Debug, PartialEq)]
pub enum Element {
    Site(SiteSpec),
    Stream(StreamSpec),
    Hop(HopSpec),
    Writer(WriterSpec),
    Reader(ReaderSpec),
    Companion(CompanionSpec),
}

/// One change to a design.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Adds an element; a site may come with a place on the canvas. A hop is a connection.
    Add(Element, Option<Pos>),
    Remove(ElementRef),
    Rename(ElementRef, String),
    /// Replaces an element's settings; its name stays.
    Update(Element),
    /// Moves a site's box (everything inside moves with it).
    Move(String, Pos),
    AddFault(TimedCommand),
    RemoveFault(usize),
    SetDuration(u64),
    SetName(String),
    /// Replaces the whole design (a template or an import), as one undoable step.
    Replace(Box<Design>),
}

/// Longest name accepted: long enough for any real name, short enough to draw.
pub const MAX_NAME: usize = 200;

fn check_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() {
        return Err("a name cannot be empty".into());
    }
    if name.chars().count() > MAX_NAME {
        return Err(format!("a name is at most {MAX_NAME} characters"));
    }
    Ok(())
}

impl Edit {
    /// Coalescing key: consecutive edits with the same key are one undo step (a drag).
    pub fn merge_key(&self) -> Option<String> {
        match self {
            Edit::Move(site, _) => Some(format!("move:{site}")),
            _ => None,
        }
    }
}

/// Applies `edit` to `d`; on an error `d` is unchanged and the message says why.
pub fn apply(d: &mut Design, edit: Edit) -> Result<(), String> {
    let mut next = d.clone();
    apply_in_place(&mut next, edit)?;
    *d = next;
    Ok(())
}

fn apply_in_place(d: &mut Design, edit: Edit) -> Result<(), String> {
    match edit {
        Edit::Add(e, at) => add(d, e, at),
        Edit::Remove(r) => {
            if !d.has(&r) {
                return Err(format!("there is no {}", r.label()));
            }
            remove(d, &r);
            Ok(())
        }
        Edit::Rename(r, to) => rename(d, &r, to),
        Edit::Update(e) => update(d, e),
        Edit::Move(site, at) => {
            if !d.has(&ElementRef::Site(site.clone())) {
                return Err(format!("there is no site {site}"));
            }
            if !(at.x.is_finite() && at.y.is_finite()) {
                return Err("a position must be a number".into());
            }
            d.set_place(&site, at);
            Ok(())
        }
        Edit::AddFault(tc) => {
            if tc.at_ms > d.spec.duration_ms {
                return Err(format!(
                    "the run lasts {} s; a fault at {} s would never happen",
                    d.spec.duration_ms / 1000,
                    tc.at_ms as f64 / 1000.0
                ));
            }
            let at = d.spec.timeline.partition_point(|x| x.at_ms <= tc.at_ms);
            d.spec.timeline.insert(at, tc);
            Ok(())
        }
        Edit::RemoveFault(i) => {
            if i >= d.spec.timeline.len() {
                return Err("no such fault".into());
            }
            d.spec.timeline.remove(i);
            Ok(())
        }
        Edit::SetDuration(ms) => {
            if !(1_000..=super::run::MAX_DURATION_MS).contains(&ms) {
                return Err(format!(
                    "a run lasts between 1 s and {} s",
                    super::run::MAX_DURATION_MS / 1000
                ));
            }
            d.spec.duration_ms = ms;
            d.spec.sample_every_ms = (ms / 200).max(100);
            d.spec.timeline.retain(|tc| tc.at_ms <= ms);
            Ok(())
        }
        Edit::SetName(name) => {
            d.spec.name = name;
            Ok(())
        }
        Edit::Replace(design) => {
            *d = *design;
            Ok(())
        }
    }
}

fn exists(d: &Design, r: ElementRef) -> Result<(), String> {
    if d.has(&r) {
        Ok(())
    } else {
        Err(format!("there is no {}", r.label()))
    }
}

fn taken(d: &Design, r: &ElementRef) -> Result<(), String> {
    if d.has(r) {
        Err(format!("there is already a {}", r.label()))
    } else {
        Ok(())
    }
}

fn add(d: &mut Design, e: Element, at: Option<Pos>) -> Result<(), String> {
    let t = &d.spec.topology;
    match &e {
        Element::Site(s) => {
            check_name(&s.name)?;
            taken(d, &ElementRef::Site(s.name.clone()))?;
        }
        Element::Stream(s) => {
            check_name(&s.name)?;
            exists(d, ElementRef::Site(s.site.clone()))?;
            taken(
                d,
                &ElementRef::Stream(super::design::stream_ref(&s.site, &s.name)),
            )?;
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
            exists(
                d,
                ElementRef::Stream(super::design::stream_ref(&w.site, &w.stream)),
            )?;
            rate_ok(w.rate_per_sec)?;
        }
        Element::Reader(r) => {
            check_name(&r.id)?;
            taken(d, &ElementRef::Reader(r.id.clone()))?;
            exists(
                d,
                ElementRef::Stream(super::design::stream_ref(&r.site, &r.stream)),
            )?;
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
            let at = at.unwrap_or_else(|| super::layout::free_spot(d));
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

fn update(d: &mut Design, e: Element) -> Result<(), String> {
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
        Element::Hop(mut h) => {
            if !t.hops.iter().any(|x| x.id == h.id) {
                return Err(format!("there is no hop {}", h.id));
            }
            // The stamp decides where copies land: an origin-qualified name is
            // `<source site>.<stream>`; any other stamp writes a declared stream, which is
            // declared here (shaped like the source) when it is not yet.
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

/// Does this timeline command name the element?
fn names(c: &Command, r: &ElementRef) -> bool {
    match (c, r) {
        (
            Command::LoseSite { site }
            | Command::CutSite { site }
            | Command::RestoreSite { site }
            | Command::TakeBackup { site },
            ElementRef::Site(n),
        ) => site == n,
        (
            Command::MoveReader { site, .. } | Command::MoveWriter { site, .. },
            ElementRef::Site(n),
        ) => site == n,
        (
            Command::CompanionDown { site, .. } | Command::CompanionUp { site, .. },
            ElementRef::Site(n),
        ) => site == n,
        (
            Command::StallHop { hop }
            | Command::ResumeHop { hop }
            | Command::RestartHop { hop }
            | Command::CutLink { hop }
            | Command::HealLink { hop }
            | Command::StartHop { hop },
            ElementRef::Hop(n),
        ) => hop == n,
        (Command::MoveReader { reader, .. }, ElementRef::Reader(n)) => reader == n,
        (
            Command::MoveWriter { writer, .. }
            | Command::SetWriterRate { writer, .. }
            | Command::StopWriter { writer },
            ElementRef::Writer(n),
        ) => writer == n,
        (
            Command::CompanionDown { name, .. } | Command::CompanionUp { name, .. },
            ElementRef::Companion(n),
        ) => name == n,
        _ => false,
    }
}

fn remove(d: &mut Design, r: &ElementRef) {
    let t = &mut d.spec.topology;
    match r {
        ElementRef::Site(n) => {
            let streams: Vec<ElementRef> = t
                .streams
                .iter()
                .filter(|s| &s.site == n)
                .map(|s| ElementRef::Stream(super::design::stream_ref(&s.site, &s.name)))
                .collect();
            for s in streams {
                remove(d, &s);
            }
            let t = &mut d.spec.topology;
            let hops: Vec<String> = t
                .hops
                .iter()
                .filter(|h| &h.to.site == n || &h.from.site == n)
                .map(|h| h.id.clone())
                .collect();
            for h in hops {
                remove(d, &ElementRef::Hop(h));
            }
            let t = &mut d.spec.topology;
            t.sites.retain(|s| &s.name != n);
            for c in &mut t.companions {
                c.sites.retain(|s| s != n);
            }
            let gone: Vec<String> = t
                .companions
                .iter()
                .filter(|c| c.sites.is_empty())
                .map(|c| c.name.clone())
                .collect();
            for c in gone {
                remove(d, &ElementRef::Companion(c));
            }
            d.places.retain(|p| &p.site != n);
        }
        ElementRef::Stream(sr) => {
            let on = |site: &str, stream: &str| site == sr.site && stream == sr.stream;
            let writers: Vec<String> = t
                .writers
                .iter()
                .filter(|w| on(&w.site, &w.stream))
                .map(|w| w.id.clone())
                .collect();
            let readers: Vec<String> = t
                .readers
                .iter()
                .filter(|x| on(&x.site, &x.stream))
                .map(|x| x.id.clone())
                .collect();
            let hops: Vec<String> = t
                .hops
                .iter()
                .filter(|h| h.from == *sr || hoplab_model::spec::qualified_target(h) == *sr)
                .map(|h| h.id.clone())
                .collect();
            for w in writers {
                remove(d, &ElementRef::Writer(w));
            }
            for x in readers {
                remove(d, &ElementRef::Reader(x));
            }
            for h in hops {
                remove(d, &ElementRef::Hop(h));
            }
            d.spec.topology.streams.retain(|s| !on(&s.site, &s.name));
        }
        ElementRef::Hop(n) => t.hops.retain(|h| &h.id != n),
        ElementRef::Writer(n) => {
            t.writers.retain(|w| &w.id != n);
            for h in &mut t.hops {
                h.options.filter.drop_writers.retain(|w| w != n);
            }
        }
        ElementRef::Reader(n) => t.readers.retain(|x| &x.id != n),
        ElementRef::Companion(n) => {
            t.companions.retain(|c| &c.name != n);
            for w in &mut t.writers {
                w.requires.retain(|c| c != n);
            }
        }
    }
    d.spec.timeline.retain(|tc| !names(&tc.command, r));
}

fn rename(d: &mut Design, r: &ElementRef, to: String) -> Result<(), String> {
    check_name(&to)?;
    exists(d, r.clone())?;
    let renamed = match r {
        ElementRef::Site(_) => ElementRef::Site(to.clone()),
        ElementRef::Stream(sr) => ElementRef::Stream(super::design::stream_ref(&sr.site, &to)),
        ElementRef::Hop(_) => ElementRef::Hop(to.clone()),
        ElementRef::Writer(_) => ElementRef::Writer(to.clone()),
        ElementRef::Reader(_) => ElementRef::Reader(to.clone()),
        ElementRef::Companion(_) => ElementRef::Companion(to.clone()),
    };
    if &renamed == r {
        return Ok(());
    }
    taken(d, &renamed)?;
    let before: Vec<String> = d
        .spec
        .topology
        .hops
        .iter()
        .map(|h| h.to.stream.clone())
        .collect();
    rename_refs(d, r, &to);
    // An origin-qualified target is named after its source (`<site>.<stream>`): when that
    // source is renamed, the copy's stream follows, with everything reading it.
    let t = &mut d.spec.topology;
    let mut follow = Vec::new();
    for (h, old) in t.hops.iter_mut().zip(before) {
        if h.options.stamp == hoplab_model::spec::OriginStamp::QualifiedName {
            let new = format!("{}.{}", h.from.site, h.from.stream);
            if new != old {
                h.to.stream = new.clone();
                follow.push((h.to.site.clone(), old, new));
            }
        }
    }
    for (site, old, new) in follow {
        rename_refs(
            d,
            &ElementRef::Stream(super::design::stream_ref(&site, &old)),
            &new,
        );
    }
    Ok(())
}

/// Replaces every use of `r`'s name with `to` (no checks: `rename` made them).
fn rename_refs(d: &mut Design, r: &ElementRef, to: &str) {
    let to = to.to_string();
    let swap = |s: &mut String, from: &str| {
        if s == from {
            *s = to.clone();
        }
    };
    let t = &mut d.spec.topology;
    match r {
        ElementRef::Site(n) => {
            for s in &mut t.sites {
                swap(&mut s.name, n);
            }
            for s in &mut t.streams {
                swap(&mut s.site, n);
            }
            for h in &mut t.hops {
                swap(&mut h.from.site, n);
                swap(&mut h.to.site, n);
            }
            for w in &mut t.writers {
                swap(&mut w.site, n);
            }
            for x in &mut t.readers {
                swap(&mut x.site, n);
            }
            for c in &mut t.companions {
                for s in &mut c.sites {
                    swap(s, n);
                }
            }
            for p in &mut d.places {
                swap(&mut p.site, n);
            }
            for tc in &mut d.spec.timeline {
                if let Some(s) = command_site(&mut tc.command) {
                    swap(s, n);
                }
            }
        }
        ElementRef::Stream(sr) => {
            for s in &mut t.streams {
                if s.site == sr.site {
                    swap(&mut s.name, &sr.stream);
                }
            }
            for h in &mut t.hops {
                for end in [&mut h.from, &mut h.to] {
                    if end.site == sr.site {
                        swap(&mut end.stream, &sr.stream);
                    }
                }
            }
            for w in &mut t.writers {
                if w.site == sr.site {
                    swap(&mut w.stream, &sr.stream);
                }
            }
            for x in &mut t.readers {
                if x.site == sr.site {
                    swap(&mut x.stream, &sr.stream);
                }
            }
        }
        ElementRef::Hop(n) => {
            for h in &mut t.hops {
                swap(&mut h.id, n);
            }
            for tc in &mut d.spec.timeline {
                if let Some(h) = command_hop(&mut tc.command) {
                    swap(h, n);
                }
            }
        }
        ElementRef::Writer(n) => {
            for w in &mut t.writers {
                swap(&mut w.id, n);
            }
            for h in &mut t.hops {
                for w in &mut h.options.filter.drop_writers {
                    swap(w, n);
                }
            }
            for tc in &mut d.spec.timeline {
                if let Command::MoveWriter { writer, .. }
                | Command::SetWriterRate { writer, .. }
                | Command::StopWriter { writer } = &mut tc.command
                {
                    swap(writer, n);
                }
            }
        }
        ElementRef::Reader(n) => {
            for x in &mut t.readers {
                swap(&mut x.id, n);
            }
            for tc in &mut d.spec.timeline {
                if let Command::MoveReader { reader, .. } = &mut tc.command {
                    swap(reader, n);
                }
            }
        }
        ElementRef::Companion(n) => {
            for c in &mut t.companions {
                swap(&mut c.name, n);
            }
            for w in &mut t.writers {
                for c in &mut w.requires {
                    swap(c, n);
                }
            }
            for tc in &mut d.spec.timeline {
                if let Command::CompanionDown { name, .. } | Command::CompanionUp { name, .. } =
                    &mut tc.command
                {
                    swap(name, n);
                }
            }
        }
    }
}

fn command_site(c: &mut Command) -> Option<&mut String> {
    match c {
        Command::LoseSite { site }
        | Command::CutSite { site }
        | Command::RestoreSite { site }
        | Command::TakeBackup { site }
        | Command::MoveReader { site, .. }
        | Command::MoveWriter { site, .. }
        | Command::CompanionDown { site, .. }
        | Command::CompanionUp { site, .. } => Some(site),
        _ => None,
    }
}

fn command_hop(c: &mut Command) -> Option<&mut String> {
    match c {
        Command::StallHop { hop }
        | Command::ResumeHop { hop }
        | Command::RestartHop { hop }
        | Command::CutLink { hop }
        | Command::HealLink { hop }
        | Command::StartHop { hop } => Some(hop),
        _ => None,
    }
}

#[cfg(test)]
#[path = "edit_tests.rs"]
mod tests;
