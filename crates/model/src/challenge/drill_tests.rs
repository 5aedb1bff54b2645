//! The failover drills: each shipped drill's best moves pass and its flawed move lists
//! fail what they name, the drill measures on estates small enough to work out by hand,
//! and the debrief.

use super::tests::{missed, named, shipped};
use super::*;

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

    /// A realistic on-call night: nobody looks until four minutes after the fault (the
    /// page missed once, a laptop opened), then the runbook's moves one after another a
    /// minute apart. Every drill's 15-minute target allows it, so it passes.
    #[test]
    fn a_late_and_unhurried_on_call_still_passes_every_drill() {
        for c in &drills() {
            let d = c.drill.as_ref().unwrap();
            let first = d.best_moves.iter().map(|m| m.at_ms).min().unwrap();
            let late: Vec<TimedCommand> = d
                .best_moves
                .iter()
                .enumerate()
                .map(|(i, m)| TimedCommand {
                    at_ms: (m.at_ms - first).max(60_000 * i as u64) + 240_000,
                    command: m.command.clone(),
                })
                .collect();
            assert_eq!(missed_by(c, &late), Vec::<String>::new(), "{}", c.id);
        }
    }

    #[test]
    fn every_payments_drill_bounds_what_settlement_settles_twice() {
        let payments = drills().into_iter().filter(|c| {
            let streams = &c.givens.streams;
            streams.iter().any(|s| s.name == "payments")
        });
        let mut seen = 0;
        for c in payments {
            seen += 1;
            let d = c.drill.as_ref().unwrap();
            let rate: f64 = c.givens.writers.iter().map(|w| w.rate_per_sec).sum();
            for g in &c.givens.readers {
                let replay = Measure::Replay {
                    group: Some(g.id.clone()),
                };
                let (i, r) = (c.requirements.iter().enumerate())
                    .find(|(_, r)| r.measure == replay && r.at_most.is_some())
                    .unwrap_or_else(|| panic!("{}: nothing bounds {}'s replay", c.id, g.id));
                // Resumed at its last commit as the copier synced it (every second), a
                // group settles again at most what it settled in a commit interval and a
                // sync: the best moves stay within it, and the bound leaves room for it.
                let derived = (g.commit_every_ms + 1_000) as f64 / 1_000.0 * rate;
                assert!(r.at_most.unwrap() >= derived, "{}: {r:?}", c.id);
                for seed in 1..=u64::from(c.seeds) {
                    let best = run_once(&c, &c.reference, &d.best_moves, seed).unwrap()[i];
                    assert!(best <= derived, "{} seed {seed}: {best} > {derived}", c.id);
                }
            }
        }
        assert!(seen >= 1);
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
                70_000,
                Command::Promote {
                    hop: "payments-dr".into(),
                },
            ),
            (
                70_000,
                Command::MoveWriter {
                    writer: "w".into(),
                    site: "standby".into(),
                },
            ),
            (
                200_000,
                Command::MoveReader {
                    reader: "settle".into(),
                    site: "standby".into(),
                    rule: ResumeRule::RawNumber,
                },
            ),
        ]);
        let run = drill_run(&c, &c.reference, &moves, 1).unwrap();
        let rto = run.rto_ms.unwrap();
        // Made at 70 s, the promote acts at 80 s and the writers' restart at 130 s; settle,
        // made at 200 s, acts at 230 s. The writer wrote 100 s on the standby (100,000
        // payments) by then, and settle lands on its last commit the mirror synced: r
        // payments before the mirror's end, r from 0 to about 6,000 (it commits every
        // 5 s, the mirror syncs every second, at 1,000/s). Settle reads 1,200/s against
        // 1,000/s written, 200/s net, so it is within a second (1,200) of the end
        // (100,000 + r - 1,200) / 200 s later: 494 to 524 s after 230 s, 724 to 754 s.
        assert!((720_000..=760_000).contains(&rto), "{rto}");
        let total: Millis = run.stages.iter().map(|s| s.ms).sum();
        assert_eq!(total, rto);
        let noticing = &run.stages[0];
        assert_eq!((noticing.name, noticing.ms), (StageName::Noticing, 70_000));
    }

    #[test]
    fn each_move_acts_once_its_mechanism_has_run() {
        let c = named("failover-drill");
        let made = 90_000;
        let moves = at(&[
            (
                made,
                Command::Promote {
                    hop: "payments-dr".into(),
                },
            ),
            (
                made,
                Command::MoveReader {
                    reader: "settle".into(),
                    site: "standby".into(),
                    rule: ResumeRule::RawNumber,
                },
            ),
            (
                made,
                Command::MoveWriter {
                    writer: "w".into(),
                    site: "standby".into(),
                },
            ),
            (
                made,
                Command::FenceSite {
                    site: "primary".into(),
                },
            ),
        ]);
        let spec = c.spec_for(&c.reference, &moves, 1);
        let fault = crate::challenge::first_fault_ms(&spec.timeline).unwrap();
        let acts = |word: &str| {
            spec.timeline
                .iter()
                .find(|m| m.at_ms > fault && format!("{:?}", m.command).starts_with(word))
                .map(|m| m.at_ms - fault - made)
                .unwrap()
        };
        // A promote is one admin command; a group is stopped, reset and started; the
        // writers are restarted; and the lost primary cannot be fenced through itself,
        // so a network change around it is the slowest of all.
        assert_eq!(acts("Promote"), 10_000);
        assert_eq!(acts("MoveReader"), 30_000);
        assert_eq!(acts("MoveWriter"), 60_000);
        assert_eq!(acts("FenceSite"), 120_000);
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
    fn writers_at_two_sites_by_design_are_no_split_brain() {
        // Active/active: wa writes `s` at A and wb at B from the start, on purpose, and
        // that is no split; a writer meant for A alone moved to B while A still takes
        // another's writes is one.
        let both_by_design = run(r#"{"version":1,"name":"aa","duration_ms":10000,
          "topology":{"sites":[{"name":"A"},{"name":"B"}],
            "streams":[{"site":"A","name":"s","parts":1},{"site":"B","name":"s","parts":1}],
            "writers":[{"id":"wa","site":"A","stream":"s","rate_per_sec":1000,"interval_ms":100},
                       {"id":"wb","site":"B","stream":"s","rate_per_sec":1000,"interval_ms":100}]}}"#);
        let split = |sim: &Sim| {
            sim.measures()
                .writers
                .iter()
                .map(|w| w.split_writes)
                .sum::<u64>()
        };
        assert_eq!(split(&both_by_design), 0);
    }

    #[test]
    fn a_writer_stopped_or_slowed_below_its_rate_is_not_working() {
        // The writer's site is lost at 5 s and the "move" a candidate makes is to stop
        // it, or to slow it to 1/s at the standby: neither is the business working again.
        let ran = |moves: &str| {
            let sim = run(&format!(
                r#"{{"version":1,"name":"idle","duration_ms":20000,
              "topology":{{"sites":[{{"name":"A"}},{{"name":"B"}}],
                "streams":[{{"site":"A","name":"s","parts":1}},{{"site":"B","name":"s","parts":1}}],
                "writers":[{{"id":"w","site":"A","stream":"s","rate_per_sec":1000,"interval_ms":100}}]}},
              "timeline":[{{"at_ms":5000,"command":{{"do":"lose-site","site":"A"}}}},{moves}]}}"#
            ));
            sim.recovery().into_iter().find(|a| a.id == "w").unwrap()
        };
        let stopped = ran(r#"{"at_ms":6000,"command":{"do":"stop-writer","writer":"w"}}"#);
        assert!(!stopped.working(), "{stopped:?}");
        let slowed = ran(
            r#"{"at_ms":6000,"command":{"do":"move-writer","writer":"w","site":"B"}},
            {"at_ms":6000,"command":{"do":"set-writer-rate","writer":"w","rate_per_sec":1}}"#,
        );
        assert!(!slowed.working(), "{slowed:?}");
        // At its given rate again, it works again.
        let restored = ran(
            r#"{"at_ms":6000,"command":{"do":"move-writer","writer":"w","site":"B"}},
            {"at_ms":6000,"command":{"do":"set-writer-rate","writer":"w","rate_per_sec":1}},
            {"at_ms":9000,"command":{"do":"set-writer-rate","writer":"w","rate_per_sec":1000}}"#,
        );
        assert!(
            restored.working() && restored.back_at >= Some(9_000),
            "{restored:?}"
        );
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

#[test]
fn a_partition_drills_debrief_names_the_failback_step_left_undone() {
    let c = named("partition-drill");
    let flawed = &c.drill.as_ref().unwrap().flawed;
    let left = flawed.iter().find(|f| f.id == "stranded-left").unwrap();
    let d = debrief(&c, &c.reference, &left.moves, 1).unwrap();
    let never = d
        .differences
        .iter()
        .find(|x| {
            x.says.starts_with(
                "You never made this move: The records mirror orders-link never copied",
            )
        })
        .unwrap_or_else(|| panic!("{:#?}", d.differences));
    assert_eq!(never.card, "failback");
    let stranded = d
        .differences
        .iter()
        .find(|x| x.says.starts_with("every order the primary acknowledged"))
        .unwrap_or_else(|| panic!("{:#?}", d.differences));
    assert!(
        stranded.cost.contains("the best run measured 0"),
        "{stranded:?}"
    );
}
