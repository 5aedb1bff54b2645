//! A bounded log of recent events, each narrated in plain words for the lab.

use crate::time::Millis;
use serde::Serialize;
use std::collections::VecDeque;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LogKind {
    Write,
    Refused,
    Copy,
    Duplicate,
    Read,
    Resume,
    Fault,
    Command,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogEntry {
    /// Running number of the entry since the start (stable across trimming).
    pub seq: u64,
    pub at_ms: Millis,
    pub kind: LogKind,
    pub text: String,
}

#[derive(Clone, Debug)]
pub struct EventLog {
    entries: VecDeque<LogEntry>,
    capacity: usize,
    next_seq: u64,
}

impl EventLog {
    pub fn new(capacity: usize) -> Self {
        Self {
            entries: VecDeque::new(),
            capacity,
            next_seq: 0,
        }
    }

    /// Whether narration is on (skip formatting when it is not).
    pub fn on(&self) -> bool {
        self.capacity > 0
    }

    pub fn set_capacity(&mut self, n: usize) {
        self.capacity = n;
        while self.entries.len() > n {
            self.entries.pop_front();
        }
    }

    pub fn push(&mut self, at_ms: Millis, kind: LogKind, text: String) {
        if self.capacity == 0 {
            return;
        }
        if self.entries.len() == self.capacity {
            self.entries.pop_front();
        }
        self.entries.push_back(LogEntry {
            seq: self.next_seq,
            at_ms,
            kind,
            text,
        });
        self.next_seq += 1;
    }

    pub fn entries(&self) -> impl DoubleEndedIterator<Item = &LogEntry> {
        self.entries.iter()
    }
}

/// 1234567 -> "1,234,567".
pub fn fmt_n(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "1 record", "1,204 records".
pub fn records(n: u64) -> String {
    if n == 1 {
        "1 record".to_string()
    } else {
        format!("{} records", fmt_n(n))
    }
}

/// "position 17" or "positions 17–20".
pub fn positions(from: u64, to_exclusive: u64) -> String {
    if to_exclusive <= from + 1 {
        format!("position {}", fmt_n(from))
    } else {
        format!("positions {}–{}", fmt_n(from), fmt_n(to_exclusive - 1))
    }
}

/// Milliseconds as "1.25 s" or "340 ms".
pub fn fmt_ms(ms: Millis) -> String {
    if ms >= 1000 {
        format!("{} s", crate::decimal::fixed(ms as f64 / 1000.0, 2))
    } else {
        format!("{ms} ms")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separators() {
        assert_eq!(fmt_n(0), "0");
        assert_eq!(fmt_n(999), "999");
        assert_eq!(fmt_n(1204), "1,204");
        assert_eq!(fmt_n(1234567), "1,234,567");
    }

    #[test]
    fn log_keeps_only_the_newest() {
        let mut l = EventLog::new(2);
        for i in 0..5 {
            l.push(i, LogKind::Write, format!("e{i}"));
        }
        let texts: Vec<_> = l.entries().map(|e| e.text.as_str()).collect();
        assert_eq!(texts, vec!["e3", "e4"]);
        assert_eq!(l.entries().last().unwrap().seq, 4);
    }
}
