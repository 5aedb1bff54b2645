//! Losing a site: the uncopied tail, failing back, the companion nobody listed, and why
//! a file backup is a poor recovery point.

use super::{button, hop_buttons, Scenario};
use crate::knobs::{Knob, KnobValues};
use crate::spec::kit::*;
use crate::spec::*;

fn primary_standby(rate: f64, options: HopOptions) -> Topology {
    Topology {
        sites: sites(&["A", "B"]),
        streams: vec![stream("A", "orders", 2), stream("B", "orders", 2)],
        hops: vec![hop("a-to-b", at("A", "orders"), at("B", "orders"), options)],
        writers: vec![writer("w1", "A", "orders", rate)],
        ..Topology::default()
    }
}

pub fn site_loss_tail() -> Scenario {
    Scenario {
        id: "site-loss-tail",
        title: "The uncopied tail when the source is lost",
        card: "uncopied-tail",
        summary: "Site A is lost while the copier is a little behind. Every record in the uncopied tail had been acknowledged to its writer, so upstream believes it happened; B never received it. A reader group on B carries on through an unbroken stream: nothing there shows the hole.",
        watch_for: vec![
            "After the loss, the writer's acknowledged count exceeds what survives anywhere by exactly the tail at that moment.",
            "The reader group on B sees consecutive positions with no gap: the loss is silent.",
            "A slower copier (longer poll, a stall before the loss) makes the tail, and the loss, larger.",
        ],
        knobs: vec![
            Knob::range("poll_ms", "Copier poll interval (ms)", 50.0, 5000.0, 50.0, 1000.0),
            Knob::range("loss_s", "Lose A at (s)", 5.0, 55.0, 1.0, 30.0),
            Knob::toggle("stall_before", "Copier stalled for 10 s before the loss", false),
        ],
        buttons: hop_buttons("a-to-b", "A"),
        highlights: vec![],
        builder: |v: &KnobValues| {
            let options = HopOptions {
                poll_interval_ms: v.number("poll_ms")? as u64,
                ..HopOptions::default()
            };
            let mut t = primary_standby(200.0, options);
            t.readers.push(reader("audit", "B", "orders", 400.0));
            let loss = v.number("loss_s")?;
            let mut timeline = vec![cmd(loss, Command::LoseSite { site: s("A") })];
            if v.toggle("stall_before")? {
                timeline.insert(0, cmd((loss - 10.0).max(0.0), Command::StallHop { hop: s("a-to-b") }));
            }
            Ok(spec("site-loss-tail", t, timeline, secs(60.0)))
        },
    }
}

/// Two streams on A copied to B side by side, with the same link and copier: `payments`
/// by a synchronous hop (`ack: far-copy-durable`), `orders` by an ordinary one.
fn sync_beside_async(rtt_ms: u64, payments_sync: bool) -> Topology {
    let options = |ack| HopOptions {
        rtt_ms,
        poll_interval_ms: 10,
        ack,
        ..HopOptions::default()
    };
    let payments_ack = if payments_sync {
        Ack::FarCopyDurable
    } else {
        Ack::Local
    };
    Topology {
        sites: sites(&["A", "B"]),
        streams: vec![
            stream("A", "payments", 1),
            stream("B", "payments", 1),
            stream("A", "orders", 1),
            stream("B", "orders", 1),
        ],
        hops: vec![
            hop(
                "payments-a-to-b",
                at("A", "payments"),
                at("B", "payments"),
                options(payments_ack),
            ),
            hop(
                "orders-a-to-b",
                at("A", "orders"),
                at("B", "orders"),
                options(Ack::Local),
            ),
        ],
        // A record every 10 ms, so some are always on their way when A is lost.
        writers: ["pay", "shop"]
            .into_iter()
            .zip(["payments", "orders"])
            .map(|(id, stream)| WriterSpec {
                interval_ms: 10,
                ..writer(id, "A", stream, 100.0)
            })
            .collect(),
        ..Topology::default()
    }
}

