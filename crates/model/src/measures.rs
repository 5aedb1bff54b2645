//! Measures: what the lab charts and the CLI prints, computed from the current state.

use crate::census::{MergeMeasure, SiteCensus, StreamOrder};
use crate::hop::HopStatus;
use crate::reader::MoveReport;
use crate::recovery::{ActorKind, ActorRecovery};
use crate::sim::{Backup, BudgetExhausted, Sim, SiteStatus};
use crate::time::Millis;
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct Measures {
    pub at_ms: Millis,
    pub sites: Vec<SiteMeasure>,
    pub hops: Vec<HopMeasure>,
    pub writers: Vec<WriterMeasure>,
    pub readers: Vec<ReaderMeasure>,
    pub streams: Vec<StreamOrder>,
    pub companions: Vec<CompanionMeasure>,
    pub backups: Vec<Backup>,
    pub echo: EchoMeasure,
    pub merge: Option<MergeMeasure>,
    /// Set when the run stopped early for its budget: everything above is as of then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<BudgetExhausted>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SiteMeasure {
    pub name: String,
    pub status: SiteStatus,
    pub census: SiteCensus,
}

#[derive(Clone, Debug, Serialize)]
pub struct HopMeasure {
    pub id: String,
    pub status: HopStatus,
    /// Source end minus the copier's position, in the source's own space.
    pub lag_records: u64,
    /// Lag measure 1: the age of the oldest record not yet on the target (0 when none
    /// waits). Honest on a quiet stream; needs the source to compute.
    pub oldest_uncopied_age_ms: Millis,
    /// Lag measure 2: now minus the source timestamp of the newest record copied, the
    /// freshness a dashboard on the target sees (the oldest of the parts'). On a quiet
    /// stream it grows although nothing is late; see `heartbeat_age_ms`. None: nothing
    /// copied yet.
    pub newest_copied_age_ms: Option<Millis>,
    /// Lag measure 2 taken on the hop's heartbeats (`heartbeat_every_ms`): now minus the
    /// source timestamp of the newest heartbeat on the target. Stays small on a quiet
    /// stream while the copier works; grows when it stalls or is cut off. None: no
    /// heartbeats configured, or none copied yet.
    pub heartbeat_age_ms: Option<Millis>,
    /// Acknowledged on the source, never copied: what a source loss would take.
    pub uncopied_tail: u64,
    /// Appended on the source and not yet acknowledged to the writer (its durability
    /// delay): not in the tail; a loss now takes them unacknowledged.
    pub unacknowledged: u64,
    /// Read and on its way.
    pub in_flight: u64,
    /// Target end minus source end: meaningless, shown beside the true lag.
    pub subtraction: i64,
    pub copied: u64,
    pub filtered: u64,
    pub not_local: u64,
    pub aged_out_before_copy: u64,
    /// Copied, rewound by a restart and never copied again (aged out of the source before
    /// the re-read, or the source was lost first): their first copy is their only one,
    /// before the pairs the restart wrote.
    pub rewound_not_recopied: u64,
    pub duplicates: u64,
    /// Acknowledged records lost with the source site before being copied.
    pub lost_with_site: u64,
    /// Records lost with the source site before they were even acknowledged.
    pub lost_unacknowledged: u64,
    pub before_start: u64,
    /// Round trip plus the target's write: no copy can be faster.
    pub floor_ms: Millis,
    pub latency_min_ms: Option<Millis>,
    pub latency_max_ms: Millis,
    pub latency_last_ms: Option<Millis>,
    /// Position-map pairs kept (at most 64 per part) and written since the start.
    pub map_pairs: usize,
    pub map_written: u64,
    /// Why target positions differ from source positions, with counts.
    pub drift_causes: Vec<String>,
    pub parts: Vec<HopPartMeasure>,
}

