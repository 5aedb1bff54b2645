//! Two position spaces: why numbers drift, what a sampled map gives back, and where a
//! reader group lands when it moves.

use super::{button, Highlight, Scenario, RESUME_OPTIONS};
use crate::knobs::{Knob, KnobValues};
use crate::spec::kit::*;
use crate::spec::*;

pub fn drift_causes() -> Scenario {
    Scenario {
        id: "drift-causes",
        title: "Why the two numberings drift apart",
        card: "position-map",
        summary: "Each cause of drift has a toggle: the copier starts late, old records age out of A before it reads them, a restart re-appends what it had not committed, a filter leaves one writer's records behind, and B's stream already held records. Each one moves B's numbering away from A's; the measures name the cause and count it.",
        watch_for: vec![
            "With every toggle off the two numberings still agree only by coincidence: a single restart ends it.",
            "The drift of the last copied record (B's position minus A's) equals the sum of the causes listed.",
            "The position map keeps resolving correctly whatever the drift, because the copier wrote it while it knew both sides.",
        ],
        knobs: vec![
            Knob::toggle("late_start", "Copier starts late (10 s)", true),
            Knob::toggle("aged_out", "A keeps only 500 records per part", true),
            Knob::toggle("restart", "Copier restarts at 20 s (commits every 5 s)", true),
            Knob::toggle("filter", "Filter out the audit writer", false),
            Knob::toggle("target_not_empty", "B's stream already held 10,000 records", false),
        ],
        buttons: vec![
            button("restart", "Restart the copier", Command::RestartHop { hop: s("a-to-b") }),
            button("start", "Start the copier now", Command::StartHop { hop: s("a-to-b") }),
        ],
        highlights: vec![Highlight::Subtraction, Highlight::Drift],
        builder: |v: &KnobValues| {
            let options = HopOptions {
                start_at_ms: if v.toggle("late_start")? { secs(10.0) } else { 0 },
                start_from: if v.toggle("late_start")? { StartFrom::Latest } else { StartFrom::Earliest },
                commit_interval_ms: 5000,
                filter: Filter {
                    drop_writers: if v.toggle("filter")? { vec![s("audit")] } else { vec![] },
                },
                map_every: Some(50),
                ..HopOptions::default()
            };
            let mut a = stream("A", "orders", 2);
            if v.toggle("aged_out")? {
                a.retention.max_records = Some(500);
            }
            let mut b = stream("B", "orders", 2);
            if v.toggle("target_not_empty")? {
                b.start_position = 10_000;
            }
            let t = Topology {
                sites: sites(&["A", "B"]),
                streams: vec![a, b],
                hops: vec![hop("a-to-b", at("A", "orders"), at("B", "orders"), options)],
                writers: vec![writer("w1", "A", "orders", 100.0), writer("audit", "A", "orders", 20.0)],
                ..Topology::default()
            };
            let timeline = if v.toggle("restart")? {
                vec![cmd(20.0, Command::RestartHop { hop: s("a-to-b") })]
            } else {
                vec![]
            };
            Ok(spec("drift-causes", t, timeline, secs(40.0)))
        },
    }
}

/// A writer and a slower reader group on A, a copier to B that syncs the group's committed
/// positions every second, A lost at 30 s and the reader group moved to B at 32 s by `rule`.
fn failover_topology(map_every: Option<u64>, stamps: Timestamps, reader_rate: f64) -> Topology {
    // The copier syncs the group's committed positions every second: what survives A.
    failover_topology_with(map_every, stamps, reader_rate, Some(1_000))
}

fn failover_topology_with(
    map_every: Option<u64>,
    stamps: Timestamps,
    reader_rate: f64,
    checkpoint_every_ms: Option<u64>,
) -> Topology {
    let options = HopOptions {
        checkpoint_every_ms,
        start_at_ms: secs(3.0),
        start_from: StartFrom::Latest,
        timestamps: stamps,
        map_every,
        ..HopOptions::default()
    };
    Topology {
        sites: sites(&["A", "B"]),
        streams: vec![stream("A", "orders", 2), stream("B", "orders", 2)],
        hops: vec![hop("a-to-b", at("A", "orders"), at("B", "orders"), options)],
        writers: vec![writer("w1", "A", "orders", 100.0)],
        readers: vec![committing_every_second(reader(
            "billing",
            "A",
            "orders",
            reader_rate,
        ))],
        ..Topology::default()
    }
}

