//! Renaming an element and following the new name through every use of the old one.

use super::checks::{check_name, exists, taken};
use crate::designer::design::{stream_ref, Design, ElementRef};
use hoplab_model::spec::{Command, StreamRef};

pub(super) fn rename(d: &mut Design, r: &ElementRef, to: String) -> Result<(), String> {
    check_name(&to)?;
    exists(d, r.clone())?;
    let renamed = match r {
        ElementRef::Site(_) => ElementRef::Site(to.clone()),
        ElementRef::Stream(sr) => ElementRef::Stream(stream_ref(&sr.site, &to)),
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
        rename_refs(d, &ElementRef::Stream(stream_ref(&site, &old)), &new);
    }
    Ok(())
}

/// Replaces every use of `r`'s name with `to` (no checks: `rename` made them).
fn rename_refs(d: &mut Design, r: &ElementRef, to: &str) {
    match r {
        ElementRef::Site(n) => rename_site(d, n, to),
        ElementRef::Stream(sr) => rename_stream(d, sr, to),
        ElementRef::Hop(n) => rename_hop(d, n, to),
        ElementRef::Writer(n) => rename_writer(d, n, to),
        ElementRef::Reader(n) => rename_reader(d, n, to),
        ElementRef::Companion(n) => rename_companion(d, n, to),
    }
}

/// `s` becomes `to` if it names `from`.
fn swap(s: &mut String, from: &str, to: &str) {
    if s == from {
        *s = to.to_string();
    }
}

fn rename_site(d: &mut Design, n: &str, to: &str) {
    let t = &mut d.spec.topology;
    for s in &mut t.sites {
        swap(&mut s.name, n, to);
    }
    for s in &mut t.streams {
        swap(&mut s.site, n, to);
    }
    for h in &mut t.hops {
        swap(&mut h.from.site, n, to);
        swap(&mut h.to.site, n, to);
    }
    for w in &mut t.writers {
        swap(&mut w.site, n, to);
    }
    for x in &mut t.readers {
        swap(&mut x.site, n, to);
    }
    for c in &mut t.companions {
        for s in &mut c.sites {
            swap(s, n, to);
        }
    }
    for p in &mut d.places {
        swap(&mut p.site, n, to);
    }
    for tc in &mut d.spec.timeline {
        if let Some(s) = tc.command.site_mut() {
            swap(s, n, to);
        }
    }
}

/// A stream's name is unique on its site only: each use is matched by site too.
fn rename_stream(d: &mut Design, sr: &StreamRef, to: &str) {
    let t = &mut d.spec.topology;
    for s in &mut t.streams {
        if s.site == sr.site {
            swap(&mut s.name, &sr.stream, to);
        }
    }
    for h in &mut t.hops {
        for end in [&mut h.from, &mut h.to] {
            if end.site == sr.site {
                swap(&mut end.stream, &sr.stream, to);
            }
        }
    }
    for w in &mut t.writers {
        if w.site == sr.site {
            swap(&mut w.stream, &sr.stream, to);
        }
    }
    for x in &mut t.readers {
        if x.site == sr.site {
            swap(&mut x.stream, &sr.stream, to);
        }
    }
}

fn rename_hop(d: &mut Design, n: &str, to: &str) {
    for h in &mut d.spec.topology.hops {
        swap(&mut h.id, n, to);
    }
    for tc in &mut d.spec.timeline {
        if let Some(h) = tc.command.hop_mut() {
            swap(h, n, to);
        }
    }
}

fn rename_writer(d: &mut Design, n: &str, to: &str) {
    let t = &mut d.spec.topology;
    for w in &mut t.writers {
        swap(&mut w.id, n, to);
    }
    for h in &mut t.hops {
        for w in &mut h.options.filter.drop_writers {
            swap(w, n, to);
        }
    }
    for tc in &mut d.spec.timeline {
        if let Command::MoveWriter { writer, .. }
        | Command::SetWriterRate { writer, .. }
        | Command::StopWriter { writer } = &mut tc.command
        {
            swap(writer, n, to);
        }
    }
}

fn rename_reader(d: &mut Design, n: &str, to: &str) {
    for x in &mut d.spec.topology.readers {
        swap(&mut x.id, n, to);
    }
    for tc in &mut d.spec.timeline {
        if let Some(reader) = tc.command.reader_mut() {
            swap(reader, n, to);
        }
    }
}

fn rename_companion(d: &mut Design, n: &str, to: &str) {
    let t = &mut d.spec.topology;
    for c in &mut t.companions {
        swap(&mut c.name, n, to);
    }
    for w in &mut t.writers {
        for c in &mut w.requires {
            swap(c, n, to);
        }
    }
    for tc in &mut d.spec.timeline {
        if let Command::CompanionDown { name, .. } | Command::CompanionUp { name, .. } =
            &mut tc.command
        {
            swap(name, n, to);
        }
    }
}
