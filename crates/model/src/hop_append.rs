//! The write half of a hop: what a delivered batch becomes on the target — filtered,
//! stamped, mapped to parts, numbered fresh — and the bookkeeping around it.

use crate::hop::Batch;
use crate::log::{fmt_n, positions, records, LogKind};
use crate::sim::Sim;
use crate::spec::{OriginStamp, PartMapping, Timestamps};
use crate::store::Run;

impl Sim {
    pub(crate) fn append_copies(&mut self, h: usize, batch: &Batch) {
        let now = self.now;
        let (dst, src_site) = (self.hops[h].dst, self.hops[h].src_site);
        let q = self.target_part_for(h, batch.part);
        self.batches += 1;
        if self.hops[h].opts.mapping == PartMapping::FanOut {
            let hp = &mut self.hops[h].parts[batch.part];
            hp.fan_next = hp.fan_next.wrapping_add(1);
        }
        let hop = &mut self.hops[h];
        let (stamp, only_local, stamps, mapped) = (
            hop.opts.stamp,
            hop.opts.forward_only_local,
            hop.opts.timestamps,
            hop.opts.map_every.is_some(),
        );
        let epoch = hop.epoch;
        let hp = &mut hop.parts[batch.part];
        let mut dups = 0u64;
        let mut skipped = 0u64;
        let mut echoes = 0u64;
        let dst_site = hop.dst_site;
        let mut first_pos = None;
        let stream = &mut self.streams[dst];
        let part = &mut stream.parts[q as usize];
        for piece in &batch.runs {
            // Split at the high-water mark: below it, this is a re-append. Segments are
            // (first position, length, duplicate?), built without cloning the run.
            let cut = hp.high_water.clamp(piece.pos, piece.end());
            for (a, b, is_dup) in [(piece.pos, cut, true), (cut, piece.end(), false)] {
                let len = b - a;
                if len == 0 {
                    continue;
                }
                let dropped_writer = hop.drop_writers.contains(&piece.payload.writer);
                let foreign = stamp == OriginStamp::Marker
                    && only_local
                    && piece.stamp.is_some_and(|s| usize::from(s) != src_site);
                if dropped_writer || foreign {
                    if !is_dup {
                        hp.filtered += len;
                        if foreign {
                            hp.not_local += len;
                        }
                    }
                    skipped += len;
                    continue;
                }
                let mut payload = piece.payload;
                payload.seq += a - piece.pos;
                let copy = Run {
                    pos: 0,
                    len,
                    payload,
                    origin: piece.origin,
                    hops: piece.hops.saturating_add(1),
                    dup: if is_dup { epoch.max(1) } else { piece.dup },
                    stamp: match stamp {
                        OriginStamp::Marker => Some(piece.stamp.unwrap_or(src_site as u8)),
                        _ => None,
                    },
                    created_ms: piece.created_ms,
                    ts_ms: match stamps {
                        Timestamps::KeepSource => piece.ts_ms,
                        Timestamps::StampArrival => now,
                    },
                    arrived_ms: now,
                    durable_ms: now,
                    src_pos: a,
                    src_part: batch.part as u16,
                    via_hop: h as u64,
                };
                if usize::from(piece.origin) == dst_site {
                    echoes += len;
                }
                let pos = part.append(copy);
                first_pos.get_or_insert(pos);
                if mapped {
                    hp.map.record(a, pos, len, q);
                }
                hp.last_drift = Some(pos as i64 - a as i64);
                hp.target_part_last = Some(q);
                if is_dup {
                    hp.duplicates += len;
                    dups += len;
                } else {
                    hp.copied += len;
                    let latency = now - piece.created_ms;
                    hop.latency_min = Some(hop.latency_min.map_or(latency, |m| m.min(latency)));
                    hop.latency_max = hop.latency_max.max(latency);
                    hop.latency_last = Some(latency);
                }
            }
        }
        part.enforce_retention(now, &stream.retention);
        hp.copied_upto = batch.to;
        hp.high_water = hp.high_water.max(batch.to);
        if self.log.on() && batch.to > batch.from {
            let hop = &self.hops[h];
            let src_name = self.site_name(hop.src_site).to_string();
            let dst_name = self.site_name(hop.dst_site).to_string();
            let mut text = format!(
                "Copier {} read {} ({}) from part {} on {src_name}",
                hop.id,
                records(batch.to - batch.from),
                positions(batch.from, batch.to),
                batch.part,
            );
            if let Some(pos) = first_pos {
                let them = if batch.to - batch.from == 1 {
                    "it"
                } else {
                    "them"
                };
                text.push_str(&format!(
                    " and wrote {them} to part {q} on {dst_name} from position {}",
                    fmt_n(pos)
                ));
            }
            text.push_str(&format!(
                "; latest copy latency {}",
                self.hop_latency_text(h)
            ));
            if dups > 0 {
                text.push_str(&format!(
                    "; {} were duplicates after a restart",
                    fmt_n(dups)
                ));
            }
            if skipped > 0 {
                text.push_str(&format!(
                    "; {} not forwarded (filtered, or stamped as from elsewhere)",
                    records(skipped)
                ));
            }
            if echoes > 0 {
                text.push_str(&format!(
                    "; {} had started at {dst_name}: an echo coming back",
                    records(echoes)
                ));
            }
            let kind = if dups > 0 {
                LogKind::Duplicate
            } else {
                LogKind::Copy
            };
            self.log.push(now, kind, text);
        }
    }
}