/// A group tuned to commit every second (Kafka's default is 5 s), so that what a move
/// over a copier syncing every second replays is mostly the map's doing.
pub(super) fn committing_every_second(mut r: ReaderSpec) -> ReaderSpec {
    r.commit_every_ms = 1_000;
    r
}

fn failover_timeline(rule: &str, stall: bool) -> Vec<TimedCommand> {
    let mut t = Vec::new();
    if stall {
        // A backlog earlier in the run: arrival times on B bunch up behind it.
        t.push(cmd(8.0, Command::StallHop { hop: s("a-to-b") }));
        t.push(cmd(18.0, Command::ResumeHop { hop: s("a-to-b") }));
    }
    t.extend([
        cmd(30.0, Command::LoseSite { site: s("A") }),
        cmd(
            32.0,
            Command::MoveWriter {
                writer: s("w1"),
                site: s("B"),
            },
        ),
        cmd(
            32.0,
            Command::MoveReader {
                reader: s("billing"),
                site: s("B"),
                rule: ResumeRule::parse(rule).unwrap_or(ResumeRule::PositionMap),
            },
        ),
    ]);
    t
}

fn failover_buttons() -> Vec<super::Button> {
    ResumeRule::ALL
        .iter()
        .map(|&rule| {
            let (id, label) = match rule {
                ResumeRule::RawNumber => ("move-raw", "Move readers to B: same number"),
                ResumeRule::PositionMap => ("move-map", "Move readers to B: position map"),
                ResumeRule::Timestamp => ("move-time", "Move readers to B: timestamp"),
                ResumeRule::Start => ("move-start", "Move readers to B: start"),
                ResumeRule::End => ("move-end", "Move readers to B: end"),
            };
            button(
                id,
                label,
                Command::MoveReader {
                    reader: s("billing"),
                    site: s("B"),
                    rule,
                },
            )
        })
        .chain([button(
            "lose-a",
            "Lose site A",
            Command::LoseSite { site: s("A") },
        )])
        .collect()
}

pub fn sampled_map() -> Scenario {
    Scenario {
        id: "sampled-map",
        title: "A sampled position map resolves at or before",
        card: "position-map",
        summary: "The copier writes a position-map pair every N records per part. When A is lost and the reader group is moved to B through the map, each part lands at or before the record it had reached: some replay, never a gap. The sparser the map, the more replay; with no map at all there is nothing to translate with.",
        watch_for: vec![
            "The gap after the move is zero and the replay is small near the live end: within N records per part, plus what the group read after the checkpoint B holds (it commits every second and the copier checkpoints every second, but a checkpoint only moves when its translation moves forward, so it may be a few seconds old). A part far behind lands further back, at worst by more records than it trailed the live end, because the copier keeps 64 pairs per part, dense near the live end and thinning with age (MirrorMaker 2's store).",
            "Move the slider: small N replays almost nothing; large N replays up to about N.",
            "Switch the map off: the move falls back to the start of B's stream and replays everything.",
        ],
        knobs: vec![
            Knob::range("map_every", "Map pair every N records", 1.0, 1000.0, 1.0, 100.0),
            Knob::toggle("map_on", "Copier writes a position map", true),
        ],
        buttons: failover_buttons(),
        highlights: vec![Highlight::Drift],
        builder: |v: &KnobValues| {
            let map = v.toggle("map_on")?.then_some(v.number("map_every")? as u64);
            let t = failover_topology(map, Timestamps::KeepSource, 90.0);
            Ok(spec("sampled-map", t, failover_timeline("position-map", false), secs(45.0)))
        },
    }
}

