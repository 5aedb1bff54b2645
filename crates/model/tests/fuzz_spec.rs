//! Fuzzing the spec parser, the validator, the lint and a short run of whatever they
//! accept, with three kinds of input: random bytes (and JSON token soup), arbitrary
//! spec-shaped JSON, and valid specs (the scenario library) with a few mutations. Asserts
//! that nothing panics and every refusal names a field path, or says where in the JSON it
//! failed (line and column).
//!
//! proptest drives it. Bytes and tokens are proptest strategies (they shrink); the JSON
//! inputs are built by hand from a seed proptest picks, because a proptest strategy that
//! deep costs some 300 µs a case and this a few: a failure prints the seed and the text.
//!
//! `cargo test` runs 1,500 inputs. `scripts/test.sh` runs a million in release mode:
//! `HOPLAB_FUZZ_CASES=1000000 cargo test --release -p hoplab-model --test fuzz_spec`
//! (the three kinds run in parallel, a third of the cases each).

use hoplab_model::{lint, scenarios, Budget, Rng, ScenarioSpec, Sim};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{json, Map, Value};
use std::sync::LazyLock;

/// Cases per kind of input: a third of `HOPLAB_FUZZ_CASES` (default 1,500 in all).
fn cases() -> u32 {
    let total: u32 = std::env::var("HOPLAB_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_500);
    total.div_ceil(3)
}

fn runner() -> TestRunner {
    TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    })
}

/// Top-level keys of the format: a refusal's field path starts with one of them.
const TOP: &[&str] = &[
    "version",
    "name",
    "topology",
    "timeline",
    "duration_ms",
    "sample_every_ms",
    "merge",
];

/// Parses, validates and (if accepted) lints and briefly runs `text`.
fn check(text: &str) -> Result<(), TestCaseError> {
    match ScenarioSpec::from_json(text) {
        Ok(spec) => exercise(&spec),
        Err(e) => {
            prop_assert!(!e.problem.is_empty(), "empty problem for {text}");
            if e.field == "(file)" {
                prop_assert!(
                    e.problem.contains("line") && e.problem.contains("column"),
                    "a whole-file error must say where: {e}"
                );
            } else {
                let head = e.field.split(['.', '[']).next().unwrap_or("");
                prop_assert!(
                    TOP.contains(&head) || e.problem.contains("unknown field"),
                    "the field is not a path in the file: {e}\n{text}"
                );
            }
            Ok(())
        }
    }
}

/// An accepted spec must build, lint and run a little without panicking.
fn exercise(spec: &ScenarioSpec) -> Result<(), TestCaseError> {
    let findings = lint(&spec.topology);
    prop_assert!(findings.iter().all(|f| !f.card.is_empty()));
    let mut sim = Sim::new(spec, 7).map_err(|e| {
        TestCaseError::fail(format!("validated once, refused the second time: {e}"))
    })?;
    sim.set_budget(Budget {
        max_events: 100,
        max_blocks_held: 20_000,
    });
    sim.advance_to(spec.duration_ms);
    prop_assert_eq!(sim.measures().at_ms, sim.now());
    Ok(())
}

// ---- random bytes and token soup ----

const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    "\"",
    "\"version\"",
    "1",
    "0",
    "-1",
    "1e400",
    "18446744073709551616",
    "\"topology\"",
    "\"sites\"",
    "\"name\"",
    "\"A\"",
    "\"hops\"",
    "null",
    "true",
    "\\u0000",
    " ",
    "\n",
    "\"\\ud800\"",
    "9999999999999999999999",
];

#[test]
fn random_bytes_and_token_soup_never_panic() {
    let bytes = prop::collection::vec(any::<u8>(), 0..300)
        .prop_map(|b| String::from_utf8_lossy(&b).into_owned());
    let soup = prop::collection::vec(prop::sample::select(TOKENS), 0..80).prop_map(|t| t.concat());
    runner()
        .run(&prop_oneof![bytes, soup], |text| check(&text))
        .unwrap();
}

// ---- hand-built JSON from a seed ----

const NAMES: &[&str] = &[
    "A",
    "B",
    "C",
    "",
    "orders",
    "A.orders",
    "B.A.orders",
    "w",
    "h",
    "r",
    "c",
];
const WORDS: &[&str] = &[
    "earliest",
    "latest",
    "none",
    "marker",
    "qualified-name",
    "one-to-one",
    "fan-out",
    "keep-source",
    "stamp-arrival",
    "kafka-3.6",
    "kafka-3.5.0",
    "local",
    "far-copy-durable",
    "raw-number",
    "position-map",
    "timestamp",
    "start",
    "end",
    "lose-site",
    "cut-site",
    "restore-site",
    "stall-hop",
    "restart-hop",
    "move-reader",
    "move-writer",
    "set-writer-rate",
    "companion-down",
    "take-backup",
    "site-priority",
];
const KEYS: &[&str] = &[
    "site",
    "name",
    "stream",
    "from",
    "to",
    "id",
    "options",
    "parts",
    "rate_per_sec",
    "do",
    "hop",
    "at_ms",
    "command",
    "stamp",
    "rtt_ms",
    "batch_max",
    "sites",
    "writer",
    "reader",
    "rule",
    "retention",
    "max_age_ms",
    "bogus",
];
/// Numbers at and around the format's limits and the integer types' edges.
const EDGES: &[u64] = &[
    0,
    1,
    2,
    100,
    255,
    256,
    257,
    65_535,
    65_536,
    604_800_000,
    604_800_001,
    1_000_000,
    1_000_001,
    10_000_000,
    10_000_001,
    1_000_000_000_000_000,
    1 << 53,
    u64::MAX,
];

