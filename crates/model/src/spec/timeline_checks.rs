//! The timeline's checks: every command names a site, hop, writer, reader group or
//! companion the validated topology has, at a time within the limits.

use super::limits::{self, check};
use super::{Command, HopKind, ScenarioSpec, SpecError, Topology, Validated};

pub(super) fn check_timeline(v: &Validated, spec: &ScenarioSpec) -> Result<(), SpecError> {
    limits::count("timeline", spec.timeline.len(), limits::MAX_TIMELINE)?;
    for (i, tc) in spec.timeline.iter().enumerate() {
        check(&format!("timeline[{i}].at_ms"), tc.at_ms, limits::TIME)?;
        check_command(v, spec, &tc.command)
            .map_err(|p| SpecError::new(format!("timeline[{i}].command"), p))?;
    }
    Ok(())
}

/// Checks that a command's names exist in a validated spec; the error is the problem in words.
pub fn check_command(v: &Validated, spec: &ScenarioSpec, c: &Command) -> Result<(), String> {
    let t = &spec.topology;
    let site = |s: &str| v.site(s).map(|_| ()).ok_or(format!("no site named '{s}'"));
    let hop = |h: &str| {
        t.hops
            .iter()
            .any(|x| x.id == h)
            .then_some(())
            .ok_or(format!("no hop named '{h}'"))
    };
    let writer = |w: &str| {
        t.writers
            .iter()
            .any(|x| x.id == w)
            .then_some(())
            .ok_or(format!("no writer named '{w}'"))
    };
    let reader = |r: &str| {
        t.readers
            .iter()
            .any(|x| x.id == r)
            .then_some(())
            .ok_or(format!("no reader group named '{r}'"))
    };
    let companion = |n: &str| {
        t.companions
            .iter()
            .any(|x| x.name == n)
            .then_some(())
            .ok_or(format!("no companion named '{n}'"))
    };
    match c {
        Command::LoseSite { site: s }
        | Command::CutSite { site: s }
        | Command::PartitionSite { site: s }
        | Command::RestoreSite { site: s }
        | Command::TakeBackup { site: s }
        | Command::FenceSite { site: s } => site(s),
        Command::StallHop { hop: h }
        | Command::ResumeHop { hop: h }
        | Command::RestartHop { hop: h }
        | Command::CutLink { hop: h }
        | Command::HealLink { hop: h }
        | Command::StartHop { hop: h }
        | Command::CheckLag { hop: h } => hop(h),
        Command::Promote { hop: h } | Command::Reconcile { hop: h } => {
            hop(h)?;
            check_mirror_command(t, c, h)
        }
        Command::MoveReader {
            reader: r, site: s, ..
        } => reader(r).and_then(|_| site(s)),
        Command::RestartReader { reader: r } => reader(r),
        Command::MoveWriter { writer: w, site: s } => writer(w).and_then(|_| site(s)),
        Command::SetWriterRate {
            writer: w,
            rate_per_sec,
        } => {
            writer(w)?;
            limits::rate("rate_per_sec", *rate_per_sec).map_err(|e| e.to_string())
        }
        Command::StopWriter { writer: w } => writer(w),
        Command::CompanionDown { name, site: s } | Command::CompanionUp { name, site: s } => {
            companion(name).and_then(|_| site(s))
        }
    }
}

/// A promote or a reconcile: only a mirror's target can be promoted or reconciled, and a
/// mirror standing for a nats-server before 2.12 cannot be promoted in place.
fn check_mirror_command(t: &Topology, c: &Command, h: &str) -> Result<(), String> {
    let mirror = t
        .hops
        .iter()
        .any(|x| x.id == *h && x.options.kind == HopKind::Mirror);
    if !mirror {
        return Err(format!(
            "hop '{h}' is not a mirror: only a mirror's target can be promoted or reconciled"
        ));
    }
    // The run refuses it too (sim/commands.rs): said here, at the file, not dropped.
    let release = t
        .hops
        .iter()
        .find(|x| x.id == *h)
        .map(|x| x.options.nats_release);
    match (c, release) {
        (Command::Promote { .. }, Some(r)) if !r.promotes_mirrors() => Err(format!(
            "mirror '{h}' stands for nats-server {}, which refuses to promote a mirror in place: from 2.12 only",
            r.id()
        )),
        _ => Ok(()),
    }
}