#[derive(Clone, Debug, Serialize)]
pub struct HopPartMeasure {
    pub part: u32,
    pub source_end: u64,
    pub read_position: u64,
    pub committed: u64,
    pub lag_records: u64,
    pub oldest_uncopied_age_ms: Millis,
    pub newest_copied_age_ms: Option<Millis>,
    pub uncopied_tail: u64,
    pub unacknowledged: u64,
    pub target_end: u64,
    pub subtraction: i64,
    /// Target position minus source position of the last record copied.
    pub drift: Option<i64>,
    /// Every record of the part accounted for (the conservation invariant).
    pub accounted: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct WriterMeasure {
    pub id: String,
    pub site: String,
    pub stream: String,
    pub appended: u64,
    /// What the writer was told was stored.
    pub acknowledged: u64,
    pub refused: u64,
    /// Of `refused`: publishes to an unpromoted mirror's read-only target (left out of
    /// the JSON when 0, so runs without mirrors serialise as before).
    #[serde(skip_serializing_if = "is_zero")]
    pub refused_read_only: u64,
    /// Appended, then the site was lost before the acknowledgement.
    pub unacknowledged_lost: u64,
    pub max_ack_delay_ms: Millis,
    /// With a synchronous hop from the writer's stream (`ack: far-copy-durable`): records
    /// appended and still waiting for their far copy (left out of the JSON when 0)...
    #[serde(skip_serializing_if = "is_zero")]
    pub awaiting_far_copy: u64,
    /// ...and the shortest acknowledgement delay of a record the far copy acknowledged
    /// (left out when none): never under the hop's round trip plus the target's write.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_far_ack_delay_ms: Option<Millis>,
    /// The longest wait for an acknowledgement of a record written after the last fault
    /// healed. Not in the JSON (the runs' pinned fingerprints digest it).
    #[serde(skip)]
    pub max_calm_ack_delay_ms: Millis,
    /// Records written while a same-named stream at another site also took writes. Not
    /// in the JSON: the runs' pinned fingerprints digest it, and a drill reads it here.
    #[serde(skip)]
    pub split_writes: u64,
    /// Distinct records of this writer still stored on some site.
    pub survived: u64,
    /// Acknowledged but stored nowhere any more: every record written and stored nowhere,
    /// less those never acknowledged, at most the acknowledged count. Counted by identity,
    /// so records stored but still awaiting acknowledgement never hide acknowledged ones
    /// that are gone.
    pub missing: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct ReaderMeasure {
    pub id: String,
    pub site: String,
    pub stream: String,
    pub positions: Vec<u64>,
    pub lag_records: u64,
    pub processed: u64,
    pub replayed: u64,
    pub gap: u64,
    pub last_move: Option<MoveReport>,
}

#[derive(Clone, Debug, Serialize)]
pub struct CompanionMeasure {
    pub name: String,
    pub kind: String,
    /// (site, answering) per instance.
    pub instances: Vec<(String, bool)>,
}

/// Copies and echoes against the records written.
#[derive(Clone, Debug, Serialize)]
pub struct EchoMeasure {
    pub originals_written: u64,
    /// Every stored copy, first copies included.
    pub copies_stored: u64,
    /// `copies_stored / originals_written`: how far the records spread, not how much they
    /// echo (a chain A -> B -> C stores 2.0 without a single echo).
    pub copies_per_original: f64,
    /// Stored echoes on every site: repeats of a record the site already holds, and
    /// records come back to the site they were written at (restart duplicates apart).
    pub echoes_stored: u64,
    /// `echoes_stored / originals_written`: 0 when nothing echoes, growing in a loop.
    pub echoes_per_original: f64,
}

/// `n / d`, 0 when nothing was written.
fn per(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        n as f64 / d as f64
    }
}

/// The hop's lag figures, summed over parts.
pub(crate) struct HopLag {
    pub records: u64,
    pub age_ms: Millis,
    pub tail: u64,
    pub subtraction: i64,
    pub per_part: Vec<u64>,
}

impl Sim {
    pub(crate) fn hop_part_measure(&self, h: usize, p: usize) -> HopPartMeasure {
        let hop = &self.hops()[h];
        let hp = &hop.parts()[p];
        let part = &self.streams()[hop.src()].parts[p];
        let target = &self.streams()[hop.dst()].parts;
        let q = hp.target_part_last.map_or(p % target.len(), |q| q as usize);
        // Acknowledged = durable: the writer is told once its durability delay is over
        // (with a synchronous hop from the stream, once that hop's copy is durable).
        let acked_end = self.acked_end(hop.src(), p);
        let (lag, tail, pending, age) = if hop.started() {
            let at = hp.copied_upto.max(part.start);
            let age = part
                .block_at(at)
                .map_or(0, |r| self.now().saturating_sub(r.created_ms));
            (
                part.end.saturating_sub(hp.copied_upto),
                acked_end.saturating_sub(hp.high_water),
                part.end - acked_end.max(hp.high_water).min(part.end),
                age,
            )
        } else {
            let age = part
                .blocks
                .front()
                .map_or(0, |r| self.now().saturating_sub(r.created_ms));
            let acked = acked_end.saturating_sub(part.start);
            (part.stored(), acked, part.stored() - acked, age)
        };
        let accounted = !hop.started()
            || hp.before_start
                + hp.aged_out
                + hp.copied
                + hp.filtered
                + hp.lost_with_site
                + hp.lost_unacknowledged
                + tail
                + pending
                == hp.prev_total + part.end - hp.first_pos;
        HopPartMeasure {
            part: p as u32,
            source_end: part.end,
            read_position: hp.read_pos,
            committed: hp.committed,
            lag_records: lag,
            oldest_uncopied_age_ms: age,
            newest_copied_age_ms: hp.newest_copied_ts.map(|t| self.now().saturating_sub(t)),
            uncopied_tail: tail,
            unacknowledged: pending,
            target_end: target[q].end,
            subtraction: target[q].end as i64 - part.end as i64,
            drift: hp.last_drift,
            accounted,
        }
    }

