//! The prover against the plain loop, its threads against one thread, and each
//! property on a design that holds it and on one whose shortest counterexample is
//! worked out by hand. Designs run at a tenth of their templates' rates where only the
//! schedules matter, so the debug build explores hundreds of schedules in seconds.

use super::*;
use crate::spec::{Ack, OriginStamp, ScenarioSpec};

/// A designer template's topology, from `content/designer-templates/<id>.json`.
fn template(id: &str) -> Topology {
    let path = format!(
        "{}/../../content/designer-templates/{id}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("the template is there");
    ScenarioSpec::from_json(&text)
        .expect("the template parses")
        .topology
}

/// The same design at a tenth of its rates.
fn slow(t: Topology) -> Topology {
    slower(t, 10.0)
}

/// The same design at `1 / by` of its rates.
fn slower(mut t: Topology, by: f64) -> Topology {
    t.writers.iter_mut().for_each(|w| w.rate_per_sec /= by);
    t.readers.iter_mut().for_each(|r| r.rate_per_sec /= by);
    t
}

fn proved(t: &Topology, faults: usize, thresholds: &Thresholds) -> Answer {
    let p = Problem::new(t, faults, properties(thresholds)).unwrap();
    prove(&p, u64::MAX)
}

fn property<'a>(a: &'a Answer, id: &str) -> &'a PropertyAnswer {
    a.properties.iter().find(|p| p.id == id).unwrap()
}

/// The faults of `id`'s shortest counterexample.
fn shortest(a: &Answer, id: &str) -> Vec<FaultAt> {
    let p = property(a, id);
    assert!(!p.held, "{id} held (worst {})", p.worst);
    p.counterexample.as_ref().unwrap().faults.clone()
}

fn lose(site: &str, to: &str, at_ms: u64) -> FaultAt {
    FaultAt {
        at_ms,
        fault: Fault::LoseSite {
            site: site.into(),
            fails_over_to: Some(to.into()),
        },
    }
}

#[test]
fn a_shared_prefix_gives_the_figures_a_run_from_zero_gives() {
    let p = Problem::new(
        &slower(template("one-way-dr"), 100.0),
        2,
        properties(&Thresholds::default()),
    )
    .unwrap();
    let shared = prove(&p, u64::MAX);
    // One schedule without faults, 7 instants x 7 faults with one, and pairs in order.
    assert!(
        shared.schedules_explored > 500,
        "{}",
        shared.schedules_explored
    );
    assert_eq!(shared.schedules_explored, p.count((0, 1)));
    assert_eq!(shared, prove_from_zero(&p));
}

#[test]
fn shares_merged_find_what_one_exploration_finds() {
    let p = Problem::new(
        &slower(template("active-active"), 100.0),
        2,
        properties(&Thresholds::default()),
    )
    .unwrap();
    let shares = (0..3).map(|k| prove_share(&p, (k, 3), u64::MAX)).collect();
    assert_eq!(merged(&p, shares), prove(&p, u64::MAX));
}

#[test]
fn a_budget_explores_the_shorter_schedules_first() {
    let p = Problem::new(
        &slow(template("one-way-dr")),
        2,
        properties(&Thresholds::default()),
    )
    .unwrap();
    let singles = p.space.choices.len() as u64 + 1;
    let a = prove(&p, singles);
    assert!(a.cut_short);
    assert_eq!(a.schedules_explored, singles);
    // Every single fault was explored: the shortest loss is found within the budget.
    assert_eq!(
        shortest(&a, "acknowledged-lost"),
        vec![lose("primary", "standby", STEADY_MS)]
    );
}

