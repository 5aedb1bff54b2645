//! Every shipped brief: its reference design passes on every seed, and designs with the
//! flaws a candidate makes fail on the requirement that names the flaw.

use super::*;
use crate::spec::{HopKind, OriginStamp, TimedCommand};

fn shipped() -> Vec<Challenge> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/challenges");
    let mut out: Vec<Challenge> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            Challenge::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        })
        .collect();
    out.sort_by(|a, b| a.id.cmp(&b.id));
    out
}

fn shipped_ids() -> Vec<&'static str> {
    SHIPPED.iter().map(|(id, _)| *id).collect()
}

fn named(id: &str) -> Challenge {
    shipped().into_iter().find(|c| c.id == id).unwrap()
}

fn failed(c: &Challenge, design: &Topology) -> Vec<String> {
    missed(c, design, &[])
}

/// The requirements `design` with `moves` misses.
fn missed(c: &Challenge, design: &Topology, moves: &[TimedCommand]) -> Vec<String> {
    let v = grade(c, design, moves, None).unwrap_or_else(|e| panic!("{}: {e}", c.id));
    v.requirements
        .iter()
        .filter(|r| !r.passed)
        .map(|r| r.id.clone())
        .collect()
}

#[test]
fn at_least_eight_briefs_and_each_reference_passes_on_every_seed() {
    let all = shipped();
    assert!(all.len() >= 8, "{} briefs", all.len());
    for c in &all {
        assert!(c.seeds >= 5, "{}", c.id);
        assert!(
            shipped_ids().contains(&c.id.as_str()),
            "{} is listed in SHIPPED",
            c.id
        );
        let cards = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/cards");
        for card in c.cards.iter().chain(c.requirements.iter().map(|r| &r.card)) {
            assert!(
                cards.join(format!("{card}.md")).exists(),
                "{}: card {card}",
                c.id
            );
        }
        // A drill's reference is the estate; its best moves are the failover.
        let moves = c.drill.as_ref().map_or(&[][..], |d| &d.best_moves);
        let v = grade(c, &c.reference, moves, None).unwrap_or_else(|e| panic!("{}: {e}", c.id));
        assert!(v.passed, "{}: {:#?}", c.id, v.requirements);
        // The givens alone (no copies) fail something: the brief asks for work.
        let bare = grade(c, &c.givens, &[], None)
            .map(|v| v.passed)
            .unwrap_or(false);
        assert!(!bare, "{}: the givens alone pass", c.id);
    }
}

#[test]
fn active_active_without_a_stamp_echoes_and_one_way_misses_a_region() {
    let c = named("active-active-orders");
    let mut loud = c.reference.clone();
    for h in &mut loud.hops {
        h.options.stamp = OriginStamp::None;
    }
    assert!(failed(&c, &loud).contains(&"no-echo".to_string()));
    let mut one_way = c.reference.clone();
    one_way.hops.truncate(1);
    assert!(failed(&c, &one_way).contains(&"every-order-everywhere".to_string()));
}

#[test]
fn dr_without_a_resume_plan_skips_and_without_a_copy_loses_everything() {
    let c = named("dr-one-way");
    let mut unplanned = c.reference.clone();
    unplanned.readers[0].planned_resume = None;
    assert!(failed(&c, &unplanned).contains(&"no-skip".to_string()));
    let mut from_start = c.reference.clone();
    from_start.readers[0].planned_resume = Some(ResumeRule::Start);
    assert!(failed(&c, &from_start).contains(&"bounded-replay".to_string()));
    let mut no_copy = c.reference.clone();
    no_copy.hops.clear();
    assert!(failed(&c, &no_copy).contains(&"rpo".to_string()));
}

#[test]
fn a_ring_that_forwards_nothing_misses_an_office_and_one_with_no_stop_echoes() {
    let c = named("ring-of-three");
    let mut local_only = c.reference.clone();
    for h in &mut local_only.hops {
        h.options.stamp = OriginStamp::Marker;
        h.options.forward_only_local = true;
    }
    assert!(failed(&c, &local_only).contains(&"every-event-everywhere".to_string()));
    let mut no_stop = c.reference.clone();
    for h in &mut no_stop.hops {
        h.options.stamp = OriginStamp::None;
    }
    assert!(failed(&c, &no_stop).contains(&"no-echo".to_string()));
}

