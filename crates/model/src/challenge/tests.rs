//! Every shipped brief: its reference design passes on every seed, and designs with the
//! flaws a candidate makes fail on the requirement that names the flaw.

use super::*;
use crate::spec::{HopKind, OriginStamp, TimedCommand};

pub(super) fn shipped() -> Vec<Challenge> {
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

pub(super) fn named(id: &str) -> Challenge {
    shipped().into_iter().find(|c| c.id == id).unwrap()
}

fn failed(c: &Challenge, design: &Topology) -> Vec<String> {
    missed(c, design, &[])
}

/// The requirements `design` with `moves` misses.
pub(super) fn missed(c: &Challenge, design: &Topology, moves: &[TimedCommand]) -> Vec<String> {
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
        // The site draws seeds at random: the reference passes on far ones too.
        let seeds: Vec<u64> = (1..=u64::from(c.seeds))
            .chain([424_242, 1_000_003, 987_654_321])
            .collect();
        let v = super::grade_on(c, &c.reference, moves, &seeds)
            .unwrap_or_else(|e| panic!("{}: {e}", c.id));
        assert!(v.passed, "{}: {:#?}", c.id, v.requirements);
        assert_eq!(v.seeds, seeds);
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

/// `c`'s reference with MirrorMaker 2's default policy: each hop copies `orders` to
/// `<source site>.orders`, a stream of its own at the target.
fn default_policy(c: &Challenge) -> Topology {
    let mut t = c.reference.clone();
    for h in &mut t.hops {
        h.options.stamp = OriginStamp::QualifiedName;
        h.to.stream = format!("{}.{}", h.from.site, h.from.stream);
        let mut copies = t
            .streams
            .iter()
            .find(|s| s.site == h.to.site)
            .unwrap()
            .clone();
        copies.name = h.to.stream.clone();
        t.streams.push(copies);
    }
    t
}

#[test]
fn active_active_by_the_default_policy_fails_unless_billing_reads_the_copies() {
    let c = named("active-active-orders");
    let prefixed = default_policy(&c);
    // Every region holds every order, but billing reads `orders` and the other region's
    // are in `east.orders` or `west.orders`: neither group sees one of the other's.
    let v = grade(&c, &prefixed, &[], None).unwrap();
    let every = v
        .requirements
        .iter()
        .find(|r| r.id == "every-order-everywhere")
        .unwrap();
    assert!(!every.passed && every.measured == 0.0, "{every:?}");
    let holds = Measure::Coverage;
    let spec = c.spec_for(&prefixed, &[], 1);
    let mut sim = crate::Sim::new(&spec, 1).unwrap();
    sim.advance_to(spec.duration_ms);
    let held = holds.of(&sim, &sim.measures(), &prefixed, &c.givens);
    assert!(
        held >= 0.97,
        "each region holds {held} of the other's orders"
    );
    // Reading the copies too, billing sees every order.
    let mut reading = prefixed;
    for r in &mut reading.readers {
        r.streams = vec![std::mem::take(&mut r.stream), "*.orders".into()];
    }
    assert_eq!(failed(&c, &reading), Vec::<String>::new());
}

#[test]
fn prefixed_copies_that_fulfilment_does_not_read_reach_no_one() {
    let c = named("prefixed-both-ways");
    let mut own_only = c.reference.clone();
    for r in &mut own_only.readers {
        r.streams.clear();
        r.stream = "orders".into();
    }
    assert!(failed(&c, &own_only).contains(&"every-order-everywhere".to_string()));
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

/// `c`'s reference with every hop also copying the other way: a full mesh.
fn meshed(c: &Challenge) -> Topology {
    let mut mesh = c.reference.clone();
    for h in &c.reference.hops {
        let mut back = h.clone();
        back.id = format!("{}-back", h.id);
        (back.from, back.to) = (h.to.clone(), h.from.clone());
        mesh.hops.push(back);
    }
    mesh
}

#[test]
fn a_full_mesh_is_refused_where_the_brief_allows_only_a_ring_or_a_hub() {
    let c = named("ring-of-three");
    let e = grade(&c, &meshed(&c), &[], None).unwrap_err();
    assert!(
        e.0.contains("a hop the brief does not allow: nyc-to-lon-back copies from lon to nyc")
            && e.0.contains("only from nyc to lon, lon to tok, tok to nyc"),
        "{e}"
    );
    // A spoke-to-spoke hop skips the hub the brief routes every link through.
    let c = named("hub-and-spoke");
    let mut direct = c.reference.clone();
    let mut h = direct.hops[0].clone();
    h.id = "s1-to-s2".into();
    h.to.site = "s2".into();
    direct.hops.push(h);
    let e = grade(&c, &direct, &[], None).unwrap_err();
    assert!(e.0.contains("s1-to-s2 copies from s1 to s2"), "{e}");
    // Where the brief lists none, any hop between its sites may be added.
    let c = named("active-active-orders");
    assert!(check_design(&c, &meshed(&c), &[]).is_ok());
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

/// The price of a synchronous copy: while the link is down (15 s in the brief) no write
/// can be acknowledged, so the writers stop for the whole outage, and the stall counts
/// it; in calm running the same writes take the round trip, the far write and a poll.
#[test]
fn a_synchronous_ledger_stops_its_writers_for_the_whole_link_outage() {
    let c = named("sync-ledger");
    let v = grade(&c, &c.reference, &[], None).unwrap();
    let measured = |id: &str| v.requirements.iter().find(|r| r.id == id).unwrap().measured;
    assert!(v.passed, "{v:?}");
    assert!(measured("stall") >= 15_000.0, "{v:?}");
    assert!(measured("latency") < 50.0, "{v:?}");
    // Its timeout shorter than the outage, the flow would fail writes: the stall shows it.
    let mut tight = c.clone();
    tight.requirements.iter_mut().for_each(|r| {
        if r.id == "stall" {
            r.at_most = Some(10_000.0);
        }
    });
    assert!(failed(&tight, &c.reference).contains(&"stall".to_string()));
}

#[test]
fn a_hops_round_trip_is_the_briefs_link_not_the_designs() {
    let c = named("sync-ledger");
    let mut instant = c.reference.clone();
    instant.hops[0].options.rtt_ms = 0;
    instant.hops[0].options.target_write_ms = 0;
    let as_given = grade(&c, &c.reference, &[], None).unwrap();
    let graded = grade(&c, &instant, &[], None).unwrap();
    assert_eq!(graded.requirements, as_given.requirements);
    // The brief's 4 ms round trip and the far site's 5 ms write: no synchronous write is
    // acknowledged sooner than 9 ms after it was sent.
    let latency = graded
        .requirements
        .iter()
        .find(|r| r.id == "latency")
        .unwrap();
    assert!(latency.measured >= 9.0, "{latency:?}");
}

#[test]
fn fewer_seeds_than_the_brief_asks_is_practice_and_never_passes() {
    let c = named("dr-one-way");
    let v = grade(&c, &c.reference, &[], Some(2)).unwrap();
    assert!(v.requirements.iter().all(|r| r.passed), "{v:?}");
    assert!(v.practice && !v.passed, "{v:?}");
    assert_eq!(v.seeds, [1, 2]);
    // One seed five times is one seed.
    let v = grade_on(&c, &c.reference, &[], &[3, 3, 3, 3, 3]).unwrap();
    assert!(v.practice && !v.passed, "{v:?}");
}

#[test]
fn a_drill_refuses_a_move_made_before_the_alert_pages_anyone() {
    let c = named("failover-drill");
    let moves = [TimedCommand {
        at_ms: 0,
        command: crate::spec::Command::Promote {
            hop: "payments-dr".into(),
        },
    }];
    let e = grade(&c, &c.reference, &moves, None).unwrap_err();
    assert!(e.0.contains("+0.0 s") && e.0.contains("promoted"), "{e}");
    // A move a second before the alert pages anyone is refused too, naming the alert.
    let early = [TimedCommand {
        at_ms: ALERT_AFTER_MS - 1_000,
        command: moves[0].command.clone(),
    }];
    let e = grade(&c, &c.reference, &early, None).unwrap_err();
    assert!(
        e.0.contains("the alert fires 60 s after the fault") && e.0.contains("+59.0 s"),
        "{e}"
    );
}

#[test]
fn nothing_written_covers_nothing() {
    use crate::spec::kit::*;
    let mut late = writer("w", "A", "orders", 100.0);
    late.start_at_ms = 60_000;
    let t = Topology {
        sites: sites(&["A", "B"]),
        streams: vec![stream("A", "orders", 1), stream("B", "orders", 1)],
        hops: vec![hop(
            "ab",
            at("A", "orders"),
            at("B", "orders"),
            Default::default(),
        )],
        writers: vec![late],
        ..Topology::default()
    };
    let spec = crate::ScenarioSpec {
        version: crate::spec::FORMAT_VERSION,
        name: "idle".into(),
        topology: t.clone(),
        timeline: Vec::new(),
        duration_ms: 10_000,
        sample_every_ms: 1_000,
        merge: None,
    };
    let mut sim = crate::Sim::new(&spec, 1).unwrap();
    sim.advance_to(spec.duration_ms);
    assert_eq!(Measure::Coverage.of(&sim, &sim.measures(), &t, &t), 0.0);
}