/// The one-way mirror acknowledges a write once the primary has it; the copy follows a
/// poll and a round trip later. Losing the primary at the first instant loses that tail:
/// the shortest schedule is that single fault. With a synchronous copy (the write is
/// acknowledged once the standby holds it) no schedule loses an acknowledged record.
#[test]
fn acknowledged_lost_breaks_on_an_async_copy_and_holds_on_a_sync_one() {
    let t = slow(template("one-way-dr"));
    let a = proved(&t, 1, &Thresholds::default());
    assert_eq!(
        shortest(&a, "acknowledged-lost"),
        vec![lose("primary", "standby", STEADY_MS)]
    );
    let figure = property(&a, "acknowledged-lost")
        .counterexample
        .as_ref()
        .unwrap()
        .figure;
    // 30 records a second: the tail is well under ten seconds of them.
    assert!(figure > 0.0 && figure < 300.0, "{figure}");

    let mut sync = t.clone();
    sync.hops[0].options.ack = Ack::FarCopyDurable;
    let a = proved(&sync, 1, &Thresholds::default());
    assert!(property(&a, "acknowledged-lost").held);
    assert_eq!(property(&a, "acknowledged-lost").worst, 0.0);
}

/// Two ways round with no stamp: every record written at A comes back to A from B, with
/// no fault at all. The shortest counterexample is the schedule with none. The ring's
/// marker stamps stop each record before it reaches home again: no echo under any fault.
#[test]
fn no_echo_breaks_without_a_stamp_even_with_no_fault_and_holds_on_the_stamped_ring() {
    let mut t = slow(template("active-active"));
    t.hops
        .iter_mut()
        .for_each(|h| h.options.stamp = OriginStamp::None);
    let p = Problem::new(&t, 1, properties(&Thresholds::default())).unwrap();
    // The schedule without faults is explored first: a budget of one is enough.
    let a = prove(&p, 1);
    assert_eq!(shortest(&a, "no-echo"), vec![]);

    let a = proved(&slow(template("ring-of-three")), 1, &Thresholds::default());
    assert!(property(&a, "no-echo").held);
}

/// A link cut for a minute holds every record written in it back for that minute: with
/// a 30 s bound the shortest counterexample is the first cut, at the steady state; with
/// the default 120 s it heals and catches up in time, and no single fault breaks it.
#[test]
fn reaching_every_site_breaks_on_a_minute_long_cut_against_a_30_s_bound() {
    let t = slow(template("one-way-dr"));
    let tight = Thresholds {
        reach_within_s: 30.0,
        ..Thresholds::default()
    };
    let a = proved(&t, 1, &tight);
    assert_eq!(
        shortest(&a, "reaches-every-site"),
        vec![FaultAt {
            at_ms: STEADY_MS,
            fault: Fault::PartitionSite {
                site: "primary".into()
            },
        }]
    );
    let worst = property(&a, "reaches-every-site").worst;
    assert!((60.0..90.0).contains(&worst), "{worst}");
    let a = proved(&t, 1, &Thresholds::default());
    assert!(property(&a, "reaches-every-site").held);
}

/// The standby keeps an `orders` of its own for after a failover. Pointing the writer at
/// it with the primary still up (no fence, no promote) writes there while the primary's
/// `orders` still takes the writes in flight. On the ring each site's writer writes its
/// own stream, and no single fault puts two sites' writers on one.
#[test]
fn one_writer_breaks_when_a_writer_is_moved_without_a_fence() {
    let a = proved(&slow(template("one-way-dr")), 1, &Thresholds::default());
    assert_eq!(
        shortest(&a, "one-writer"),
        vec![FaultAt {
            at_ms: STEADY_MS,
            fault: Fault::MoveWriter {
                writer: "checkout".into(),
                from: "primary".into(),
                to: "standby".into(),
            },
        }]
    );
    let a = proved(&slow(template("ring-of-three")), 1, &Thresholds::default());
    assert!(property(&a, "one-writer").held);
}

