//! The largest values a scenario file may hold, each one a person can read. Inside these
//! no sum or product the model computes can overflow a u64 (a week at the highest rate is
//! 6 * 10^12 records, far from 1.8 * 10^19), and the counts that index small types (a site
//! in a byte, a writer in 16 bits) fit.

use super::SpecError;
use crate::time::Millis;

pub const DAY_MS: Millis = 86_400_000;
/// Every duration, time and interval in a file: a week of simulated time.
pub const MAX_MS: Millis = 7 * DAY_MS;
pub const MAX_RATE_PER_SEC: f64 = 10_000_000.0;
pub const MAX_PARTS: u64 = 256;
/// Records a copier fetches per part in one go.
pub const MAX_BATCH: u64 = 1_000_000;
pub const MAX_WORKERS: u64 = 256;
pub const MAX_KEYS: u64 = 1_000_000;
/// Start positions and record counts (retention by count): a million billion.
pub const MAX_POSITION: u64 = 1_000_000_000_000_000;
/// A position-map pair every N records.
pub const MAX_MAP_EVERY: u64 = 1_000_000_000;
pub const MAX_SITES: usize = 64;
pub const MAX_STREAMS: usize = 1024;
pub const MAX_HOPS: usize = 1024;
pub const MAX_WRITERS: usize = 1024;
pub const MAX_READERS: usize = 1024;
pub const MAX_COMPANIONS: usize = 64;
pub const MAX_TIMELINE: usize = 10_000;
/// Bytes in a name (site, stream, hop, writer, reader, companion).
pub const MAX_NAME: usize = 200;

/// A limit and how to say it: `must be at most 604800000 (7 days)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    pub min: u64,
    pub max: u64,
    pub words: &'static str,
}

/// Any time or interval: 0 to 7 days.
pub const TIME: Limit = Limit {
    min: 0,
    max: MAX_MS,
    words: "7 days",
};
/// An interval something repeats at: 1 ms to 7 days.
pub const INTERVAL: Limit = Limit { min: 1, ..TIME };
pub const PARTS: Limit = Limit {
    min: 1,
    max: MAX_PARTS,
    words: "parts per stream",
};
pub const BATCH: Limit = Limit {
    min: 1,
    max: MAX_BATCH,
    words: "a million records",
};
pub const WORKERS: Limit = Limit {
    min: 1,
    max: MAX_WORKERS,
    words: "workers per hop",
};
pub const KEYS: Limit = Limit {
    min: 1,
    max: MAX_KEYS,
    words: "a million keys",
};
pub const POSITION: Limit = Limit {
    min: 0,
    max: MAX_POSITION,
    words: "a million billion",
};
pub const RECORDS: Limit = Limit { min: 1, ..POSITION };
pub const MAP_EVERY: Limit = Limit {
    min: 1,
    max: MAX_MAP_EVERY,
    words: "a billion records",
};
pub const RATE_CAP: Limit = Limit {
    min: 1,
    max: MAX_RATE_PER_SEC as u64,
    words: "ten million records/s",
};

impl Limit {
    /// `v` brought within the limit (for a product's value the model must still run).
    pub fn clamp(self, v: u64) -> u64 {
        v.clamp(self.min, self.max)
    }
}

/// `field` holds `v` within `limit`, or an error naming the field and the bound.
pub fn check(field: &str, v: u64, limit: Limit) -> Result<(), SpecError> {
    if v < limit.min {
        let problem = if limit.min == 1 {
            "must be greater than 0".to_string()
        } else {
            format!("must be at least {}", limit.min)
        };
        return Err(SpecError::new(field, problem));
    }
    if v > limit.max {
        return Err(SpecError::new(
            field,
            format!("must be at most {} ({})", limit.max, limit.words),
        ));
    }
    Ok(())
}

/// A rate in records per second: finite, 0 to ten million.
pub fn rate(field: &str, v: f64) -> Result<(), SpecError> {
    if !v.is_finite() || !(0.0..=MAX_RATE_PER_SEC).contains(&v) {
        return Err(SpecError::new(
            field,
            format!("{v} is not a rate between 0 and 10000000 records/s (ten million)"),
        ));
    }
    Ok(())
}

/// At most `max` entries in a list.
pub fn count(field: &str, n: usize, max: usize) -> Result<(), SpecError> {
    if n > max {
        return Err(SpecError::new(
            field,
            format!("{n} entries; at most {max} are allowed"),
        ));
    }
    Ok(())
}

/// A name: not empty, at most [`MAX_NAME`] bytes.
pub fn name(field: &str, s: &str) -> Result<(), SpecError> {
    if s.is_empty() {
        return Err(SpecError::new(field, "name must not be empty"));
    }
    if s.len() > MAX_NAME {
        return Err(SpecError::new(
            field,
            format!(
                "name is {} bytes long; at most {MAX_NAME} are allowed",
                s.len()
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_the_bound_in_words() {
        let e = check("topology.hops[0].options.rtt_ms", u64::MAX, TIME).unwrap_err();
        assert_eq!(
            e.to_string(),
            "topology.hops[0].options.rtt_ms: must be at most 604800000 (7 days)"
        );
        assert_eq!(
            check("x", 0, INTERVAL).unwrap_err().problem,
            "must be greater than 0"
        );
        assert!(check("x", MAX_MS, INTERVAL).is_ok());
    }

    #[test]
    fn a_week_at_the_top_rate_and_position_stays_far_from_overflow() {
        let records = (MAX_RATE_PER_SEC as u64) * (MAX_MS / 1000);
        assert!(MAX_POSITION.checked_add(records).is_some());
        assert!(records
            .checked_mul(MAX_PARTS * MAX_WRITERS as u64)
            .is_some());
        assert!(MAX_SITES <= usize::from(u8::MAX));
        assert!(MAX_WRITERS <= usize::from(u16::MAX));
    }
}
