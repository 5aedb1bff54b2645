//! Controlling a hop: restarts, fresh fetch chains, commits, fan-out placement.

use super::Sim;
use crate::log::{fmt_ms, records, LogKind};

impl Sim {
    /// Restart: in-flight work is dropped, reading resumes at the last commit.
    pub(crate) fn restart_hop(&mut self, h: usize) {
        let now = self.now;
        let hop = &mut self.hops[h];
        hop.epoch = hop.epoch.saturating_add(1);
        hop.chain += 1;
        for w in &mut hop.workers {
            w.in_flight.clear();
            w.heartbeat = None;
        }
        hop.heartbeat_read = hop.heartbeat_copied;
        let mut rewound = 0;
        for hp in &mut hop.parts {
            // A mirror fetches from its own log end (the target is its commit), so a
            // restart re-copies nothing; a translating copier resumes at its last commit.
            let resume = if hop.mirror {
                hp.copied_upto
            } else {
                hp.committed
            };
            rewound += hp.read_pos.saturating_sub(resume);
            hp.read_pos = resume;
            hp.copied_upto = resume;
            // A new copier task: its first copy writes a map pair.
            hp.map.new_lifetime();
        }
        let poll = hop.opts.poll_interval_ms;
        for w in 0..hop.workers.len() {
            self.schedule_fetch(h, w, now + poll);
        }
        if self.log.on() {
            let text = format!(
                "Copier {} restarted from its last commit: {} will be copied again",
                self.hops[h].id,
                records(rewound)
            );
            self.log.push(now, LogKind::Fault, text);
        }
    }

    /// A fresh chain of fetches (a hop started by command, or a site lost under it).
    /// Dropped in-flight batches are read again from what the target holds.
    pub(crate) fn kick_hop(&mut self, h: usize) {
        let hop = &mut self.hops[h];
        hop.chain += 1;
        for w in &mut hop.workers {
            for b in w.in_flight.drain(..) {
                let hp = &mut hop.parts[b.part];
                hp.read_pos = hp.copied_upto;
            }
            w.heartbeat = None;
        }
        hop.heartbeat_read = hop.heartbeat_copied;
        for w in 0..self.hops[h].workers.len() {
            self.schedule_fetch(h, w, self.now);
        }
    }

    /// Promotion: batches in flight are dropped, the mirror never fetches again, and its
    /// target takes writes from now on.
    pub(crate) fn promote_mirror(&mut self, h: usize) {
        let hop = &mut self.hops[h];
        if hop.promoted {
            return;
        }
        hop.promoted = true;
        hop.chain += 1;
        for w in &mut hop.workers {
            for b in w.in_flight.drain(..) {
                let hp = &mut hop.parts[b.part];
                hp.read_pos = hp.copied_upto;
            }
        }
    }

    pub(crate) fn hop_commit_if_due(&mut self, h: usize) {
        let hop = &mut self.hops[h];
        if self.now >= hop.last_commit + hop.opts.commit_interval_ms {
            hop.last_commit = self.now;
            for hp in &mut hop.parts {
                hp.committed = hp.copied_upto;
                // MirrorSourceTask.commit: pairs held back for spacing are written now.
                hp.map.promote_delayed();
            }
        }
    }

    pub(crate) fn hop_latency_text(&self, h: usize) -> String {
        let hop = &self.hops[h];
        hop.latency_last.map(fmt_ms).unwrap_or_else(|| "-".into())
    }

    /// The target part the next batch from source part `p` goes to (no side effects).
    #[inline]
    pub(crate) fn target_part_for(&self, h: usize, p: usize) -> u32 {
        let hop = &self.hops[h];
        let parts = self.streams[hop.dst].parts.len() as u32;
        match hop.opts.mapping {
            crate::spec::PartMapping::OneToOne if (p as u32) < parts => p as u32,
            crate::spec::PartMapping::OneToOne => p as u32 % parts,
            crate::spec::PartMapping::FanOut => (p as u32 + hop.parts[p].fan_next) % parts,
        }
    }
}
