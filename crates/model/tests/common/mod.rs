//! Random topologies for the property tests: one hop A -> B (or a pair of hops both
//! ways), with every option drawn at random, and a random timeline of faults.

#![allow(dead_code)]

use hoplab_model::spec::*;
use proptest::prelude::*;

pub fn one_hop_options() -> impl Strategy<Value = HopOptions> {
    (
        (
            0u64..150,
            0u64..40,
            50u64..800,
            5u64..400,
            0u64..30,
            1u32..4,
        ),
        (
            prop::option::of(1u64..150),
            100u64..4000,
            0u64..4000,
            any::<bool>(),
            any::<bool>(),
        ),
    )
        .prop_map(
            |(
                (rtt, jitter, poll, batch, write, workers),
                (map_every, commit, start_at, latest, arrival),
            )| HopOptions {
                rtt_ms: rtt,
                rtt_jitter_ms: jitter,
                poll_interval_ms: poll,
                batch_max: batch,
                target_write_ms: write,
                workers,
                map_every,
                commit_interval_ms: commit,
                start_at_ms: start_at,
                start_from: if latest {
                    StartFrom::Latest
                } else {
                    StartFrom::Earliest
                },
                timestamps: if arrival {
                    Timestamps::StampArrival
                } else {
                    Timestamps::KeepSource
                },
                ..HopOptions::default()
            },
        )
}

/// Faults on hop "a-to-b" (and "b-to-a" when two-way): restarts, stalls, link cuts.
pub fn faults(two_way: bool) -> impl Strategy<Value = Vec<TimedCommand>> {
    prop::collection::vec((0u64..15_000, 0u8..5, any::<bool>()), 0..6).prop_map(move |v| {
        v.into_iter()
            .map(|(at_ms, kind, second)| {
                let hop = if two_way && second {
                    "b-to-a"
                } else {
                    "a-to-b"
                }
                .to_string();
                let command = match kind {
                    0 => Command::RestartHop { hop },
                    1 => Command::StallHop { hop },
                    2 => Command::ResumeHop { hop },
                    3 => Command::CutLink { hop },
                    _ => Command::HealLink { hop },
                };
                TimedCommand { at_ms, command }
            })
            .collect()
    })
}

fn stream(site: &str, name: &str, parts: u32) -> StreamSpec {
    StreamSpec::new(site, name, parts)
}

pub fn writer(id: &str, site: &str, rate: f64, interval: u64) -> WriterSpec {
    WriterSpec {
        id: id.into(),
        site: site.into(),
        stream: "orders".into(),
        rate_per_sec: rate,
        interval_ms: interval,
        durability_ms: 5,
        keys: 16,
        start_at_ms: 0,
        stop_at_ms: None,
        requires: vec![],
    }
}

/// A -> B with random options, parts, target offset, source retention and filter.
pub fn one_hop_spec() -> impl Strategy<Value = ScenarioSpec> {
    (
        one_hop_options(),
        1u32..4,
        prop::option::of(50u64..400),
        0u64..2000,
        any::<bool>(),
        (5.0f64..300.0, 50u64..500),
        faults(false),
        5_000u64..20_000,
    )
        .prop_map(
            |(
                options,
                parts,
                retention,
                target_start,
                filter,
                (rate, interval),
                timeline,
                duration_ms,
            )| {
                let mut a = stream("A", "orders", parts);
                a.retention.max_records = retention;
                let mut b = stream("B", "orders", parts);
                b.start_position = target_start;
                let mut options = options;
                if filter {
                    options.filter.drop_writers = vec!["audit".into()];
                }
                ScenarioSpec {
                    version: 1,
                    name: "random one hop".into(),
                    topology: Topology {
                        sites: vec![SiteSpec { name: "A".into() }, SiteSpec { name: "B".into() }],
                        streams: vec![a, b],
                        hops: vec![HopSpec {
                            id: "a-to-b".into(),
                            from: StreamRef {
                                site: "A".into(),
                                stream: "orders".into(),
                            },
                            to: StreamRef {
                                site: "B".into(),
                                stream: "orders".into(),
                            },
                            options,
                        }],
                        writers: vec![
                            writer("w1", "A", rate, interval),
                            writer("audit", "A", rate / 4.0, interval),
                        ],
                        readers: vec![],
                        companions: vec![],
                    },
                    timeline,
                    duration_ms,
                    sample_every_ms: 500,
                    merge: None,
                }
            },
        )
}

