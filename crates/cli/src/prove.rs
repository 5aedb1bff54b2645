//! `hoplab prove`: every schedule of up to N faults on a design, the worst figure per
//! property and the shortest schedule that breaks each (the model's `prove`).

use crate::{load, out, Failure};
use hoplab_model::prove::{self, Answer, FaultAt, Problem, Thresholds};
use std::time::Instant;

#[derive(clap::Args)]
pub struct ProveArgs {
    /// The design: a topology file (as the designer exports it; its timeline is left
    /// out, the faults are the prover's) or a library scenario id.
    design: String,
    /// The most faults in one schedule (1 to 3).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=3))]
    faults: u8,
    /// Print the answer as JSON (each counterexample with its scenario).
    #[arg(long)]
    json: bool,
    /// Acknowledged records a schedule may lose.
    #[arg(long, default_value_t = 0.0, value_parser = parse_count)]
    lost_at_most: f64,
    /// Records a reader group may read twice (measured only when not given).
    #[arg(long, value_parser = parse_count)]
    read_twice_at_most: Option<f64>,
    /// Seconds within which every record must reach every standing site.
    #[arg(long, default_value_t = 120.0, value_parser = parse_count)]
    reach_within: f64,
    /// Threads to explore on (the machine's cores when not given).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Explore at most this many schedules (the shorter ones first).
    #[arg(long)]
    budget: Option<u64>,
    /// Run every schedule from zero instead of sharing prefixes (the benchmark's
    /// baseline; one thread).
    #[arg(long)]
    from_zero: bool,
}

fn parse_count(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err("takes a number, 0 or more".into()),
    }
}

pub fn run(a: ProveArgs) -> Result<u8, Failure> {
    let spec = load(&a.design, &[])?;
    let thresholds = Thresholds {
        lost_at_most: a.lost_at_most,
        read_twice_at_most: a.read_twice_at_most,
        reach_within_s: a.reach_within,
    };
    let problem = Problem::new(
        &spec.topology,
        usize::from(a.faults),
        prove::properties(&thresholds),
    )
    .map_err(|e| (format!("{}: {e}", a.design), 2))?;
    let threads = a.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let started = Instant::now();
    let answer = if a.from_zero {
        prove::prove_from_zero(&problem)
    } else {
        on_threads(&problem, threads, a.budget.unwrap_or(u64::MAX))
    };
    let seconds = started.elapsed().as_secs_f64();
    if a.json {
        out!(
            "{}",
            serde_json::to_string_pretty(&answer).expect("answers serialise")
        );
    } else {
        let on = if a.from_zero { 1 } else { threads };
        text(&a.design, &answer, seconds, on);
    }
    Ok(if answer.held { 0 } else { 1 })
}

/// One share of the schedules a thread (the model runs on one), merged into the answer
/// one exploration gives.
fn on_threads(problem: &Problem, threads: usize, budget: u64) -> Answer {
    let each = budget.div_ceil(threads as u64);
    let shares = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| s.spawn(move || prove::prove_share(problem, (k, threads), each)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a proof thread panicked"))
            .collect()
    });
    prove::merged(problem, shares)
}

fn text(design: &str, a: &Answer, seconds: f64, threads: usize) {
    let instants: Vec<String> = a.instants_ms.iter().map(|&t| prove::seconds(t)).collect();
    out!(
        "{design}: {} of {} schedules of up to {} explored in {seconds:.2} s on {threads} thread(s){}",
        a.schedules_explored,
        a.schedules_in_space,
        if a.max_faults == 1 { "1 fault".to_string() } else { format!("{} faults", a.max_faults) },
        if a.cut_short { " (the budget ran out: longer schedules were not all explored)" } else { "" }
    );
    out!("faults strike at {}", instants.join(", "));
    for p in &a.properties {
        let worst = hoplab_model::decimal::plain(p.worst);
        let verdict = if p.held { "held  " } else { "BROKEN" };
        out!("{verdict} {:<20} {} (worst {worst})", p.id, p.says);
        if let Some(c) = &p.counterexample {
            let faults: Vec<String> = c.faults.iter().map(FaultAt::words).collect();
            out!(
                "       shortest: {} -> {} (card: {})",
                faults.join(", then "),
                hoplab_model::decimal::plain(c.figure),
                p.card
            );
        }
    }
}
