//! The log's events in plain words: every sentence the narration shows is made here, and
//! only when it is read, so rewording one is not a change in behaviour. (A command's entry
//! is the command's own label, `Command::describe`, which the designer's timeline shows too.)

use super::event::{BatchCopied, EchoGrowth, LogEvent, RecordsAppended, Refusal};
use crate::budget_limit::BudgetLimit;
pub use crate::numbers::fmt_n;
use crate::time::Millis;
use crate::writer::key_name;
use std::fmt;

impl fmt::Display for LogEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogEvent::Appended(appended) => fmt::Display::fmt(appended, f),
            LogEvent::Refused {
                writer,
                count,
                why,
                refused_so_far,
            } => write!(
                f,
                "Writer {writer} could not publish {}: {why} (refused so far: {})",
                records(*count),
                fmt_n(*refused_so_far)
            ),
            LogEvent::BatchCopied(batch) => fmt::Display::fmt(batch, f),
            LogEvent::ReaderRead {
                reader,
                count,
                stream,
                site,
            } => write!(
                f,
                "Reader group {reader} processed {} of {stream} on site {site}",
                records(*count)
            ),
            LogEvent::ReaderResumed {
                reader,
                site,
                rule,
                replay,
                gap,
            } => write!(
                f,
                "Reader group {reader} resumed on {site} by {}: {} will be read again, {} skipped",
                rule.id(),
                records(*replay),
                records(*gap)
            ),
            LogEvent::CopierStarted { hop } => write!(f, "Copier {hop} starts reading"),
            LogEvent::CopierRestarted { hop, rewound } => write!(
                f,
                "Copier {hop} restarted from its last commit: {} will be copied again",
                records(*rewound)
            ),
            LogEvent::CopierWriteFailing { hop, count, site } => write!(
                f,
                "Copier {hop} could not write {} to site {site}; it keeps retrying",
                records(*count)
            ),
            LogEvent::RunStopped {
                at_ms,
                limit,
                used,
                allowed,
            } => run_stopped(f, *at_ms, *limit, *used, *allowed),
            LogEvent::Command { command } => f.write_str(&command.describe()),
        }
    }
}

impl fmt::Display for RecordsAppended {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let RecordsAppended {
            writer,
            count,
            stream,
            site,
            part,
            seq,
            key,
            position,
            acked_after_ms,
        } = self;
        let (seq, key, position) = (fmt_n(*seq), key_name(*key), fmt_n(*position));
        if *count == 1 {
            write!(
                f,
                "Writer {writer} appended record #{seq} (key {key}) to part {part} of {stream} on site {site} at position {position}; {site} acknowledged it after {acked_after_ms} ms"
            )
        } else {
            write!(
                f,
                "Writer {writer} appended {} to {stream} on site {site}, e.g. #{seq} (key {key}) to part {part} at position {position}; {site} acknowledged them after {acked_after_ms} ms",
                records(*count)
            )
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::SiteLost { site } => write!(f, "site {site} is lost"),
            Refusal::SiteUnreachable { site } => write!(f, "site {site} does not answer"),
            Refusal::Fenced { site } => write!(f, "site {site} is fenced"),
            Refusal::ReadOnlyMirror { stream, site } => write!(
                f,
                "stream {stream} on site {site} is a read-only mirror until it is promoted"
            ),
            Refusal::CompanionMissing { kind, name, site } => write!(
                f,
                "the {kind} {name} does not answer, so the publish is refused while site {site}'s cluster is up"
            ),
        }
    }
}

