//! Fuzzing the spec parser, the validator, the lint and a short run of whatever they
//! accept, with three kinds of input: random bytes (and JSON-like token soup), arbitrary
//! spec-shaped JSON, and valid specs (the scenario library) with a few mutations. Asserts
//! that nothing panics and every refusal names a field, or says where in the JSON it
//! failed (line and column).
//!
//! `cargo test` runs a few thousand cases. `scripts/test.sh` runs a million in release
//! mode: `HOPLAB_FUZZ_CASES=1000000 cargo test --release -p hoplab-model --test fuzz_spec`
//! (the three kinds run in parallel, a third of the cases each).

use hoplab_model::{lint, scenarios, Budget, ScenarioSpec, Sim};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{json, Map, Value};
use std::sync::LazyLock;

/// Cases per kind of input: a third of `HOPLAB_FUZZ_CASES` (default 6,000 in all).
fn cases() -> u32 {
    let total: u32 = std::env::var("HOPLAB_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6_000);
    total.div_ceil(3)
}

fn runner() -> TestRunner {
    TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        max_shrink_iters: 2_000,
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
    let mut sim = Sim::new(spec, 7)
        .map_err(|e| TestCaseError::fail(format!("validated twice, refused once: {e}")))?;
    sim.set_budget(Budget {
        max_events: 200,
        max_runs_held: 20_000,
    });
    sim.advance_to(spec.duration_ms);
    let m = sim.measures();
    prop_assert!(m.at_ms == sim.now());
    let _ = sim.view(3);
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

// ---- arbitrary spec-shaped JSON ----

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

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::sample::select(vec![
            0u64,
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
            1_000_000_000_000_000,
            1 << 53,
            u64::MAX,
        ])
        .prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("JSON has no NaN", |f| f.is_finite())
            .prop_map(Value::from),
        (0u64..100_000).prop_map(Value::from),
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        3 => number(),
        2 => prop::sample::select(NAMES).prop_map(Value::from),
        2 => prop::sample::select(WORDS).prop_map(Value::from),
        1 => any::<bool>().prop_map(Value::from),
        1 => Just(Value::Null),
        1 => "[a-z_.]{0,6}".prop_map(Value::from),
    ]
}

/// Any JSON whose keys are mostly the format's own.
fn any_json() -> impl Strategy<Value = Value> {
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
    leaf().prop_recursive(4, 40, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(KEYS), inner), 0..5).prop_map(|kv| {
                Value::Object(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
            }),
        ]
    })
}

/// A field that is usually plausible and sometimes anything.
fn field(plausible: impl Strategy<Value = Value> + 'static) -> BoxedStrategy<Value> {
    prop_oneof![6 => plausible, 1 => any_json()].boxed()
}

fn name() -> BoxedStrategy<Value> {
    field(prop::sample::select(NAMES).prop_map(Value::from))
}

