//! The copy hop itself: why a copy is behind, what the lag is made of, what a stall does,
//! and why subtracting positions is not lag.

use super::{button, hop_buttons, Highlight, Scenario};
use crate::knobs::{Knob, KnobValues};
use crate::spec::kit::*;
use crate::spec::*;

fn one_hop(rate: f64, parts: u32, options: HopOptions) -> Topology {
    Topology {
        sites: sites(&["A", "B"]),
        streams: vec![stream("A", "orders", parts), stream("B", "orders", parts)],
        hops: vec![hop("a-to-b", at("A", "orders"), at("B", "orders"), options)],
        writers: vec![writer("w1", "A", "orders", rate)],
        ..Topology::default()
    }
}

pub fn follow_one_record() -> Scenario {
    Scenario {
        id: "follow-one-record",
        title: "Follow one record across the hop",
        card: "copy-lag",
        summary: "A writer appends one record at a time to site A; A acknowledges it after its own durability delay. Only later does the copier fetch it across the link and write it to B, which makes it durable before answering the copier. The record exists on A alone for that whole span: that span is the copy lag.",
        watch_for: vec![
            "The writer is acknowledged by A before the copier has even read the record.",
            "A record's copy latency is its wait for the next fetch, plus the round trip, plus B's own write; it never drops below the hop's floor.",
            "Stalling the copier changes nothing for the writer: its acknowledgements keep coming after the same delay.",
        ],
        knobs: vec![
            Knob::range("rtt_ms", "Link round trip (ms)", 0.0, 400.0, 10.0, 80.0),
            Knob::range("poll_ms", "Copier poll interval (ms)", 50.0, 2000.0, 50.0, 500.0),
            Knob::range("durability_ms", "Source durability delay (ms)", 0.0, 100.0, 5.0, 5.0),
        ],
        buttons: hop_buttons("a-to-b", "A"),
        highlights: vec![],
        builder: |v: &KnobValues| {
            let options = HopOptions {
                rtt_ms: v.number("rtt_ms")? as u64,
                poll_interval_ms: v.number("poll_ms")? as u64,
                target_write_ms: 10,
                map_every: Some(10),
                ..HopOptions::default()
            };
            let mut t = one_hop(2.0, 1, options);
            t.writers[0].interval_ms = 500;
            t.writers[0].durability_ms = v.number("durability_ms")? as u64;
            Ok(spec("follow-one-record", t, vec![], secs(20.0)))
        },
    }
}

pub fn lag_components() -> Scenario {
    Scenario {
        id: "lag-components",
        title: "What copy lag is made of",
        card: "copy-lag",
        summary: "A steady writer on A and a copier to B with every lag component on a knob: read cadence, link round trip, B's write, batch size, workers and a throughput cap. Each shrinks or widens the lag; none takes it to zero. Cap the copier below the production rate and the lag grows without bound.",
        watch_for: vec![
            "Lag in records (source end minus the copier's position) and lag in seconds (age of the oldest uncopied record) move together.",
            "Lowering the poll interval or the round trip narrows the lag but it never reaches zero.",
            "A throughput cap under the writer's rate makes the lag climb for as long as the run lasts.",
        ],
        knobs: vec![
            Knob::range("rate", "Writer rate (records/s)", 10.0, 2000.0, 10.0, 400.0),
            Knob::range("poll_ms", "Poll interval (ms)", 50.0, 2000.0, 50.0, 200.0),
            Knob::range("rtt_ms", "Link round trip (ms)", 0.0, 400.0, 10.0, 60.0),
            Knob::range("write_ms", "Target write (ms)", 0.0, 100.0, 5.0, 10.0),
            Knob::range("batch", "Batch size (records)", 10.0, 5000.0, 10.0, 200.0),
            Knob::range("workers", "Copier workers", 1.0, 4.0, 1.0, 1.0),
            Knob::range("cap", "Throughput cap (records/s, 0 = none)", 0.0, 2000.0, 50.0, 0.0),
        ],
        buttons: hop_buttons("a-to-b", "A"),
        highlights: vec![],
        builder: |v: &KnobValues| {
            let cap = v.number("cap")? as u64;
            let options = HopOptions {
                poll_interval_ms: v.number("poll_ms")? as u64,
                rtt_ms: v.number("rtt_ms")? as u64,
                rtt_jitter_ms: 10,
                target_write_ms: v.number("write_ms")? as u64,
                batch_max: v.number("batch")? as u64,
                workers: v.number("workers")? as u32,
                max_records_per_sec: (cap > 0).then_some(cap),
                ..HopOptions::default()
            };
            Ok(spec("lag-components", one_hop(v.number("rate")?, 4, options), vec![], secs(60.0)))
        },
    }
}

