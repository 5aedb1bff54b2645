//! The lab's whole state in the URL query: knob values, seed, time, the buttons pressed
//! (with when), the stage density and the playing speed. Pure: parsed and written here, tested natively.
//!
//! `/lab/echo-loop?stamp=marker&seed=7&t=20.5&do=restart-ab@12.25`
//!
//! Parsing never fails: every problem becomes a sentence for the page and the offending
//! setting falls back to the scenario's default.

use hoplab_model::decimal::{self, plain};
use hoplab_model::{KnobKind, KnobValues, Millis, Scenario};

/// The seed used when the URL names none.
pub const DEFAULT_SEED: u64 = 1;
/// The furthest time a URL may ask for (one simulated hour).
pub const MAX_TIME_MS: Millis = 3_600_000;
/// Records per part row: the smallest and largest density the stage offers.
pub const MIN_WINDOW: usize = 8;
pub const MAX_WINDOW: usize = 400;
/// The playing speed's range (times real time), as the speed slider offers it.
pub const MIN_SPEED: f64 = 0.1;
pub const MAX_SPEED: f64 = 100.0;
/// Query keys the lab itself uses; no knob may share them.
pub const RESERVED: &[&str] = &["seed", "t", "do", "window", "speed"];

/// A button pressed at a simulated time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    pub at_ms: Millis,
    pub button: String,
}

/// What any run view holds, whatever it runs: seed, time, presses, density, speed.
#[derive(Clone, Debug, PartialEq)]
pub struct RunState {
    pub seed: u64,
    pub time_ms: Millis,
    pub actions: Vec<Action>,
    /// Records per part row; `None`: the stage's default.
    pub window: Option<usize>,
    /// Simulated seconds per second while playing.
    pub speed: f64,
}

impl Default for RunState {
    fn default() -> Self {
        RunState {
            seed: DEFAULT_SEED,
            time_ms: 0,
            actions: Vec::new(),
            window: None,
            speed: 1.0,
        }
    }
}

/// A scenario page's whole state: the scenario's knobs and the run.
#[derive(Clone, Debug, PartialEq)]
pub struct LabState {
    pub knobs: KnobValues,
    pub run: RunState,
}

impl LabState {
    pub fn defaults(scenario: &Scenario) -> LabState {
        LabState {
            knobs: scenario.default_values(),
            run: RunState::default(),
        }
    }
}

/// A parsed URL: the state to run and what was wrong with the URL, in plain words.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    pub state: LabState,
    pub problems: Vec<String>,
}

/// Seconds as the URL writes them: "12", "12.5", "0.125".
pub fn fmt_seconds(ms: Millis) -> String {
    let whole = ms / 1000;
    let frac = ms % 1000;
    if frac == 0 {
        whole.to_string()
    } else {
        let f = format!("{frac:03}");
        format!("{whole}.{}", f.trim_end_matches('0'))
    }
}

/// "12.5" (seconds) -> 12,500 ms; rejects negatives, non-numbers and more than an hour.
pub fn parse_seconds(s: &str) -> Result<Millis, String> {
    let s = s.trim().trim_end_matches('s');
    let v = decimal::parse(s).ok_or_else(|| format!("'{s}' is not a number of seconds"))?;
    if !v.is_finite() || v < 0.0 {
        return Err(format!("'{s}' is not a time from 0 seconds on"));
    }
    let ms = (v * 1000.0).round();
    if ms > MAX_TIME_MS as f64 {
        return Err(format!(
            "{s} s is out of range (at most {} s)",
            MAX_TIME_MS / 1000
        ));
    }
    Ok(ms as Millis)
}

fn parse_knob(scenario: &Scenario, id: &str, value: &str) -> Result<(), String> {
    let knob = scenario
        .knobs
        .iter()
        .find(|k| k.id == id)
        .ok_or_else(|| format!("this scenario has no setting '{id}'; it was ignored"))?;
    if let KnobKind::Range { min, max, .. } = knob.kind {
        if let Some(v) = decimal::parse(value.trim()) {
            if v.is_finite() && (v < min || v > max) {
                return Err(format!(
                    "{} = {value} is out of range ({} to {}); the default is used",
                    knob.label,
                    plain(min),
                    plain(max)
                ));
            }
        }
    }
    knob.parse(value)
        .map(|_| ())
        .map_err(|e| format!("{}: {}; the default is used", knob.label, e.problem))
}

