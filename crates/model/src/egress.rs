//! Egress: the bytes a hop's copies put on the link between its two sites per day, from a
//! record size the person sets, and what they cost at a price per GB they enter.
//!
//! Units, stated once: a **GB is 10^9 bytes** (the decimal gigabyte cloud providers price
//! egress in, not the 2^30-byte GiB); a day is 86,400 simulated seconds; a month is
//! [`DAYS_PER_MONTH`] (30) days. The rate is the hop's measured one: the records that
//! crossed over the run so far (from the hop's measures) divided by the run's duration, so
//! a hop that started late or stalled shows its average, not its peak.
//!
//! **What crosses**: every record the hop appended on the target, that is its copies
//! (`copied`, which includes the echoes a looping topology sends back, since to the hop
//! they are records like any other) plus its `duplicates` (the re-appends after a
//! restart, which cross the link a second time). Not counted: records filtered out,
//! heartbeats, position-map pairs, checkpoints and the protocol's own overhead (headers,
//! batching, compression), so the figure is the payload the person's record size makes.

use crate::decimal;
use crate::log::fmt_n;
use crate::measures::HopMeasure;
use crate::time::Millis;
use serde::Serialize;

/// Bytes in a GB: 10^9 (cloud egress pricing's decimal gigabyte).
pub const BYTES_PER_GB: f64 = 1e9;
/// Milliseconds in a day.
pub const MS_PER_DAY: f64 = 86_400_000.0;
/// Days in the month a monthly cost assumes.
pub const DAYS_PER_MONTH: f64 = 30.0;
/// The record size the designer starts with.
pub const DEFAULT_RECORD_BYTES: u64 = 1024;
/// Largest record size accepted: 10^9 bytes (1 GB), far beyond any broker's limit.
pub const MAX_RECORD_BYTES: u64 = 1_000_000_000;
/// Highest price per GB accepted, in dollars.
pub const MAX_PRICE_PER_GB: f64 = 1000.0;

/// A hop's traffic per day across its link, and its cost when a price is given.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Egress {
    /// Records that crossed: copies (echoes among them) plus duplicates.
    pub records_crossed: u64,
    /// The duration they crossed over.
    pub over_ms: Millis,
    /// `records_crossed` per second over `over_ms` (0 for a run of no time).
    pub records_per_sec: f64,
    pub record_bytes: u64,
    pub bytes_per_day: f64,
    /// `bytes_per_day` / 10^9.
    pub gb_per_day: f64,
    /// Dollars per GB; the costs are set when it is.
    pub price_per_gb: Option<f64>,
    pub cost_per_day: Option<f64>,
    /// `cost_per_day` × 30.
    pub cost_per_month: Option<f64>,
}

/// The traffic of `records_crossed` records of `record_bytes` each over `over_ms`,
/// scaled to a day, and its cost at `price_per_gb` dollars per GB (10^9 bytes).
pub fn egress(
    records_crossed: u64,
    over_ms: Millis,
    record_bytes: u64,
    price_per_gb: Option<f64>,
) -> Egress {
    let (records_per_sec, bytes_per_day) = if over_ms == 0 {
        (0.0, 0.0)
    } else {
        let records = records_crossed as f64;
        (
            records * 1000.0 / over_ms as f64,
            records * record_bytes as f64 * MS_PER_DAY / over_ms as f64,
        )
    };
    let gb_per_day = bytes_per_day / BYTES_PER_GB;
    let cost_per_day = price_per_gb.map(|p| gb_per_day * p);
    Egress {
        records_crossed,
        over_ms,
        records_per_sec,
        record_bytes,
        bytes_per_day,
        gb_per_day,
        price_per_gb,
        cost_per_day,
        cost_per_month: cost_per_day.map(|c| c * DAYS_PER_MONTH),
    }
}

/// A hop's egress from its measures: its copies plus duplicates over `over_ms` (the run's
/// duration so far, `Measures::at_ms`).
pub fn hop_egress(
    hop: &HopMeasure,
    over_ms: Millis,
    record_bytes: u64,
    price_per_gb: Option<f64>,
) -> Egress {
    egress(
        hop.copied + hop.duplicates,
        over_ms,
        record_bytes,
        price_per_gb,
    )
}

impl Egress {
    /// "~86.4 GB/day crossing, ≈ $1.73/day at $0.02/GB" (without a price, the volume only).
    pub fn summary(&self) -> String {
        let volume = format!("~{}/day crossing", fmt_volume(self.bytes_per_day));
        match (self.cost_per_day, self.price_per_gb) {
            (Some(cost), Some(price)) => format!(
                "{volume}, ≈ {}/day at {}/GB",
                fmt_dollars(cost),
                fmt_price(price)
            ),
            _ => volume,
        }
    }

