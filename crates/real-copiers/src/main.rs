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
/// its cases, each case in virtual hosts of its own).
#[derive(Default)]
pub struct Servers {
    rabbit: Option<Result<rabbitmq::Rabbit, String>>,
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
    let mut servers = Servers::default();
    let mut reports = Vec::new();
    for case in cases::all() {
        if !only.is_empty() && !only.iter().any(|o| case.id.contains(o.as_str())) {
            continue;
        }
        let result =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (case.run)(&mut servers)))
                .unwrap_or_else(|p| {
                    Err(p
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_else(|| "the case panicked".into()))
                });
        let (outcome, error) = match result {
            Ok(o) => (o, None),
            Err(e) => (cases::Outcome::default(), Some(e)),
        };
        let agrees = error.is_none() && outcome.agrees();
        println!("{} {}", if agrees { "ok  " } else { "FAIL" }, case.id);
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
        if let Some(e) = &error {
            println!("     error: {e}");
        }
        reports.push(CaseReport {
            id: case.id,
            copier: case.copier,
            server: case.server,
            title: case.title,
            preset: case.preset,
            agrees,
            error,
            outcome,
        });
    }
    let rabbit_version = servers.rabbit_version();
    drop(servers);
    let passed = reports.iter().filter(|r| r.agrees).count();
    let failed = reports.len() - passed;
    if let Some(path) = out {
        let doc = serde_json::json!({
            "ran_on": today(),
            "servers": {
                "nats-server": jetstream::server_version().unwrap_or_else(|e| e),
                "rabbitmq-server": rabbit_version,
            },
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
