//! Where a moved reader group lands under each resume rule, and what that costs.

use super::Sim;
use crate::reader::{MoveReport, PartMove};
use crate::spec::ResumeRule;

impl Sim {
    pub(crate) fn price_move(
        &self,
        r: usize,
        target: usize,
        via_hop: Option<usize>,
        rule: ResumeRule,
    ) -> MoveReport {
        let reader = &self.readers[r];
        let stream = &self.streams[target];
        let mut note = None;
        let mut parts = Vec::new();
        for (q, part) in stream.parts.iter().enumerate() {
            let old = reader.positions.get(q).copied().unwrap_or(0);
            let new = match rule {
                ResumeRule::RawNumber => old,
                ResumeRule::Start => part.start,
                ResumeRule::End => part.end,
                ResumeRule::Timestamp => match reader.last_ts.get(q).copied().flatten() {
                    Some(t) => part
                        .runs
                        .iter()
                        .find(|run| run.ts_ms >= t)
                        .map_or(part.end, |run| run.pos),
                    None => part.start,
                },
                ResumeRule::PositionMap => {
                    let translated = via_hop
                        .filter(|&h| self.hops[h].opts.map_every.is_some())
                        .and_then(|h| self.hops[h].parts.get(q))
                        .and_then(|hp| hp.map.translate(old))
                        .filter(|&(dq, _)| dq as usize == q);
                    match translated {
                        Some((_, pos)) => pos,
                        None => {
                            note = Some(
                                "no usable position-map pair for some parts: they fell back to the start"
                                    .to_string(),
                            );
                            part.start
                        }
                    }
                }
            };
            let new = new.clamp(part.start, part.end);
            let (replay, gap) = reader.price(part, new);
            parts.push(PartMove {
                part: q as u32,
                old_position: old,
                new_position: new,
                replay,
                gap,
            });
        }
        MoveReport {
            at_ms: self.now,
            rule: rule.id().to_string(),
            from_site: self.site_name(reader.site).to_string(),
            to_site: self.site_name(stream.site).to_string(),
            stream: stream.name.clone(),
            replay: parts.iter().map(|m| m.replay).sum(),
            gap: parts.iter().map(|m| m.gap).sum(),
            parts,
            note,
        }
    }
}
