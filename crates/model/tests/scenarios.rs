//! Golden expectations: each scenario shows what its card predicts.

use hoplab_model::{lint, scenarios, Measures, Sim};

fn run(id: &str, knobs: &[(&str, &str)], until_s: f64) -> Sim {
    let s = scenarios::get(id).unwrap();
    let values = s.values_from_pairs(knobs.iter().copied()).unwrap();
    let mut sim = Sim::new(&s.build(&values).unwrap(), 7).unwrap();
    sim.advance_to((until_s * 1000.0) as u64);
    sim
}

fn at(id: &str, knobs: &[(&str, &str)], until_s: f64) -> Measures {
    run(id, knobs, until_s).measures()
}

#[test]
fn follow_one_record_the_writer_is_acknowledged_before_the_copy_exists() {
    let mut sim = run("follow-one-record", &[], 10.0);
    // Some moment has records acknowledged by A that B does not hold yet.
    let mut seen_ahead = false;
    for t in (10_000..11_000).step_by(10) {
        sim.advance_to(t);
        let m = sim.measures();
        seen_ahead |= m.writers[0].acknowledged > m.sites[1].census.others;
    }
    assert!(
        seen_ahead,
        "the writer was never told before the copy existed"
    );
    let m = sim.measures();
    assert_eq!(m.writers[0].max_ack_delay_ms, 5);
    let hop = &m.hops[0];
    assert!(hop.latency_min_ms.unwrap() >= hop.floor_ms + 5);
    assert!(sim
        .log()
        .any(|e| e.sentence().contains("acknowledged it after 5 ms")));
}

#[test]
fn lag_components_lag_is_bounded_until_capped_below_the_write_rate() {
    let m = at("lag-components", &[], 60.0);
    assert!(m.hops[0].lag_records < 400, "lag {}", m.hops[0].lag_records);
    assert!(m.hops[0].latency_min_ms.unwrap() > 0);
    let mid = at("lag-components", &[("cap", "300")], 30.0).hops[0].lag_records;
    let end = at("lag-components", &[("cap", "300")], 60.0).hops[0].lag_records;
    assert!(
        end > mid + 2000,
        "capped lag should keep growing: {mid} then {end}"
    );
}

#[test]
fn stall_and_backlog_tail_grows_while_writers_are_untouched_then_drains() {
    let m = at("stall-and-backlog", &[], 39.0);
    assert!(
        m.hops[0].uncopied_tail >= 200 * 18,
        "tail {}",
        m.hops[0].uncopied_tail
    );
    assert!(m.hops[0].oldest_uncopied_age_ms >= 18_000);
    assert_eq!(m.writers[0].max_ack_delay_ms, 5);
    let end = at("stall-and-backlog", &[], 90.0);
    assert!(
        end.hops[0].uncopied_tail < 200,
        "did not drain: {}",
        end.hops[0].uncopied_tail
    );
    let lost = at("stall-and-backlog", &[("lose_a", "on")], 60.0);
    assert!(lost.writers[0].missing >= 200 * 19);
    assert_eq!(lost.writers[0].missing, lost.hops[0].lost_with_site);
}

#[test]
fn drift_causes_are_named_and_counted() {
    let m = at("drift-causes", &[], 40.0);
    let causes = m.hops[0].drift_causes.join("; ");
    for c in ["late start", "aged out", "duplicates"] {
        assert!(causes.contains(c), "missing {c}: {causes}");
    }
    let clean = at(
        "drift-causes",
        &[
            ("late_start", "off"),
            ("aged_out", "off"),
            ("restart", "off"),
        ],
        40.0,
    );
    assert!(
        clean.hops[0].drift_causes.is_empty(),
        "{:?}",
        clean.hops[0].drift_causes
    );
    assert!(clean.hops[0].parts.iter().all(|p| p.drift == Some(0)));
    let filled = at(
        "drift-causes",
        &[("target_not_empty", "on"), ("filter", "on")],
        40.0,
    );
    let causes = filled.hops[0].drift_causes.join("; ");
    assert!(
        causes.contains("did not start at 0") && causes.contains("filtered"),
        "{causes}"
    );
}