#[test]
fn a_translating_dr_resumed_by_raw_number_skips_and_a_mirror_cannot_be_used() {
    let c = named("dr-translate");
    let mut raw = c.reference.clone();
    raw.readers[0].planned_resume = Some(ResumeRule::RawNumber);
    let f = failed(&c, &raw);
    assert!(
        f.contains(&"no-skip".to_string()) || f.contains(&"bounded-replay".to_string()),
        "{f:?}"
    );
    let mut mirror = c.reference.clone();
    mirror.hops[0].options.kind = HopKind::Mirror;
    assert!(grade(&c, &mirror, &[], None)
        .map(|v| !v.passed)
        .unwrap_or(true));
}

#[test]
fn a_design_that_drops_a_given_is_refused_by_name() {
    let c = named("dr-one-way");
    let mut d = c.reference.clone();
    d.writers[0].rate_per_sec = 10.0;
    let e = grade(&c, &d, &[], None).unwrap_err();
    assert!(e.0.contains("writer w"), "{e}");
}

#[test]
fn the_same_seed_gives_the_same_schedule() {
    let c = named("dr-one-way");
    assert_eq!(
        c.spec_for(&c.reference, &[], 3).timeline,
        c.spec_for(&c.reference, &[], 3).timeline
    );
    assert_ne!(
        c.spec_for(&c.reference, &[], 3).timeline,
        c.spec_for(&c.reference, &[], 4).timeline
    );
}

#[test]
fn fan_in_missing_a_region_or_copying_back_fails() {
    let c = named("fan-in-analytics");
    let mut missing = c.reference.clone();
    missing.hops.retain(|h| h.from.site != "us");
    assert!(failed(&c, &missing).contains(&"all-at-analytics".to_string()));
    let mut back = c.reference.clone();
    let mut h = back.hops[0].clone();
    h.id = "back-to-eu".into();
    (h.from, h.to) = (
        crate::spec::StreamRef {
            site: "analytics".into(),
            stream: "eu.clicks".into(),
        },
        h.from.clone(),
    );
    h.options.stamp = OriginStamp::None;
    back.hops.push(h);
    let f = failed(&c, &back);
    assert!(
        f.contains(&"no-echo".to_string()) && f.contains(&"egress".to_string()),
        "{f:?}"
    );
}

#[test]
fn both_ways_under_one_name_echoes_and_one_way_misses_a_site() {
    let c = named("prefixed-both-ways");
    let mut same_name = c.reference.clone();
    for h in &mut same_name.hops {
        h.options.stamp = OriginStamp::None;
        h.to.stream = "orders".into();
    }
    assert!(failed(&c, &same_name).contains(&"no-echo".to_string()));
    let mut one_way = c.reference.clone();
    one_way.hops.truncate(1);
    assert!(failed(&c, &one_way).contains(&"every-order-everywhere".to_string()));
}

#[test]
fn a_hub_that_forwards_everything_echoes_and_one_that_forwards_nothing_misses_sites() {
    let c = named("hub-and-spoke");
    let mut everything = c.reference.clone();
    for h in &mut everything.hops {
        h.options.forward_only_local = false;
    }
    assert!(failed(&c, &everything).contains(&"no-echo".to_string()));
    let mut nothing = c.reference.clone();
    for h in &mut nothing.hops {
        h.options.forward_only_local = true;
    }
    assert!(failed(&c, &nothing).contains(&"every-price-everywhere".to_string()));
}

#[test]
fn an_asynchronous_ledger_loses_entries_and_an_idle_copier_breaks_the_budget() {
    let c = named("sync-ledger");
    let mut asynchronous = c.reference.clone();
    asynchronous.hops[0].options.ack = crate::spec::Ack::Local;
    asynchronous.hops[0].options.poll_interval_ms = 200;
    assert!(failed(&c, &asynchronous).contains(&"rpo-zero".to_string()));
    let mut idle = c.reference.clone();
    idle.hops[0].options.poll_interval_ms = 200;
    assert!(failed(&c, &idle).contains(&"latency".to_string()));
}

mod drills {
    use super::*;
    use crate::spec::{Command, ResumeRule, TimedCommand};

    fn drills() -> Vec<Challenge> {
        shipped()
            .into_iter()
            .filter(|c| c.drill.is_some())
            .collect()
    }

