//! The model's named invariants, as property tests over random topologies and seeds.

mod common;

use common::{mapped_hop_spec, one_hop_spec, two_way_spec};
use hoplab_model::spec::{Command, OriginStamp, PartMapping, ScenarioSpec, TimedCommand};
use hoplab_model::{Sim, Translation};
use proptest::prelude::*;
use std::collections::BTreeMap;

/// 24 cases per invariant by default (fits the test budget); PROPTEST_CASES=n for more.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

/// Everything observable, as one string.
fn fingerprint(sim: &Sim) -> String {
    let log: Vec<String> = sim
        .log()
        .map(|e| format!("{} {}", e.at_ms, e.sentence()))
        .collect();
    format!(
        "{}\n{}\n{}\n{}",
        serde_json::to_string(&sim.measures()).unwrap(),
        serde_json::to_string(&sim.view(5)).unwrap(),
        serde_json::to_string(sim.series()).unwrap(),
        log.join("\n")
    )
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn determinism_same_spec_and_seed_give_identical_state_and_trace(spec in one_hop_spec(), seed in any::<u64>()) {
        let mut a = Sim::new(&spec, seed).unwrap();
        let mut b = Sim::new(&spec, seed).unwrap();
        a.advance_to(spec.duration_ms / 2);
        // A checkpoint taken half way replays to the same end.
        let mut checkpoint = a.clone();
        a.advance_to(spec.duration_ms);
        b.advance_to(spec.duration_ms);
        checkpoint.advance_to(spec.duration_ms);
        prop_assert_eq!(fingerprint(&a), fingerprint(&b));
        prop_assert_eq!(fingerprint(&a), fingerprint(&checkpoint));
    }

    #[test]
    fn conservation_every_acknowledged_record_is_copied_tail_aged_filtered_or_lost(
        spec in one_hop_spec(),
        seed in any::<u64>(),
        loss_at in prop::option::of(1_000u64..20_000),
    ) {
        let mut spec = spec;
        if let Some(at_ms) = loss_at {
            spec.timeline.push(TimedCommand { at_ms, command: Command::LoseSite { site: "A".into() } });
        }
        let mut sim = Sim::new(&spec, seed).unwrap();
        for k in 1..=4 {
            sim.advance_to(spec.duration_ms * k / 4);
            let m = sim.measures();
            for p in &m.hops[0].parts {
                prop_assert!(p.accounted, "part {} unaccounted at {} ms: {:?}", p.part, sim.now(), m.hops[0]);
            }
            // The copied ones are really there.
            prop_assert_eq!(sim.stored_first_copies("a-to-b").unwrap(), m.hops[0].copied);
        }
    }

    /// Kafka MirrorMaker 2's guarantees, on targets with their own writers, filters,
    /// fan-out and restarts: every kept pair is exact; a translation lands at or before
    /// every later record of the part that went to the same target part (except where MM2's
    /// rewind rule cannot: records re-read after a restart that had aged out, or re-copied
    /// into another part under fan-out), by less than the target distance between the kept
    /// pairs around it, and from the newest pair on by fewer than N target positions
    /// (counting the target's own records, as MM2's `offset.lag.max` does).
    #[test]
    fn position_map_resolves_at_or_before_and_within_n(spec in mapped_hop_spec(), seed in any::<u64>()) {
        let n = spec.topology.hops[0].options.map_every.unwrap();
        let fan_out = spec.topology.hops[0].options.mapping == PartMapping::FanOut;
        let mut sim = Sim::new(&spec, seed).unwrap();
        sim.advance_to(spec.duration_ms);
        let copies = sim.copies_of("a-to-b");
        let restarted = copies.iter().any(|c| c.duplicate);
        let m = sim.measures();
        let view = sim.view(0);
        for (p, hp) in view.hops[0].parts.iter().enumerate() {
            let p = p as u32;
            // Newest copy of each source position, per target part: (part, source) -> target.
            let mut newest: BTreeMap<(u32, u64), u64> = BTreeMap::new();
            for c in copies.iter().filter(|c| c.source_part == p) {
                let d = newest.entry((c.target_part, c.source_position)).or_insert(0);
                *d = (*d).max(c.target_position);
            }
            for &(up, q, down) in &hp.map {
                prop_assert!(
                    copies.iter().any(|c| c.source_part == p && c.source_position == up && c.target_part == q && c.target_position == down),
                    "pair ({}, {}, {}) names no copy", up, q, down
                );
            }
            prop_assert!(hp.map.len() <= hoplab_model::SYNCS_PER_PART);
            if hp.map.is_empty() {
                prop_assert_eq!(sim.translate("a-to-b", p, 0), Some(Translation::NoPairs));
                continue;
            }
            let Some(lo) = newest.keys().map(|&(_, g)| g).min() else { continue };
            let hi = hp.copied_upto;
            let rewind_limits = m.hops[0].rewound_not_recopied > 0 || (fan_out && restarted);
            for g in (lo..hi).step_by(((hi.saturating_sub(lo)) / 64).max(1) as usize) {
                match sim.translate("a-to-b", p, g).unwrap() {
                    Translation::NoPairs => prop_assert!(false, "pairs exist"),
                    Translation::OlderThanHistory { oldest } => prop_assert!(g < oldest),
                    Translation::At { part: q, position: t } => {
                        // The true place: the newest copy of the first record from g on
                        // that went to part q.
                        let Some(truth) = newest.range((q, g)..(q, hi)).map(|(_, &d)| d).min() else { continue };
                        if rewind_limits {
                            continue;
                        }
                        prop_assert!(t <= truth, "g={} translated to {} past {}", g, t, truth);
                        // Within the target distance between the kept pairs around g;
                        // from the newest pair on, within N.
                        let before = hp.map.iter().rev().find(|pair| pair.0 <= g).unwrap();
                        match hp.map.iter().find(|pair| pair.0 > g) {
                            None => prop_assert!(truth - t < n, "g={} translated to {}, true {}, n={}", g, t, truth, n),
                            Some(after) if after.1 == q => prop_assert!(
                                truth - t <= after.2 - before.2,
                                "g={} translated to {}, true {}, pairs {:?} {:?}", g, t, truth, before, after
                            ),
                            Some(_) => {}
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn copy_lag_never_negative_and_never_below_the_physical_floor(spec in one_hop_spec(), seed in any::<u64>()) {
        let mut sim = Sim::new(&spec, seed).unwrap();
        for k in 1..=5 {
            sim.advance_to(spec.duration_ms * k / 5);
            let m = sim.measures();
            let h = &m.hops[0];
            for p in &h.parts {
                prop_assert!(p.committed <= p.read_position && p.read_position <= p.source_end);
                prop_assert!(p.lag_records <= p.source_end);
            }
            if let Some(min) = h.latency_min_ms {
                prop_assert!(min >= h.floor_ms, "latency {} below floor {}", min, h.floor_ms);
            }
            for st in sim.view(20).streams.iter().filter(|s| s.site == "B") {
                for r in st.parts.iter().flat_map(|p| p.records.iter()).filter(|r| r.id.hops > 0) {
                    prop_assert!(r.arrived_ms - r.created_ms >= h.floor_ms);
                }
            }
        }
    }

    #[test]
    fn a_stalled_or_broken_copier_never_delays_a_writer_acknowledgement(spec in one_hop_spec(), seed in any::<u64>()) {
        let mut without_hop = spec.clone();
        without_hop.topology.hops.clear();
        without_hop.timeline.clear();
        let mut with = Sim::new(&spec, seed).unwrap();
        let mut alone = Sim::new(&without_hop, seed).unwrap();
        for k in 1..=6 {
            let t = spec.duration_ms * k / 6;
            with.advance_to(t);
            alone.advance_to(t);
            let (a, b) = (with.measures(), alone.measures());
            for (w1, w2) in a.writers.iter().zip(&b.writers) {
                prop_assert_eq!(w1.acknowledged, w2.acknowledged);
                prop_assert_eq!(w1.max_ack_delay_ms, 5);
            }
        }
    }

    #[test]
    fn two_way_hops_without_a_stamp_grow_without_bound(spec in two_way_spec(OriginStamp::None), seed in any::<u64>()) {
        let mut spec: ScenarioSpec = spec;
        spec.timeline.clear();
        spec.duration_ms = 12_000;
        let mut sim = Sim::new(&spec, seed).unwrap();
        // Echoes: copies that came round again. They keep accumulating for as long as
        // the run lasts (at the hops' capacity when that is the limit).
        let echoes = |sim: &Sim| -> u64 {
            sim.measures().sites.iter().map(|s| s.census.own_echoes + s.census.others_echoes).sum()
        };
        let mut last = 0;
        for t in [6_000u64, 9_000, 12_000] {
            sim.advance_to(t);
            let now = echoes(&sim);
            prop_assert!(now > last, "echoes stopped growing at {} ms ({} then {})", t, last, now);
            last = now;
        }
    }

    #[test]
    fn two_way_hops_with_a_stamp_hold_own_records_plus_one_copy_of_the_others(
        spec in prop_oneof![two_way_spec(OriginStamp::Marker), two_way_spec(OriginStamp::QualifiedName)],
        seed in any::<u64>(),
    ) {
        let mut sim = Sim::new(&spec, seed).unwrap();
        sim.advance_to(spec.duration_ms);
        let m = sim.measures();
        for (s, site) in m.sites.iter().enumerate() {
            let own_writer = &m.writers[s];
            let inbound = &m.hops[1 - s];
            prop_assert_eq!(site.census.own_echoes, 0);
            prop_assert_eq!(site.census.others_echoes, 0);
            prop_assert_eq!(site.census.own, own_writer.appended);
            prop_assert_eq!(site.census.others, inbound.copied);
            prop_assert_eq!(site.census.duplicates, inbound.duplicates);
        }
    }

    #[test]
    fn one_to_one_mapping_keeps_per_key_order(spec in one_hop_spec(), seed in any::<u64>()) {
        let mut sim = Sim::new(&spec, seed).unwrap();
        sim.advance_to(spec.duration_ms);
        for s in sim.measures().streams.iter().filter(|s| s.site == "B") {
            prop_assert_eq!(s.keys_split, 0);
            prop_assert_eq!(s.order_inversions, 0);
        }
    }
}

proptest! {
    #![proptest_config(config())]

    /// The lab lets people press any button at any moment: nothing panics, and every hop
    /// still accounts for every record of its source parts.
    #[test]
    fn any_buttons_at_any_time_keep_the_books(
        which in 0usize..hoplab_model::scenarios::NAMES.len(),
        presses in prop::collection::vec((0u64..1000, 0usize..1000), 0..12),
        seed in any::<u64>(),
    ) {
        let s = hoplab_model::scenarios::get(hoplab_model::scenarios::NAMES[which]).unwrap();
        let spec = s.build_default().unwrap();
        let mut sim = Sim::new(&spec, seed).unwrap();
        // The scenario's buttons plus every fault on every site and hop.
        let mut commands: Vec<Command> = s.buttons.iter().map(|b| b.command.clone()).collect();
        for site in &spec.topology.sites {
            let site = site.name.clone();
            commands.push(Command::CutSite { site: site.clone() });
            commands.push(Command::RestoreSite { site: site.clone() });
            commands.push(Command::LoseSite { site: site.clone() });
            commands.push(Command::TakeBackup { site });
        }
        for h in &spec.topology.hops {
            let hop = h.id.clone();
            commands.push(Command::StartHop { hop: hop.clone() });
            commands.push(Command::RestartHop { hop: hop.clone() });
            commands.push(Command::StallHop { hop: hop.clone() });
            commands.push(Command::ResumeHop { hop: hop.clone() });
            commands.push(Command::CutLink { hop: hop.clone() });
            commands.push(Command::HealLink { hop });
        }
        let mut presses = presses;
        presses.sort_unstable();
        for (permille, b) in presses {
            sim.advance_to(spec.duration_ms * permille / 1000);
            let _ = sim.apply(commands[(b * 7919) % commands.len()].clone());
        }
        sim.advance_to(spec.duration_ms);
        let m = sim.measures();
        for h in &m.hops {
            for p in &h.parts {
                prop_assert!(p.accounted, "{}: hop {} part {} unaccounted", s.id, h.id, p.part);
            }
        }
        let _ = sim.view(10);
    }
}

proptest! {
    #![proptest_config(config())]

    /// A reader group moved over the position map (from a checkpoint, or where it stands) may read
    /// records again but never skips one (but for MM2's rewind case, counted).
    #[test]
    fn resuming_over_the_position_map_never_skips_a_record(
        spec in one_hop_spec(),
        seed in any::<u64>(),
        reader_rate in 10.0f64..400.0,
        loss_at in 2_000u64..15_000,
        checkpoint in prop::option::of(500u64..8_000),
    ) {
        let mut spec = spec;
        if spec.topology.hops[0].options.map_every.is_none() {
            spec.topology.hops[0].options.map_every = Some(50);
        }
        spec.topology.hops[0].options.checkpoint_every_ms = checkpoint;
        spec.topology.readers.push(hoplab_model::spec::ReaderSpec {
            id: "r".into(),
            site: "A".into(),
            stream: "orders".into(),
            rate_per_sec: reader_rate,
            interval_ms: 100,
            start_from: hoplab_model::spec::StartFrom::Earliest,
            planned_resume: None,
            streams: Vec::new(),
            commit_every_ms: 5_000,
        });
        spec.timeline.push(TimedCommand { at_ms: loss_at, command: Command::LoseSite { site: "A".into() } });
        spec.timeline.push(TimedCommand {
            at_ms: loss_at + 1_000,
            command: Command::MoveReader { reader: "r".into(), site: "B".into(), rule: hoplab_model::ResumeRule::PositionMap },
        });
        spec.duration_ms = loss_at + 2_000;
        let mut sim = Sim::new(&spec, seed).unwrap();
        sim.advance_to(spec.duration_ms);
        let m = sim.measures();
        let mv = m.readers[0].last_move.clone().unwrap();
        // MirrorMaker 2's rewind rule: a restart forgets earlier pairs, so records rewound
        // and never copied again keep only their first copy, before the new pairs.
        prop_assert!(mv.gap <= m.hops[0].rewound_not_recopied, "{:?}", mv);
    }
}

proptest! {
    #![proptest_config(config())]

    /// A synchronous hop (`ack: far-copy-durable`), under any link, copier settings,
    /// faults and a loss of the source: no writer is acknowledged sooner than the hop's
    /// round trip plus the target's write after its write, every acknowledged record has
    /// its first copy on the target (so the loss takes nothing acknowledged: recovery
    /// point zero), and the books still balance.
    #[test]
    fn a_synchronous_hop_acknowledges_only_far_durable_records_and_loses_none_of_them(
        spec in one_hop_spec(),
        seed in any::<u64>(),
        loss_at in prop::option::of(1_000u64..20_000),
    ) {
        let mut spec = spec;
        let o = &mut spec.topology.hops[0].options;
        o.ack = hoplab_model::spec::Ack::FarCopyDurable;
        o.filter.drop_writers.clear();
        let floor = o.rtt_ms + o.target_write_ms;
        if let Some(at_ms) = loss_at {
            spec.timeline.push(TimedCommand { at_ms, command: Command::LoseSite { site: "A".into() } });
        }
        let mut sim = Sim::new(&spec, seed).unwrap();
        for k in 1..=4 {
            sim.advance_to(spec.duration_ms * k / 4);
            let m = sim.measures();
            let h = &m.hops[0];
            prop_assert_eq!(h.uncopied_tail, 0);
            prop_assert_eq!(h.lost_with_site, 0);
            for p in &h.parts {
                prop_assert!(p.accounted, "part {} unaccounted: {:?}", p.part, h);
            }
            let acked: u64 = m.writers.iter().map(|w| w.acknowledged).sum();
            prop_assert!(acked <= h.copied, "acknowledged {} > first copies {}", acked, h.copied);
            for w in &m.writers {
                prop_assert_eq!(w.missing, 0, "{:?}", w);
                if w.acknowledged > 0 {
                    let least = w.min_far_ack_delay_ms.unwrap();
                    prop_assert!(least >= floor, "{} acknowledged after {} ms < {}", w.id, least, floor);
                    prop_assert!(w.max_ack_delay_ms >= least);
                }
            }
        }
    }
}