#[test]
fn sampled_map_replays_a_little_and_never_gaps() {
    // The group stands a few hundred records behind the live end, where MirrorMaker 2's
    // store keeps pairs up to about 150 apart: replay is within N or that spacing, plus
    // what the group read after the checkpoint B holds. It commits every second and the
    // copier checkpoints every second, but a checkpoint moves only when its translation
    // moves forward (Kafka's `checkpointIsMoreRecent`), so B's may be several seconds
    // old: here up to about 6 s of the group's 45/s a part.
    let since_synced_commit = 6 * 45 + 30;
    for n in [1u64, 20, 100, 400, 1000] {
        let m = at("sampled-map", &[("map_every", &n.to_string())], 40.0);
        let mv = m.readers[0].last_move.as_ref().unwrap();
        assert_eq!(mv.gap, 0, "N={n}");
        for p in &mv.parts {
            assert!(
                p.replay <= n.max(150) + since_synced_commit,
                "N={n}: part {} replayed {}",
                p.part,
                p.replay
            );
        }
    }
    let off = at("sampled-map", &[("map_on", "off")], 40.0);
    let mv = off.readers[0].last_move.as_ref().unwrap();
    assert!(mv.note.is_some());
    assert!(
        mv.replay > 1000,
        "no map should mean replay from the start: {}",
        mv.replay
    );
}

#[test]
fn subtraction_is_meaningless_beside_the_true_lag() {
    let m = at("subtraction-fallacy", &[], 40.0);
    assert!(m.hops[0].lag_records < 100);
    assert!(m.hops[0].subtraction > 30_000, "{}", m.hops[0].subtraction);
    let other = at(
        "subtraction-fallacy",
        &[("target_start", "0"), ("late_start", "on")],
        40.0,
    );
    assert!(
        other.hops[0].subtraction < -500,
        "{}",
        other.hops[0].subtraction
    );
}

#[test]
fn echo_loop_grows_without_a_stamp_and_stops_with_either_stamp() {
    let mid = at("echo-loop", &[], 15.0).echo.copies_per_original;
    let end = at("echo-loop", &[], 30.0).echo.copies_per_original;
    assert!(end > mid && end > 5.0, "no stamp: {mid} then {end}");
    for stamp in ["marker", "qualified-name"] {
        let m = at("echo-loop", &[("stamp", stamp)], 30.0);
        assert!(
            m.echo.copies_per_original <= 1.0,
            "{stamp}: {}",
            m.echo.copies_per_original
        );
        for s in &m.sites {
            assert_eq!(s.census.own_echoes + s.census.others_echoes, 0, "{stamp}");
        }
    }
    let end = at("echo-loop", &[], 30.0);
    assert!(end.echo.echoes_per_original > 5.0, "{:?}", end.echo);
    // A record's first copy, at the other site, is no echo; every further copy is.
    let first_copies: u64 = end.sites.iter().map(|s| s.census.others).sum();
    assert!(first_copies > 1000);
    assert_eq!(
        end.echo.copies_stored - end.echo.echoes_stored,
        first_copies
    );
    let restarted = at("echo-loop", &[("stamp", "marker"), ("restart", "on")], 30.0);
    let dups: u64 = restarted.sites.iter().map(|s| s.census.duplicates).sum();
    assert!(dups > 0);
    assert!(restarted
        .sites
        .iter()
        .all(|s| s.census.own_echoes + s.census.others_echoes == 0));
}

#[test]
fn site_loss_loses_exactly_the_tail_and_the_target_shows_no_hole() {
    let m = at("site-loss-tail", &[], 60.0);
    let w = &m.writers[0];
    assert!(w.missing > 0);
    assert_eq!(w.missing, m.hops[0].lost_with_site);
    assert_eq!(m.readers[0].gap, 0, "readers on B see an unbroken stream");
    let slow = at("site-loss-tail", &[("stall_before", "on")], 60.0);
    assert!(slow.writers[0].missing > w.missing + 1500);
}

fn moved(knobs: &[(&str, &str)]) -> hoplab_model::MoveReport {
    at("failover-resume", knobs, 40.0).readers[0]
        .last_move
        .clone()
        .unwrap()
}

#[test]
fn failover_resume_rules_cost_what_the_card_says() {
    // The same number read from the copier's last checkpoint: B numbers its copies 150 a
    // part behind A (its copier started late), so it lands on an unrelated record, here
    // past some the group never read.
    let raw = moved(&[("resume", "raw-number")]);
    assert!(raw.gap > 0, "raw number should skip records: {raw:?}");
    let map = moved(&[("resume", "position-map")]);
    assert_eq!(map.gap, 0);
    // Early, never late, and short of starting over.
    let start = moved(&[("resume", "start")]);
    assert!(
        map.replay > 0 && map.replay < start.replay,
        "{map:?} vs {start:?}"
    );
    let kept = moved(&[("resume", "timestamp")]);
    assert_eq!(kept.gap, 0);
    let arrival = moved(&[("resume", "timestamp"), ("timestamps", "stamp-arrival")]);
    assert!(
        arrival.replay + arrival.gap > kept.replay + kept.gap,
        "{arrival:?} vs {kept:?}"
    );
    let start = moved(&[("resume", "start")]);
    assert_eq!(start.gap, 0);
    assert!(start.replay > 1000);
    let end = moved(&[("resume", "end")]);
    assert_eq!(end.replay, 0);
    assert!(end.gap > 0);
}

