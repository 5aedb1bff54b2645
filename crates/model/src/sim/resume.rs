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
        let asked = rule;
        let (rule, mut note) = self.rule_over(via_hop, rule);
        // What crossed before the move: the copier's last checkpoint (or, on a mirror, its
        // last sync of the group's committed positions), where the hop takes them.
        let synced = self.synced_positions(r, via_hop);
        // The group's own cluster still answering: a clean stop commits where it stands.
        // Not answering: its committed positions are out of reach, and only what a copier
        // synced before the fault is known on the other side.
        let answers = self.site_up(reader.site);
        let mut unknown = false;
        let from_sync =
            rule == ResumeRule::PositionMap || (rule == ResumeRule::RawNumber && !answers);
        if let Some(cp) = synced.as_ref().filter(|_| from_sync) {
            note = Some(checkpoint_note(cp));
        }
        let mut parts = Vec::new();
        let mut fallbacks: Vec<String> = Vec::new();
        // Off a site that does not answer, the time it stood at is its last commit's.
        let times = if answers {
            &reader.last_ts
        } else {
            &reader.committed_ts
        };
        let last_ts = |q: usize| times.get(q).copied().flatten();
        for (q, part) in stream.parts.iter().enumerate() {
            let old = reader.positions.get(q).copied().unwrap_or(0);
            let found = match rule {
                ResumeRule::Start => Ok(part.start),
                ResumeRule::End => Ok(part.end),
                ResumeRule::Timestamp => Ok(timestamp_position(part, last_ts(q))),
                _ => self.known_position(rule, via_hop, synced.as_ref(), answers, q, old),
            };
            // With nothing usable the group starts as a new one does (`auto.offset.reset`).
            let new = found.unwrap_or_else(|why| {
                if why.is_empty() {
                    unknown = true;
                } else {
                    fallbacks.push(format!("part {q}: {why}"));
                }
                reader.fallback_position(part)
            });
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
        if unknown {
            note = Some(died_with_site(
                self.site_name(reader.site),
                reader.fallback_name(),
            ));
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
            note: with_fallbacks(note, &fallbacks, reader.fallback_name()),
        }
    }

    /// The rule a move over `via_hop` really follows, and why it differs from the one asked:
    /// over a mirror the numbers are the source's, so the map rule is the same number.
    fn rule_over(&self, via_hop: Option<usize>, rule: ResumeRule) -> (ResumeRule, Option<String>) {
        let mirror = via_hop.is_some_and(|h| self.hops[h].is_mirror());
        if mirror && rule == ResumeRule::PositionMap {
            let why = "a mirror keeps the source's numbers: the same number needs no map";
            (ResumeRule::RawNumber, Some(why.into()))
        } else {
            (rule, None)
        }
    }

    /// Group `r`'s positions as the copier `via_hop` last synced them, where it syncs them.
    fn synced_positions(&self, r: usize, via_hop: Option<usize>) -> Option<Checkpoint> {
        via_hop
            .filter(|&h| self.hops[h].opts().checkpoint_every_ms.is_some())
            .map(|h| self.hops[h].checkpoint(r).cloned().unwrap_or_default())
    }

    /// Where the raw number or the map rule puts part `q` of a group standing at `old`.
    /// The raw number: where it stands while its site answers, else the copier's last
    /// `synced` number. The map rule: the copier's last checkpoint where the copier takes
    /// them (MirrorMaker 2 resumes from its checkpoints), else, while the site answers,
    /// where it stands translated over the map. Err(why), or Err("") when no position of
    /// the group crossed at all.
    fn known_position(
        &self,
        rule: ResumeRule,
        via_hop: Option<usize>,
        synced: Option<&Checkpoint>,
        answers: bool,
        q: usize,
        old: u64,
    ) -> Result<u64, String> {
        match rule {
            ResumeRule::RawNumber if answers => Ok(old),
            ResumeRule::RawNumber => synced_position(synced, q, |(up, _)| up),
            // MirrorMaker 2 writes no checkpoint without offset syncs to translate with.
            _ if via_hop.is_none_or(|h| self.hops[h].opts().map_every.is_none()) => {
                Err("the copier keeps no position map".to_string())
            }
            _ if synced.is_some() => synced_position(synced, q, |(_, down)| down),
            _ if answers => self.mapped_position(via_hop, q, old),
            _ => Err(String::new()),
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

/// The position the copier's last sync holds for part `q` (`pick` chooses the source's
/// number or the translated one), or why there is none.
fn synced_position(
    cp: Option<&Checkpoint>,
    q: usize,
    pick: fn((u64, u64)) -> u64,
) -> Result<u64, String> {
    match cp.and_then(|cp| cp.positions.get(q).copied().flatten()) {
        Some(pair) => Ok(pick(pair)),
        None if cp.is_some() => Err("no checkpoint".to_string()),
        None => Err(String::new()),
    }
}

/// Why a group moved off a site that does not answer starts over: its committed positions
/// were kept on that site, and no copier synced them.
fn died_with_site(site: &str, fallback: &str) -> String {
    format!(
        "the group's committed positions were kept on {site}, which does not answer, and no copier synced them: it starts as a new group does, from the {fallback} record"
    )
}

/// The move's note with the parts that had no usable position appended; they start as a
/// new group does, from their `fallback` ("oldest" or "newest") record.
fn with_fallbacks(note: Option<String>, fallbacks: &[String], fallback: &str) -> Option<String> {
    if fallbacks.is_empty() {
        return note;
    }
    let fell = format!(
        "no synced position or map pair, so these parts start as a new group does, from their {fallback} record: {}",
        fallbacks.join("; ")
    );
    Some(match note {
        Some(n) => format!("{n}; {fell}"),
        None => fell,
    })
}