/// Both sites write `orders`, a hop each way with `stamp`.
pub fn two_way_spec(stamp: OriginStamp) -> impl Strategy<Value = ScenarioSpec> {
    (
        one_hop_options(),
        one_hop_options(),
        1u32..3,
        (5.0f64..100.0, 50u64..400),
        faults(true),
        5_000u64..15_000,
    )
        .prop_map(
            move |(mut o1, mut o2, parts, (rate, interval), timeline, duration_ms)| {
                for o in [&mut o1, &mut o2] {
                    o.stamp = stamp;
                    o.start_at_ms = 0;
                    o.start_from = StartFrom::Earliest;
                }
                let target = |site: &str, from: &str| match stamp {
                    OriginStamp::QualifiedName => format!("{from}.orders"),
                    _ => {
                        let _ = site;
                        "orders".to_string()
                    }
                };
                ScenarioSpec {
                    version: 1,
                    name: "random two way".into(),
                    topology: Topology {
                        sites: vec![SiteSpec { name: "A".into() }, SiteSpec { name: "B".into() }],
                        streams: vec![stream("A", "orders", parts), stream("B", "orders", parts)],
                        hops: vec![
                            HopSpec {
                                id: "a-to-b".into(),
                                from: StreamRef {
                                    site: "A".into(),
                                    stream: "orders".into(),
                                },
                                to: StreamRef {
                                    site: "B".into(),
                                    stream: target("B", "A"),
                                },
                                options: o1,
                            },
                            HopSpec {
                                id: "b-to-a".into(),
                                from: StreamRef {
                                    site: "B".into(),
                                    stream: "orders".into(),
                                },
                                to: StreamRef {
                                    site: "A".into(),
                                    stream: target("A", "B"),
                                },
                                options: o2,
                            },
                        ],
                        writers: vec![
                            writer("wa", "A", rate, interval),
                            writer("wb", "B", rate, interval),
                        ],
                        readers: vec![],
                        companions: vec![],
                    },
                    timeline,
                    duration_ms,
                    sample_every_ms: 500,
                    merge: None,
                }
            },
        )
}

/// A -> B for the position-map properties: B usually has its own writer, the copier
/// usually filters a writer, sometimes fans out, and may restart (plus random faults).
pub fn mapped_hop_spec() -> impl Strategy<Value = ScenarioSpec> {
    (
        one_hop_spec(),
        0u8..4,
        0u8..3,
        0u8..4,
        prop::collection::vec(500u64..15_000, 0..3),
        1u64..150,
        (5.0f64..300.0, 50u64..500),
    )
        .prop_map(
            |(mut spec, own_writer, fan_out, filter, restarts, n, (rate, interval))| {
                let options = &mut spec.topology.hops[0].options;
                options.map_every = Some(n);
                if filter > 0 {
                    options.filter.drop_writers = vec!["audit".into()];
                }
                if fan_out == 0 {
                    options.mapping = PartMapping::FanOut;
                }
                if own_writer > 0 {
                    spec.topology
                        .writers
                        .push(writer("wb", "B", rate, interval));
                }
                for at_ms in restarts {
                    spec.timeline.push(TimedCommand {
                        at_ms,
                        command: Command::RestartHop {
                            hop: "a-to-b".into(),
                        },
                    });
                }
                spec
            },
        )
}