    /// The summary with the working shown: bytes per day, the rate and record size behind
    /// it, and the monthly cost (the command line's line).
    pub fn detail(&self) -> String {
        let mut s = format!(
            "~{}/day crossing ({} bytes/day: {} records/s × {} bytes, copies and duplicates)",
            fmt_volume(self.bytes_per_day),
            fmt_n(self.bytes_per_day.round() as u64),
            sig3(self.records_per_sec),
            fmt_n(self.record_bytes)
        );
        if let (Some(day), Some(month), Some(price)) =
            (self.cost_per_day, self.cost_per_month, self.price_per_gb)
        {
            s.push_str(&format!(
                ", ≈ {}/day, ≈ {}/month at {}/GB",
                fmt_dollars(day),
                fmt_dollars(month),
                fmt_price(price)
            ));
        }
        s
    }
}

/// A record size as typed: a whole number of bytes from 1 to [`MAX_RECORD_BYTES`].
pub fn parse_record_bytes(s: &str) -> Result<u64, String> {
    let t = s.trim();
    if t.is_empty() {
        return Err("a record size is needed, in bytes (for example 1024)".into());
    }
    if let Some(rest) = t.strip_prefix('-') {
        if decimal::parse(rest).is_some() {
            return Err("a record size cannot be negative: 1 byte or more".into());
        }
    }
    if !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{} is not a whole number of bytes (for example 1024)",
            quoted(t)
        ));
    }
    let too_big = || {
        format!(
            "a record size of at most {} bytes (1 GB) is accepted",
            fmt_n(MAX_RECORD_BYTES)
        )
    };
    let n: u64 = t.parse().map_err(|_| too_big())?;
    if n == 0 {
        return Err("a record size is 1 byte or more".into());
    }
    if n > MAX_RECORD_BYTES {
        return Err(too_big());
    }
    Ok(n)
}

/// A price per GB as typed, in dollars (a leading `$` is allowed): from 0 to
/// [`MAX_PRICE_PER_GB`].
pub fn parse_price_per_gb(s: &str) -> Result<f64, String> {
    let t = s.trim();
    let t = t.strip_prefix('$').unwrap_or(t).trim();
    if t.is_empty() {
        return Err("a price is needed, in dollars per GB (for example 0.02)".into());
    }
    let v = match decimal::parse(t) {
        Some(v) if v.is_finite() => v,
        _ => {
            return Err(format!(
                "{} is not a price in dollars per GB (for example 0.02)",
                quoted(t)
            ))
        }
    };
    if v < 0.0 {
        return Err("a price per GB cannot be negative: 0 or more".into());
    }
    if v > MAX_PRICE_PER_GB {
        return Err(format!(
            "a price of at most ${} per GB is accepted",
            fmt_n(MAX_PRICE_PER_GB as u64)
        ));
    }
    // "-0" reads as 0.
    Ok(if v == 0.0 { 0.0 } else { v })
}

/// What was typed, quoted, when short enough to repeat ("that" for a long paste).
fn quoted(t: &str) -> String {
    if t.chars().count() <= 24 {
        format!("'{t}'")
    } else {
        "that".into()
    }
}

/// Three significant figures up to 1,000, whole and grouped from there.
fn sig3(v: f64) -> String {
    if v < 10.0 {
        decimal::fixed(v, 2)
    } else if v < 100.0 {
        decimal::fixed(v, 1)
    } else {
        fmt_n(v.round() as u64)
    }
}

/// Bytes in decimal units: "86.4 GB", "512 MB", "3.07 kB", "12 bytes"; GB from 1 GB up.
pub fn fmt_volume(bytes: f64) -> String {
    if bytes >= BYTES_PER_GB {
        format!("{} GB", sig3(bytes / BYTES_PER_GB))
    } else if bytes >= 1e6 {
        format!("{} MB", sig3(bytes / 1e6))
    } else if bytes >= 1e3 {
        format!("{} kB", sig3(bytes / 1e3))
    } else {
        format!("{} bytes", fmt_n(bytes.round() as u64))
    }
}

/// Dollars: "$1.73", "$51,840", "under $0.01", "$0".
pub fn fmt_dollars(v: f64) -> String {
    if v <= 0.0 {
        "$0".into()
    } else if v < 0.005 {
        "under $0.01".into()
    } else if v < 1000.0 {
        format!("${}", decimal::fixed(v, 2))
    } else {
        format!("${}", fmt_n(v.round() as u64))
    }
}

