//! Applying commands: faults, failovers and operator actions.

use super::writing::acked_end;
use super::{Backup, Sim, SiteStatus};
use crate::log::LogEvent;
use crate::spec::{Command, ResumeRule, TimedCommand};
use std::fmt;

/// A command that names something the topology does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError(pub String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CommandError {}

/// What a command does to a site.
#[derive(Clone, Copy)]
enum SiteAction {
    Lose,
    Cut,
    Partition,
    Restore,
    Backup,
    Fence,
}

/// What a command does to a hop.
#[derive(Clone, Copy)]
enum HopAction {
    Stall,
    Resume,
    Restart,
    CutLink,
    HealLink,
    Start,
    Promote,
}

/// What a command does to a writer.
enum WriterAction<'a> {
    MoveTo(&'a str),
    SetRate(f64),
    Stop,
}

impl Sim {
    pub(super) fn find_site(&self, name: &str) -> Result<usize, CommandError> {
        self.resolved
            .site(name)
            .ok_or_else(|| CommandError(format!("no site named '{name}'")))
    }

    fn find_hop(&self, id: &str) -> Result<usize, CommandError> {
        self.hops
            .iter()
            .position(|h| h.id() == id)
            .ok_or_else(|| CommandError(format!("no hop named '{id}'")))
    }

    pub(super) fn find_reader(&self, id: &str) -> Result<usize, CommandError> {
        self.readers
            .iter()
            .position(|r| r.id == id)
            .ok_or_else(|| CommandError(format!("no reader group named '{id}'")))
    }

    /// Reader `id`, or the members (`id/<stream>`) of a group reading several streams.
    pub(super) fn find_group(&self, id: &str) -> Result<Vec<usize>, CommandError> {
        if let Ok(r) = self.find_reader(id) {
            return Ok(vec![r]);
        }
        let prefix = format!("{id}/");
        let members: Vec<usize> = (0..self.readers.len())
            .filter(|&r| self.readers[r].id.starts_with(&prefix))
            .collect();
        if members.is_empty() {
            return Err(CommandError(format!("no reader group named '{id}'")));
        }
        Ok(members)
    }

    fn find_writer(&self, id: &str) -> Result<usize, CommandError> {
        self.writers
            .iter()
            .position(|w| w.id == id)
            .ok_or_else(|| CommandError(format!("no writer named '{id}'")))
    }

    /// Adds `command` to the run's timeline at `at_ms` (not before now): it runs as if
    /// the file had held it from the start, before the other events of its millisecond
    /// and after the timeline's earlier commands there. The prover schedules its faults
    /// this way on a run cloned at the fault's instant, so that a schedule explored from
    /// a shared prefix and the same schedule run from zero are one run. Call it with the
    /// clock before `at_ms`: events already run at `at_ms` stay before it.
    pub fn schedule(&mut self, command: TimedCommand) -> Result<(), CommandError> {
        if command.at_ms < self.now {
            return Err(CommandError(format!(
                "a command cannot be scheduled at {} ms: the run is at {} ms",
                command.at_ms, self.now
            )));
        }
        let rank = self.spec.timeline.len();
        if rank >= crate::spec::limits::MAX_TIMELINE {
            return Err(CommandError("the timeline is full".into()));
        }
        self.queue.push_timeline(
            command.at_ms,
            rank as u32,
            super::Event::Timeline(rank as u32),
        );
        self.spec.timeline.push(command);
        Ok(())
    }