/// billing resumes on the standby from the last translated checkpoint (every 10 s): what
/// it read since is read again, so losing the primary at the steady state already reads
/// records twice. With no reader group nothing is read twice.
#[test]
fn read_twice_breaks_on_a_failover_from_a_checkpoint() {
    let t = slow(template("one-way-dr"));
    let none_twice = Thresholds {
        read_twice_at_most: Some(0.0),
        ..Thresholds::default()
    };
    let a = proved(&t, 1, &none_twice);
    let faults = shortest(&a, "read-twice");
    assert_eq!(faults.len(), 1);
    assert!(property(&a, "read-twice").worst > 0.0);
    let a = proved(&slow(template("ring-of-three")), 1, &none_twice);
    assert!(property(&a, "read-twice").held);
    // Measured only, it never breaks.
    let a = proved(&t, 1, &Thresholds::default());
    assert!(property(&a, "read-twice").held);
}

/// billing's planned rule translates its position through the map, which never skips;
/// on active-active it resumes at the end of the copy, skipping what the copy holds
/// that billing had not reached when A was lost.
#[test]
fn nothing_skipped_breaks_where_a_group_resumes_at_the_end() {
    let a = proved(&slow(template("one-way-dr")), 1, &Thresholds::default());
    assert!(property(&a, "nothing-skipped").held);
    let a = proved(&slow(template("active-active")), 1, &Thresholds::default());
    assert_eq!(
        shortest(&a, "nothing-skipped"),
        vec![lose("A", "B", STEADY_MS)]
    );
}

/// The counterexample's scenario, run from zero, gives the figure the proof reports.
#[test]
fn a_counterexample_reproduces_its_figure_from_zero() {
    let t = slow(template("one-way-dr"));
    let p = Problem::new(&t, 1, properties(&Thresholds::default())).unwrap();
    let a = prove(&p, u64::MAX);
    let c = property(&a, "acknowledged-lost")
        .counterexample
        .clone()
        .unwrap();
    let mut sim = Sim::new(&c.scenario, SEED).unwrap();
    sim.advance_to(c.scenario.duration_ms);
    let m = sim.measures();
    let lost = crate::challenge::Measure::RpoRecords.of(&sim, &m, &t, &t);
    assert_eq!(lost, c.figure);
    assert_eq!(c.breaks_at_ms, STEADY_MS);
}

#[test]
fn a_design_that_does_not_run_and_a_fault_count_out_of_range_are_refused() {
    let t = template("one-way-dr");
    assert!(Problem::new(&t, 0, properties(&Thresholds::default())).is_err());
    assert!(Problem::new(&t, 4, properties(&Thresholds::default())).is_err());
    let mut broken = t.clone();
    broken.hops[0].from.site = "nowhere".into();
    let e = Problem::new(&broken, 1, properties(&Thresholds::default())).unwrap_err();
    assert!(e.0.contains("does not run"), "{e}");
}

/// Why the instants sit either side of a periodic event: billing polls every 100 ms and
/// commits 5 s after its first poll, then every 5 s (at 55.1 s, 60.1 s, ...). A restart
/// just before the commit at 60.1 s reads again what it processed since the one at 55.1 s
/// (5 s at 25 records a second: 125), one just after reads again almost nothing. Both
/// instants are in the space.
#[test]
fn a_reader_restart_just_before_its_commit_reads_again_what_one_just_after_does_not() {
    let t = slow(template("one-way-dr"));
    let p = Problem::new(&t, 1, properties(&Thresholds::default())).unwrap();
    let replayed = |at_ms: u64| {
        let mut spec = p.base.clone();
        spec.timeline.push(crate::spec::TimedCommand {
            at_ms,
            command: crate::spec::Command::RestartReader {
                reader: "billing".into(),
            },
        });
        let mut sim = Sim::new(&spec, SEED).unwrap();
        sim.advance_to(spec.duration_ms);
        sim.measures().readers[0].replayed
    };
    assert_eq!(t.readers[0].interval_ms, 100);
    assert!(p.space.instants_ms.contains(&60_099) && p.space.instants_ms.contains(&60_101));
    let (before, after) = (replayed(60_099), replayed(60_101));
    assert!((115..=130).contains(&before), "{before}");
    assert!(after <= 5, "{after}");
}