type Make = fn(&mut Gen) -> Value;

struct Gen(Rng);

impl Gen {
    fn chance(&mut self, one_in: u64) -> bool {
        self.0.up_to(one_in - 1) == 0
    }

    fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[self.0.up_to(from.len() as u64 - 1) as usize]
    }

    fn number(&mut self) -> Value {
        match self.0.up_to(3) {
            0 => json!(self.pick(EDGES)),
            1 => json!(self.0.next_u64() as i64),
            2 => json!(f64::from_bits(self.0.next_u64() >> 2)),
            _ => json!(self.0.up_to(100_000)),
        }
    }

    fn name(&mut self) -> Value {
        json!(self.pick(NAMES))
    }

    fn word(&mut self) -> Value {
        json!(self.pick(WORDS))
    }

    fn leaf(&mut self) -> Value {
        match self.0.up_to(9) {
            0..=2 => self.number(),
            3 | 4 => self.name(),
            5 | 6 => self.word(),
            7 => json!(self.chance(2)),
            8 => Value::Null,
            _ => json!(self.pick(KEYS)),
        }
    }

    /// Any JSON with the format's own keys, up to `depth` levels.
    fn any(&mut self, depth: u32) -> Value {
        if depth == 0 || self.chance(2) {
            return self.leaf();
        }
        let n = self.0.up_to(4);
        if self.chance(2) {
            Value::Array((0..n).map(|_| self.any(depth - 1)).collect())
        } else {
            let entries = (0..n).map(|_| (self.pick(KEYS).to_string(), self.any(depth - 1)));
            Value::Object(entries.collect())
        }
    }

    /// An object whose fields are each there 4 times in 5, plausible 7 times in 8 (else
    /// anything), now and then with an unknown one.
    fn object(&mut self, fields: &[(&str, Make)]) -> Value {
        let mut m = Map::new();
        for &(k, make) in fields {
            if self.chance(5) {
                continue;
            }
            let v = if self.chance(8) {
                self.any(3)
            } else {
                make(self)
            };
            m.insert(k.to_string(), v);
        }
        if self.chance(20) {
            m.insert("bogus".into(), json!(1));
        }
        Value::Object(m)
    }

    fn list(&mut self, make: Make) -> Value {
        let n = self.0.up_to(4);
        Value::Array((0..n).map(|_| make(self)).collect())
    }

    fn spec(&mut self) -> Value {
        let version = if self.chance(10) {
            self.number()
        } else {
            json!(1)
        };
        let mut v = json!({"version": version, "topology": topology(self)});
        if !self.chance(3) {
            v["timeline"] = self.list(timed);
        }
        if !self.chance(3) {
            v["duration_ms"] = self.number();
        }
        v
    }
}

fn stream_ref(g: &mut Gen) -> Value {
    g.object(&[("site", Gen::name), ("stream", Gen::name)])
}

fn stream(g: &mut Gen) -> Value {
    let retention: Make =
        |g| g.object(&[("max_age_ms", Gen::number), ("max_records", Gen::number)]);
    g.object(&[
        ("site", Gen::name),
        ("name", Gen::name),
        ("parts", Gen::number),
        ("start_position", Gen::number),
        ("retention", retention),
    ])
}

fn hop(g: &mut Gen) -> Value {
    let options: Make = |g| {
        g.object(&[
            ("stamp", Gen::word),
            ("rtt_ms", Gen::number),
            ("batch_max", Gen::number),
            ("workers", Gen::number),
            ("poll_interval_ms", Gen::number),
            ("map_every", Gen::number),
            ("mapping", Gen::word),
            ("map_store", Gen::word),
            ("nats_release", Gen::word),
            ("ack", Gen::word),
            ("filter", |_| json!({"drop_writers": ["w"]})),
        ])
    };
    g.object(&[
        ("id", Gen::name),
        ("from", stream_ref),
        ("to", stream_ref),
        ("options", options),
    ])
}

fn writer(g: &mut Gen) -> Value {
    g.object(&[
        ("id", Gen::name),
        ("site", Gen::name),
        ("stream", Gen::name),
        ("rate_per_sec", Gen::number),
        ("interval_ms", Gen::number),
        ("keys", Gen::number),
    ])
}