    /// Applies a command now. Unknown names are refused and nothing changes. Three steps:
    /// resolve the names, change the state, narrate the command.
    pub fn apply(&mut self, cmd: Command) -> Result<(), CommandError> {
        // A command may add blocks (a restored site, a restart's re-reads): count afresh.
        self.held_guard.recount();
        match &cmd {
            Command::LoseSite { site } => self.apply_to_site(site, SiteAction::Lose)?,
            Command::CutSite { site } => self.apply_to_site(site, SiteAction::Cut)?,
            Command::PartitionSite { site } => self.apply_to_site(site, SiteAction::Partition)?,
            Command::RestoreSite { site } => self.apply_to_site(site, SiteAction::Restore)?,
            Command::TakeBackup { site } => self.apply_to_site(site, SiteAction::Backup)?,
            Command::FenceSite { site } => self.apply_to_site(site, SiteAction::Fence)?,
            Command::CheckLag { hop } => {
                self.find_hop(hop)?;
            }
            Command::Reconcile { hop } => {
                let h = self.find_hop(hop)?;
                self.reconcile(h)?;
            }
            Command::StallHop { hop } => self.apply_to_hop(hop, HopAction::Stall)?,
            Command::ResumeHop { hop } => self.apply_to_hop(hop, HopAction::Resume)?,
            Command::RestartHop { hop } => self.apply_to_hop(hop, HopAction::Restart)?,
            Command::CutLink { hop } => self.apply_to_hop(hop, HopAction::CutLink)?,
            Command::HealLink { hop } => self.apply_to_hop(hop, HopAction::HealLink)?,
            Command::StartHop { hop } => self.apply_to_hop(hop, HopAction::Start)?,
            Command::Promote { hop } => self.apply_to_hop(hop, HopAction::Promote)?,
            Command::MoveReader { reader, site, rule } => {
                let s = self.find_site(site)?;
                // A group reading several streams moves every member, each on its stream.
                for r in self.find_group(reader)? {
                    self.move_reader(r, s, *rule)?;
                }
            }
            Command::RestartReader { reader } => {
                for r in self.find_group(reader)? {
                    self.restart_reader(r);
                }
            }
            Command::MoveWriter { writer, site } => {
                self.apply_to_writer(writer, WriterAction::MoveTo(site))?
            }
            Command::SetWriterRate {
                writer,
                rate_per_sec,
            } => self.apply_to_writer(writer, WriterAction::SetRate(*rate_per_sec))?,
            Command::StopWriter { writer } => self.apply_to_writer(writer, WriterAction::Stop)?,
            Command::CompanionDown { name, site } => self.set_companion(name, site, false)?,
            Command::CompanionUp { name, site } => self.set_companion(name, site, true)?,
        }
        if self.log.on() {
            let command = cmd.clone();
            self.log.push(self.now, LogEvent::Command { command });
        }
        Ok(())
    }

    fn apply_to_site(&mut self, site: &str, action: SiteAction) -> Result<(), CommandError> {
        let s = self.find_site(site)?;
        match action {
            SiteAction::Lose => self.lose_site(s),
            SiteAction::Cut => {
                if self.sites[s] == SiteStatus::Up {
                    self.sites[s] = SiteStatus::Unreachable;
                }
            }
            SiteAction::Partition => {
                if self.sites[s] == SiteStatus::Up {
                    self.sites[s] = SiteStatus::Partitioned;
                }
            }
            SiteAction::Restore => {
                self.sites[s] = SiteStatus::Up;
                self.calm_since = self.now;
            }
            SiteAction::Fence => self.fenced[s] = true,
            SiteAction::Backup => {
                let per_writer = self.distinct_per_writer(|st| st == s);
                self.backups.push(Backup {
                    site: site.to_string(),
                    taken_at_ms: self.now,
                    records: per_writer.iter().map(|(_, n)| n).sum(),
                    per_writer,
                });
            }
        }
        Ok(())
    }

    fn apply_to_hop(&mut self, hop: &str, action: HopAction) -> Result<(), CommandError> {
        let h = self.find_hop(hop)?;
        match action {
            HopAction::Stall => self.hops[h].stall(),
            HopAction::Resume => {
                self.hops[h].resume();
                self.calm_since = self.now;
            }
            HopAction::Restart => {
                if self.hops[h].started() {
                    self.restart_hop(h);
                }
            }
            HopAction::CutLink => self.hops[h].cut_link(),
            HopAction::HealLink => {
                self.hops[h].heal_link();
                self.calm_since = self.now;
            }
            HopAction::Start => {
                if !self.hops[h].started() {
                    self.start_hop(h);
                    self.kick_hop(h);
                }
            }
            HopAction::Promote => {
                if !self.hops[h].is_mirror() {
                    return Err(CommandError(format!(
                        "hop '{hop}' is not a mirror: only a mirror's target can be promoted"
                    )));
                }
                let release = self.hops[h].nats_release();
                if !release.promotes_mirrors() {
                    return Err(CommandError(format!(
                        "mirror '{hop}' stands for nats-server {}, which refuses to promote a mirror in place (stream mirror configuration can not be updated): from 2.12 only",
                        release.id()
                    )));
                }
                self.promote_mirror(h);
            }
        }
        Ok(())
    }

