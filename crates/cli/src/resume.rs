//! `hoplab resume`: where each consumer group would resume on the target, from what a
//! MirrorMaker 2 deployment holds now (the same answer as the site's `/resume`).

use crate::{out, Failure};
use hoplab_copiers::resume::{
    all_groups_plan, answer, apply_command, group_plan, plan_differences, plan_warnings_for,
    planned_groups, target_named, unplanned, Answer, Gathered, KafkaVersion, Options, Plan, Reset,
};
use std::io::BufRead;
use std::path::PathBuf;

pub fn parse_version(text: &str) -> Result<KafkaVersion, String> {
    KafkaVersion::parse(text)
        .ok_or_else(|| format!("{text:?} is not a Kafka release (3.5.2, 3.8, 4.1)"))
}

pub fn parse_reset(text: &str) -> Result<Reset, String> {
    Reset::parse(text).ok_or_else(|| format!("{text:?}: latest or earliest"))
}

pub fn parse_plan(text: &str) -> Result<Plan, String> {
    Plan::parse(text).ok_or_else(|| format!("{text:?}: never-skip or re-read-least"))
}

#[derive(clap::Args)]
pub struct ResumeArgs {
    /// The dumps and the configuration, each detected from its lines.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print the answer as JSON (each row's two reset plans under `plans`).
    #[arg(long)]
    json: bool,
    /// The Kafka release MirrorMaker 2 runs (its translation rule and store).
    #[arg(long = "kafka-version", value_parser = parse_version, default_value = "4.1.0")]
    kafka: KafkaVersion,
    /// What the consumers do with no checkpoint (their auto.offset.reset).
    #[arg(long = "auto-offset-reset", value_parser = parse_reset, default_value = "latest")]
    reset: Reset,
    /// Print, for this group (or with --all-groups, for every group with a checkpoint), the
    /// CSV `kafka-consumer-groups.sh --reset-offsets --from-file` takes on the target;
    /// what to read before applying it goes to stderr.
    #[arg(long = "reset-plan", value_name = "GROUP", num_args = 0..=1)]
    plan_for: Option<Option<String>>,
    /// With --reset-plan: every group's plan, as `group,topic,partition,offset`.
    #[arg(long = "all-groups", requires = "plan_for")]
    all_groups: bool,
    /// Which reset plan: never-skip (the earliest of the checkpoint, the commit translated
    /// now and the target's own offset) or re-read-least (the latest that skips nothing).
    #[arg(long, value_parser = parse_plan, default_value = "never-skip")]
    plan: Plan,
    /// The group a pasted table without a GROUP column belongs to (Kafka 2.0-2.2
    /// print one, as does the example in Kafka's operations docs).
    #[arg(long, value_name = "NAME")]
    group: Option<String>,
}

/// Reads each file a line at a time (a million-line dump is never held as one string).
/// `group` names the group of a table without a `GROUP` column (Kafka 2.0 to 2.2's
/// `--describe --group NAME` prints none).
fn gather(files: &[PathBuf], group: Option<&str>) -> Result<Gathered, Failure> {
    let mut g = Gathered::default();
    for path in files {
        let name = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|e| (format!("{name}: {e}"), 2))?;
        let size = file.metadata().map(|m| m.len()).unwrap_or(0);
        if size > hoplab_copiers::resume::MAX_DUMP_BYTES as u64 {
            return Err((
                format!("{name}: it is {size} bytes; at most 256 MiB are read"),
                2,
            ));
        }
        let mut reading = g.file(&name);
        if let Some(group) = group {
            reading = reading.of_group(group);
        }
        let mut kept = String::new();
        let mut input = std::io::BufReader::new(file);
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            let n = input
                .read_until(b'\n', &mut bytes)
                .map_err(|e| (format!("{name}: {e}"), 2))?;
            if n == 0 {
                break;
            }
            // Lossy, as a browser reads a file: kcat -J writes a record's bytes from 0x80
            // raw, and the line says which it could not read rather than the file failing.
            let text = String::from_utf8_lossy(&bytes);
            let line = text.trim_end_matches(['\n', '\r']);
            reading.line(line).map_err(|e| (e.to_string(), 2))?;
            // A configuration is small and read whole; a dump's lines are not kept.
            if kept.len() < hoplab_copiers::limits::MAX_INPUT_BYTES {
                kept.push_str(line);
                kept.push('\n');
            }
        }
        reading
            .finish(Some(&kept))
            .map_err(|e| (e.to_string(), 2))?;
    }
    Ok(g)
}

/// `hoplab resume`: the answer as a table or JSON, or a reset plan. `--group` names the
/// group of a table that has no `GROUP` column (without it a `--group` on a command line
/// pasted above the table names it, or its rows are shown as of an unnamed group).
pub fn run(args: ResumeArgs) -> Result<u8, Failure> {
    let g = gather(&args.files, args.group.as_deref())?;
    let options = Options {
        kafka: args.kafka,
        reset: args.reset,
    };
    let a = answer(&g, &options);
    match (&args.plan_for, args.all_groups) {
        (Some(Some(_)), true) => Err((
            "--reset-plan takes a GROUP or --all-groups, not both".into(),
            2,
        )),
        (Some(None), false) => Err(("--reset-plan needs a GROUP, or --all-groups".into(), 2)),
        (Some(group), _) => print_plan(&a, group.as_deref(), args.plan),
        (None, _) if args.json => {
            out!(
                "{}",
                serde_json::to_string_pretty(&a).expect("an answer serialises")
            );
            Ok(0)
        }
        (None, _) => {
            print_table(&a);
            Ok(0)
        }
    }
}

