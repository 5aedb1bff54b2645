//! `hoplab-real-copiers`: runs every case on the real servers (started here, stopped
//! here) and in the model, prints one line a case and `real copiers: N passed, M failed`,
//! and writes what it found as JSON (`--out FILE`) for the site's `/copiers` page.

mod cases;
mod compare;
mod estate;
mod jetstream;
mod nats;
mod rabbitmq;
mod servers;

use serde::Serialize;
use std::process::ExitCode;

/// Servers shared between cases (RabbitMQ takes seconds to start: one node serves all
/// its cases, each case in virtual hosts of its own), and the nats-server release the
/// JetStream case now running starts its servers from.
#[derive(Default)]
pub struct Servers {
    rabbit: Option<Result<rabbitmq::Rabbit, String>>,
    pub nats: jetstream::Release,
}

impl Servers {
    /// The RabbitMQ node, started by the first case that asks.
    pub fn rabbit(&mut self) -> Result<&rabbitmq::Rabbit, String> {
        self.rabbit
            .get_or_insert_with(rabbitmq::Rabbit::start)
            .as_ref()
            .map_err(|e| format!("RabbitMQ did not start: {e}"))
    }

    fn rabbit_version(&self) -> Option<String> {
        match &self.rabbit {
            Some(Ok(r)) => Some(r.version.clone()),
            _ => None,
        }
    }
}

/// One case. A JetStream case runs on every nats-server release: `releases` holds each
/// run, `agrees` is whether all of them agree, and its own facts and notes are empty.
#[derive(Serialize)]
struct CaseReport<'a> {
    id: &'a str,
    copier: hoplab_copiers::CopierId,
    server: &'a str,
    title: &'a str,
    preset: hoplab_copiers::PresetId,
    agrees: bool,
    error: Option<String>,
    #[serde(flatten)]
    outcome: cases::Outcome,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    releases: Vec<ReleaseRun>,
}

/// One JetStream case on one nats-server release.
#[derive(Serialize)]
struct ReleaseRun {
    release: String,
    agrees: bool,
    error: Option<String>,
    #[serde(flatten)]
    outcome: cases::Outcome,
}

/// Runs a case once; a panic is the case's error.
fn run_once(case: &cases::Case, servers: &mut Servers) -> (cases::Outcome, Option<String>) {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (case.run)(servers)))
        .unwrap_or_else(|p| {
            Err(p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "the case panicked".into()))
        });
    match result {
        Ok(o) => (o, None),
        Err(e) => (cases::Outcome::default(), Some(e)),
    }
}

/// One line a run (`on` names the release), then its facts, notes and error.
fn print_run(id: &str, on: &str, outcome: &cases::Outcome, error: Option<&String>) -> bool {
    let agrees = error.is_none() && outcome.agrees();
    println!("{} {id}{on}", if agrees { "ok  " } else { "FAIL" });
    for f in &outcome.facts {
        let mark = if f.agrees() { " " } else { "!" };
        println!(
            "   {mark} {}: real {:?}, model {:?}",
            f.what, f.real, f.model
        );
    }
    for n in &outcome.notes {
        println!("     note: {n}");
    }
    if let Some(e) = error {
        println!("     error: {e}");
    }
    agrees
}

/// A JetStream case on each release, each run reported on its own. The releases run at
/// once, one thread each with servers of its own (a run mostly waits on its servers), and
/// are printed in order once all have ended.
fn run_on_releases(case: &cases::Case, releases: &[jetstream::Release]) -> Vec<ReleaseRun> {
    let results: Vec<(cases::Outcome, Option<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = releases
            .iter()
            .map(|release| {
                scope.spawn(move || match &release.missing {
                    Some(why) => (cases::Outcome::default(), Some(why.clone())),
                    None => run_once(
                        case,
                        &mut Servers {
                            nats: release.clone(),
                            ..Servers::default()
                        },
                    ),
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    (cases::Outcome::default(), Some("the run panicked".into()))
                })
            })
            .collect()
    });
    let mut runs = Vec::new();
    for (release, (outcome, error)) in releases.iter().zip(results) {
        let on = format!(" on nats-server {}", release.version);
        let agrees = print_run(case.id, &on, &outcome, error.as_ref());
        runs.push(ReleaseRun {
            release: release.version.clone(),
            agrees,
            error,
            outcome,
        });
    }
    runs
}