fn reader(g: &mut Gen) -> Value {
    g.object(&[
        ("id", Gen::name),
        ("site", Gen::name),
        ("stream", Gen::name),
        ("rate_per_sec", Gen::number),
    ])
}

fn timed(g: &mut Gen) -> Value {
    let command: Make = |g| {
        g.object(&[
            ("do", Gen::word),
            ("site", Gen::name),
            ("hop", Gen::name),
            ("writer", Gen::name),
            ("reader", Gen::name),
            ("rule", Gen::word),
        ])
    };
    g.object(&[("at_ms", Gen::number), ("command", command)])
}

fn topology(g: &mut Gen) -> Value {
    g.object(&[
        ("sites", |g| g.list(|g| g.object(&[("name", Gen::name)]))),
        ("streams", |g| g.list(stream)),
        ("hops", |g| g.list(hop)),
        ("writers", |g| g.list(writer)),
        ("readers", |g| g.list(reader)),
    ])
}

#[test]
fn arbitrary_spec_shaped_json_never_panics_and_every_refusal_names_a_field() {
    runner()
        .run(&any::<u64>(), |seed| {
            let mut g = Gen(Rng::new(seed));
            let v = if g.chance(4) { g.any(5) } else { g.spec() };
            check(&v.to_string())
        })
        .unwrap();
}

// ---- valid specs, mutated ----

/// Every library scenario at its defaults: the starting points for mutation.
static VALID: LazyLock<Vec<Value>> = LazyLock::new(|| {
    scenarios::all()
        .iter()
        .map(|s| serde_json::to_value(s.build_default().unwrap()).unwrap())
        .collect()
});

/// Walks down from `v` picking a child at random (stopping now and then) and there
/// replaces, removes, duplicates or empties something, or adds an unknown key.
fn mutate(g: &mut Gen, v: &mut Value) {
    let stop = g.chance(12);
    match v {
        Value::Object(map) if !map.is_empty() && !stop => {
            let key = map
                .keys()
                .nth(g.0.up_to(map.len() as u64 - 1) as usize)
                .cloned();
            let key = key.expect("in range");
            match g.0.up_to(9) {
                0 => {
                    map.remove(&key);
                }
                1 => {
                    map.insert("surprise".into(), g.leaf());
                }
                _ => mutate(g, map.get_mut(&key).expect("present")),
            }
        }
        Value::Array(items) if !items.is_empty() && !stop => {
            let i = g.0.up_to(items.len() as u64 - 1) as usize;
            match g.0.up_to(9) {
                0 => {
                    items.remove(i);
                }
                1 => {
                    let copy = items[i].clone();
                    items.push(copy);
                }
                _ => mutate(g, &mut items[i]),
            }
        }
        v => {
            // Mostly a value of the same kind (edge numbers, other names), so the spec
            // often stays valid and the value reaches the run.
            *v = match (&*v, g.0.up_to(7)) {
                (Value::Number(_), 0..=2) => json!(g.pick(EDGES)),
                (Value::Number(_), 3 | 4) => g.number(),
                (Value::String(_), 0..=2) => g.name(),
                (Value::String(_), 3 | 4) => g.word(),
                (_, 0) => g.any(3),
                (Value::Array(_), 1) => json!([]),
                (Value::Object(_), 1) => json!({}),
                _ => g.leaf(),
            }
        }
    }
}

/// Numbers and nulls (unset optional numbers) in `v`.
fn count_numbers(v: &Value) -> u64 {
    match v {
        Value::Number(_) | Value::Null => 1,
        Value::Array(a) => a.iter().map(count_numbers).sum(),
        Value::Object(m) => m.values().map(count_numbers).sum(),
        _ => 0,
    }
}

/// Sets the `k`-th number or null (in document order) to `new`.
fn set_nth_number(v: &mut Value, k: &mut u64, new: &Value) -> bool {
    match v {
        Value::Number(_) | Value::Null => {
            if *k == 0 {
                *v = new.clone();
                return true;
            }
            *k -= 1;
            false
        }
        Value::Array(a) => a.iter_mut().any(|x| set_nth_number(x, k, new)),
        Value::Object(m) => m.values_mut().any(|x| set_nth_number(x, k, new)),
        _ => false,
    }
}

#[test]
fn mutated_valid_specs_never_panic_and_every_refusal_names_a_field() {
    runner()
        .run(&(0..VALID.len(), any::<u64>()), |(which, seed)| {
            let mut g = Gen(Rng::new(seed));
            let mut v = VALID[which].clone();
            for _ in 0..=g.0.up_to(2) {
                // Half the edits hit a number (every numeric field gets its edges).
                if g.chance(2) {
                    let mut k = g.0.up_to(count_numbers(&v).max(1) - 1);
                    let new = if g.chance(3) {
                        g.number()
                    } else {
                        json!(g.pick(EDGES))
                    };
                    set_nth_number(&mut v, &mut k, &new);
                } else {
                    mutate(&mut g, &mut v);
                }
            }
            check(&v.to_string())
        })
        .unwrap();
}
