//! `hoplab`: run scenarios, lint topologies, export examples, benchmark the model.
//! Arguments are parsed by hand to keep the crate's dependencies small.

mod report;

/// println! that ends quietly when the reader of stdout has gone (`hoplab ... | head`).
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

use hoplab_model::{bench, lint, scenarios, ScenarioSpec, Sim};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  hoplab run <file.json|scenario-id> [--seed N] [--json] [--until SECONDS] [--knob id=value ...]
  hoplab fingerprint [--seed N]        a digest of every scenario's run (compare with wasm)
  hoplab lint <file.json> [--json]     exit 1 on findings, 2 on a bad file
  hoplab scenarios [--json]
  hoplab export <scenario-id> [--knob id=value ...]
  hoplab bench [--seconds N]           events/s and the three-site day";

struct Opts {
    positional: Vec<String>,
    seed: u64,
    json: bool,
    until: Option<f64>,
    seconds: Option<u64>,
    knobs: Vec<(String, String)>,
}

fn parse(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        positional: vec![],
        seed: 1,
        json: false,
        until: None,
        seconds: None,
        knobs: vec![],
    };
    let mut i = 0;
    let value = |i: usize, flag: &str| {
        args.get(i + 1)
            .cloned()
            .ok_or(format!("{flag} needs a value"))
    };
    while i < args.len() {
        match args[i].as_str() {
            "--json" => o.json = true,
            "--seed" => {
                o.seed = value(i, "--seed")?
                    .parse()
                    .map_err(|_| "--seed takes a whole number")?;
                i += 1;
            }
            "--until" => {
                let v: f64 = value(i, "--until")?
                    .parse()
                    .map_err(|_| "--until takes seconds")?;
                if !v.is_finite() || v < 0.0 {
                    return Err("--until takes a non-negative number of seconds".into());
                }
                o.until = Some(v);
                i += 1;
            }
            "--seconds" => {
                o.seconds = Some(
                    value(i, "--seconds")?
                        .parse()
                        .map_err(|_| "--seconds takes a whole number")?,
                );
                i += 1;
            }
            "--knob" => {
                let kv = value(i, "--knob")?;
                let (k, v) = kv.split_once('=').ok_or("--knob takes id=value")?;
                o.knobs.push((k.to_string(), v.to_string()));
                i += 1;
            }
            a if a.starts_with("--") => return Err(format!("unknown option {a}")),
            a => o.positional.push(a.to_string()),
        }
        i += 1;
    }
    Ok(o)
}

