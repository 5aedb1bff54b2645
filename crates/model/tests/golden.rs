//! Golden traces: every scenario's fingerprint (measures, series and log digested) for
//! seed 1, pinned. A change in behaviour shows here first; if it is intended, rerun with
//! HOPLAB_BLESS=1 to rewrite tests/golden/fingerprints.txt and review the diff.

use hoplab_model::{scenarios, Sim};

const GOLDEN: &str = "tests/golden/fingerprints.txt";

fn current() -> String {
    let mut out = String::new();
    for id in scenarios::NAMES.iter() {
        let spec = scenarios::get(id).unwrap().build_default().unwrap();
        let mut sim = Sim::new(&spec, 1).unwrap();
        sim.advance_to(spec.duration_ms);
        out.push_str(&format!(
            "{id} {:016x} events={}\n",
            sim.fingerprint(),
            sim.events_processed()
        ));
    }
    out
}

#[test]
fn every_scenario_matches_its_golden_trace() {
    let now = current();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN);
    if std::env::var_os("HOPLAB_BLESS").is_some() {
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let pinned = std::fs::read_to_string(&path).expect("run once with HOPLAB_BLESS=1");
    for (want, got) in pinned.lines().zip(now.lines()) {
        assert_eq!(got, want, "behaviour changed; HOPLAB_BLESS=1 if intended");
    }
    assert_eq!(pinned.lines().count(), now.lines().count());
}