pub fn stall_and_backlog() -> Scenario {
    Scenario {
        id: "stall-and-backlog",
        title: "A stalled copier and the recovery point",
        card: "rpo-floor",
        summary: "The copier stalls for a while and then resumes. Writers on A never notice: their acknowledgements arrive after the same delay throughout. What grows is the uncopied tail, the records that exist on A only: losing A at that moment would lose exactly those. After the stall the copier works the backlog off at its full speed.",
        watch_for: vec![
            "The writer's acknowledgement delay stays at A's durability delay during the stall.",
            "The uncopied tail (and the lag in seconds) climbs for the whole stall: that is the recovery point if A is lost now.",
            "After the copier resumes, the backlog drains at the copier's capacity, not instantly.",
        ],
        knobs: vec![
            Knob::range("stall_s", "Stall length (s)", 0.0, 60.0, 5.0, 20.0),
            Knob::range("batch", "Batch size (catch-up speed)", 50.0, 5000.0, 50.0, 300.0),
            Knob::toggle("lose_a", "Lose site A right after the stall", false),
        ],
        buttons: hop_buttons("a-to-b", "A"),
        highlights: vec![],
        builder: |v: &KnobValues| {
            let options = HopOptions {
                batch_max: v.number("batch")? as u64,
                ..HopOptions::default()
            };
            let stall = v.number("stall_s")?;
            let mut timeline = vec![
                cmd(20.0, Command::StallHop { hop: s("a-to-b") }),
                cmd(20.0 + stall, Command::ResumeHop { hop: s("a-to-b") }),
            ];
            if v.toggle("lose_a")? {
                timeline[1] = cmd(20.0 + stall, Command::LoseSite { site: s("A") });
            }
            Ok(spec("stall-and-backlog", one_hop(200.0, 2, options), timeline, secs(90.0)))
        },
    }
}

pub fn subtraction_fallacy() -> Scenario {
    Scenario {
        id: "subtraction-fallacy",
        title: "Target position minus source position is not lag",
        card: "lag-by-subtraction",
        summary: "B's stream already held records before the copier started, and the copier started after A's stream had been running. The chart shows the true lag, measured in A's own space, beside the subtraction of the two ends. The subtraction is large and steady even when the hop is fully caught up, and it does not move when the real lag does.",
        watch_for: vec![
            "The true lag (A's end minus the copier's position on A) is small and returns to zero-ish after each batch.",
            "The subtraction stays at whatever offset the two numberings happen to have, caught up or not.",
            "Stall the copier: the true lag climbs; the subtraction moves by the same records but starts from a meaningless base.",
        ],
        knobs: vec![
            Knob::range("target_start", "Where B's numbering stood", 0.0, 100000.0, 1000.0, 40000.0),
            Knob::toggle("late_start", "Copier starts 10 s late, from the end", true),
        ],
        buttons: vec![
            button("stall", "Stall the copier", Command::StallHop { hop: s("a-to-b") }),
            button("resume", "Resume the copier", Command::ResumeHop { hop: s("a-to-b") }),
        ],
        highlights: vec![Highlight::Subtraction],
        builder: |v: &KnobValues| {
            let late = v.toggle("late_start")?;
            let options = HopOptions {
                start_at_ms: if late { secs(10.0) } else { 0 },
                start_from: if late { StartFrom::Latest } else { StartFrom::Earliest },
                ..HopOptions::default()
            };
            let mut t = one_hop(100.0, 1, options);
            t.streams[1].start_position = v.number("target_start")? as u64;
            Ok(spec("subtraction-fallacy", t, vec![], secs(40.0)))
        },
    }
}
