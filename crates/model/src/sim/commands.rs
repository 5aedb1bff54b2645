//! Applying commands: faults, failovers and operator actions.

use super::{Backup, Sim, SiteStatus};
use crate::log::LogKind;
use crate::spec::{Command, ResumeRule};
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

impl Sim {
    fn find_site(&self, name: &str) -> Result<usize, CommandError> {
        self.resolved
            .site(name)
            .ok_or_else(|| CommandError(format!("no site named '{name}'")))
    }

    fn find_hop(&self, id: &str) -> Result<usize, CommandError> {
        self.hops
            .iter()
            .position(|h| h.id == id)
            .ok_or_else(|| CommandError(format!("no hop named '{id}'")))
    }

    fn find_writer(&self, id: &str) -> Result<usize, CommandError> {
        self.writers
            .iter()
            .position(|w| w.id == id)
            .ok_or_else(|| CommandError(format!("no writer named '{id}'")))
    }

    /// Applies a command now. Unknown names are refused and nothing changes.
    pub fn apply(&mut self, cmd: Command) -> Result<(), CommandError> {
        let now = self.now;
        match &cmd {
            Command::LoseSite { site } => {
                let s = self.find_site(site)?;
                self.lose_site(s);
            }
            Command::CutSite { site } => {
                let s = self.find_site(site)?;
                if self.sites[s] == SiteStatus::Up {
                    self.sites[s] = SiteStatus::Unreachable;
                }
            }
            Command::RestoreSite { site } => {
                let s = self.find_site(site)?;
                self.sites[s] = SiteStatus::Up;
            }
            Command::StallHop { hop } => {
                let h = self.find_hop(hop)?;
                self.hops[h].stalled = true;
            }
            Command::ResumeHop { hop } => {
                let h = self.find_hop(hop)?;
                self.hops[h].stalled = false;
            }
            Command::RestartHop { hop } => {
                let h = self.find_hop(hop)?;
                if self.hops[h].started {
                    self.restart_hop(h);
                }
            }
            Command::CutLink { hop } => {
                let h = self.find_hop(hop)?;
                self.hops[h].link_cut = true;
            }
            Command::HealLink { hop } => {
                let h = self.find_hop(hop)?;
                self.hops[h].link_cut = false;
            }
            Command::StartHop { hop } => {
                let h = self.find_hop(hop)?;
                if !self.hops[h].started {
                    self.start_hop(h);
                    self.kick_hop(h);
                }
            }
            Command::MoveReader { reader, site, rule } => {
                let r = self
                    .readers
                    .iter()
                    .position(|x| &x.id == reader)
                    .ok_or_else(|| CommandError(format!("no reader group named '{reader}'")))?;
                let s = self.find_site(site)?;
                self.move_reader(r, s, *rule)?;
            }
            Command::MoveWriter { writer, site } => {
                let w = self.find_writer(writer)?;
                let s = self.find_site(site)?;
                let name = self.streams[self.writers[w].stream].name.clone();
                let stream = self
                    .resolved
                    .stream(s, &name)
                    .ok_or_else(|| CommandError(format!("site '{site}' has no stream '{name}'")))?;
                self.writers[w].site = s;
                self.writers[w].stream = stream;
            }
            Command::SetWriterRate {
                writer,
                rate_per_sec,
            } => {
                let w = self.find_writer(writer)?;
                if !rate_per_sec.is_finite() || *rate_per_sec < 0.0 {
                    return Err(CommandError("rate must be a non-negative number".into()));
                }
                self.writers[w].rate = *rate_per_sec;
            }
            Command::StopWriter { writer } => {
                let w = self.find_writer(writer)?;
                self.writers[w].stopped = true;
            }
            Command::CompanionDown { name, site } | Command::CompanionUp { name, site } => {
                let s = self.find_site(site)?;
                let up = matches!(cmd, Command::CompanionUp { .. });
                let c = self
                    .companions
                    .iter_mut()
                    .find(|c| &c.name == name)
                    .ok_or_else(|| CommandError(format!("no companion named '{name}'")))?;
                let inst = c
                    .instances
                    .iter_mut()
                    .find(|(is, _)| *is == s)
                    .ok_or_else(|| {
                        CommandError(format!("companion '{name}' has no instance at '{site}'"))
                    })?;
                inst.1 = up;
            }
            Command::TakeBackup { site } => {
                let s = self.find_site(site)?;
                let per_writer = self.distinct_per_writer(|st| st == s);
                self.backups.push(Backup {
                    site: site.clone(),
                    taken_at_ms: now,
                    records: per_writer.iter().map(|(_, n)| n).sum(),
                    per_writer,
                });
            }
        }
        self.log.push(now, LogKind::Command, cmd.describe());
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
            let (src, dst) = (self.hops[h].src, self.hops[h].dst);
            if self.streams[src].site == s {
                let restart = self.streams[src].start_position;
                for (p, hp) in self.hops[h].parts.iter_mut().enumerate() {
                    let part = &self.streams[src].parts[p];
                    let (end, acked_end) = (part.end, part.durable_end(now));
                    // The tail is what was acknowledged; the rest was never confirmed.
                    hp.lost_with_site += acked_end.saturating_sub(hp.high_water);
                    hp.lost_unacknowledged += end - acked_end.max(hp.high_water).min(end);
                    hp.rewound_not_recopied += hp.high_water.saturating_sub(hp.copied_upto);
                    hp.prev_total += end - hp.first_pos;
                    hp.first_pos = restart;
                    hp.read_pos = restart;
                    hp.copied_upto = restart;
                    hp.committed = restart;
                    hp.high_water = restart;
                }
            }
            if self.streams[dst].site == s {
                for hp in &mut self.hops[h].parts {
                    hp.map.clear();
                }
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
    fn move_reader(&mut self, r: usize, site: usize, rule: ResumeRule) -> Result<(), CommandError> {
        let (target, via_hop) = self.copy_of_reader_stream(r, site)?;
        let report = self.price_move(r, target, via_hop, rule);
        let reader = &mut self.readers[r];
        reader.site = site;
        reader.stream = target;
        let parts = self.streams[target].parts.len();
        reader.positions = report.parts.iter().map(|m| m.new_position).collect();
        reader.positions.resize(parts, 0);
        reader.last_ts = vec![None; parts];
        reader.gap += report.gap;
        let text = format!(
            "Reader group {} resumed on {} by {}: {} will be read again, {} skipped",
            reader.id,
            report.to_site,
            report.rule,
            crate::log::records(report.replay),
            crate::log::records(report.gap)
        );
        reader.moves.push(report);
        self.log.push(self.now, LogKind::Resume, text);
        Ok(())
    }
}