    pub(crate) fn hop_lag(&self, h: usize) -> HopLag {
        let mut l = HopLag {
            records: 0,
            age_ms: 0,
            tail: 0,
            subtraction: 0,
            per_part: Vec::with_capacity(self.hops()[h].parts().len()),
        };
        for p in 0..self.hops()[h].parts().len() {
            let m = self.hop_part_measure(h, p);
            l.records += m.lag_records;
            l.per_part.push(m.lag_records);
            l.age_ms = l.age_ms.max(m.oldest_uncopied_age_ms);
            l.tail += m.uncopied_tail;
            l.subtraction += m.subtraction;
        }
        l
    }

    fn hop_measure(&self, h: usize) -> HopMeasure {
        let hop = &self.hops()[h];
        let parts: Vec<HopPartMeasure> = (0..hop.parts().len())
            .map(|p| self.hop_part_measure(h, p))
            .collect();
        let sum = |f: fn(&crate::hop::HopPart) -> u64| hop.parts().iter().map(f).sum::<u64>();
        let in_flight = hop.in_flight().map(|b| b.to - b.from).sum();
        HopMeasure {
            id: hop.id().to_string(),
            status: self.hop_status(h),
            lag_records: parts.iter().map(|m| m.lag_records).sum(),
            oldest_uncopied_age_ms: parts
                .iter()
                .map(|m| m.oldest_uncopied_age_ms)
                .max()
                .unwrap_or(0),
            newest_copied_age_ms: parts.iter().filter_map(|m| m.newest_copied_age_ms).max(),
            heartbeat_age_ms: hop.heartbeat_copied().map(|t| self.now().saturating_sub(t)),
            uncopied_tail: parts.iter().map(|m| m.uncopied_tail).sum(),
            unacknowledged: parts.iter().map(|m| m.unacknowledged).sum(),
            in_flight,
            subtraction: parts.iter().map(|m| m.subtraction).sum(),
            copied: sum(|p| p.copied),
            filtered: sum(|p| p.filtered),
            not_local: sum(|p| p.not_local),
            aged_out_before_copy: sum(|p| p.aged_out),
            rewound_not_recopied: sum(|p| p.rewound_not_recopied),
            duplicates: sum(|p| p.duplicates),
            lost_with_site: sum(|p| p.lost_with_site),
            lost_unacknowledged: sum(|p| p.lost_unacknowledged),
            before_start: sum(|p| p.before_start),
            floor_ms: hop.floor_ms(),
            latency_min_ms: hop.latency().0,
            latency_max_ms: hop.latency().1,
            latency_last_ms: hop.latency().2,
            map_pairs: hop.parts().iter().map(|p| p.map.pairs().count()).sum(),
            map_written: hop.parts().iter().map(|p| p.map.written()).sum(),
            drift_causes: self.drift_causes(h),
            parts,
        }
    }

    fn drift_causes(&self, h: usize) -> Vec<String> {
        use crate::log::fmt_n;
        let hop = &self.hops()[h];
        let sum = |f: fn(&crate::hop::HopPart) -> u64| hop.parts().iter().map(f).sum::<u64>();
        let mut out = Vec::new();
        let mut add = |n: u64, what: &str| {
            if n > 0 {
                out.push(format!("{what}: {}", fmt_n(n)));
            }
        };
        add(
            sum(|p| p.before_start),
            "late start (records written before the hop read from)",
        );
        add(sum(|p| p.aged_out), "aged out before the hop read them");
        add(sum(|p| p.duplicates), "duplicates appended after restarts");
        add(sum(|p| p.filtered), "filtered out");
        let target = &self.streams()[hop.dst()];
        add(
            target.start_position,
            "target numbering did not start at 0 (it already held records)",
        );
        let others: u64 = target
            .parts
            .iter()
            .flat_map(|p| p.blocks.iter())
            .filter(|r| !r.written_by(h))
            .map(|r| r.len)
            .sum();
        add(others, "records on the target not written by this hop");
        if hop.opts().mapping == crate::spec::PartMapping::FanOut {
            out.push("fan-out: one source part is spread over several target parts".into());
        }
        out
    }

