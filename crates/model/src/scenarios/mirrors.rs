//! An offset-preserving mirror beside a translating copier: the same source, the same
//! site loss, the same resume rule, and two very different landings.

use super::positions::committing_every_second;
use super::{button, Scenario, RESUME_OPTIONS};
use crate::knobs::{Knob, KnobValues};
use crate::spec::kit::*;
use crate::spec::*;

/// A mirror to B, a translating copy to C, and one reader group headed for each.
fn side_by_side(drift: &str) -> Topology {
    // Both sync the groups' committed positions every second (a cluster link's consumer
    // offset sync; MirrorMaker 2's checkpoints tuned down from 60 s): all B and C know
    // of a group once A is lost.
    let mirror = HopOptions {
        kind: HopKind::Mirror,
        map_every: None,
        checkpoint_every_ms: Some(1_000),
        ..HopOptions::default()
    };
    let mut translate = HopOptions {
        map_every: Some(100),
        checkpoint_every_ms: Some(1_000),
        ..HopOptions::default()
    };
    let mut c = stream("C", "orders", 2);
    match drift {
        "restart" => translate.commit_interval_ms = 5_000,
        "target-not-empty" => c.start_position = 10_000,
        _ => {
            translate.start_at_ms = secs(5.0);
            translate.start_from = StartFrom::Latest;
        }
    }
    Topology {
        sites: sites(&["A", "B", "C"]),
        streams: vec![stream("A", "orders", 2), stream("B", "orders", 2), c],
        hops: vec![
            hop("a-to-b", at("A", "orders"), at("B", "orders"), mirror),
            hop("a-to-c", at("A", "orders"), at("C", "orders"), translate),
        ],
        writers: vec![writer("w1", "A", "orders", 100.0)],
        readers: vec![
            committing_every_second(reader("billing-b", "A", "orders", 60.0)),
            committing_every_second(reader("billing-c", "A", "orders", 60.0)),
        ],
        ..Topology::default()
    }
}

fn move_reader(id: &str, site: &str, rule: ResumeRule) -> Command {
    Command::MoveReader {
        reader: s(id),
        site: s(site),
        rule,
    }
}

pub fn mirror_vs_translate() -> Scenario {
    Scenario {
        id: "mirror-vs-translate",
        title: "A mirror keeps the numbers; a translating copy does not",
        card: "position-map",
        summary: "One source on A feeds two copies: an offset-preserving mirror on B (every record keeps its position; B is read-only until promoted) and a translating copier on C (C numbers the copies itself and writes a position map). A is lost and two identical reader groups move by the same raw number, one to each copy. Both copiers sync the groups' committed positions every second. On the mirror the group lands on its last synced commit, the same record it had reached then; on the translated copy the same number names a different record.",
        watch_for: vec![
            "On B every copy sits at its source position: the mirror's drift is 0 and it writes no map.",
            "By raw number, the group moved to B skips nothing and replays only what it read after its last synced commit (about two seconds at most); the group moved to C lands off by the copy's drift.",
            "Through the map the C group lands safely too, a little early; the mirror needed no map at all.",
            "Without the promotion the writer moved to B is refused: a mirror's target takes no writes until promoted.",
        ],
        knobs: vec![
            Knob::choice("rule", "Resume rule for both groups", RESUME_OPTIONS, "raw-number"),
            Knob::choice(
                "drift",
                "Why C numbers differently",
                &[
                    ("late-start", "Its copier started 5 s late"),
                    ("restart", "Its copier restarted at 12 s (duplicates)"),
                    ("target-not-empty", "C's stream already held 10,000 records"),
                ],
                "late-start",
            ),
            Knob::toggle("promote", "Promote the mirror before moving the writer to B", true),
        ],
        buttons: vec![
            button("lose-a", "Lose site A", Command::LoseSite { site: s("A") }),
            button("promote", "Promote the mirror on B", Command::Promote { hop: s("a-to-b") }),
            button("move-b-raw", "Move billing-b to B: same number", move_reader("billing-b", "B", ResumeRule::RawNumber)),
            button("move-c-raw", "Move billing-c to C: same number", move_reader("billing-c", "C", ResumeRule::RawNumber)),
            button("move-c-map", "Move billing-c to C: position map", move_reader("billing-c", "C", ResumeRule::PositionMap)),
            button("move-writer", "Move the writer to B", Command::MoveWriter { writer: s("w1"), site: s("B") }),
        ],
        highlights: vec![],
        builder: |v: &KnobValues| {
            let drift = v.choice("drift")?;
            let rule = ResumeRule::parse(v.choice("rule")?).unwrap_or(ResumeRule::RawNumber);
            let mut timeline = Vec::new();
            if drift == "restart" {
                timeline.push(cmd(12.0, Command::RestartHop { hop: s("a-to-c") }));
            }
            timeline.push(cmd(30.0, Command::LoseSite { site: s("A") }));
            if v.toggle("promote")? {
                timeline.push(cmd(31.0, Command::Promote { hop: s("a-to-b") }));
            }
            timeline.extend([
                cmd(32.0, Command::MoveWriter { writer: s("w1"), site: s("B") }),
                cmd(32.0, move_reader("billing-b", "B", rule)),
                cmd(32.0, move_reader("billing-c", "C", rule)),
            ]);
            Ok(spec("mirror-vs-translate", side_by_side(drift), timeline, secs(45.0)))
        },
    }
}