/// Runs one case (a JetStream case once per release) and reports it with the number of
/// runs that agreed and that did not.
fn run_case(
    case: &cases::Case,
    servers: &mut Servers,
    releases: &[jetstream::Release],
) -> (CaseReport<'static>, usize, usize) {
    let mut report = CaseReport {
        id: case.id,
        copier: case.copier,
        server: case.server,
        title: case.title,
        preset: case.preset,
        agrees: false,
        error: None,
        outcome: cases::Outcome::default(),
        releases: Vec::new(),
    };
    if case.server == "nats-server" {
        report.releases = run_on_releases(case, releases);
        let passed = report.releases.iter().filter(|r| r.agrees).count();
        report.agrees = passed == report.releases.len();
        report.error = report.releases.iter().find_map(|r| {
            Some(format!(
                "on nats-server {}: {}",
                r.release,
                r.error.as_ref()?
            ))
        });
        let failed = report.releases.len() - passed;
        return (report, passed, failed);
    }
    let (outcome, error) = run_once(case, servers);
    report.agrees = print_run(case.id, "", &outcome, error.as_ref());
    report.outcome = outcome;
    report.error = error;
    let passed = usize::from(report.agrees);
    (report, passed, 1 - passed)
}

/// `nats-server`'s entry in the data file: every release, Debian's first
/// ("2.9.10 (Debian's), 2.10.26, … and 2.15.1"), so `/copiers` names them all.
fn nats_versions(releases: &[jetstream::Release]) -> String {
    let names: Vec<String> = releases
        .iter()
        .map(|r| match r.from {
            "debian" => format!("{} (Debian's)", r.version),
            _ => r.version.clone(),
        })
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = args
        .iter()
        .position(|a| a == "--out")
        .and_then(|i| args.get(i + 1).cloned());
    let only: Vec<&String> = args
        .iter()
        .filter(|a| !a.starts_with("--") && Some(*a) != out.as_ref())
        .collect();
    let releases = jetstream::releases();
    let mut servers = Servers::default();
    let (mut reports, mut passed, mut failed) = (Vec::new(), 0, 0);
    for case in cases::all() {
        if !only.is_empty() && !only.iter().any(|o| case.id.contains(o.as_str())) {
            continue;
        }
        let (report, p, f) = run_case(&case, &mut servers, &releases);
        reports.push(report);
        (passed, failed) = (passed + p, failed + f);
    }
    let rabbit_version = servers.rabbit_version();
    drop(servers);
    if let Some(path) = out {
        let doc = serde_json::json!({
            "ran_on": today(),
            "servers": {
                "nats-server": nats_versions(&releases),
                // RabbitMQ stays on Debian's release: no registry here serves a newer
                // broker (PyPI's and npm's `rabbitmq` packages are clients), so /copiers
                // states 4.x changes from their sources, as not checked here.
                "rabbitmq-server": rabbit_version.map(|v| format!(
                    "{v} (Debian's, the newest any package registry here serves)"
                )),
            },
            "nats_releases": releases.iter().map(|r| serde_json::json!({
                "version": r.version, "from": r.from, "installed": r.missing.is_none(),
            })).collect::<Vec<_>>(),
            "cases": reports,
        });
        if let Err(e) = std::fs::write(
            &path,
            serde_json::to_string_pretty(&doc).unwrap_or_default(),
        ) {
            eprintln!("could not write {path}: {e}");
        }
    }
    println!("real copiers: {passed} passed, {failed} failed");
    if failed == 0 && passed > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Today's date (UTC) as YYYY-MM-DD, from the days since 1970 (Howard Hinnant's
/// civil-from-days), so the data file says when the cases ran.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