pub fn synchronous_copy() -> Scenario {
    Scenario {
        id: "synchronous-copy",
        title: "A synchronous copy: nothing lost, every write slower",
        card: "rpo-floor",
        summary: "Two streams on A are copied to B over the same link. The payments copier is synchronous: its writer is told a record is stored only once the copy is durable on B and word of it is back, so every write waits a round trip and B's write. The orders copier is the usual kind: its writer is told after A's own write, and the copy follows. When A is lost, orders lose the acknowledged tail the copy had not reached; payments lose nothing that was acknowledged.",
        watch_for: vec![
            "The payments writer's acknowledgement delay is at least the round trip plus B's write; the orders writer's is A's own 5 ms.",
            "At the loss, orders' uncopied tail is gone for good; payments' is 0: what was not on B had not been acknowledged.",
            "A longer round trip makes every payment slower and leaves the orders tail larger, and nothing else changes for payments.",
            "Stall the payments copier or cut its link: payments stop being acknowledged at all (the price of copying synchronously).",
        ],
        knobs: vec![
            Knob::range("rtt_ms", "Link round trip (ms)", 0.0, 400.0, 10.0, 60.0),
            Knob::range("loss_s", "Lose A at (s)", 5.0, 55.0, 1.0, 30.0),
            Knob::toggle("payments_sync", "Payments copied synchronously", true),
        ],
        buttons: hop_buttons("payments-a-to-b", "A"),
        highlights: vec![],
        builder: |v: &KnobValues| {
            let t = sync_beside_async(v.number("rtt_ms")? as u64, v.toggle("payments_sync")?);
            let timeline = vec![cmd(v.number("loss_s")?, Command::LoseSite { site: s("A") })];
            Ok(spec("synchronous-copy", t, timeline, secs(60.0)))
        },
    }
}

pub fn failback() -> Scenario {
    Scenario {
        id: "failback",
        title: "Failing back to the original site",
        card: "failback",
        summary: "A stops answering; writers and a reader group move to B, which now takes the only copy of new records. When A answers again it holds stale history plus a leftover tail that never reached B. Going back safely means running a copier the other way first, then translating reader positions again; switching the writer straight back leaves A without everything written on B.",
        watch_for: vec![
            "While A is away, B is the only holder of new records.",
            "With the reverse copy on, A catches up before the writer returns; without it, A is missing B's records for good.",
            "The origin marker keeps the reverse copier from sending A's own records back to A.",
        ],
        knobs: vec![Knob::toggle("copy_back", "Run the copy B to A before moving back", true)],
        buttons: vec![
            button("cut-a", "A stops answering", Command::CutSite { site: s("A") }),
            button("restore-a", "A answers again", Command::RestoreSite { site: s("A") }),
            button("start-back", "Start the copy B to A", Command::StartHop { hop: s("b-to-a") }),
        ],
        highlights: vec![],
        builder: |v: &KnobValues| {
            // Both ways checkpoint the group's commits every second: when A stops
            // answering, its commits are out of reach and B knows only those.
            let fwd = HopOptions {
                stamp: OriginStamp::Marker,
                checkpoint_every_ms: Some(1_000),
                ..HopOptions::default()
            };
            let back = HopOptions {
                // Only the start-hop command starts it: the latest start a file may give.
                start_at_ms: crate::spec::limits::MAX_MS,
                stamp: OriginStamp::Marker,
                checkpoint_every_ms: Some(1_000),
                ..HopOptions::default()
            };
            let mut t = primary_standby(100.0, fwd);
            t.hops.push(hop("b-to-a", at("B", "orders"), at("A", "orders"), back));
            t.readers.push(reader("billing", "A", "orders", 150.0));
            let mut timeline = vec![
                cmd(20.0, Command::CutSite { site: s("A") }),
                cmd(22.0, Command::MoveWriter { writer: s("w1"), site: s("B") }),
                cmd(22.0, Command::MoveReader { reader: s("billing"), site: s("B"), rule: ResumeRule::PositionMap }),
                cmd(40.0, Command::RestoreSite { site: s("A") }),
            ];
            if v.toggle("copy_back")? {
                timeline.push(cmd(41.0, Command::StartHop { hop: s("b-to-a") }));
            }
            timeline.push(cmd(55.0, Command::MoveWriter { writer: s("w1"), site: s("A") }));
            timeline.push(cmd(55.0, Command::MoveReader { reader: s("billing"), site: s("A"), rule: ResumeRule::PositionMap }));
            Ok(spec("failback", t, timeline, secs(70.0)))
        },
    }
}

