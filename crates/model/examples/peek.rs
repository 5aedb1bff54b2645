//! Prints a scenario's view and recent log at a time: `cargo run --example peek -- <id> <ms> [window]`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let id = args
        .first()
        .map(String::as_str)
        .unwrap_or("follow-one-record");
    let at: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let window: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    let spec = hoplab_model::scenarios::get(id)
        .expect("scenario id")
        .build_default()
        .unwrap();
    let mut sim = hoplab_model::Sim::new(&spec, 1).unwrap();
    sim.advance_to(at);
    println!(
        "{}",
        serde_json::to_string_pretty(&sim.view(window)).unwrap()
    );
    for e in sim
        .log()
        .rev()
        .take(8)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
    {
        println!("{:>7} ms  {}", e.at_ms, e.sentence());
    }
}