#[test]
fn replay_vs_gap_start_replays_end_gaps_map_errs_early() {
    let get = |rule: &str| {
        at("replay-vs-gap", &[("resume", rule)], 40.0).readers[0]
            .last_move
            .clone()
            .unwrap()
    };
    let end = get("end");
    assert_eq!(end.replay, 0);
    assert!(end.gap > 500, "slow reader backlog skipped: {}", end.gap);
    let start = get("start");
    assert_eq!(start.gap, 0);
    assert!(start.replay > 500);
    let map = get("position-map");
    assert_eq!(map.gap, 0);
    assert!(map.replay <= 1000);
}

#[test]
fn failback_needs_the_copy_the_other_way_first() {
    let with = at("failback", &[], 70.0);
    let without = at("failback", &[("copy_back", "off")], 70.0);
    // Records written on B during the outage reach A only through the reverse copy.
    assert!(
        with.sites[0].census.others > 1000,
        "{:?}",
        with.sites[0].census
    );
    assert_eq!(without.sites[0].census.others, 0);
    // The marker keeps A's own records from coming back to A.
    assert_eq!(with.sites[0].census.own_echoes, 0);
}

#[test]
fn two_sites_have_no_single_order() {
    let m = at("two-site-interleaving", &[], 20.0);
    let mg = m.merge.unwrap();
    assert!(mg.records > 150);
    let between_sites = mg
        .disagreements
        .iter()
        .find(|d| d.a == "arrival-at-first" && d.b == "arrival-at-second")
        .unwrap();
    assert!(
        between_sites.pairs > 0,
        "A and B should store different interleavings"
    );
    assert!(mg.disagreements.iter().filter(|d| d.pairs > 0).count() >= 5);
    let other = at("two-site-interleaving", &[("merge", "site-priority")], 20.0);
    assert_eq!(other.merge.unwrap().chosen, "site-priority");
}

#[test]
fn single_writer_streams_have_no_findings_and_one_origin_per_stream() {
    let s = scenarios::get("single-writer-streams").unwrap();
    let single = s.build_default().unwrap();
    assert!(
        lint(&single.topology).is_empty(),
        "{:?}",
        lint(&single.topology)
    );
    let shared = s
        .build(&s.values_from_pairs([("shape", "shared")]).unwrap())
        .unwrap();
    assert!(lint(&shared.topology)
        .iter()
        .any(|f| f.code == "written-at-two-sites"));
    let mut sim = Sim::new(&single, 1).unwrap();
    sim.advance_to(30_000);
    let m = sim.measures();
    assert!(m
        .streams
        .iter()
        .all(|st| st.order_inversions == 0 && st.keys_split == 0));
    assert!(m.readers.iter().all(|r| r.processed > 500 && r.gap == 0));
}

#[test]
fn contract_store_outage_refuses_every_publish_while_the_cluster_is_up() {
    let early = at("contract-store-outage", &[], 18.0);
    let late = at("contract-store-outage", &[], 40.0);
    assert_eq!(format!("{:?}", late.sites[1].status), "Up");
    assert!(late.writers[0].refused > early.writers[0].refused + 2000);
    assert_eq!(late.writers[0].appended, early.writers[0].appended);
    let both_early = at("contract-store-outage", &[("store_sites", "both")], 18.0);
    let both_late = at("contract-store-outage", &[("store_sites", "both")], 40.0);
    assert_eq!(both_late.writers[0].refused, both_early.writers[0].refused);
    assert!(both_late.writers[0].appended > both_early.writers[0].appended + 2000);
}

#[test]
fn one_to_one_keeps_key_order_and_fan_out_splits_keys() {
    let one = at("order-across-parts", &[], 20.0);
    let b = one.streams.iter().find(|s| s.site == "B").unwrap();
    assert_eq!((b.keys_split, b.order_inversions), (0, 0));
    let fan = at("order-across-parts", &[("mapping", "fan-out")], 20.0);
    let b = fan.streams.iter().find(|s| s.site == "B").unwrap();
    assert!(b.keys_split >= 12, "{b:?}");
}

