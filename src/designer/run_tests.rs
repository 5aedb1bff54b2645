use super::*;
use crate::designer::templates;

fn run_all(spec: &ScenarioSpec, chunk: u64) -> RunSummary {
    let mut job = RunJob::start(spec).unwrap();
    let mut chunks = 0;
    loop {
        chunks += 1;
        if let Some(s) = job.advance(chunk) {
            assert!(
                chunks > 1 || chunk == u64::MAX,
                "a small budget takes several chunks"
            );
            return s.clone();
        }
        assert!(job.progress() <= 1.0);
    }
}

#[test]
fn a_chunked_run_ends_exactly_where_the_command_line_run_ends() {
    for t in templates::ALL {
        let spec = templates::build(t.id).unwrap().spec;
        let summary = run_all(&spec, 300);
        // What `hoplab run` does: build with the same seed and advance to the end.
        let mut sim = Sim::new(&spec, SEED).unwrap();
        sim.advance_to(spec.duration_ms);
        let cli = serde_json::to_string(&sim.measures()).unwrap();
        assert_eq!(
            serde_json::to_string(&summary.end).unwrap(),
            cli,
            "{}",
            t.id
        );
    }
}

#[test]
fn a_site_loss_reports_the_uncopied_tail_and_the_move_prices_every_rule() {
    let spec = templates::build("one-way-dr").unwrap().spec;
    let s = run_all(&spec, 300);
    assert_eq!(s.losses.len(), 1);
    let loss = &s.losses[0];
    assert_eq!(loss.site, "primary");
    assert_eq!(loss.at_ms, 30_000);
    assert_eq!(loss.tails.len(), 1);
    assert!(
        loss.tails[0].3 > 0,
        "records acknowledged on primary and not yet on standby"
    );
    assert_eq!(s.moves.len(), 1);
    let mv = &s.moves[0];
    assert_eq!(mv.priced.len(), 5, "{:?}", mv.error);
    let actual = mv.actual.as_ref().expect("the move happened");
    assert_eq!(actual.rule, "position-map");
    // The end measures agree with what the move reported.
    let billing = s.end.readers.iter().find(|r| r.id == "billing").unwrap();
    assert_eq!(billing.last_move.as_ref(), Some(actual));
}

#[test]
fn echo_growth_shows_without_stamps() {
    let mut d = templates::build("active-active").unwrap();
    for h in &mut d.spec.topology.hops {
        h.options.stamp = hoplab_model::spec::OriginStamp::None;
    }
    d.spec.timeline.clear();
    d.spec.duration_ms = 20_000;
    let s = run_all(&d.spec, 300);
    assert!(
        s.echo_at_end > 2.0,
        "copies keep coming back: {}",
        s.echo_at_end
    );
}

#[test]
fn a_stalled_hop_drains_after_it_resumes() {
    let spec = templates::build("ring-of-three").unwrap().spec;
    let s = run_all(&spec, 300);
    let d = s
        .drains
        .iter()
        .find(|d| d.hop == "B-to-C")
        .expect("a backlog built up");
    assert!(d.peak_at_ms >= 20_000);
    assert!(d.drained_after_ms.is_some(), "{d:?}");
}

#[test]
fn a_design_the_model_projects_too_large_is_refused_in_the_models_words() {
    let mut spec = templates::build("one-way-dr").unwrap().spec;
    spec.duration_ms = MAX_DURATION_MS;
    spec.topology.streams[0].parts = 256;
    for w in &mut spec.topology.writers {
        w.interval_ms = 1;
        w.rate_per_sec = 1_000_000.0;
    }
    let Err(model) = spec.validate() else {
        panic!("the model refuses it")
    };
    let e = RunJob::start(&spec).err().unwrap();
    assert_eq!(e, format!("The model refuses this design: {model}"));
    assert!(e.contains("topology.writers[0]"), "{e}");
}

#[test]
fn a_run_that_reaches_the_budget_stops_with_the_models_note() {
    let spec = templates::build("one-way-dr").unwrap().spec;
    let small = hoplab_model::Budget {
        max_events: 200,
        ..hoplab_model::Budget::default()
    };
    let mut job = RunJob::start_with_budget(&spec, small).unwrap();
    let s = loop {
        if let Some(s) = job.advance(300) {
            break s.clone();
        }
    };
    let mut sim = Sim::new(&spec, SEED).unwrap();
    sim.set_budget(small);
    sim.advance_to(spec.duration_ms);
    let note = sim.stopped().expect("the model stops too").note.clone();
    assert_eq!(s.stopped.as_deref(), Some(note.as_str()));
    assert!(note.contains("over the budget"), "{note}");
    // A run within the budget has no note.
    assert_eq!(run_all(&spec, 300).stopped, None);
}

#[test]
fn an_invalid_design_is_refused_by_the_model_with_the_field() {
    let e = RunJob::start(&crate::designer::Design::empty().spec)
        .err()
        .unwrap();
    assert!(e.contains("topology.sites"), "{e}");
}

