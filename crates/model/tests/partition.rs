//! A partition: the old primary keeps serving its own clients while the standby is
//! promoted; what it took meanwhile is stranded there until the failback step re-publishes
//! it on the new primary.
use hoplab_model::challenge::{find, Measure};
use hoplab_model::spec::{Command, ScenarioSpec, TimedCommand, Topology};
use hoplab_model::{Millis, Sim};

fn at(at_ms: Millis, command: Command) -> TimedCommand {
    TimedCommand { at_ms, command }
}

/// The split-brain drill's reference estate (a mirror primary → standby), run for 3 min.
fn estate(timeline: Vec<TimedCommand>) -> (Sim, Topology) {
    let brief = find("split-brain-drill").unwrap();
    let t = brief.reference.clone();
    let spec = ScenarioSpec {
        timeline,
        duration_ms: 180_000,
        ..brief.spec_for(&t, &[], 1)
    };
    (Sim::new(&spec, 1).unwrap(), t)
}

fn stranded(s: &Sim, t: &Topology) -> f64 {
    let on = Measure::StrandedRecords {
        on: "standby".into(),
    };
    on.of(s, &s.measures(), t, t)
}

fn partition_then_promote() -> Vec<TimedCommand> {
    let writer = |w: &str| Command::MoveWriter {
        writer: w.into(),
        site: "standby".into(),
    };
    vec![
        at(
            30_000,
            Command::PartitionSite {
                site: "primary".into(),
            },
        ),
        at(
            40_000,
            Command::Promote {
                hop: "orders-link".into(),
            },
        ),
        at(41_000, writer("web-a")),
        at(60_000, writer("web-b")),
        at(
            90_000,
            Command::RestoreSite {
                site: "primary".into(),
            },
        ),
    ]
}

#[test]
fn a_partitioned_primary_keeps_acknowledging_its_own_writers() {
    let (mut s, t) = estate(partition_then_promote());
    s.advance_to(39_000);
    let m = s.measures();
    // Nine seconds cut off, both web instances still written at 500/s each, none refused.
    assert!(m.writers.iter().all(|w| w.refused == 0));
    assert!(stranded(&s, &t) >= 8_000.0, "{}", stranded(&s, &t));
    // web-b wrote at the primary while web-a wrote at the promoted standby.
    s.advance_to(70_000);
    assert!(s.measures().writers.iter().any(|w| w.split_writes > 0));
}

#[test]
fn stranded_records_stay_stranded_after_the_partition_heals() {
    let (mut s, t) = estate(partition_then_promote());
    s.advance_to(100_000);
    let before = stranded(&s, &t);
    // Everything web-b wrote at the primary from the cut to its move, about 30 s of 500/s.
    assert!(before >= 14_000.0, "{before}");
    s.advance_to(180_000);
    assert_eq!(
        stranded(&s, &t),
        before,
        "a promoted mirror copies nothing more"
    );
}

#[test]
fn the_failback_step_re_publishes_them_on_the_new_primary() {
    let mut timeline = partition_then_promote();
    timeline.push(at(
        120_000,
        Command::Reconcile {
            hop: "orders-link".into(),
        },
    ));
    let (mut s, t) = estate(timeline);
    s.advance_to(119_000);
    assert!(stranded(&s, &t) > 0.0);
    s.advance_to(121_000);
    assert_eq!(stranded(&s, &t), 0.0);
}

#[test]
fn reconciling_a_silent_primary_or_a_live_mirror_is_refused() {
    let (mut s, _) = estate(vec![at(
        1_000,
        Command::PartitionSite {
            site: "primary".into(),
        },
    )]);
    s.advance_to(5_000);
    let live = s.apply(Command::Reconcile {
        hop: "orders-link".into(),
    });
    assert!(live.unwrap_err().0.contains("not a promoted mirror"));
    s.apply(Command::Promote {
        hop: "orders-link".into(),
    })
    .unwrap();
    let silent = s.apply(Command::Reconcile {
        hop: "orders-link".into(),
    });
    assert!(silent.unwrap_err().0.contains("does not answer"));
}