    fn missed_by(c: &Challenge, moves: &[TimedCommand]) -> Vec<String> {
        missed(c, &c.reference, moves)
    }

    #[test]
    fn three_drills_and_each_best_run_passes_and_each_flawed_run_fails_what_it_names() {
        let all = drills();
        assert!(all.len() >= 3, "{} drills", all.len());
        for c in &all {
            let d = c.drill.as_ref().unwrap();
            assert_eq!(
                missed_by(c, &d.best_moves),
                Vec::<String>::new(),
                "{}",
                c.id
            );
            assert!(d.flawed.len() >= 2, "{}", c.id);
            for f in &d.flawed {
                let mut missed = missed_by(c, &f.moves);
                missed.sort();
                let mut named = f.fails.clone();
                named.sort();
                assert_eq!(missed, named, "{}: {}", c.id, f.id);
            }
        }
    }

    #[test]
    fn a_design_with_no_moves_fails_the_failover_drill_on_its_recovery_time() {
        let c = named("failover-drill");
        let v = grade(&c, &c.reference, &[], None).unwrap();
        let rto = v.requirements.iter().find(|r| r.id == "rto").unwrap();
        assert!(!rto.passed && rto.measured.is_infinite(), "{rto:?}");
    }

    #[test]
    fn a_drill_refuses_a_fault_among_the_moves() {
        let c = named("failover-drill");
        let moves = [TimedCommand {
            at_ms: 1_000,
            command: Command::RestoreSite {
                site: "primary".into(),
            },
        }];
        let e = grade(&c, &c.reference, &moves, None).unwrap_err();
        assert!(e.0.contains("the operator's"), "{e}");
    }

    /// Moves at a time after the fault, in order.
    fn at(moves: &[(Millis, Command)]) -> Vec<TimedCommand> {
        moves
            .iter()
            .map(|(at_ms, command)| TimedCommand {
                at_ms: *at_ms,
                command: command.clone(),
            })
            .collect()
    }

    #[test]
    fn the_recovery_time_ends_when_the_reader_group_is_back_within_a_second_of_the_end() {
        let c = named("failover-drill");
        let moves = at(&[
            (
                10_000,
                Command::Promote {
                    hop: "payments-dr".into(),
                },
            ),
            (
                10_000,
                Command::MoveWriter {
                    writer: "w".into(),
                    site: "standby".into(),
                },
            ),
            (
                20_000,
                Command::MoveReader {
                    reader: "settle".into(),
                    site: "standby".into(),
                    rule: ResumeRule::RawNumber,
                },
            ),
        ]);
        let run = drill_run(&c, &c.reference, &moves, 1).unwrap();
        let rto = run.rto_ms.unwrap();
        // The writer wrote 10 s on the standby (10,000 payments) before settle moved at
        // 20 s; settle reads 1,200/s against 1,000/s written, 200/s net, so it is within
        // a second (1,200) of the end (10,000 - 1,200) / 200 = 44 s later: about 64 s.
        assert!((62_000..=66_000).contains(&rto), "{rto}");
        let total: Millis = run.stages.iter().map(|s| s.ms).sum();
        assert_eq!(total, rto);
        let noticing = &run.stages[0];
        assert_eq!((noticing.name, noticing.ms), (StageName::Noticing, 10_000));
    }
}

/// The drill's measures on estates small enough to work out by hand.
mod drill_measures {
    use crate::{ScenarioSpec, Sim};

    fn run(json: &str) -> Sim {
        let spec = ScenarioSpec::from_json(json).unwrap();
        let mut sim = Sim::new(&spec, 7).unwrap();
        sim.advance_to(spec.duration_ms);
        sim
    }

    #[test]
    fn two_writers_on_two_sites_for_five_seconds_split_five_seconds_of_both_rates() {
        // wb moves to B at 10 s, wa follows at 15 s: for 5 s both sites take writes to
        // `s`, 1,000/s each, so 10,000 records, give or take one 100 ms tick at each edge.
        let sim = run(r#"{"version":1,"name":"split","duration_ms":20000,
          "topology":{"sites":[{"name":"A"},{"name":"B"}],
            "streams":[{"site":"A","name":"s","parts":1},{"site":"B","name":"s","parts":1}],
            "writers":[{"id":"wa","site":"A","stream":"s","rate_per_sec":1000,"interval_ms":100},
                       {"id":"wb","site":"A","stream":"s","rate_per_sec":1000,"interval_ms":100}]},
          "timeline":[{"at_ms":10000,"command":{"do":"move-writer","writer":"wb","site":"B"}},
                      {"at_ms":15000,"command":{"do":"move-writer","writer":"wa","site":"B"}}]}"#);
        let split: u64 = sim.measures().writers.iter().map(|w| w.split_writes).sum();
        assert!((9_800..=10_200).contains(&split), "{split}");
    }