/// A price as entered, with cents at least: "$0.02", "$0.10", "$0.085", "$1.00".
pub fn fmt_price(v: f64) -> String {
    let p = decimal::plain(v);
    let p = match p.split_once('.') {
        None => format!("{p}.00"),
        Some((_, d)) if d.len() == 1 => format!("{p}0"),
        Some(_) => p,
    };
    format!("${p}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn a_thousand_records_a_second_of_a_kilobyte_is_86_4_gb_a_day() {
        // 1,000 records/s for 10 s = 10,000 records; × 1,000 bytes × 86,400 s = 86.4e9.
        let e = egress(10_000, 10_000, 1000, Some(0.02));
        assert_eq!(e.records_per_sec, 1000.0);
        assert_eq!(e.bytes_per_day, 86_400_000_000.0);
        assert_eq!(e.gb_per_day, 86.4);
        // 86.4 GB × $0.02 = $1.728 a day, × 30 = $51.84 a month.
        assert!(close(e.cost_per_day.unwrap(), 1.728));
        assert!(close(e.cost_per_month.unwrap(), 51.84));
        assert_eq!(
            e.summary(),
            "~86.4 GB/day crossing, ≈ $1.73/day at $0.02/GB"
        );
        assert_eq!(
            e.detail(),
            "~86.4 GB/day crossing (86,400,000,000 bytes/day: 1,000 records/s × 1,000 bytes, \
             copies and duplicates), ≈ $1.73/day, ≈ $51.84/month at $0.02/GB"
        );
    }

    #[test]
    fn a_kibibyte_record_and_no_price() {
        // 500 records/s × 1,024 bytes × 86,400 s = 44,236,800,000 bytes.
        let e = egress(30_000, 60_000, 1024, None);
        assert_eq!(e.records_per_sec, 500.0);
        assert_eq!(e.bytes_per_day, 44_236_800_000.0);
        assert!(close(e.gb_per_day, 44.2368));
        assert_eq!(e.cost_per_day, None);
        assert_eq!(e.cost_per_month, None);
        assert_eq!(e.summary(), "~44.2 GB/day crossing");
    }

    #[test]
    fn no_time_or_no_records_is_nothing() {
        let e = egress(5, 0, 1024, Some(0.09));
        assert_eq!((e.records_per_sec, e.bytes_per_day), (0.0, 0.0));
        assert_eq!(e.cost_per_day, Some(0.0));
        assert_eq!(
            egress(0, 1000, 1024, Some(0.09)).summary(),
            "~0 bytes/day crossing, ≈ $0/day at $0.09/GB"
        );
    }

    #[test]
    fn duplicates_cross_the_link_too() {
        let mut hop = crate::Sim::new(
            &crate::scenarios::get("stall-and-backlog")
                .unwrap()
                .build_default()
                .unwrap(),
            1,
        )
        .unwrap()
        .measures()
        .hops[0]
            .clone();
        hop.copied = 9_000;
        hop.duplicates = 1_000;
        // 10,000 records over 100 s = 100 records/s × 100 bytes × 86,400 s = 864 MB.
        let e = hop_egress(&hop, 100_000, 100, Some(0.05));
        assert_eq!(e.records_crossed, 10_000);
        assert_eq!(e.bytes_per_day, 864_000_000.0);
        assert!(close(e.cost_per_day.unwrap(), 0.0432));
        assert_eq!(e.summary(), "~864 MB/day crossing, ≈ $0.04/day at $0.05/GB");
    }

    #[test]
    fn volumes_and_dollars_read_well() {
        assert_eq!(fmt_volume(0.0), "0 bytes");
        assert_eq!(fmt_volume(512.0), "512 bytes");
        assert_eq!(fmt_volume(3_072.0), "3.07 kB");
        assert_eq!(fmt_volume(1.5e9), "1.50 GB");
        assert_eq!(fmt_volume(2.5e12), "2,500 GB");
        assert_eq!(fmt_dollars(0.0), "$0");
        assert_eq!(fmt_dollars(0.001), "under $0.01");
        assert_eq!(fmt_dollars(1.728), "$1.73");
        assert_eq!(fmt_dollars(51_840.4), "$51,840");
        assert_eq!(fmt_price(0.02), "$0.02");
        assert_eq!(fmt_price(0.1), "$0.10");
        assert_eq!(fmt_price(0.085), "$0.085");
        assert_eq!(fmt_price(1.0), "$1.00");
        assert_eq!(sig3(1000.0), "1,000");
        assert_eq!(sig3(0.5), "0.50");
    }

    #[test]
    fn record_sizes_are_whole_bytes_within_bounds() {
        assert_eq!(parse_record_bytes("1024"), Ok(1024));
        assert_eq!(parse_record_bytes(" 1 "), Ok(1));
        assert_eq!(parse_record_bytes("1000000000"), Ok(MAX_RECORD_BYTES));
        for bad in [
            "",
            "-5",
            "abc",
            "1.5",
            "0",
            "1000000001",
            "99999999999999999999999",
        ] {
            assert!(parse_record_bytes(bad).is_err(), "{bad}");
        }
        assert!(parse_record_bytes("-5").unwrap_err().contains("negative"));
        assert!(parse_record_bytes("abc")
            .unwrap_err()
            .contains("not a whole number"));
    }

    #[test]
    fn prices_are_dollars_within_bounds() {
        assert_eq!(parse_price_per_gb("0.02"), Ok(0.02));
        assert_eq!(parse_price_per_gb("$0.09"), Ok(0.09));
        assert_eq!(parse_price_per_gb("0"), Ok(0.0));
        assert_eq!(parse_price_per_gb("1000"), Ok(1000.0));
        for bad in ["", "-0.01", "abc", "inf", "nan", "1000.01", "1e400"] {
            assert!(parse_price_per_gb(bad).is_err(), "{bad}");
        }
        assert!(parse_price_per_gb("-1").unwrap_err().contains("negative"));
    }
}
