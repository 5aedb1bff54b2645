//! Runs the event core, its plain baseline or the three-site day alone, for a profiler:
//! `valgrind --tool=callgrind target/release/examples/core model|baseline|day [seconds]`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seconds = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let events = match args.first().map(String::as_str) {
        Some("baseline") => hoplab_model::bench::baseline::run(seconds).events,
        Some("day") => hoplab_model::bench::run_three_site_day(seconds, 1).events,
        _ => hoplab_model::bench::run(&hoplab_model::bench::event_core(seconds), 1).events,
    };
    println!("{events} events");
}
