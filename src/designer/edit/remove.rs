//! Removing an element and everything that hangs off it (its streams, hops, writers,
//! readers and the timeline's commands that name it).

use crate::designer::design::{stream_ref, Design, ElementRef};
use hoplab_model::spec::{Command, StreamRef};

/// Does this timeline command name the element?
fn names(c: &Command, r: &ElementRef) -> bool {
    match r {
        ElementRef::Site(n) => c.site() == Some(n.as_str()),
        ElementRef::Hop(n) => c.hop() == Some(n.as_str()),
        ElementRef::Reader(n) => c.reader() == Some(n.as_str()),
        ElementRef::Writer(n) => matches!(
            c,
            Command::MoveWriter { writer, .. }
            | Command::SetWriterRate { writer, .. }
            | Command::StopWriter { writer } if writer == n
        ),
        ElementRef::Companion(n) => matches!(
            c,
            Command::CompanionDown { name, .. } | Command::CompanionUp { name, .. } if name == n
        ),
        _ => false,
    }
}

pub(super) fn remove(d: &mut Design, r: &ElementRef) {
    let t = &mut d.spec.topology;
    match r {
        ElementRef::Site(n) => remove_site(d, n),
        ElementRef::Stream(sr) => remove_stream(d, sr),
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

/// A site goes with its streams, the hops to and from it, and companions left on no site.
fn remove_site(d: &mut Design, n: &str) {
    let t = &mut d.spec.topology;
    let streams: Vec<ElementRef> = t
        .streams
        .iter()
        .filter(|s| s.site == n)
        .map(|s| ElementRef::Stream(stream_ref(&s.site, &s.name)))
        .collect();
    for s in streams {
        remove(d, &s);
    }
    let t = &mut d.spec.topology;
    let hops: Vec<String> = t
        .hops
        .iter()
        .filter(|h| h.to.site == n || h.from.site == n)
        .map(|h| h.id.clone())
        .collect();
    for h in hops {
        remove(d, &ElementRef::Hop(h));
    }
    let t = &mut d.spec.topology;
    t.sites.retain(|s| s.name != n);
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
    d.places.retain(|p| p.site != n);
}

/// A stream goes with its writers, its reader groups and the hops that copy it.
fn remove_stream(d: &mut Design, sr: &StreamRef) {
    let t = &mut d.spec.topology;
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