fn object(fields: Vec<(&'static str, BoxedStrategy<Value>)>) -> BoxedStrategy<Value> {
    let (keys, values): (Vec<_>, Vec<_>) = fields.into_iter().unzip();
    (values, prop::collection::vec(any::<bool>(), keys.len()))
        .prop_map(move |(values, keep)| {
            let mut m = Map::new();
            for ((k, v), keep) in keys.iter().zip(values).zip(keep) {
                if keep || *k == "id" || *k == "site" {
                    m.insert(k.to_string(), v);
                }
            }
            Value::Object(m)
        })
        .boxed()
}

fn stream_ref() -> BoxedStrategy<Value> {
    object(vec![("site", name()), ("stream", name())])
}

fn spec_shaped() -> impl Strategy<Value = Value> {
    let site = object(vec![("name", name())]);
    let stream = object(vec![
        ("site", name()),
        ("name", name()),
        ("parts", field(number())),
        ("start_position", field(number())),
        (
            "retention",
            field(object(vec![
                ("max_age_ms", field(number())),
                ("max_records", field(number())),
            ])),
        ),
    ]);
    let options = object(vec![
        (
            "stamp",
            field(prop::sample::select(WORDS).prop_map(Value::from)),
        ),
        ("rtt_ms", field(number())),
        ("batch_max", field(number())),
        ("workers", field(number())),
        ("poll_interval_ms", field(number())),
        ("map_every", field(number())),
        (
            "mapping",
            field(prop::sample::select(WORDS).prop_map(Value::from)),
        ),
        (
            "filter",
            field(json!({"drop_writers": ["w"]}).into_strategy()),
        ),
    ]);
    let hop = object(vec![
        ("id", name()),
        ("from", stream_ref()),
        ("to", stream_ref()),
        ("options", options),
    ]);
    let writer = object(vec![
        ("id", name()),
        ("site", name()),
        ("stream", name()),
        ("rate_per_sec", field(number())),
        ("interval_ms", field(number())),
        ("keys", field(number())),
    ]);
    let reader = object(vec![
        ("id", name()),
        ("site", name()),
        ("stream", name()),
        ("rate_per_sec", field(number())),
    ]);
    let command = object(vec![
        (
            "do",
            field(prop::sample::select(WORDS).prop_map(Value::from)),
        ),
        ("site", name()),
        ("hop", name()),
        ("writer", name()),
        ("reader", name()),
        (
            "rule",
            field(prop::sample::select(WORDS).prop_map(Value::from)),
        ),
    ]);
    let timed = object(vec![("at_ms", field(number())), ("command", command)]);
    let list = |s: BoxedStrategy<Value>| {
        prop::collection::vec(s, 0..4)
            .prop_map(Value::Array)
            .boxed()
    };
    let topology = object(vec![
        ("sites", list(site)),
        ("streams", list(stream)),
        ("hops", list(hop)),
        ("writers", list(writer)),
        ("readers", list(reader)),
    ]);
    (
        prop_oneof![9 => Just(json!(1)), 1 => number()],
        topology,
        list(timed),
        field(number()),
    )
        .prop_map(|(version, topology, timeline, duration)| {
            json!({"version": version, "topology": topology, "timeline": timeline, "duration_ms": duration})
        })
}

trait IntoStrategy {
    fn into_strategy(self) -> BoxedStrategy<Value>;
}

impl IntoStrategy for Value {
    fn into_strategy(self) -> BoxedStrategy<Value> {
        Just(self).boxed()
    }
}

#[test]
fn arbitrary_spec_shaped_json_never_panics_and_every_refusal_names_a_field() {
    runner()
        .run(&prop_oneof![spec_shaped(), any_json()], |v| {
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

#[derive(Clone, Debug)]
enum Mutation {
    Replace(Value),
    Remove,
    AddUnknownKey,
    DuplicateElement,
    Empty,
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => leaf().prop_map(Mutation::Replace),
        1 => any_json().prop_map(Mutation::Replace),
        2 => Just(Mutation::Remove),
        1 => Just(Mutation::AddUnknownKey),
        2 => Just(Mutation::DuplicateElement),
        1 => Just(Mutation::Empty),
    ]
}

/// Walks `path` down (each step picks a child by index modulo its count) and mutates
/// where the path ends or the value has no children.
fn mutate(v: &mut Value, path: &[u16], m: &Mutation) {
    let step = path.first().map(|&i| usize::from(i));
    match (v, step) {
        (Value::Object(map), Some(i)) if !map.is_empty() => {
            let key = map.keys().nth(i % map.len()).cloned().unwrap_or_default();
            if path.len() == 1 {
                match m {
                    Mutation::Remove => {
                        map.remove(&key);
                        return;
                    }
                    Mutation::AddUnknownKey => {
                        map.insert("surprise".into(), json!(1));
                        return;
                    }
                    _ => {}
                }
            }
            if let Some(child) = map.get_mut(&key) {
                mutate(child, &path[1..], m);
            }
        }
        (Value::Array(items), Some(i)) if !items.is_empty() => {
            let i = i % items.len();
            if path.len() == 1 {
                match m {
                    Mutation::Remove => {
                        items.remove(i);
                        return;
                    }
                    Mutation::DuplicateElement => {
                        let copy = items[i].clone();
                        items.push(copy);
                        return;
                    }
                    _ => {}
                }
            }
            mutate(&mut items[i], &path[1..], m);
        }
        (v, _) => match m {
            Mutation::Replace(new) => *v = new.clone(),
            Mutation::Empty => {
                *v = match v {
                    Value::Array(_) => json!([]),
                    Value::Object(_) => json!({}),
                    Value::String(_) => json!(""),
                    _ => json!(0),
                }
            }
            _ => *v = Value::Null,
        },
    }
}

#[test]
fn mutated_valid_specs_never_panic_and_every_refusal_names_a_field() {
    let edits = prop::collection::vec(
        (prop::collection::vec(any::<u16>(), 1..7), mutation()),
        1..4,
    );
    let strategy = (0..VALID.len(), edits);
    runner()
        .run(&strategy, |(which, edits)| {
            let mut v = VALID[which].clone();
            for (path, m) in &edits {
                mutate(&mut v, path, m);
            }
            check(&v.to_string())
        })
        .unwrap();
}
