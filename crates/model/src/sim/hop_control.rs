//! Controlling a hop: restarts, fresh fetch chains, promotion, fan-out placement.

use super::Sim;
use crate::log::LogEvent;

impl Sim {
    /// Restart: in-flight work is dropped, reading resumes at the last commit.
    pub(crate) fn restart_hop(&mut self, h: usize) {
        let now = self.now;
        let rewound = self.hops[h].restart();
        let poll = self.hops[h].opts().poll_interval_ms;
        for w in 0..self.hops[h].worker_count() {
            self.schedule_fetch(h, w, now + poll);
        }
        if self.log.on() {
            let event = LogEvent::CopierRestarted {
                hop: self.hops[h].id().to_string(),
                rewound,
            };
            self.log.push(now, event);
        }
    }

    /// A fresh chain of fetches (a hop started by command, or a site lost under it).
    /// Dropped in-flight batches are read again from what the target holds.
    pub(crate) fn kick_hop(&mut self, h: usize) {
        self.hops[h].new_chain();
        for w in 0..self.hops[h].worker_count() {
            self.schedule_fetch(h, w, self.now);
        }
    }

    /// Promotion: batches in flight are dropped, the mirror never fetches again, and its
    /// target takes writes from now on.
    pub(crate) fn promote_mirror(&mut self, h: usize) {
        self.hops[h].promote();
    }

    /// The target part the next batch from source part `p` goes to (no side effects).
    #[inline]
    pub(crate) fn target_part_for(&self, h: usize, p: usize) -> u32 {
        let hop = &self.hops[h];
        hop.target_part(p, self.streams[hop.dst()].parts.len() as u32)
    }
}
