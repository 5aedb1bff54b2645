//! What a person compares between a real copier and the model: for one stream at one
//! site, how many copies of one writer's records it holds, and whether the copies kept
//! the positions they had where they came from. Both sides are put into the same words,
//! so a case is a list of facts whose real and model sides must read the same.

use hoplab_model::{Holding, ScenarioSpec, Sim};
use serde::Serialize;

/// One thing compared.
#[derive(Clone, Debug, Serialize)]
pub struct Fact {
    pub what: String,
    pub real: String,
    pub model: String,
}

impl Fact {
    pub fn new(what: impl Into<String>, real: impl Into<String>, model: impl Into<String>) -> Fact {
        Fact {
            what: what.into(),
            real: real.into(),
            model: model.into(),
        }
    }

    pub fn agrees(&self) -> bool {
        self.real == self.model
    }
}

/// Counts of one writer's records in one stream, as either side sees them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    pub records: u64,
    pub copies: u64,
    pub copied: u64,
    pub kept_positions: u64,
}

/// Copies past this many per record count as "more and more": a loop, not a repeat.
pub const LOOPING: u64 = 3;

impl Held {
    pub fn from_model(h: Option<&Holding>) -> Held {
        h.map(|h| Held {
            records: h.records,
            copies: h.copies,
            copied: h.copied,
            kept_positions: h.kept_positions,
        })
        .unwrap_or_default()
    }

    /// How many copies: "none", "5 records, one copy each", "10 records, some twice",
    /// "more and more copies".
    pub fn copies_word(&self) -> String {
        match (self.records, self.copies) {
            (0, _) => "none".into(),
            (r, c) if c >= r * LOOPING => "more and more copies (a loop)".into(),
            (r, c) if c == r => format!("{r} records, one copy each"),
            (r, _) => format!("{r} records, some more than once"),
        }
    }

    /// Where the copies stand: "written here", "positions kept", "renumbered".
    pub fn positions_word(&self) -> &'static str {
        if self.records == 0 {
            "nothing held"
        } else if self.copied == 0 {
            "written here"
        } else if self.kept_positions == self.copied {
            "positions kept"
        } else if self.kept_positions == 0 {
            "renumbered"
        } else {
            "partly renumbered"
        }
    }
}

/// Runs the model's estate to `until_ms` (seed 1: the model is deterministic).
pub fn run_model(spec: &ScenarioSpec, until_ms: u64) -> Result<Sim, String> {
    let mut sim = Sim::new(spec, 1).map_err(|e| format!("the model refused the estate: {e}"))?;
    sim.advance_to(until_ms);
    Ok(sim)
}

/// What the model holds of `writer` in `stream` at `site`.
pub fn model_held(sim: &Sim, site: &str, stream: &str, writer: &str) -> Held {
    let all = sim.holdings();
    Held::from_model(
        all.iter()
            .find(|h| h.site == site && h.stream == stream && h.writer == writer),
    )
}

/// The two facts for one (site, stream, writer): copies and positions.
pub fn held_facts(label: &str, real: Held, model: Held) -> Vec<Fact> {
    vec![
        Fact::new(
            format!("{label}: copies"),
            real.copies_word(),
            model.copies_word(),
        ),
        Fact::new(
            format!("{label}: positions"),
            real.positions_word(),
            model.positions_word(),
        ),
    ]
}

/// The record a payload names: payloads are written `<writer>:<n>`.
pub fn writer_of(payload: &[u8]) -> Option<(String, u64)> {
    let text = std::str::from_utf8(payload).ok()?;
    let (w, n) = text.split_once(':')?;
    Some((w.to_string(), n.parse().ok()?))
}

/// Counts a writer's records among stored (payload, position, position at its source).
pub fn count_held<'a>(
    writer: &str,
    stored: impl Iterator<Item = (&'a [u8], u64, Option<u64>)>,
) -> Held {
    let mut seen = std::collections::BTreeSet::new();
    let mut held = Held::default();
    for (payload, pos, source_pos) in stored {
        let Some((w, n)) = writer_of(payload) else {
            continue;
        };
        if w != writer {
            continue;
        }
        seen.insert(n);
        held.copies += 1;
        if let Some(src) = source_pos {
            held.copied += 1;
            if src == pos {
                held.kept_positions += 1;
            }
        }
    }
    held.records = seen.len() as u64;
    held
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_tell_none_one_repeat_and_loop_apart() {
        let h = |records, copies| Held {
            records,
            copies,
            ..Held::default()
        };
        assert_eq!(h(0, 0).copies_word(), "none");
        assert_eq!(h(5, 5).copies_word(), "5 records, one copy each");
        assert_eq!(h(5, 7).copies_word(), "5 records, some more than once");
        assert_eq!(h(5, 15).copies_word(), "more and more copies (a loop)");
    }

    #[test]
    fn counting_names_positions_kept_or_renumbered() {
        let stored: Vec<(Vec<u8>, u64, Option<u64>)> = vec![
            (b"a:1".to_vec(), 1, Some(1)),
            (b"a:2".to_vec(), 2, Some(2)),
            (b"b:1".to_vec(), 3, None),
            (b"a:3".to_vec(), 4, Some(3)),
        ];
        let held = count_held("a", stored.iter().map(|(p, a, b)| (p.as_slice(), *a, *b)));
        assert_eq!(
            (held.records, held.copies, held.copied, held.kept_positions),
            (3, 3, 3, 2)
        );
        assert_eq!(held.positions_word(), "partly renumbered");
        let b = count_held("b", stored.iter().map(|(p, a, b)| (p.as_slice(), *a, *b)));
        assert_eq!(b.positions_word(), "written here");
    }
}