    #[test]
    fn a_fenced_site_takes_no_writes_so_moving_its_writers_one_by_one_splits_nothing() {
        let sim = run(r#"{"version":1,"name":"fenced","duration_ms":20000,
          "topology":{"sites":[{"name":"A"},{"name":"B"}],
            "streams":[{"site":"A","name":"s","parts":1},{"site":"B","name":"s","parts":1}],
            "writers":[{"id":"wa","site":"A","stream":"s","rate_per_sec":1000,"interval_ms":100},
                       {"id":"wb","site":"A","stream":"s","rate_per_sec":1000,"interval_ms":100}]},
          "timeline":[{"at_ms":9850,"command":{"do":"fence-site","site":"A"}},
                      {"at_ms":10000,"command":{"do":"move-writer","writer":"wb","site":"B"}},
                      {"at_ms":15000,"command":{"do":"move-writer","writer":"wa","site":"B"}}]}"#);
        let m = sim.measures();
        assert_eq!(m.writers.iter().map(|w| w.split_writes).sum::<u64>(), 0);
        // A's last write is at 9.8 s, two ticks before wb writes at B; wa is refused
        // from the fence until it moves: 5.1 s at 1,000/s.
        let wa = m.writers.iter().find(|w| w.id == "wa").unwrap();
        assert_eq!(wa.refused, 5_100);
    }

    #[test]
    fn a_group_resumed_at_the_end_skips_what_it_had_not_read() {
        // 8,000 records written by 8 s, all mirrored to B by the loss at 10 s. r reads
        // 40 a tick: its tick at 0 finds nothing yet, its 99 ticks from 0.1 s to 9.9 s
        // read 3,960, and its tick at 10 s comes after the move. Resuming at B's end
        // skips the other 8,000 - 3,960 = 4,040.
        let sim = run(r#"{"version":1,"name":"end","duration_ms":12000,
          "topology":{"sites":[{"name":"A"},{"name":"B"}],
            "streams":[{"site":"A","name":"s","parts":1},{"site":"B","name":"s","parts":1}],
            "writers":[{"id":"w","site":"A","stream":"s","rate_per_sec":1000,"interval_ms":100}],
            "readers":[{"id":"r","site":"A","stream":"s","rate_per_sec":400,"interval_ms":100}],
            "hops":[{"id":"m","from":{"site":"A","stream":"s"},"to":{"site":"B","stream":"s"},
                     "options":{"kind":"mirror","map_every":null,"stamp":"none"}}]},
          "timeline":[{"at_ms":8000,"command":{"do":"stop-writer","writer":"w"}},
                      {"at_ms":10000,"command":{"do":"lose-site","site":"A"}},
                      {"at_ms":10000,"command":{"do":"move-reader","reader":"r","site":"B","rule":"end"}}]}"#);
        let r = &sim.measures().readers[0];
        assert_eq!(r.gap, 4_040, "{r:?}");
    }
}

#[test]
fn a_drills_debrief_names_the_resume_rule_and_what_it_cost_with_its_card() {
    let c = named("failover-drill");
    let flawed = &c.drill.as_ref().unwrap().flawed;
    let at_end = flawed.iter().find(|f| f.id == "settle-at-end").unwrap();
    let d = debrief(&c, &c.reference, &at_end.moves, 2).unwrap();
    let rule = d
        .differences
        .iter()
        .find(|x| x.says.contains("resumed by end"))
        .unwrap_or_else(|| panic!("{:#?}", d.differences));
    assert_eq!(rule.card, "reader-resume");
    let skipped = d
        .differences
        .iter()
        .find(|x| x.says.starts_with("settle skips no payment"))
        .unwrap_or_else(|| panic!("{:#?}", d.differences));
    assert!(
        skipped.cost.contains("the best run measured 0"),
        "{skipped:?}"
    );
    assert_eq!(d.best.seed, d.yours.seed);
}