#[test]
fn egress_lines_price_each_hop_from_the_typed_record_size() {
    let spec = templates::build("one-way-dr").unwrap().spec;
    let s = run_all(&spec, u64::MAX);
    let h = &s.end.hops[0];
    let crossed = h.copied + h.duplicates;
    assert!(crossed > 0);
    let inputs = EgressInputs::read("1000", "0.02");
    assert_eq!(inputs.record_bytes, Ok(1000));
    assert_eq!(inputs.price_per_gb, Ok(Some(0.02)));
    let lines = inputs.hop_lines(&s);
    assert_eq!(lines.len(), s.end.hops.len());
    assert_eq!(lines[0].0, h.id);
    let e = hoplab_model::egress::egress(crossed, s.end.at_ms, 1000, Some(0.02));
    assert_eq!(lines[0].1, e.summary());
    assert!(lines[0].1.contains("GB/day crossing, ≈ $") && lines[0].1.ends_with("at $0.02/GB"));
    // An empty price: the volume alone.
    let lines = EgressInputs::read(&EgressInputs::default_record_bytes(), " ").hop_lines(&s);
    assert!(lines[0].1.ends_with("/day crossing"), "{}", lines[0].1);
}

#[test]
fn a_bad_record_size_or_price_is_named_and_keeps_what_it_can() {
    let s = run_all(&templates::build("one-way-dr").unwrap().spec, u64::MAX);
    let bad_size = EgressInputs::read("-5", "0.02");
    assert!(bad_size
        .record_bytes
        .as_ref()
        .unwrap_err()
        .starts_with("Record size:"));
    assert!(bad_size.hop_lines(&s).is_empty());
    let bad_price = EgressInputs::read("1024", "free");
    assert!(bad_price
        .price_per_gb
        .as_ref()
        .unwrap_err()
        .contains("'free' is not a price"));
    let lines = bad_price.hop_lines(&s);
    assert!(!lines.is_empty() && !lines[0].1.contains('$'));
    for extreme in ["1e400", "99999999999999999999999", "1000000001"] {
        assert!(
            EgressInputs::read(extreme, "").record_bytes.is_err(),
            "{extreme}"
        );
    }
    assert!(EgressInputs::read("1", "1e400").price_per_gb.is_err());
}

/// Issue 45: "copies per original before the first fault" is read from the state just
/// before the fault, so it is the same whichever fault follows the same history (a
/// site loss used to be counted in: the series sample at the fault's own time is taken
/// after the fault, and losing A's store halved the copies, 0.50 against 0.99).
#[test]
fn copies_before_the_first_fault_do_not_depend_on_the_fault() {
    use hoplab_model::spec::{Command, ResumeRule, TimedCommand};
    let base = templates::build("active-active").unwrap().spec;
    let at = 30_000;
    assert_eq!(at % base.sample_every_ms, 0, "the fault lands on a sample");
    let faults = [
        Command::LoseSite { site: "A".into() },
        Command::LoseSite { site: "B".into() },
        Command::CutSite { site: "A".into() },
        Command::CutLink {
            hop: "a-to-b".into(),
        },
        Command::StallHop {
            hop: "b-to-a".into(),
        },
        Command::RestartHop {
            hop: "a-to-b".into(),
        },
        Command::MoveReader {
            reader: "billing".into(),
            site: "B".into(),
            rule: ResumeRule::PositionMap,
        },
    ];
    // What the model holds just before the fault, with no fault at all.
    let mut quiet = base.clone();
    quiet.timeline.clear();
    let mut sim = Sim::new(&quiet, SEED).unwrap();
    sim.advance_to(at - 1);
    let before = sim.measures().echo.copies_per_original;
    assert!(
        before > 0.9,
        "A and B each hold the other's records: {before}"
    );
    for fault in faults {
        let mut spec = base.clone();
        spec.duration_ms = 40_000;
        spec.timeline = vec![TimedCommand {
            at_ms: at,
            command: fault.clone(),
        }];
        let s = run_all(&spec, 300);
        assert_eq!(s.echo_at_first_fault, Some(before), "{fault:?}");
        // A later command listed first does not move the first fault.
        spec.timeline.insert(
            0,
            TimedCommand {
                at_ms: at + 5_000,
                command: Command::StallHop {
                    hop: "a-to-b".into(),
                },
            },
        );
        let s = run_all(&spec, 300);
        assert_eq!(
            s.echo_at_first_fault,
            Some(before),
            "{fault:?} listed second"
        );
    }
    // A fault at time 0 comes before anything was written.
    let mut spec = base.clone();
    spec.duration_ms = 5_000;
    spec.timeline = vec![TimedCommand {
        at_ms: 0,
        command: Command::LoseSite { site: "A".into() },
    }];
    assert_eq!(run_all(&spec, u64::MAX).echo_at_first_fault, Some(0.0));
    // No timeline, no fault to be before.
    spec.timeline.clear();
    assert_eq!(run_all(&spec, u64::MAX).echo_at_first_fault, None);
}
