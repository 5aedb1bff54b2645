//! `hoplab`: run scenarios, lint topologies, export examples, benchmark the model.
//! Exit codes an architect's CI can rely on: 0 done (lint: clean), 1 lint findings,
//! 2 a bad file, scenario id, knob or argument.

mod bench;
mod challenges;
mod estate;
mod prove;
mod report;
mod resume;

/// println! that ends quietly when the reader of stdout has gone (`hoplab ... | head`).
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}
pub(crate) use out;

use clap::{Parser, Subcommand};
use hoplab_model::{egress, hop_egress, scenarios, Budget, Egress, ScenarioSpec, Sim};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "hoplab",
    version,
    about = "Run, lint and export Hoplab topology files; benchmark the copier model."
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run a topology file or a library scenario and print its measures.
    Run {
        /// A scenario file (JSON) or a scenario id from `hoplab scenarios`.
        what: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the measures as JSON.
        #[arg(long)]
        json: bool,
        /// Stop at this simulated second instead of the file's duration.
        #[arg(long, value_parser = parse_seconds)]
        until: Option<f64>,
        /// Set a library scenario's knob (repeatable).
        #[arg(long = "knob", value_name = "ID=VALUE", value_parser = parse_knob)]
        knobs: Vec<(String, String)>,
        /// Stop after this many events (the run ends early with a note).
        #[arg(long, default_value_t = Budget::DEFAULT_MAX_EVENTS)]
        max_events: u64,
        /// Stop once this many blocks of records are held in memory (`--max-runs`, its
        /// old name, is still accepted).
        #[arg(long, alias = "max-runs", default_value_t = Budget::DEFAULT_MAX_BLOCKS_HELD)]
        max_blocks: u64,
        /// Size of one record in bytes: adds each hop's bytes and GB (10^9 bytes) per day
        /// crossing its link (copies and duplicates) at its measured rate.
        #[arg(long, value_name = "BYTES", value_parser = parse_record_bytes, allow_hyphen_values = true)]
        record_bytes: Option<u64>,
        /// Egress price in dollars per GB (10^9 bytes): adds each hop's cost per day and
        /// per 30-day month. Needs --record-bytes.
        #[arg(long, value_name = "DOLLARS", value_parser = parse_price_per_gb, requires = "record_bytes", allow_hyphen_values = true)]
        price_per_gb: Option<f64>,
    },
    /// Lint topology files or real copiers' files (every format `import` reads): exit 0
    /// clean, 1 on findings, 2 on a bad file. The copiers' files are linted together.
    Lint {
        /// The files to lint; those named with --site are read too (once each).
        #[arg(required_unless_present = "sites")]
        files: Vec<PathBuf>,
        /// Print the findings as JSON.
        #[arg(long)]
        json: bool,
        /// Read the copiers' files in this format instead of detecting it.
        #[arg(long, value_parser = estate::formats())]
        format: Option<hoplab_copiers::Format>,
        /// The site a file stands for (a RabbitMQ broker, a JetStream domain); the file
        /// is read whether or not it is also given as FILES.
        #[arg(long = "site", value_name = "NAME=FILE", value_parser = estate::parse_site)]
        sites: Vec<(String, PathBuf)>,
    },
    /// Read real copiers' configuration files (the formats --format lists) into one
    /// design: the model's file on stdout, the import report on stderr; exit 2 on a file
    /// it cannot read.
    Import {
        /// The copiers' files; those named with --site are read too (once each).
        #[arg(required_unless_present = "sites")]
        files: Vec<PathBuf>,
        /// The files' format (detected from each file when not given).
        #[arg(long, value_parser = estate::formats())]
        format: Option<hoplab_copiers::Format>,
        /// The site a file stands for where the format cannot say (repeatable); the
        /// file is read whether or not it is also given as FILES.
        #[arg(long = "site", value_name = "NAME=FILE", value_parser = estate::parse_site)]
        sites: Vec<(String, PathBuf)>,
    },
    /// Write a design (a topology file or a library scenario id) as a copier's files.
    ///
    /// RabbitMQ and JetStream are one file per broker or domain: each --onto file is
    /// written onto, in the order given and under its own name, then `<site>.json` for
    /// a broker or domain no --onto file stands for. With --out-dir each file is written
    /// there (never over its original) and its path printed; without it, one file is
    /// printed as it is and several each after a `==> NAME <==` line.
    #[command(verbatim_doc_comment)]
    ExportConfig {
        design: String,
        /// The copier's format to write.
        #[arg(long, value_parser = estate::export_formats())]
        to: hoplab_copiers::Format,
        /// The copier's own file the estate came in (again for each broker's or
        /// domain's file of a RabbitMQ or JetStream estate): what the design does not
        /// decide (addresses, security, replication factors, unknown keys) is kept from
        /// it.
        #[arg(long)]
        onto: Vec<PathBuf>,
        /// Write each file into DIR (made if missing) rather than print them.
        #[arg(long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
    },
    /// Where each consumer group would resume on the target after a failover, from
    /// MirrorMaker 2's own offset data: the offset-syncs topic and the checkpoints topic
    /// as the console consumer prints them with MirrorMaker 2's formatters, the source's
    /// `kafka-consumer-groups.sh --describe` table, and optionally its configuration.
    Resume(resume::ResumeArgs),
    /// List the design challenges (id, then title).
    Challenges,
    /// Grade a design against a challenge: its hidden faults on several seeds. Exit 0
    /// when every requirement holds, 1 when any fails, 2 on a bad file, an unknown
    /// challenge or a design that drops or changes a given.
    Grade {
        challenge: String,
        /// The design: a topology file (as the designer exports it); for a drill, its
        /// timeline holds the moves, each at_ms after the fault.
        design: PathBuf,
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        seeds: SeedsAsked,
    },
    /// Prove a design: every schedule of up to N faults (sites lost or partitioned,
    /// links cut, copiers and reader groups restarted, writers moved, at the instants
    /// that matter), the
    /// worst figure per property and the shortest schedule that breaks each. Exit 0 when
    /// every property holds, 1 when one breaks, 2 on a bad file or argument.
    Prove(prove::ProveArgs),
    /// List the scenario library (ids, cards, titles; JSON adds knobs and buttons).
    Scenarios {
        #[arg(long)]
        json: bool,
    },
    /// Print a library scenario as an example file.
    Export {
        id: String,
        #[arg(long = "knob", value_name = "ID=VALUE", value_parser = parse_knob)]
        knobs: Vec<(String, String)>,
    },
    /// Events per second and the three-site day.
    Bench {
        /// Simulated seconds of the three-site day.
        #[arg(long, default_value_t = 86_400)]
        seconds: u64,
    },
    /// A digest of every scenario's run (compare it with wasm).
    Fingerprint {
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err("takes a non-negative number of seconds".into()),
    }
}

