//! Two sites writing: echo loops, the missing single order, single-writer streams, and
//! what a hop keeps of per-key order.

use super::{button, parse_stamp, Highlight, Scenario, STAMP_OPTIONS};
use crate::knobs::{Knob, KnobValues};
use crate::spec::kit::*;
use crate::spec::*;

/// Both sites write `orders`; a copier each way with `stamp`.
fn two_way(stamp: OriginStamp, rate: f64, jitter: u64) -> Topology {
    let options = |_: &str| HopOptions {
        stamp,
        rtt_ms: 60,
        rtt_jitter_ms: jitter,
        poll_interval_ms: 200,
        batch_max: 2000,
        ..HopOptions::default()
    };
    let mut streams = vec![stream("A", "orders", 1), stream("B", "orders", 1)];
    if stamp == OriginStamp::QualifiedName {
        streams.push(stream("B", "A.orders", 1));
        streams.push(stream("A", "B.orders", 1));
    }
    Topology {
        sites: sites(&["A", "B"]),
        streams,
        hops: vec![
            hop(
                "a-to-b",
                at("A", "orders"),
                stamped_target("B", "A", "orders", stamp),
                options("a"),
            ),
            hop(
                "b-to-a",
                at("B", "orders"),
                stamped_target("A", "B", "orders", stamp),
                options("b"),
            ),
        ],
        writers: vec![
            writer("wa", "A", "orders", rate),
            writer("wb", "B", "orders", rate),
        ],
        ..Topology::default()
    }
}

pub fn echo_loop() -> Scenario {
    Scenario {
        id: "echo-loop",
        title: "Two copiers, one stream name: the echo loop",
        card: "echo-loop",
        summary: "Both sites write a stream called orders and a copier runs each way. Without an origin stamp each copier treats the other's copies as new local records and sends them back, forever: stored records and copies per original climb without limit. A marker with the rule 'forward only what originated on my side', or copies written to an origin-qualified stream name, stops the loop.",
        watch_for: vec![
            "No stamp: copies per original keeps rising for as long as the run lasts, and each site's store grows far faster than its writer.",
            "Marker or qualified name: each site holds its own records plus exactly one copy of the other's; copies per original settles at 1.",
            "A copier restart adds duplicates, but even those are not sent round again.",
        ],
        knobs: vec![
            Knob::choice("stamp", "Origin stamp", STAMP_OPTIONS, "none"),
            Knob::toggle("restart", "Restart copier a-to-b at 15 s", false),
        ],
        buttons: vec![
            button("restart-ab", "Restart copier a-to-b", Command::RestartHop { hop: s("a-to-b") }),
            button("stall-ba", "Stall copier b-to-a", Command::StallHop { hop: s("b-to-a") }),
            button("resume-ba", "Resume copier b-to-a", Command::ResumeHop { hop: s("b-to-a") }),
        ],
        highlights: vec![],
        builder: |v: &KnobValues| {
            let mut t = two_way(parse_stamp(v.choice("stamp")?), 20.0, 0);
            for h in &mut t.hops {
                h.options.commit_interval_ms = 5000;
            }
            let timeline = if v.toggle("restart")? {
                vec![cmd(15.0, Command::RestartHop { hop: s("a-to-b") })]
            } else {
                vec![]
            };
            Ok(spec("echo-loop", t, timeline, secs(30.0)))
        },
    }
}

pub fn two_site_interleaving() -> Scenario {
    Scenario {
        id: "two-site-interleaving",
        title: "Two sites, no single order",
        card: "no-single-order",
        summary: "Both sites accept writes to the same stream and copy to each other with an origin marker. Each site stores the other's records in the order they happened to arrive, so A and B hold different interleavings. Pick a merge rule: by timestamp, by site priority, by A's arrival or by B's. Each gives an order; they disagree with one another, and nothing recorded which was true.",
        watch_for: vec![
            "A's stored order and B's stored order disagree about many pairs of records.",
            "Every merge rule disagrees with at least one other on some pairs: the rule, not the data, picks the winner.",
            "Link jitter changes the arrival orders; the timestamp order does not change, but it was never the order anyone observed either.",
        ],
        knobs: vec![
            Knob::choice(
                "merge",
                "Merge rule",
                &[
                    ("timestamp", "By write timestamp"),
                    ("site-priority", "By second, site A first"),
                    ("arrival-at-first", "As stored at A"),
                    ("arrival-at-second", "As stored at B"),
                ],
                "timestamp",
            ),
            Knob::range("jitter_ms", "Link jitter (ms)", 0.0, 300.0, 10.0, 80.0),
        ],
        buttons: vec![
            button("stall-ab", "Stall copier a-to-b", Command::StallHop { hop: s("a-to-b") }),
            button("resume-ab", "Resume copier a-to-b", Command::ResumeHop { hop: s("a-to-b") }),
        ],
        highlights: vec![Highlight::Order],
        builder: |v: &KnobValues| {
            let mut t = two_way(OriginStamp::Marker, 5.0, v.number("jitter_ms")? as u64);
            for w in &mut t.writers {
                w.interval_ms = 200;
            }
            t.writers[1].start_at_ms = 70;
            let mut sp = spec("two-site-interleaving", t, vec![], secs(20.0));
            sp.merge = Some(MergeSpec {
                stream: s("orders"),
                rule: MergeRule::parse(v.choice("merge")?).unwrap_or(MergeRule::Timestamp),
            });
            Ok(sp)
        },
    }
}