    /// Every measure, now. Costs a scan of the stored blocks; call it per frame, not per event.
    pub fn measures(&self) -> Measures {
        let sites: Vec<SiteMeasure> = (0..self.sites().len())
            .map(|s| SiteMeasure {
                name: self.site_name(s).to_string(),
                status: self.sites()[s],
                census: self.site_census(s),
            })
            .collect();
        let echo = self.echo_measure(&sites);
        Measures {
            at_ms: self.now(),
            sites,
            hops: (0..self.hops().len())
                .map(|h| self.hop_measure(h))
                .collect(),
            writers: self.writer_measures(),
            readers: self.reader_measures(),
            streams: (0..self.streams().len())
                .map(|s| self.stream_order(s))
                .collect(),
            companions: self.companion_measures(),
            backups: self.backups().to_vec(),
            echo,
            merge: self.merge_measure(),
            stopped: self.stopped().cloned(),
        }
    }

    /// Copies and echoes per original written, from the sites' censuses.
    fn echo_measure(&self, sites: &[SiteMeasure]) -> EchoMeasure {
        let written: u64 = self.writers().iter().map(|w| w.appended).sum();
        let copies: u64 = self
            .streams()
            .iter()
            .flat_map(|s| s.parts.iter())
            .map(|p| p.stored() - p.originals)
            .sum();
        let echoes: u64 = sites.iter().map(|s| s.census.echoes()).sum();
        EchoMeasure {
            originals_written: written,
            copies_stored: copies,
            copies_per_original: per(copies, written),
            echoes_stored: echoes,
            echoes_per_original: per(echoes, written),
        }
    }

    /// Each writer's and reader group's outage over the run: what a drill's measured
    /// recovery time is made of.
    pub fn recovery(&self) -> Vec<ActorRecovery> {
        let writers = self
            .writers()
            .iter()
            .map(|w| w.outage.report(ActorKind::Writer, &w.id));
        let readers = self
            .readers()
            .iter()
            .map(|r| r.outage.report(ActorKind::ReaderGroup, &r.id));
        writers.chain(readers).collect()
    }

    /// Whether the writer or reader group `a` names is at `site` now.
    pub(crate) fn actor_at(&self, a: &ActorRecovery, site: &str) -> bool {
        let at = match a.kind {
            ActorKind::Writer => self.writers().iter().find(|w| w.id == a.id).map(|w| w.site),
            ActorKind::ReaderGroup => self.readers().iter().find(|r| r.id == a.id).map(|r| r.site),
        };
        at.is_some_and(|s| self.site_name(s) == site)
    }

    fn writer_measures(&self) -> Vec<WriterMeasure> {
        let survived = self.distinct_per_writer(|s| self.sites()[s] != SiteStatus::Lost);
        self.writers()
            .iter()
            .zip(&survived)
            .map(|(w, (_, surv))| {
                let acked = w.acked(self.now());
                WriterMeasure {
                    id: w.id.clone(),
                    site: self.site_name(w.site).to_string(),
                    stream: self.streams()[w.stream].name.clone(),
                    appended: w.appended,
                    acknowledged: acked,
                    refused: w.refused,
                    refused_read_only: w.refused_read_only,
                    unacknowledged_lost: w.unacked_lost,
                    max_ack_delay_ms: w.max_ack_delay,
                    max_calm_ack_delay_ms: w.max_calm_ack_delay,
                    awaiting_far_copy: w.awaiting_far,
                    min_far_ack_delay_ms: w.min_far_ack_delay,
                    split_writes: w.split_writes,
                    survived: *surv,
                    // Records awaiting a synchronous copy may have aged out of the
                    // source unacknowledged: they are left out whole (an acknowledged
                    // record of such a writer has its copy, so none of them is missing
                    // unless the target is lost too). Never more than were acknowledged.
                    missing: w
                        .appended
                        .saturating_sub(*surv)
                        .saturating_sub(w.unacked_lost)
                        .saturating_sub(w.awaiting_far)
                        .min(acked),
                }
            })
            .collect()
    }

    fn reader_measures(&self) -> Vec<ReaderMeasure> {
        self.readers()
            .iter()
            .map(|r| {
                let st = &self.streams()[r.stream];
                ReaderMeasure {
                    id: r.id.clone(),
                    site: self.site_name(r.site).to_string(),
                    stream: st.name.clone(),
                    positions: r.positions.clone(),
                    lag_records: st
                        .parts
                        .iter()
                        .zip(&r.positions)
                        .map(|(p, &pos)| p.end.saturating_sub(pos))
                        .sum(),
                    processed: r.processed,
                    replayed: r.replayed,
                    gap: r.gap,
                    last_move: r.moves.last().cloned(),
                }
            })
            .collect()
    }

    /// Each companion's instances, up only while their site is up too.
    fn companion_measures(&self) -> Vec<CompanionMeasure> {
        self.companions()
            .iter()
            .map(|c| CompanionMeasure {
                name: c.name.clone(),
                kind: c.kind.clone(),
                instances: c
                    .instances
                    .iter()
                    .map(|&(s, up)| (self.site_name(s).to_string(), up && self.site_up(s)))
                    .collect(),
            })
            .collect()
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}