fn parse_actions(scenario: &Scenario, value: &str, problems: &mut Vec<String>) -> Vec<Action> {
    let mut out = Vec::new();
    for item in value.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let Some((button, at)) = item.split_once('@') else {
            problems.push(format!(
                "'{item}' is not a button and a time (button@seconds); it was ignored"
            ));
            continue;
        };
        if !scenario.buttons.iter().any(|b| b.id == button) {
            problems.push(format!(
                "this scenario has no button '{button}'; it was ignored"
            ));
            continue;
        }
        match parse_seconds(at) {
            // In time order, a tie after the earlier entry (a link holds a few presses; a
            // general sort would add its code to the lab's first download).
            Ok(at_ms) => out.insert(
                out.partition_point(|a: &Action| a.at_ms <= at_ms),
                Action {
                    at_ms,
                    button: button.to_string(),
                },
            ),
            Err(e) => problems.push(format!("button {button}: {e}; it was ignored")),
        }
    }
    out
}

/// Reads the query pairs of a `/lab/<scenario>` URL.
pub fn parse(scenario: &Scenario, pairs: &[(String, String)]) -> Parsed {
    let mut state = LabState::defaults(scenario);
    let mut problems = Vec::new();
    let mut knob_pairs: Vec<(&str, &str)> = Vec::new();
    for (key, value) in pairs {
        match key.as_str() {
            "seed" => match value.trim().parse::<u64>() {
                Ok(seed) => state.run.seed = seed,
                Err(_) => problems.push(format!(
                    "the seed '{value}' is not a whole number from 0 on; seed {DEFAULT_SEED} is used"
                )),
            },
            "t" => match parse_seconds(value) {
                Ok(ms) => state.run.time_ms = ms,
                Err(e) => problems.push(format!("time: {e}; the run starts at 0 s")),
            },
            "do" => state.run.actions = parse_actions(scenario, value, &mut problems),
            "window" => match value.trim().parse::<usize>() {
                Ok(w) if (MIN_WINDOW..=MAX_WINDOW).contains(&w) => state.run.window = Some(w),
                _ => problems.push(format!(
                    "records per row '{value}' is not a number from {MIN_WINDOW} to {MAX_WINDOW}; the default is used"
                )),
            },
            "speed" => match decimal::parse(value.trim().trim_start_matches(['x', '×'])) {
                Some(v) if (MIN_SPEED..=MAX_SPEED).contains(&v) => state.run.speed = v,
                _ => problems.push(format!(
                    "the speed '{value}' is not a number from {} to {}; ×1 is used",
                    plain(MIN_SPEED),
                    plain(MAX_SPEED)
                )),
            },
            id => match parse_knob(scenario, id, value) {
                Ok(()) => knob_pairs.push((id, value.as_str())),
                Err(e) => problems.push(e),
            },
        }
    }
    match scenario.values_from_pairs(knob_pairs) {
        Ok(v) => state.knobs = v,
        // Each pair was checked above; keep the defaults if the model disagrees.
        Err(e) => problems.push(format!("{e}; the defaults are used")),
    }
    Parsed { state, problems }
}

/// The query pairs for a state, leaving out what equals the default.
pub fn to_pairs(lab: &LabState) -> Vec<(String, String)> {
    let mut out = lab.knobs.to_pairs();
    let state = &lab.run;
    if state.seed != DEFAULT_SEED {
        out.push(("seed".into(), state.seed.to_string()));
    }
    if state.time_ms > 0 {
        out.push(("t".into(), fmt_seconds(state.time_ms)));
    }
    if !state.actions.is_empty() {
        let list: Vec<String> = state
            .actions
            .iter()
            .map(|a| format!("{}@{}", a.button, fmt_seconds(a.at_ms)))
            .collect();
        out.push(("do".into(), list.join(",")));
    }
    if let Some(w) = state.window {
        out.push(("window".into(), w.to_string()));
    }
    let speed = fmt_speed_param(state.speed);
    if speed != "1" {
        out.push(("speed".into(), speed));
    }
    out
}

/// A speed as the URL writes it: at most three decimals, no trailing zeros ("0.316", "12").
fn fmt_speed_param(speed: f64) -> String {
    let s = decimal::fixed(speed, 3);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.@,~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// "?stamp=marker&seed=7" (empty when everything is the default).
pub fn to_query(state: &LabState) -> String {
    let pairs = to_pairs(state);
    if pairs.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect();
    format!("?{}", parts.join("&"))
}

#[cfg(test)]
#[path = "url_state_tests.rs"]
mod tests;