    fn apply_to_writer(&mut self, writer: &str, action: WriterAction) -> Result<(), CommandError> {
        let w = self.find_writer(writer)?;
        match action {
            WriterAction::MoveTo(site) => {
                let s = self.find_site(site)?;
                let name = &self.streams[self.writers[w].stream].name;
                let stream = self
                    .resolved
                    .stream(s, name)
                    .ok_or_else(|| CommandError(format!("site '{site}' has no stream '{name}'")))?;
                self.writers[w].site = s;
                self.writers[w].stream = stream;
                // Working again once a write goes through where it now points.
                self.writers[w].outage.down(self.now);
                self.writers[w].far_ack = self.hops.iter().any(|h| h.acks_far(stream));
            }
            WriterAction::SetRate(rate) => {
                if !rate.is_finite() || rate < 0.0 {
                    return Err(CommandError("rate must be a non-negative number".into()));
                }
                self.writers[w].set_rate(rate);
                self.writers[w].slowed(self.now);
            }
            WriterAction::Stop => {
                self.writers[w].stopped = true;
                self.writers[w].slowed(self.now);
            }
        }
        Ok(())
    }

    fn set_companion(&mut self, name: &str, site: &str, up: bool) -> Result<(), CommandError> {
        let s = self.find_site(site)?;
        let c = self
            .companions
            .iter_mut()
            .find(|c| c.name == name)
            .ok_or_else(|| CommandError(format!("no companion named '{name}'")))?;
        let inst = c
            .instances
            .iter_mut()
            .find(|(is, _)| *is == s)
            .ok_or_else(|| {
                CommandError(format!("companion '{name}' has no instance at '{site}'"))
            })?;
        inst.1 = up;
        Ok(())
    }

    /// Everything on the site is gone; hops reading it lose their uncopied tail;
    /// writers there are never told about records not yet acknowledged.
    fn lose_site(&mut self, s: usize) {
        self.sites[s] = SiteStatus::Lost;
        let now = self.now;
        for w in self.writers.iter_mut().filter(|w| w.site == s) {
            w.drop_pending(now);
        }
        for h in 0..self.hops.len() {
            let (src, dst) = (self.hops[h].src(), self.hops[h].dst());
            if self.streams[src].site == s {
                let restart = self.streams[src].start_position;
                for (p, part) in self.streams[src].parts.iter().enumerate() {
                    let end = part.end;
                    let acked_end = acked_end(&self.hops, src, p, part.durable_end(now));
                    self.hops[h].source_lost(p, end, acked_end, restart);
                }
            }
            if self.streams[dst].site == s {
                self.hops[h].target_lost();
            }
            // Batches in flight to or from the lost site are lost with it.
            if self.streams[src].site == s || self.streams[dst].site == s {
                self.kick_hop(h);
            }
        }
        for st in self.streams.iter_mut().filter(|st| st.site == s) {
            for part in &mut st.parts {
                part.wipe(st.start_position);
            }
        }
    }

    /// Moves a reader group to `site` and prices the chosen resume rule.
    /// The group's process restarts where it is: it resumes from its last commit (by its
    /// start rule before the first); what it processed since, it reads again, which its
    /// watermark counts as replayed when it gets there.
    fn restart_reader(&mut self, r: usize) {
        let parts = &self.streams[self.readers[r].stream].parts;
        let reader = &mut self.readers[r];
        let positions: Vec<u64> = match &reader.committed {
            Some(committed) => committed.clone(),
            None => parts.iter().map(|p| reader.fallback_position(p)).collect(),
        };
        reader.positions = positions;
        reader.last_ts.clone_from(&reader.committed_ts);
    }

    fn move_reader(&mut self, r: usize, site: usize, rule: ResumeRule) -> Result<(), CommandError> {
        let (target, via_hop) = self.copy_of_reader_stream(r, site)?;
        let report = self.price_move(r, target, via_hop, rule);
        let reader = &mut self.readers[r];
        reader.site = site;
        reader.stream = target;
        let parts = self.streams[target].parts.len();
        let mut positions: Vec<u64> = report.parts.iter().map(|m| m.new_position).collect();
        positions.resize(parts, 0);
        reader.placed(positions, self.now);
        reader.last_ts = vec![None; parts];
        reader.gap += report.gap;
        // Working again once it is within a second of the end where it now reads.
        reader.outage.down(self.now);
        if self.log.on() {
            let event = LogEvent::ReaderResumed {
                reader: reader.id.clone(),
                site: report.to_site.clone(),
                rule,
                replay: report.replay,
                gap: report.gap,
            };
            self.log.push(self.now, event);
        }
        reader.moves.push(report);
        Ok(())
    }
}
