//! Questions the lab (and the property tests) ask about positions across clusters.

use crate::posmap::Translation;
use crate::sim::Sim;

/// One record a hop copied: where it was read and where it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyRecord {
    pub source_part: u32,
    pub source_position: u64,
    pub target_part: u32,
    pub target_position: u64,
    pub duplicate: bool,
}

impl Sim {
    fn hop_index(&self, hop: &str) -> Option<usize> {
        self.hops().iter().position(|h| h.id() == hop)
    }

    /// Translates source position `g` of `part` through the hop's position map (Kafka's
    /// `translateDownstream`): no pairs yet, older than every kept pair, or a target part
    /// and position at or before the true place. None for an unknown hop or part, or a
    /// hop that keeps no map.
    pub fn translate(&self, hop: &str, part: u32, g: u64) -> Option<Translation> {
        let h = self.hop_index(hop)?;
        self.hops()[h].opts().map_every?;
        Some(self.hops()[h].parts().get(part as usize)?.map.translate(g))
    }

    /// Where the hop wrote its first copy of source position `g` of `part`, if that copy
    /// is still stored: the true answer the map approximates.
    pub fn copy_position(&self, hop: &str, part: u32, g: u64) -> Option<(u32, u64)> {
        let h = self.hop_index(hop)?;
        let dst = &self.streams()[self.hops()[h].dst()];
        dst.parts.iter().enumerate().find_map(|(q, p)| {
            p.blocks
                .iter()
                .filter(|r| r.written_by(h) && r.dup == 0 && u32::from(r.src_part) == part)
                .find(|r| (r.src_pos..r.src_pos + r.len).contains(&g))
                .map(|r| (q as u32, r.pos + (g - r.src_pos)))
        })
    }

    /// Every stored copy this hop wrote, one entry per record (record-level: for tests
    /// and small scenarios only).
    pub fn copies_of(&self, hop: &str) -> Vec<CopyRecord> {
        let Some(h) = self.hop_index(hop) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (q, p) in self.streams()[self.hops()[h].dst()]
            .parts
            .iter()
            .enumerate()
        {
            for r in p.blocks.iter().filter(|r| r.written_by(h)) {
                for i in 0..r.len {
                    out.push(CopyRecord {
                        source_part: u32::from(r.src_part),
                        source_position: r.src_pos + i,
                        target_part: q as u32,
                        target_position: r.pos + i,
                        duplicate: r.dup > 0,
                    });
                }
            }
        }
        out
    }

    /// First copies (not duplicates) this hop has stored on its target.
    pub fn stored_first_copies(&self, hop: &str) -> Option<u64> {
        let h = self.hop_index(hop)?;
        let dst = &self.streams()[self.hops()[h].dst()];
        Some(
            dst.parts
                .iter()
                .flat_map(|p| p.blocks.iter())
                .filter(|r| r.written_by(h) && r.dup == 0)
                .map(|r| r.len)
                .sum(),
        )
    }
}
