//! Where a moved reader group lands under each resume rule, and what that costs.

use super::{CommandError, Sim};
use crate::hop::Checkpoint;
use crate::posmap::Translation;
use crate::reader::{MoveReport, PartMove};
use crate::spec::ResumeRule;
use crate::store::Part;
use crate::time::Millis;

impl Sim {
    /// The copy of reader `r`'s stream on `site`: where a hop from it writes there, else
    /// the same name, else (a remote stream named after `site`, `B.orders` read on A and
    /// moved to B) the stream it was copied from, under MirrorMaker 2's naming. Returns
    /// (stream, the hop that writes it: none for the original, whose numbers no map of
    /// the model translates back).
    pub(crate) fn copy_of_reader_stream(
        &self,
        r: usize,
        site: usize,
    ) -> Result<(usize, Option<usize>), CommandError> {
        let old_stream = self.readers[r].stream;
        let name = &self.streams[old_stream].name;
        let via_hop = self
            .hops
            .iter()
            .position(|h| h.src() == old_stream && self.streams[h.dst()].site == site);
        let upstream = || {
            let (source, rest) = name.split_once('.')?;
            (source == self.site_name(site))
                .then(|| self.resolved.stream(site, rest))
                .flatten()
        };
        match (self.resolved.stream(site, name), via_hop) {
            (_, Some(h)) => Ok((self.hops[h].dst(), Some(h))),
            (Some(t), None) => Ok((t, None)),
            (None, None) if upstream().is_some() => Ok((upstream().expect("checked"), None)),
            (None, None) => Err(CommandError(format!(
                "site '{}' has no copy of stream '{name}'",
                self.site_name(site)
            ))),
        }
    }

    /// What moving reader group `reader` to `site` would cost under every resume rule,
    /// without moving it (for a side-by-side comparison).
    pub fn resume_options(
        &self,
        reader: &str,
        site: &str,
    ) -> Result<Vec<MoveReport>, CommandError> {
        let r = self.find_reader(reader)?;
        let s = self.find_site(site)?;
        let (target, via_hop) = self.copy_of_reader_stream(r, s)?;
        Ok(ResumeRule::ALL
            .iter()
            .map(|&rule| self.price_move(r, target, via_hop, rule))
            .collect())
    }

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
        // Over a mirror the numbers are the source's: the map rule is the same number.
        let (asked, mirror) = (rule, via_hop.is_some_and(|h| self.hops[h].is_mirror()));
        let rule = if mirror && rule == ResumeRule::PositionMap {
            note = Some("a mirror keeps the source's numbers: the same number needs no map".into());
            ResumeRule::RawNumber
        } else {
            rule
        };
        // Over the map with checkpoints, the group resumes from the copier's last
        // checkpoint (translated when it was taken), not from where it stands now.
        let checkpoint = via_hop
            .filter(|&h| {
                rule == ResumeRule::PositionMap && self.hops[h].opts().checkpoint_every_ms.is_some()
            })
            .map(|h| self.hops[h].checkpoint(r).cloned().unwrap_or_default());
        if let Some(cp) = &checkpoint {
            note = Some(checkpoint_note(cp));
        }
        let mut parts = Vec::new();
        let mut fallbacks: Vec<String> = Vec::new();
        for (q, part) in stream.parts.iter().enumerate() {
            let old = reader.positions.get(q).copied().unwrap_or(0);
            let new = match rule {
                ResumeRule::RawNumber => old,
                ResumeRule::Start => part.start,
                ResumeRule::End => part.end,
                ResumeRule::Timestamp => {
                    timestamp_position(part, reader.last_ts.get(q).copied().flatten())
                }
                ResumeRule::PositionMap => {
                    let found = match &checkpoint {
                        Some(cp) => checkpointed_position(cp, q),
                        None => self.mapped_position(via_hop, q, old),
                    };
                    // The group starts over from the oldest record here (replay, never a gap).
                    found.unwrap_or_else(|why| {
                        fallbacks.push(format!("part {q}: {why}"));
                        part.start
                    })
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
            rule: asked.id().to_string(),
            from_site: self.site_name(reader.site).to_string(),
            to_site: self.site_name(stream.site).to_string(),
            stream: stream.name.clone(),
            replay: parts.iter().map(|m| m.replay).sum(),
            gap: parts.iter().map(|m| m.gap).sum(),
            parts,
            note: with_fallbacks(note, &fallbacks),
        }
    }

    /// Old position `old` on part `q` translated over `via_hop`'s position map, or why not.
    fn mapped_position(&self, via_hop: Option<usize>, q: usize, old: u64) -> Result<u64, String> {
        let translation = via_hop
            .filter(|&h| self.hops[h].opts().map_every.is_some())
            .and_then(|h| self.hops[h].parts().get(q))
            .map(|hp| hp.map.translate(old));
        match translation {
            Some(Translation::At { part, position }) if part as usize == q => Ok(position),
            // MirrorMaker 2 writes no checkpoint then.
            None => Err("the copier keeps no position map".to_string()),
            Some(Translation::At { part, .. }) => {
                Err(format!("its newest pair points into part {part}"))
            }
            Some(t) => Err(t.describe()),
        }
    }
}

/// Where the copier's checkpoint, the move's starting point, was taken.
fn checkpoint_note(cp: &Checkpoint) -> String {
    match cp.taken_at {
        Some(t) => format!(
            "resumed from the copier's last checkpoint, taken at {} s",
            crate::decimal::fixed(t as f64 / 1000.0, 1)
        ),
        None => "the copier had checkpointed no position of this group".to_string(),
    }
}

/// The first record on `part` stamped at or after the group's last read timestamp
/// (the part's end if none is; its start if the group read nothing there).
fn timestamp_position(part: &Part, last_ts: Option<Millis>) -> u64 {
    match last_ts {
        Some(t) => part
            .blocks
            .iter()
            .find(|b| b.ts_ms >= t)
            .map_or(part.end, |b| b.pos),
        None => part.start,
    }
}

/// The position the copier's checkpoint holds for part `q`, or why there is none.
fn checkpointed_position(cp: &Checkpoint, q: usize) -> Result<u64, String> {
    match cp.positions.get(q).copied().flatten() {
        Some((_, pos)) => Ok(pos),
        None => Err("no checkpoint".to_string()),
    }
}

/// The move's note with the parts that had no usable map pair appended.
fn with_fallbacks(note: Option<String>, fallbacks: &[String]) -> Option<String> {
    if fallbacks.is_empty() {
        return note;
    }
    let fell = format!(
        "no usable map pair, so these parts start from their oldest record: {}",
        fallbacks.join("; ")
    );
    Some(match note {
        Some(n) => format!("{n}; {fell}"),
        None => fell,
    })
}
