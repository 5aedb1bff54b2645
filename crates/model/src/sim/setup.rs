//! Building the initial state from a validated spec and scheduling the first events, one
//! named step per kind of actor.

use super::{Budget, CompanionState, Event, Sim, SiteStatus, StreamState};
use crate::hop::HopState;
use crate::log::EventLog;
use crate::reader::ReaderState;
use crate::rng::Rng;
use crate::series::Series;
use crate::spec::{ScenarioSpec, Topology, Validated};
use crate::store::Part;
use crate::time::EventQueue;
use crate::writer::WriterState;

pub(super) fn build(spec: ScenarioSpec, resolved: Validated, seed: u64) -> Sim {
    let mut rng = Rng::new(seed);
    let t = &spec.topology;
    let streams = build_streams(t, &resolved);
    let writers = build_writers(t, &resolved, &streams, &mut rng);
    let hops = build_hops(t, &resolved, &streams);
    let readers = build_readers(t, &resolved, &streams);
    let companions = build_companions(t, &resolved);
    let queue = first_events(&spec, &writers, &hops, &readers);
    // The first copier checkpoint due (Millis::MAX: none configured).
    let next_checkpoint = hops
        .iter()
        .filter_map(|h| h.opts().checkpoint_every_ms)
        .min()
        .unwrap_or(u64::MAX);
    Sim {
        next_checkpoint,
        housekeeping_at: 0, // the first event runs housekeeping, which sets it
        sites: vec![SiteStatus::Up; resolved.sites.len()],
        fenced: vec![false; resolved.sites.len()],
        reconciled: Default::default(),
        calm_since: 0,
        series: Series::new(spec.sample_every_ms),
        spec,
        resolved,
        now: 0,
        queue,
        rng,
        streams,
        hops,
        writers,
        readers,
        companions,
        backups: Vec::new(),
        log: EventLog::new(200),
        events: 0,
        batches: 0,
        budget: Budget::default(),
        held_guard: Default::default(),
        stopped: None,
    }
}

/// Every declared or created stream, each part numbering from the stream's start
/// position; a stream a mirror hop writes knows that hop (it is read-only until promoted).
fn build_streams(t: &Topology, resolved: &Validated) -> Vec<StreamState> {
    let mut streams: Vec<StreamState> = resolved
        .streams
        .iter()
        .map(|(site, s)| StreamState {
            site: *site,
            name: s.name.clone(),
            parts: (0..s.parts).map(|_| Part::new(s.start_position)).collect(),
            retention: s.retention,
            start_position: s.start_position,
            mirrored_by: None,
            twins: Vec::new(),
            last_original_ms: None,
        })
        .collect();
    // Writes at two sites to one name are a split brain only where the design meant a
    // single writing site: its writers write that name at one site alone. An active/active
    // design writes both sides on purpose.
    let one_writing_site = |name: &str| {
        let mut at = t
            .writers
            .iter()
            .filter(|w| w.stream == name)
            .map(|w| &w.site);
        let first = at.next();
        at.all(|site| Some(site) == first)
    };
    for s in 0..streams.len() {
        if !one_writing_site(&streams[s].name) {
            continue;
        }
        streams[s].twins = (0..streams.len())
            .filter(|&t| streams[t].site != streams[s].site && streams[t].name == streams[s].name)
            .collect();
    }
    for (h, (hop, &(_, dst))) in t.hops.iter().zip(&resolved.hops).enumerate() {
        if hop.options.kind == crate::spec::HopKind::Mirror {
            streams[dst].mirrored_by.get_or_insert(h);
        }
    }
    streams
}

/// Writers, each with its required companions resolved and a seeded first part.
fn build_writers(
    t: &Topology,
    resolved: &Validated,
    streams: &[StreamState],
    rng: &mut Rng,
) -> Vec<WriterState> {
    t.writers
        .iter()
        .zip(&resolved.writers)
        .map(|(w, &(site, stream))| {
            let requires = w
                .requires
                .iter()
                .filter_map(|c| t.companions.iter().position(|x| &x.name == c))
                .collect();
            let parts = streams[stream].parts.len();
            let first_part = rng.up_to(parts as u64 - 1) as usize;
            let mut writer = WriterState::new(w, site, stream, parts, requires, first_part);
            writer.far_ack = t.hops.iter().zip(&resolved.hops).any(|(h, &(src, _))| {
                src == stream && h.options.ack == crate::spec::Ack::FarCopyDurable
            });
            writer
        })
        .collect()
}

/// Hops, each with its filter resolved to writer indices.
fn build_hops(t: &Topology, resolved: &Validated, streams: &[StreamState]) -> Vec<HopState> {
    t.hops
        .iter()
        .zip(&resolved.hops)
        .map(|(h, &(src, dst))| {
            let drop: Vec<u16> = h
                .options
                .filter
                .drop_writers
                .iter()
                .filter_map(|w| t.writers.iter().position(|x| &x.id == w))
                .map(|i| i as u16)
                .collect();
            HopState::new(
                h,
                src,
                dst,
                streams[src].site,
                streams[dst].site,
                streams[src].parts.len(),
                drop,
            )
        })
        .collect()
}

fn build_readers(t: &Topology, resolved: &Validated, streams: &[StreamState]) -> Vec<ReaderState> {
    t.readers
        .iter()
        .zip(&resolved.readers)
        .map(|(r, &(site, stream))| ReaderState::new(r, site, stream, streams[stream].parts.len()))
        .collect()
}

fn build_companions(t: &Topology, resolved: &Validated) -> Vec<CompanionState> {
    t.companions
        .iter()
        .zip(&resolved.companions)
        .map(|(c, sites)| CompanionState {
            name: c.name.clone(),
            kind: c.kind.clone(),
            instances: sites.iter().map(|&s| (s, true)).collect(),
        })
        .collect()
}

/// The timeline's commands, each writer's first tick, each copier worker's first fetch
/// and each reader's first tick, in that order (ties run in scheduling order).
fn first_events(
    spec: &ScenarioSpec,
    writers: &[WriterState],
    hops: &[HopState],
    readers: &[ReaderState],
) -> EventQueue<Event> {
    let mut queue = EventQueue::default();
    for (i, tc) in spec.timeline.iter().enumerate() {
        queue.push_timeline(tc.at_ms, i as u32, Event::Timeline(i as u32));
    }
    for (i, w) in writers.iter().enumerate() {
        queue.push(w.start_at, Event::WriterTick(i as u32));
    }
    for (i, h) in hops.iter().enumerate() {
        for worker in 0..h.worker_count() {
            queue.push(
                h.opts().start_at_ms,
                Event::HopFetch {
                    hop: i as u32,
                    worker: worker as u32,
                    chain: 0,
                },
            );
        }
    }
    for (i, r) in readers.iter().enumerate() {
        queue.push(r.interval, Event::ReaderTick(i as u32));
    }
    queue
}