/// A plan's CSV on stdout (one group's, or every group's with `None`); on stderr the rows
/// it skips on, the rows the other plan differs on, the partitions it leaves alone and
/// the command that applies it.
fn print_plan(a: &Answer, group: Option<&str>, plan: Plan) -> Result<u8, Failure> {
    let csv = match group {
        Some(g) => group_plan(a, g, plan),
        None => all_groups_plan(a, plan),
    }
    .map_err(|e| (e, 2))?;
    let groups = group.map_or_else(|| planned_groups(a), |g| vec![g.to_string()]);
    for g in &groups {
        for warning in plan_warnings_for(a, g, plan) {
            eprintln!("warning: {warning}");
        }
        for differs in plan_differences(a, g) {
            eprintln!("plans differ: {differs}");
        }
    }
    // Every group's partitions with no checkpoint, with --all-groups those of groups with
    // none at all too.
    let named = group.map_or_else(
        || a.groups.iter().map(|s| s.group.clone()).collect(),
        |g| vec![g.to_string()],
    );
    for missing in named.iter().flat_map(|g| unplanned(a, g)) {
        eprintln!("not in the plan: {missing}");
    }
    let file = group.map_or_else(
        || "reset-plan.csv".to_string(),
        |g| format!("reset-{g}.csv"),
    );
    eprintln!(
        "apply {} ({} plan): {}",
        target_named(a),
        plan.label(),
        apply_command(a, &file, group)
    );
    out!("{}", csv.trim_end());
    Ok(0)
}

fn or_dash(v: Option<u64>) -> String {
    v.map_or_else(|| "-".into(), |n| n.to_string())
}

fn print_table(a: &Answer) {
    for r in &a.read {
        out!("read {r}");
    }
    out!("rules of {}\n", a.rule.text);
    out!(
        "{:<16} {:<20} {:>4} {:>12} {:>22} {:>10} {:>10} {:>14} {:>10}",
        "GROUP",
        "TOPIC",
        "PART",
        "COMMITTED",
        "CHECKPOINT (UP/DOWN)",
        "RESUME-AT",
        "NOW",
        "RE-READ",
        "STARTS-AT"
    );
    for p in &a.partitions {
        let cp = p.checkpoint.as_ref().map_or_else(
            || "-".into(),
            |c| format!("{}/{}", c.upstream, c.downstream),
        );
        let reread = match (p.replay_at_most, p.skipped) {
            (Some(n), _) => format!("≤{n}"),
            (None, Some(n)) if p.flagged => format!("! skips ≤{n}"),
            (None, Some(n)) => format!("skips {n}"),
            (None, None) if p.checkpoint.is_some() => "unknown".into(),
            _ => "-".into(),
        };
        out!(
            "{:<16} {:<20} {:>4} {:>12} {:>22} {:>10} {:>10} {:>14} {:>10}",
            p.group,
            p.topic,
            p.partition,
            or_dash(p.source_committed),
            cp,
            or_dash(p.resume_at),
            or_dash(p.translated_now),
            reread,
            or_dash(p.starts_at)
        );
        out!("    starts from {}: {}", p.start_from.label(), p.start_why);
        if let Some(r) = &p.plans {
            out!(
                "    reset plans: never skip {} ({}), re-read least {} ({})",
                r.never_skip,
                r.never_skip_from.label(),
                r.re_read_least,
                r.re_read_least_from.label()
            );
        }
        for n in &p.notes {
            let jira = n.jira.map(|j| format!(" ({j})")).unwrap_or_default();
            out!("    - {}{jira} (see card: {})", n.text, n.card);
        }
    }
    out!("");
    for s in &a.groups {
        out!("{}", s.text);
    }
}

#[cfg(test)]
mod tests {
    /// The table of Kafka's operations docs ("Checking consumer position"), as Kafka 2.0 to
    /// 2.2 print `--describe --group my-group`: no GROUP column, so the caller names it.
    #[test]
    fn a_group_given_names_the_rows_of_a_table_without_a_group_column() {
        let path =
            std::env::temp_dir().join(format!("hoplab-resume-{}-docs.txt", std::process::id()));
        std::fs::write(&path, "TOPIC                          PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG        CONSUMER-ID                                       HOST                           CLIENT-ID\nmy-topic                       0          2               4               2          consumer-1-029af89c-873c-4751-a720-cefd41a669d6   /127.0.0.1                     consumer-1\n").unwrap();
        let g = super::gather(std::slice::from_ref(&path), Some("my-group")).unwrap();
        let unnamed = super::gather(std::slice::from_ref(&path), None).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(g.rows[0].group, "my-group");
        assert_eq!(
            unnamed.rows[0].group,
            hoplab_copiers::resume::dumps::UNNAMED_GROUP
        );
    }
}
