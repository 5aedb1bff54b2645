//! A bounded log of recent events. Each entry is a typed [`LogEvent`]; the plain words the
//! lab shows are made from it at the edge, in [`words`], so rewording a sentence changes no
//! behaviour (the fingerprint digests the events, not their sentences).

mod event;
mod words;

pub use event::{
    BatchCopied, CopyWritten, EchoGrowth, LogEvent, LogKind, RecordsAppended, Refusal,
};
pub use words::fmt_n;

use crate::time::Millis;
use serde::Serialize;
use std::collections::VecDeque;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LogEntry {
    /// Running number of the entry since the start (stable across trimming).
    pub seq: u64,
    pub at_ms: Millis,
    pub event: LogEvent,
}

impl LogEntry {
    pub fn kind(&self) -> LogKind {
        self.event.kind()
    }

    /// The entry in plain words (made now, from the event).
    pub fn sentence(&self) -> String {
        self.event.to_string()
    }
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

    /// Whether narration is on (skip building an event that copies names when it is not).
    pub fn on(&self) -> bool {
        self.capacity > 0
    }

    pub fn set_capacity(&mut self, n: usize) {
        self.capacity = n;
        while self.entries.len() > n {
            self.entries.pop_front();
        }
    }

    pub fn push(&mut self, at_ms: Millis, event: LogEvent) {
        if self.capacity == 0 {
            return;
        }
        if self.entries.len() == self.capacity {
            self.entries.pop_front();
        }
        self.entries.push_back(LogEntry {
            seq: self.next_seq,
            at_ms,
            event,
        });
        self.next_seq += 1;
    }

    pub fn entries(&self) -> impl DoubleEndedIterator<Item = &LogEntry> {
        self.entries.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn started(hop: &str) -> LogEvent {
        LogEvent::CopierStarted { hop: hop.into() }
    }

    #[test]
    fn log_keeps_only_the_newest() {
        let mut l = EventLog::new(2);
        for i in 0..5 {
            l.push(i, started(&format!("h{i}")));
        }
        let events: Vec<_> = l.entries().map(|e| &e.event).collect();
        assert_eq!(events, vec![&started("h3"), &started("h4")]);
        assert_eq!(l.entries().last().unwrap().seq, 4);
    }

    #[test]
    fn an_entry_is_put_into_words_from_its_event() {
        let mut l = EventLog::new(1);
        l.push(7, started("A-B"));
        let e = l.entries().next().unwrap();
        assert_eq!(e.kind(), LogKind::Command);
        assert_eq!(e.sentence(), "Copier A-B starts reading");
    }

    #[test]
    fn a_log_with_no_room_keeps_nothing() {
        let mut l = EventLog::new(0);
        l.push(1, started("A-B"));
        assert!(!l.on());
        assert_eq!(l.entries().count(), 0);
    }
}