pub fn single_writer_streams() -> Scenario {
    Scenario {
        id: "single-writer-streams",
        title: "One stream per site, one owning writer",
        card: "single-writer-streams",
        summary: "Compare two shapes. Shared: both sites write one stream name, and every hop needs loop prevention while no order across sites exists. Single-writer: each site writes its own stream, copied everywhere and read everywhere; there is nothing to loop and nothing to interleave, and readers do the combining.",
        watch_for: vec![
            "The lint flags the shared shape (one stream written at two sites); the single-writer shape has no findings.",
            "In the single-writer shape each stream on each site has one origin and keeps its order.",
            "Readers on each site read two streams; the combining work moved to them.",
        ],
        knobs: vec![Knob::choice(
            "shape",
            "Shape",
            &[("shared", "One stream written at both sites"), ("single-writer", "One stream per site")],
            "single-writer",
        )],
        buttons: vec![button("lose-b", "Lose site B", Command::LoseSite { site: s("B") })],
        highlights: vec![Highlight::Order],
        builder: |v: &KnobValues| {
            let t = if v.choice("shape")? == "shared" {
                two_way(OriginStamp::Marker, 20.0, 20)
            } else {
                let o = HopOptions::default();
                Topology {
                    sites: sites(&["A", "B"]),
                    streams: vec![
                        stream("A", "orders-a", 1),
                        stream("B", "orders-a", 1),
                        stream("B", "orders-b", 1),
                        stream("A", "orders-b", 1),
                    ],
                    hops: vec![
                        hop("a-to-b", at("A", "orders-a"), at("B", "orders-a"), o.clone()),
                        hop("b-to-a", at("B", "orders-b"), at("A", "orders-b"), o),
                    ],
                    writers: vec![writer("wa", "A", "orders-a", 20.0), writer("wb", "B", "orders-b", 20.0)],
                    readers: vec![
                        reader("ra-a", "A", "orders-a", 50.0),
                        reader("ra-b", "A", "orders-b", 50.0),
                        reader("rb-a", "B", "orders-a", 50.0),
                        reader("rb-b", "B", "orders-b", 50.0),
                    ],
                    ..Topology::default()
                }
            };
            Ok(spec("single-writer-streams", t, vec![], secs(30.0)))
        },
    }
}

pub fn order_across_parts() -> Scenario {
    Scenario {
        id: "order-across-parts",
        title: "What a hop keeps of per-key order",
        card: "what-crosses",
        summary: "A stream with four parts is copied to B. One-to-one, each source part feeds one target part through a single stream of writes, so every key keeps its order. Re-hashed fan-out spreads each source part's batches over all target parts: a key's records land in several parts and no reader can say which came first.",
        watch_for: vec![
            "One-to-one: zero keys split across parts and zero order inversions on B.",
            "Fan-out: almost every key is split across parts on B.",
            "Payload and key cross unchanged either way; the positions are B's own.",
        ],
        knobs: vec![Knob::choice(
            "mapping",
            "Part mapping",
            &[("one-to-one", "One-to-one"), ("fan-out", "Re-hashed fan-out")],
            "one-to-one",
        )],
        buttons: vec![button("restart", "Restart the copier", Command::RestartHop { hop: s("a-to-b") })],
        highlights: vec![Highlight::Order],
        builder: |v: &KnobValues| {
            let mapping = if v.choice("mapping")? == "fan-out" { PartMapping::FanOut } else { PartMapping::OneToOne };
            let options = HopOptions { mapping, workers: 2, batch_max: 50, ..HopOptions::default() };
            let t = Topology {
                sites: sites(&["A", "B"]),
                streams: vec![stream("A", "orders", 4), stream("B", "orders", 4)],
                hops: vec![hop("a-to-b", at("A", "orders"), at("B", "orders"), options)],
                writers: vec![writer("w1", "A", "orders", 200.0)],
                ..Topology::default()
            };
            Ok(spec("order-across-parts", t, vec![], secs(20.0)))
        },
    }
}