pub fn failover_resume() -> Scenario {
    Scenario {
        id: "failover-resume",
        title: "Where a reader group resumes on the standby",
        card: "reader-resume",
        summary: "A reader group on A is behind the writer, and the copier had a stall earlier. A is lost and the group moves to B. Pick the resume rule: the same raw number lands on an unrelated record because B numbers differently; the position map lands before the old place, by more the further behind the group is; a timestamp lands near it only if the copier kept the source's timestamps; start and end are the blunt ends of replay and gap.",
        watch_for: vec![
            "Raw number: B's numbering is behind A's, so the same number points past the group's place and silently skips records.",
            "Position map: no gap, and never more replay than the start. It lands before its place by what it read after its last synced commit and by the map's spacing there (64 pairs per part, sparse further back, as in MirrorMaker 2).",
            "Timestamp: close if the copier kept source timestamps, far off if it stamped arrival times.",
            "The group's own positions die with A: on B only what the copier synced before the loss is known. The group commits every second and the copier syncs its committed positions (checkpoints, translated when taken: MirrorMaker 2 writes one every 60 s by default), so it re-reads at least what it processed since the last synced commit, still no gap. A checkpoint never moves back, so while the map thins out a recent one keeps the finer, earlier translation.",
            "With no positions synced, the group starts on B as a new group does, from the oldest record, whatever rule was asked for: everything is read again.",
        ],
        knobs: vec![
            Knob::choice("resume", "Resume rule", RESUME_OPTIONS, "raw-number"),
            Knob::choice(
                "timestamps",
                "Copier timestamps",
                &[("keep-source", "Keep the source's"), ("stamp-arrival", "Stamp arrival time")],
                "keep-source",
            ),
            Knob::choice(
                "checkpoints",
                "Group positions synced",
                &[
                    ("every-1s", "Every second"),
                    ("every-5s", "Every 5 s"),
                    ("every-20s", "Every 20 s"),
                    ("never", "Never"),
                ],
                "every-1s",
            ),
        ],
        buttons: failover_buttons(),
        highlights: vec![],
        builder: |v: &KnobValues| {
            let stamps = match v.choice("timestamps")? {
                "stamp-arrival" => Timestamps::StampArrival,
                _ => Timestamps::KeepSource,
            };
            let checkpoints = match v.choice("checkpoints")? {
                "every-5s" => Some(5_000),
                "every-20s" => Some(20_000),
                "never" => None,
                _ => Some(1_000),
            };
            let t = failover_topology_with(Some(100), stamps, 90.0, checkpoints);
            Ok(spec("failover-resume", t, failover_timeline(v.choice("resume")?, true), secs(45.0)))
        },
    }
}

pub fn replay_vs_gap() -> Scenario {
    Scenario {
        id: "replay-vs-gap",
        title: "Restart early (replay) or late (gap)",
        card: "replay-or-gap",
        summary: "A slow reader group is well behind when A is lost. Every resume rule trades records read twice against records never read: the start replays everything, the end skips the whole backlog, the map and a timestamp land early by a margin. A repeat can usually be absorbed downstream; a skipped record usually cannot be noticed at all.",
        watch_for: vec![
            "End: zero replay, and a gap equal to the group's backlog at the moment of the move.",
            "Start: zero gap, and a replay of everything it had already processed that B still holds.",
            "A sparse map (large N) still errs on the side of replay, never gap.",
        ],
        knobs: vec![
            Knob::choice("resume", "Resume rule", RESUME_OPTIONS, "position-map"),
            Knob::range("map_every", "Map pair every N records", 1.0, 2000.0, 1.0, 500.0),
            Knob::range("reader_rate", "Reader rate (records/s)", 10.0, 100.0, 5.0, 60.0),
        ],
        buttons: failover_buttons(),
        highlights: vec![],
        builder: |v: &KnobValues| {
            let t = failover_topology(
                Some(v.number("map_every")? as u64),
                Timestamps::KeepSource,
                v.number("reader_rate")?,
            );
            Ok(spec("replay-vs-gap", t, failover_timeline(v.choice("resume")?, false), secs(45.0)))
        },
    }
}