#[test]
fn a_backup_loses_everything_since_it_was_taken_a_copy_only_the_tail() {
    let m = at("backup-vs-copy", &[], 110.0);
    let acked = m.writers[0].acknowledged;
    let last_backup = m.backups.last().unwrap().records;
    let from_copy = m.writers[0].survived;
    assert!(
        acked - last_backup >= 900,
        "backup short by {}",
        acked - last_backup
    );
    assert!(
        acked - from_copy <= 50,
        "copy short by {}",
        acked - from_copy
    );
}

#[test]
fn resume_options_price_every_rule_without_moving() {
    let sim = run("failover-resume", &[], 31.0);
    let options = sim.resume_options("billing", "B").unwrap();
    let rules: Vec<&str> = options.iter().map(|o| o.rule.as_str()).collect();
    assert_eq!(
        rules,
        ["raw-number", "position-map", "timestamp", "start", "end"]
    );
    let by = |r: &str| options.iter().find(|o| o.rule == r).unwrap();
    assert_eq!(by("position-map").gap, 0);
    assert!(by("raw-number").gap > 0);
    assert_eq!(sim.measures().readers[0].site, "A", "nothing moved");
    assert!(sim.resume_options("billing", "Z").is_err());
}

#[test]
fn checkpointed_map_resume_replays_more_and_still_never_gaps() {
    let every1 = moved(&[("resume", "position-map")]);
    let every5 = moved(&[("resume", "position-map"), ("checkpoints", "every-5s")]);
    let every20 = moved(&[("resume", "position-map"), ("checkpoints", "every-20s")]);
    assert_eq!((every1.gap, every5.gap, every20.gap), (0, 0, 0));
    // A rarer sync can only be older: it lands no later.
    assert!(every1.replay <= every5.replay, "{every1:?} vs {every5:?}");
    // The 20 s checkpoint replays at least everything processed since 20 s.
    let processed =
        |t: f64| at("failover-resume", &[("resume", "position-map")], t).readers[0].processed;
    let since = processed(30.0) - processed(20.0);
    assert!(every20.replay >= since, "{every20:?} vs {since}");
    assert!(every20.note.unwrap().contains("20.0 s"));
}

#[test]
fn a_group_whose_positions_died_with_its_site_starts_as_a_new_group_does() {
    // Nothing synced the group's commits to B: whatever rule is asked for, the map's or
    // the same number, it starts from the oldest record there (`auto.offset.reset`
    // earliest), so it skips nothing and reads again everything it had read.
    let start = moved(&[("resume", "start")]);
    for rule in ["position-map", "raw-number"] {
        let m = moved(&[("resume", rule), ("checkpoints", "never")]);
        assert_eq!((m.replay, m.gap), (start.replay, 0), "{rule}: {m:?}");
        assert!(m.note.as_deref().unwrap().contains("kept on A"), "{m:?}");
    }
}

#[test]
fn mirror_vs_translate_the_same_number_lands_exactly_only_on_the_mirror() {
    let m = at("mirror-vs-translate", &[], 40.0);
    let reader = |id: &str| {
        m.readers
            .iter()
            .find(|r| r.id == id)
            .and_then(|r| r.last_move.clone())
            .unwrap()
    };
    let (b, c) = (reader("billing-b"), reader("billing-c"));
    assert_eq!((b.to_site.as_str(), c.to_site.as_str()), ("B", "C"));
    // On the mirror the same number is the same record: the group lands on its last
    // commit the mirror synced, so it skips nothing and reads again only what it read
    // after that commit: at most 2 s (a commit and a sync a second each) of its 60/s.
    let since_synced_commit = 2 * 60;
    assert_eq!(b.gap, 0, "mirror: {b:?}");
    assert!(b.replay <= since_synced_commit, "mirror: {b:?}");
    for p in &b.parts {
        assert!(p.new_position <= p.old_position, "{b:?}");
    }
    assert!(
        c.gap > 100,
        "translated copy, same number skips records: {c:?}"
    );
    // The mirror wrote no map and kept every position; the translating copy drifted.
    let mirror = m.hops.iter().find(|h| h.id == "a-to-b").unwrap();
    assert_eq!(mirror.map_pairs, 0);
    assert!(
        mirror.parts.iter().all(|p| p.drift == Some(0)),
        "{mirror:?}"
    );
    let copy = m.hops.iter().find(|h| h.id == "a-to-c").unwrap();
    assert!(copy.parts.iter().all(|p| p.drift.unwrap_or(0) < 0));
    // Promoted before the writer moved: B takes its writes (the refusals are the two
    // seconds the writer spent on the lost site).
    assert_eq!(m.writers[0].refused_read_only, 0);
    assert_eq!(m.writers[0].refused, 200);
    assert_eq!(m.hops[0].status, hoplab_model::HopStatus::Promoted);

    // Through the map the C group lands safely too; on the mirror the map's rule is the
    // same number.
    let mapped = at("mirror-vs-translate", &[("rule", "position-map")], 40.0);
    let c_map = mapped.readers[1].last_move.clone().unwrap();
    assert_eq!(c_map.gap, 0);
    // Early by less than two map intervals per part (MirrorMaker 2's spaced history),
    // plus what it read after its last synced commit.
    assert!(c_map.replay > 0, "{c_map:?}");
    assert!(
        c_map
            .parts
            .iter()
            .all(|p| p.replay < 200 + since_synced_commit),
        "{c_map:?}"
    );
    let b_map = mapped.readers[0].last_move.clone().unwrap();
    assert_eq!((b_map.replay, b_map.gap), (b.replay, 0));

    // Without promotion every publish moved to B is refused, and counted as such.
    let unpromoted = at("mirror-vs-translate", &[("promote", "off")], 40.0);
    let w = &unpromoted.writers[0];
    assert!(w.refused_read_only >= 700, "{w:?}");
    assert_eq!(w.refused, w.refused_read_only + 200, "{w:?}");
}