pub fn contract_store_outage() -> Scenario {
    Scenario {
        id: "contract-store-outage",
        title: "Healthy brokers, every publish refused",
        card: "companion-outage",
        summary: "Writers must reach the contract store before each publish. It runs at site A only. When A is lost and the writers move to B, B's cluster is up and answering, yet every publish is refused: the dependency sits outside the brokers, so nothing on the cluster's own dashboard turns red.",
        watch_for: vec![
            "After the failover, site B's status is up and its stream accepts nothing: refusals climb while appends stay flat.",
            "With an instance at both sites the same failover costs nothing.",
            "Taking the store down alone, with both clusters fine, stops publishing just the same.",
        ],
        knobs: vec![Knob::choice(
            "store_sites",
            "Contract store runs at",
            &[("a-only", "Site A only"), ("both", "Both sites")],
            "a-only",
        )],
        buttons: vec![
            button("store-down-a", "Contract store at A down", Command::CompanionDown { name: s("contracts"), site: s("A") }),
            button("store-up-a", "Contract store at A up", Command::CompanionUp { name: s("contracts"), site: s("A") }),
            button("lose-a", "Lose site A", Command::LoseSite { site: s("A") }),
        ],
        highlights: vec![],
        builder: |v: &KnobValues| {
            let mut t = primary_standby(100.0, HopOptions::default());
            let sites = if v.choice("store_sites")? == "both" { vec![s("A"), s("B")] } else { vec![s("A")] };
            t.companions.push(CompanionSpec { name: s("contracts"), kind: s("contract-store"), sites });
            t.writers[0].requires.push(s("contracts"));
            let timeline = vec![
                cmd(15.0, Command::LoseSite { site: s("A") }),
                cmd(17.0, Command::MoveWriter { writer: s("w1"), site: s("B") }),
            ];
            Ok(spec("contract-store-outage", t, timeline, secs(40.0)))
        },
    }
}

pub fn backup_vs_copy() -> Scenario {
    Scenario {
        id: "backup-vs-copy",
        title: "A file backup against a running copy",
        card: "backup-vs-copy",
        summary: "Site A is backed up to files on a schedule and also copied continuously to B. When A is lost, the backup holds the stream as it was at the last snapshot: everything since is gone. The copy on B is short only by the copy lag.",
        watch_for: vec![
            "The records missing from the latest backup grow with the time since it was taken.",
            "The copy on B misses only the uncopied tail at the moment of the loss.",
            "The backup also holds no reader positions: every group would restart from a guess.",
        ],
        knobs: vec![Knob::range("backup_every_s", "Backup every (s)", 10.0, 120.0, 10.0, 30.0)],
        buttons: vec![
            button("backup", "Take a backup of A now", Command::TakeBackup { site: s("A") }),
            button("lose-a", "Lose site A", Command::LoseSite { site: s("A") }),
        ],
        highlights: vec![],
        builder: |v: &KnobValues| {
            let t = primary_standby(100.0, HopOptions::default());
            let every = v.number("backup_every_s")?.max(1.0);
            let mut timeline = Vec::new();
            let mut at_s = every;
            while at_s < 100.0 {
                timeline.push(cmd(at_s, Command::TakeBackup { site: s("A") }));
                at_s += every;
            }
            timeline.push(cmd(100.0, Command::LoseSite { site: s("A") }));
            Ok(spec("backup-vs-copy", t, timeline, secs(110.0)))
        },
    }
}