/// A scenario id (with knobs) or a file path.
fn load(what: &str, knobs: &[(String, String)]) -> Result<ScenarioSpec, (String, u8)> {
    if let Some(s) = scenarios::get(what) {
        let values = s
            .values_from_pairs(knobs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .map_err(|e| (e.to_string(), 2))?;
        return Ok(s.build(&values));
    }
    let text = std::fs::read_to_string(what).map_err(|e| {
        (
            format!("{what}: not a scenario id, and the file cannot be read: {e}"),
            2,
        )
    })?;
    ScenarioSpec::from_json(&text).map_err(|e| (format!("{what}: {e}"), 2))
}

fn run(o: &Opts) -> Result<u8, (String, u8)> {
    let cmd = o.positional.first().map(String::as_str).unwrap_or("");
    let arg = o.positional.get(1).map(String::as_str);
    match (cmd, arg) {
        ("run", Some(what)) => {
            let spec = load(what, &o.knobs)?;
            let mut sim = Sim::new(&spec, o.seed).map_err(|e| (e.to_string(), 2))?;
            let until = o.until.map_or(spec.duration_ms, |s| (s * 1000.0) as u64);
            sim.advance_to(until);
            let m = sim.measures();
            if o.json {
                out!(
                    "{}",
                    serde_json::to_string_pretty(&m).expect("measures serialise")
                );
            } else {
                out!("{}", report::text(&spec, &sim, &m).trim_end());
            }
            Ok(0)
        }
        ("lint", Some(path)) => {
            let text = std::fs::read_to_string(path).map_err(|e| (format!("{path}: {e}"), 2))?;
            let spec = ScenarioSpec::from_json(&text).map_err(|e| (format!("{path}: {e}"), 2))?;
            let findings = lint(&spec.topology);
            if o.json {
                out!(
                    "{}",
                    serde_json::to_string_pretty(&findings).expect("findings serialise")
                );
            } else if findings.is_empty() {
                out!("{path}: no findings");
            } else {
                for f in &findings {
                    out!(
                        "{path}: {} [{}] {} (see card: {})",
                        f.code,
                        f.subject,
                        f.message,
                        f.card
                    );
                }
            }
            Ok(u8::from(!findings.is_empty()))
        }
        ("scenarios", None) => {
            let all = scenarios::all();
            if o.json {
                out!(
                    "{}",
                    serde_json::to_string_pretty(&all).expect("scenarios serialise")
                );
            } else {
                for s in all {
                    out!("{:<24} {:<22} {}", s.id, s.card, s.title);
                }
            }
            Ok(0)
        }
        ("export", Some(id)) => {
            let spec = scenarios::get(id)
                .ok_or((
                    format!("no scenario named '{id}' (see: hoplab scenarios)"),
                    2,
                ))
                .and_then(|_| load(id, &o.knobs))?;
            out!("{}", spec.to_json());
            Ok(0)
        }
        ("fingerprint", None) => {
            for id in scenarios::NAMES {
                let spec = load(id, &[])?;
                let mut sim = Sim::new(&spec, o.seed).map_err(|e| (e.to_string(), 2))?;
                sim.advance_to(spec.duration_ms);
                out!("{id} {:016x}", sim.fingerprint());
            }
            Ok(0)
        }
        ("bench", None) => {
            bench_cmd(o.seconds.unwrap_or(86_400));
            Ok(0)
        }
        _ => Err((USAGE.to_string(), 2)),
    }
}

fn bench_cmd(seconds: u64) {
    // Every lab scenario to its suggested end, narration on (what the browser does).
    let t0 = Instant::now();
    let mut events = 0;
    for s in scenarios::all() {
        let spec = s.build_default();
        let mut sim = Sim::new(&spec, 1).expect("scenario specs are valid");
        sim.advance_to(spec.duration_ms);
        events += sim.events_processed();
    }
    let wall = t0.elapsed().as_secs_f64();
    out!(
        "lab scenarios: {} events in {wall:.3} s = {} events/s",
        hoplab_model::fmt_n(events),
        hoplab_model::fmt_n((events as f64 / wall) as u64)
    );
    let start = Instant::now();
    let c = bench::compare_core(2000, 3, &mut || start.elapsed().as_secs_f64());
    out!(
        "event core, {} simulated s of single-record events (best of 3 each):",
        c.simulated_s
    );
    out!(
        "  baseline (BinaryHeap + Vec logs): {} events in {:.3} s = {} events/s",
        hoplab_model::fmt_n(c.baseline_events),
        c.baseline_s,
        hoplab_model::fmt_n(c.baseline_events_per_s() as u64)
    );
    out!(
        "  model event core                : {} events in {:.3} s = {} events/s",
        hoplab_model::fmt_n(c.model_events),
        c.model_s,
        hoplab_model::fmt_n(c.model_events_per_s() as u64)
    );
    out!("  model / baseline, time per event: {:.2}x", c.ratio());
    let t0 = Instant::now();
    let r = bench::run_three_site_day(seconds, 1);
    let wall = t0.elapsed().as_secs_f64();
    out!(
        "three-site day: {} simulated s, 3 sites x 50,000 records/s, 6 hops",
        r.simulated_ms / 1000
    );
    out!(
        "  records written : {}",
        hoplab_model::fmt_n(r.records_written)
    );
    out!("  events          : {}", hoplab_model::fmt_n(r.events));
    out!(
        "  runs held       : {}",
        hoplab_model::fmt_n(r.stored_runs as u64)
    );
    out!("  wall time       : {wall:.3} s");
    out!(
        "  events/s        : {}",
        hoplab_model::fmt_n((r.events as f64 / wall) as u64)
    );
    out!(
        "  batches         : {} (per-part batches; one event handles several)",
        hoplab_model::fmt_n(r.batches)
    );
    out!(
        "  batches/s       : {}",
        hoplab_model::fmt_n((r.batches as f64 / wall) as u64)
    );
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = parse(&args)
        .map_err(|e| (format!("{e}\n{USAGE}"), 2))
        .and_then(|o| run(&o));
    match result {
        Ok(code) => ExitCode::from(code),
        Err((msg, code)) => {
            eprintln!("{msg}");
            ExitCode::from(code)
        }
    }
}