#[test]
fn synchronous_copy_loses_nothing_acknowledged_and_pays_in_write_latency() {
    let m = at("synchronous-copy", &[], 60.0);
    let (pay, shop) = (&m.writers[0], &m.writers[1]);
    let (sync, plain) = (&m.hops[0], &m.hops[1]);
    // Recovery point zero for the synchronous stream: every acknowledged payment survives.
    assert!(pay.acknowledged > 2_000, "{pay:?}");
    assert_eq!(pay.missing, 0);
    assert_eq!(sync.lost_with_site, 0);
    // Its writer waited a round trip (60 ms) and B's write (5 ms) each time.
    assert!(pay.min_far_ack_delay_ms.unwrap() >= 65, "{pay:?}");
    assert!(pay.max_ack_delay_ms >= pay.min_far_ack_delay_ms.unwrap());
    // Beside it, the ordinary copy: acknowledged after A's 5 ms, and a tail lost.
    assert_eq!(shop.max_ack_delay_ms, 5);
    assert_eq!(shop.min_far_ack_delay_ms, None);
    assert!(shop.missing > 0, "{shop:?}");
    assert_eq!(shop.missing, plain.lost_with_site);
    // Copied ordinarily, payments lose a tail too.
    let off = at("synchronous-copy", &[("payments_sync", "off")], 60.0);
    assert!(off.writers[0].missing > 0);
    assert_eq!(off.writers[0].max_ack_delay_ms, 5);
    // A longer round trip: slower payments, a larger orders tail, still no payment lost.
    let far = at("synchronous-copy", &[("rtt_ms", "300")], 60.0);
    assert!(far.writers[0].min_far_ack_delay_ms.unwrap() >= 305);
    assert_eq!(far.writers[0].missing, 0);
    assert!(far.writers[1].missing > shop.missing);
}

#[test]
fn a_stalled_synchronous_copier_stops_acknowledging_its_writer() {
    let mut sim = run("synchronous-copy", &[("loss_s", "55")], 10.0);
    let before = sim.measures().writers[0].acknowledged;
    sim.apply(hoplab_model::Command::StallHop {
        hop: "payments-a-to-b".into(),
    })
    .unwrap();
    sim.advance_to(20_000);
    let m = sim.measures();
    // What was already on its way is acknowledged; after that, nothing.
    assert!(
        m.writers[0].acknowledged < before + 100,
        "{:?}",
        m.writers[0]
    );
    assert!(m.writers[0].awaiting_far_copy > 900);
    // The other stream's writer goes on being acknowledged.
    assert!(m.writers[1].acknowledged > 1_800);
}

#[test]
fn one_source_copied_to_two_sites_has_two_copies_and_no_echo() {
    let m = at("mirror-vs-translate", &[], 45.0);
    assert!(m.echo.copies_per_original > 1.05, "{:?}", m.echo);
    assert_eq!(m.echo.echoes_stored, 0);
    assert_eq!(m.echo.echoes_per_original, 0.0);
}