fn parse_record_bytes(s: &str) -> Result<u64, String> {
    egress::parse_record_bytes(s)
}

fn parse_price_per_gb(s: &str) -> Result<f64, String> {
    egress::parse_price_per_gb(s)
}

fn parse_knob(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .ok_or_else(|| "takes id=value".into())
}

/// A failure to report on stderr with its exit code.
pub(crate) type Failure = (String, u8);

/// A scenario id (with knobs) or a file path.
pub(crate) fn load(what: &str, knobs: &[(String, String)]) -> Result<ScenarioSpec, Failure> {
    if let Some(s) = scenarios::get(what) {
        let values = s
            .values_from_pairs(knobs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .map_err(|e| (e.to_string(), 2))?;
        return s.build(&values).map_err(|e| (e.to_string(), 2));
    }
    let text = std::fs::read_to_string(what).map_err(|e| {
        (
            format!("{what}: not a scenario id, and the file cannot be read: {e}"),
            2,
        )
    })?;
    ScenarioSpec::from_json(&text).map_err(|e| (format!("{what}: {e}"), 2))
}

/// What `hoplab run` was asked for.
struct RunArgs {
    what: String,
    seed: u64,
    json: bool,
    until: Option<f64>,
    knobs: Vec<(String, String)>,
    budget: Budget,
    /// Record size in bytes and price per GB, for each hop's egress.
    record_bytes: Option<u64>,
    price_per_gb: Option<f64>,
}

/// Runs to the end (or to the budget: then the partial result and a note on stderr).
fn run(a: &RunArgs) -> Result<u8, Failure> {
    let spec = load(&a.what, &a.knobs)?;
    let mut sim = Sim::new(&spec, a.seed).map_err(|e| (e.to_string(), 2))?;
    sim.set_budget(a.budget);
    let until = a.until.map_or(spec.duration_ms, |s| (s * 1000.0) as u64);
    sim.advance_to(until);
    let m = sim.measures();
    // Per hop, in the measures' order; none without --record-bytes.
    let egress: Vec<Egress> = a.record_bytes.map_or_else(Vec::new, |bytes| {
        m.hops
            .iter()
            .map(|h| hop_egress(h, m.at_ms, bytes, a.price_per_gb))
            .collect()
    });
    if a.json {
        out!("{}", report::json(&sim, &m, &egress));
    } else {
        out!("{}", report::text(&spec, &sim, &m, &egress).trim_end());
    }
    if let Some(stop) = sim.stopped() {
        eprintln!("{}: {}", a.what, stop.note);
    }
    Ok(0)
}

fn list_scenarios(json: bool) {
    let all = scenarios::all();
    if json {
        out!(
            "{}",
            serde_json::to_string_pretty(&all).expect("scenarios serialise")
        );
    } else {
        for s in all {
            out!("{:<24} {:<22} {}", s.id, s.card, s.title);
        }
    }
}

fn export(id: &str, knobs: &[(String, String)]) -> Result<u8, Failure> {
    if scenarios::get(id).is_none() {
        return Err((
            format!("no scenario named '{id}' (see: hoplab scenarios)"),
            2,
        ));
    }
    out!("{}", load(id, knobs)?.to_json());
    Ok(0)
}

fn fingerprint(seed: u64) -> Result<u8, Failure> {
    for id in scenarios::NAMES.iter() {
        let spec = load(id, &[])?;
        let mut sim = Sim::new(&spec, seed).map_err(|e| (e.to_string(), 2))?;
        sim.advance_to(spec.duration_ms);
        out!("{id} {:016x}", sim.fingerprint());
    }
    Ok(0)
}

fn main() -> ExitCode {
    // clap prints usage errors itself and exits 2 (0 for --help and --version).
    let cli = Cli::parse();
    let result = match cli.command {
        Cmd::Run {
            what,
            seed,
            json,
            until,
            knobs,
            max_events,
            max_blocks,
            record_bytes,
            price_per_gb,
        } => run(&RunArgs {
            what,
            seed,
            json,
            until,
            knobs,
            budget: Budget {
                max_events,
                max_blocks_held: max_blocks,
            },
            record_bytes,
            price_per_gb,
        }),
        Cmd::Lint {
            files,
            json,
            format,
            sites,
        } => estate::lint_files(&files, json, format, &sites),
        Cmd::Import {
            files,
            format,
            sites,
        } => estate::import_files(&files, format, &sites),
        Cmd::ExportConfig {
            design,
            to,
            onto,
            out_dir,
        } => estate::export_config(&design, to, &onto, out_dir.as_deref()),
        Cmd::Resume(args) => resume::run(args),
        Cmd::Prove(args) => prove::run(args),
        Cmd::Challenges => {
            challenges::list();
            Ok(0)
        }
        Cmd::Grade {
            challenge,
            design,
            json,
            seeds,
        } => challenges::grade(&challenge, &design, json, &seeds.list()),
        Cmd::Scenarios { json } => {
            list_scenarios(json);
            Ok(0)
        }
        Cmd::Export { id, knobs } => export(&id, &knobs),
        Cmd::Bench { seconds } => {
            bench::print(seconds);
            Ok(0)
        }
        Cmd::Fingerprint { seed } => fingerprint(seed),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err((msg, code)) => {
            eprintln!("{msg}");
            ExitCode::from(code)
        }
    }
}

/// The seeds `hoplab grade` runs.
#[derive(clap::Args)]
struct SeedsAsked {
    /// How many seeds to run, 1 to N (the challenge's own number when not given; fewer
    /// make a practice verdict, which never passes).
    #[arg(long)]
    seeds: Option<u32>,
    /// Exactly these seeds, comma-separated: the ones a grade on the site shows, to give
    /// the same verdict here.
    #[arg(long, value_delimiter = ',', conflicts_with = "seeds")]
    on_seeds: Vec<u64>,
}

impl SeedsAsked {
    /// Exactly `on_seeds` when given, else 1 to `seeds`, else none (the challenge's own).
    fn list(&self) -> Vec<u64> {
        match self.seeds {
            _ if !self.on_seeds.is_empty() => self.on_seeds.clone(),
            Some(n) => (1..=u64::from(n.max(1))).collect(),
            None => Vec::new(),
        }
    }
}