impl fmt::Display for BatchCopied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.to - self.from;
        write!(
            f,
            "Copier {} read {} ({}) from part {} on {}",
            self.hop,
            records(n),
            positions(self.from, self.to),
            self.part,
            self.src_site
        )?;
        if let Some(w) = &self.written {
            let them = if n == 1 { "it" } else { "them" };
            let verb = if w.mirrored { "mirrored" } else { "wrote" };
            write!(
                f,
                " and {verb} {them} to part {} on {} from position {}",
                w.part,
                self.dst_site,
                fmt_n(w.position)
            )?;
        }
        match self.latency_ms {
            Some(ms) => write!(f, "; latest copy latency {}", fmt_ms(ms))?,
            None => f.write_str("; latest copy latency -")?,
        }
        if self.duplicates > 0 {
            write!(
                f,
                "; {} were duplicates after a restart",
                fmt_n(self.duplicates)
            )?;
        }
        if self.skipped > 0 {
            write!(
                f,
                "; {} not forwarded (filtered, or stamped as from elsewhere)",
                records(self.skipped)
            )?;
        }
        if self.echoes > 0 {
            write!(
                f,
                "; {} had started at {}: an echo coming back",
                records(self.echoes),
                self.dst_site
            )?;
            match self.echo_growth {
                None => {}
                Some(EchoGrowth::Linear) => f.write_str(
                    ". Nothing marks it as a copy, so it is sent on again: each hop it crosses \
                     adds one more copy (linear growth, one copy per hop crossed)",
                )?,
                Some(EchoGrowth::Multiplies { ways }) => write!(
                    f,
                    ". Nothing marks it as a copy, and {ways} copiers leave this stream: each hop \
                     crossed sends every copy on {ways} ways, so copies multiply"
                )?,
            }
        }
        Ok(())
    }
}

/// A run stopped at its budget, with what to change to go further.
fn run_stopped(
    f: &mut fmt::Formatter<'_>,
    at_ms: Millis,
    limit: BudgetLimit,
    used: u64,
    allowed: u64,
) -> fmt::Result {
    let (what, change) = match limit {
        BudgetLimit::Events => (
            "events processed",
            "shorten the run, or raise the event budget (hoplab run --max-events)",
        ),
        BudgetLimit::BlocksHeld => (
            "blocks of records held in memory",
            "look for an echo loop (hoplab lint), give the streams retention, use larger writer intervals or smaller copier batches, or raise the budget (hoplab run --max-blocks)",
        ),
    };
    write!(
        f,
        "stopped at {} s: {} {what}, over the budget of {}. Everything shown is as it stood at that moment; nothing after it was simulated. To go further: {change}.",
        crate::decimal::fixed(at_ms as f64 / 1000.0, 3),
        fmt_n(used),
        fmt_n(allowed)
    )
}

/// "1 record", "1,204 records".
fn records(n: u64) -> String {
    if n == 1 {
        "1 record".to_string()
    } else {
        format!("{} records", fmt_n(n))
    }
}

/// "position 17" or "positions 17–20".
fn positions(from: u64, to_exclusive: u64) -> String {
    if to_exclusive <= from + 1 {
        format!("position {}", fmt_n(from))
    } else {
        format!("positions {}–{}", fmt_n(from), fmt_n(to_exclusive - 1))
    }
}

/// Milliseconds as "1.25 s" or "340 ms".
fn fmt_ms(ms: Millis) -> String {
    if ms >= 1000 {
        format!("{} s", crate::decimal::fixed(ms as f64 / 1000.0, 2))
    } else {
        format!("{ms} ms")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::CopyWritten;

    #[test]
    fn thousands_separators() {
        assert_eq!(fmt_n(0), "0");
        assert_eq!(fmt_n(999), "999");
        assert_eq!(fmt_n(1204), "1,204");
        assert_eq!(fmt_n(1234567), "1,234,567");
    }

    #[test]
    fn a_batch_says_what_it_read_wrote_and_met() {
        let batch = BatchCopied {
            hop: "A-B".into(),
            from: 10,
            to: 14,
            part: 0,
            src_site: "A".into(),
            dst_site: "B".into(),
            written: Some(CopyWritten {
                mirrored: false,
                part: 1,
                position: 1200,
            }),
            latency_ms: Some(1250),
            duplicates: 2,
            skipped: 0,
            echoes: 1,
            echo_growth: Some(EchoGrowth::Multiplies { ways: 2 }),
        };
        assert_eq!(
            LogEvent::BatchCopied(batch).to_string(),
            "Copier A-B read 4 records (positions 10–13) from part 0 on A and wrote them to part 1 \
             on B from position 1,200; latest copy latency 1.25 s; 2 were duplicates after a \
             restart; 1 record had started at B: an echo coming back. Nothing marks it as a \
             copy, and 2 copiers leave this stream: each hop crossed sends every copy on 2 \
             ways, so copies multiply"
        );
    }
}
