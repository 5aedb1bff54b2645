//! One descriptor per hop option, beside the format: its name in the file, its label, what
//! kind of value it holds with its limits, and whether presets set it. Validation, the
//! designer's hop form, preset matching and the importers all read this table, so a new
//! option is its `HopOptions` field, one entry here and its behaviour in the simulation.

use super::limits::{self, Limit};
use super::ProductName;
use super::{
    Ack, HopKind, HopOptions, MapStore, NatsRelease, OriginStamp, PartMapping, StartFrom,
    Timestamps,
};
use super::{SpecError, StreamSelector};

/// An option's value, read or written through its descriptor.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Number(u64),
    MaybeNumber(Option<u64>),
    /// The choice's id (its name in the file).
    Choice(&'static str),
    Flag(bool),
    Names(Vec<String>),
    /// A preset, by id: the hop's product.
    Product(Option<ProductName>),
    Selector(Option<StreamSelector>),
}

/// What an option holds, and so how a form asks for it.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// A count or a time, always set.
    Number(Limit),
    /// A count or a time that may be left out; `none` says what leaving it out means.
    MaybeNumber {
        limit: Limit,
        none: &'static str,
    },
    /// One of these (id, label) pairs.
    Choice(&'static [(&'static str, &'static str)]),
    Flag,
    /// Names of the design's writers.
    WriterNames,
    /// The real copier the options stand for, as a preset id: the form's preset menu.
    Product,
    /// Stream patterns: a hop over many streams, written in the file.
    Selector,
}

/// Whether a preset sets the option, and so whether a hop must agree to match it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForPresets {
    /// Left to the hop: its link, its start, its own limits.
    Kept,
    /// Set by a preset: a hop matches the preset only with the same value.
    Set,
    /// The preset's product: the same value, or the preset's own id (an import names it).
    Named,
    /// Whether it is on is set by a preset (a position map, group positions crossing); how
    /// often is the hop's own once on (a file's `emit.checkpoints.interval.seconds` of 30
    /// stays 30 under MirrorMaker 2's presets), so a hop matches with any interval.
    Whether,
}

/// One hop option.
#[derive(Clone, Copy)]
pub struct HopOption {
    /// Its name in the file (`poll_interval_ms`).
    pub id: &'static str,
    pub label: &'static str,
    pub kind: Kind,
    pub presets: ForPresets,
    /// Whether it does anything, given the rest (`forward_only_local` only with a marker):
    /// compared with a preset and listed among its settings only then.
    pub applies: fn(&HopOptions) -> bool,
    pub get: fn(&HopOptions) -> Value,
    /// Writes a value of the option's own kind (within its limits: see [`HopOption::put`]).
    pub set: fn(&mut HopOptions, Value),
}

fn always(_: &HopOptions) -> bool {
    true
}

const BASE: HopOption = HopOption {
    id: "",
    label: "",
    kind: Kind::Flag,
    presets: ForPresets::Kept,
    applies: always,
    get: |_| Value::Flag(false),
    set: |_, _| {},
};

fn number(v: Value) -> u64 {
    match v {
        Value::Number(n) => n,
        _ => 0,
    }
}

fn maybe(v: Value) -> Option<u64> {
    match v {
        Value::MaybeNumber(n) => n,
        _ => None,
    }
}

fn choice(v: &Value) -> &'static str {
    match v {
        Value::Choice(c) => c,
        _ => "",
    }
}

/// A number always set, its id the field's own name.
macro_rules! number {
    ($field:ident, $label:literal, $limit:expr) => {
        HopOption {
            id: stringify!($field),
            label: $label,
            kind: Kind::Number($limit),
            get: |o| Value::Number(o.$field),
            set: |o, v| o.$field = number(v),
            ..BASE
        }
    };
}

/// A number that may be left out (`none` says what that means), its id the field's name.
macro_rules! maybe_number {
    ($field:ident, $label:literal, $limit:expr, $none:literal) => {
        HopOption {
            id: stringify!($field),
            label: $label,
            kind: Kind::MaybeNumber {
                limit: $limit,
                none: $none,
            },
            get: |o| Value::MaybeNumber(o.$field),
            set: |o, v| o.$field = maybe(v),
            ..BASE
        }
    };
}

const STAMPS: &[(&str, &str)] = &[
    ("none", "none"),
    ("marker", "marker"),
    ("qualified-name", "qualified-name"),
    ("hop-budget", "hop budget (max-hops 1)"),
    ("hop-budget-2", "hop budget (max-hops 2)"),
    ("hop-budget-3", "hop budget (max-hops 3)"),
    ("hop-budget-4", "hop budget (max-hops 4)"),
    ("hop-budget-5", "hop budget (max-hops 5)"),
    ("hop-budget-6", "hop budget (max-hops 6)"),
    ("hop-budget-7", "hop budget (max-hops 7)"),
    ("hop-budget-8", "hop budget (max-hops 8)"),
    ("hop-budget-9", "hop budget (max-hops 9)"),
    (
        "hop-budget-many",
        "hop budget (max-hops 10 or more, as the file sets it)",
    ),
];

/// The stamp choice for a hop budget of `n` (RabbitMQ federation's `max-hops`): the form
/// offers each budget a ring of up to ten sites needs, so a lint's "set the budget to 3"
/// can be taken there.
fn budget_choice(n: u8) -> &'static str {
    match n {
        0 | 1 => "hop-budget",
        2..=9 => STAMPS[2 + usize::from(n)].0,
        _ => "hop-budget-many",
    }
}

/// The budget a stamp choice names, keeping one of ten or more the file set.
fn budget_of(choice: &str, was: OriginStamp) -> Option<u8> {
    match (choice, was) {
        ("hop-budget", _) => Some(1),
        ("hop-budget-many", OriginStamp::HopBudget(n)) if n >= 10 => Some(n),
        ("hop-budget-many", _) => Some(10),
        _ => choice.strip_prefix("hop-budget-")?.parse().ok(),
    }
}

/// Every hop option, in the order the designer's form shows them.
pub static HOP_OPTIONS: &[HopOption] = &[
    HopOption {
        id: "kind",
        label: "kind",
        kind: Kind::Choice(&[
            ("translate", "translate (numbers its own copies)"),
            ("mirror", "mirror (keeps positions)"),
        ]),
        presets: ForPresets::Set,
        get: |o| {
            Value::Choice(match o.kind {
                HopKind::Translate => "translate",
                HopKind::Mirror => "mirror",
            })
        },
        set: |o, v| {
            o.kind = match choice(&v) {
                "mirror" => HopKind::Mirror,
                _ => HopKind::Translate,
            }
        },
        ..BASE
    },
    HopOption {
        id: "stamp",
        label: "origin stamp",
        kind: Kind::Choice(STAMPS),
        presets: ForPresets::Set,
        get: |o| {
            Value::Choice(match o.stamp {
                OriginStamp::None => "none",
                OriginStamp::Marker => "marker",
                OriginStamp::QualifiedName => "qualified-name",
                OriginStamp::HopBudget(n) => budget_choice(n),
            })
        },
        set: |o, v| {
            o.stamp = match (choice(&v), budget_of(choice(&v), o.stamp)) {
                (_, Some(n)) => OriginStamp::HopBudget(n),
                ("marker", _) => OriginStamp::Marker,
                ("qualified-name", _) => OriginStamp::QualifiedName,
                _ => OriginStamp::None,
            }
        },
        ..BASE
    },
    HopOption {
        id: "forward_only_local",
        label: "forward only local records (with a marker; off: copies go on, never back to their origin)",
        kind: Kind::Flag,
        presets: ForPresets::Set,
        applies: |o| o.stamp == OriginStamp::Marker,
        get: |o| Value::Flag(o.forward_only_local),
        set: |o, v| o.forward_only_local = v == Value::Flag(true),
    },
    HopOption {
        id: "map_every",
        label: "position-map pair every (records; empty: no map)",
        kind: Kind::MaybeNumber {
            limit: limits::MAP_EVERY,
            none: "none",
        },
        presets: ForPresets::Whether,
        get: |o| Value::MaybeNumber(o.map_every),
        set: |o, v| o.map_every = maybe(v),
        ..BASE
    },
    HopOption {
        id: "map_store",
        label: "position-map store (Kafka release)",
        kind: Kind::Choice(&[
            ("kafka-3.6", "Kafka 3.6 and later (and 3.5.2)"),
            ("kafka-3.5.0", "Kafka 3.5.0, 3.5.1 (and 3.4.1)"),
        ]),
        presets: ForPresets::Set,
        applies: |o| o.map_every.is_some(),
        get: |o| Value::Choice(o.map_store.id()),
        set: |o, v| {
            o.map_store = if choice(&v) == MapStore::Kafka350.id() {
                MapStore::Kafka350
            } else {
                MapStore::Kafka36
            }
        },
    },
    HopOption {
        id: "nats_release",
        label: "nats-server release (JetStream)",
        kind: Kind::Choice(&[
            ("2.15", "2.15 and later"),
            ("2.14", "2.14"),
            ("2.12.8", "2.12.8 and later 2.12"),
            ("2.12", "2.12.0 to 2.12.7"),
            ("2.11", "2.11"),
            ("2.10", "2.10"),
            ("2.9", "2.9 and earlier"),
        ]),
        // The hop's own, like its link: a JetStream hop of any release matches the preset.
        presets: ForPresets::Kept,
        applies: |o| {
            o.product
                .as_ref()
                .is_some_and(|p| p.as_str().starts_with("jetstream"))
        },
        get: |o| Value::Choice(o.nats_release.id()),
        set: |o, v| {
            o.nats_release = NatsRelease::ALL
                .into_iter()
                .find(|r| r.id() == choice(&v))
                .unwrap_or_default()
        },
    },
    HopOption {
        id: "ack",
        label: "writers acknowledged",
        kind: Kind::Choice(&[
            ("local", "by the source (the copy follows)"),
            (
                "far-copy-durable",
                "once the far copy is durable (synchronous)",
            ),
        ]),
        get: |o| Value::Choice(o.ack.id()),
        set: |o, v| {
            o.ack = if choice(&v) == Ack::FarCopyDurable.id() {
                Ack::FarCopyDurable
            } else {
                Ack::Local
            }
        },
        ..BASE
    },
    HopOption {
        id: "checkpoint_every_ms",
        label: "sync group positions every (ms; empty: never)",
        kind: Kind::MaybeNumber {
            limit: limits::INTERVAL,
            none: "never (no group positions cross)",
        },
        presets: ForPresets::Whether,
        get: |o| Value::MaybeNumber(o.checkpoint_every_ms),
        set: |o, v| o.checkpoint_every_ms = maybe(v),
        ..BASE
    },
    maybe_number!(
        heartbeat_every_ms,
        "heartbeat every (ms; empty: none)",
        limits::INTERVAL,
        "none"
    ),
    HopOption {
        id: "timestamps",
        label: "timestamps",
        kind: Kind::Choice(&[
            ("keep-source", "keep the source's"),
            ("stamp-arrival", "stamp arrival time"),
        ]),
        get: |o| {
            Value::Choice(match o.timestamps {
                Timestamps::KeepSource => "keep-source",
                Timestamps::StampArrival => "stamp-arrival",
            })
        },
        set: |o, v| {
            o.timestamps = match choice(&v) {
                "stamp-arrival" => Timestamps::StampArrival,
                _ => Timestamps::KeepSource,
            }
        },
        ..BASE
    },
    HopOption {
        id: "mapping",
        label: "parts",
        kind: Kind::Choice(&[("one-to-one", "one to one"), ("fan-out", "fan out")]),
        get: |o| {
            Value::Choice(match o.mapping {
                PartMapping::OneToOne => "one-to-one",
                PartMapping::FanOut => "fan-out",
            })
        },
        set: |o, v| {
            o.mapping = match choice(&v) {
                "fan-out" => PartMapping::FanOut,
                _ => PartMapping::OneToOne,
            }
        },
        ..BASE
    },
    HopOption {
        id: "start_from",
        label: "starts reading from",
        kind: Kind::Choice(&[
            ("earliest", "the oldest record held"),
            ("latest", "the newest (skips what is there)"),
        ]),
        get: |o| {
            Value::Choice(match o.start_from {
                StartFrom::Earliest => "earliest",
                StartFrom::Latest => "latest",
            })
        },
        set: |o, v| {
            o.start_from = match choice(&v) {
                "latest" => StartFrom::Latest,
                _ => StartFrom::Earliest,
            }
        },
        ..BASE
    },
    number!(rtt_ms, "link round trip (ms)", limits::TIME),
    number!(rtt_jitter_ms, "round-trip jitter (ms, up to)", limits::TIME),
    number!(poll_interval_ms, "poll interval (ms)", limits::INTERVAL),
    number!(target_write_ms, "target write (ms)", limits::TIME),
    number!(batch_max, "batch max (records)", limits::BATCH),
    HopOption {
        id: "workers",
        label: "workers",
        kind: Kind::Number(limits::WORKERS),
        get: |o| Value::Number(u64::from(o.workers)),
        // Within WORKERS (256) by `put`, so the conversion cannot fail there.
        set: |o, v| o.workers = u32::try_from(number(v)).unwrap_or(u32::MAX),
        ..BASE
    },
    number!(commit_interval_ms, "commit every (ms)", limits::INTERVAL),
    number!(start_at_ms, "starts at (ms into the run)", limits::TIME),
    maybe_number!(
        max_records_per_sec,
        "throughput cap (records/s; empty: none)",
        limits::RATE_CAP,
        "none"
    ),
    HopOption {
        id: "filter",
        label: "drop the records of writers (names, comma-separated)",
        kind: Kind::WriterNames,
        get: |o| Value::Names(o.filter.drop_writers.clone()),
        set: |o, v| {
            if let Value::Names(n) = v {
                o.filter.drop_writers = n;
            }
        },
        ..BASE
    },
    HopOption {
        id: "product",
        label: "product preset",
        kind: Kind::Product,
        presets: ForPresets::Named,
        get: |o| Value::Product(o.product.clone()),
        set: |o, v| {
            if let Value::Product(p) = v {
                o.product = p;
            }
        },
        ..BASE
    },
    HopOption {
        id: "streams",
        label: "streams selected by pattern",
        kind: Kind::Selector,
        get: |o| Value::Selector(o.streams.clone()),
        set: |o, v| {
            if let Value::Selector(s) = v {
                o.streams = s;
            }
        },
        ..BASE
    },
];

/// The option named `id` in the file.
pub fn find(id: &str) -> Option<&'static HopOption> {
    HOP_OPTIONS.iter().find(|d| d.id == id)
}

/// The limit of a numeric option (`workers`: 1 to 256), for code that clamps a product's
/// value into what the model accepts.
pub fn limit_of(id: &str) -> Option<Limit> {
    match find(id)?.kind {
        Kind::Number(l) | Kind::MaybeNumber { limit: l, .. } => Some(l),
        _ => None,
    }
}

impl HopOption {
    /// Checks a numeric value against the option's limit (the error names `field`).
    pub fn check(&self, field: &str, v: &Value) -> Result<(), SpecError> {
        match (self.kind, v) {
            (Kind::Number(l), Value::Number(n))
            | (Kind::MaybeNumber { limit: l, .. }, Value::MaybeNumber(Some(n))) => {
                limits::check(field, *n, l)
            }
            _ => Ok(()),
        }
    }

    /// Writes `v` once it is within the option's limit; the error names the option.
    pub fn put(&self, o: &mut HopOptions, v: Value) -> Result<(), SpecError> {
        self.check(self.id, &v)?;
        (self.set)(o, v);
        Ok(())
    }

    /// A value as a preset's settings list shows it (`never (no group positions cross)`).
    pub fn shown(&self, o: &HopOptions) -> String {
        match ((self.get)(o), self.kind) {
            (Value::Number(n) | Value::MaybeNumber(Some(n)), _) => n.to_string(),
            (Value::MaybeNumber(None), Kind::MaybeNumber { none, .. }) => none.to_string(),
            (Value::Choice(c), _) if c.starts_with("hop-budget") => match o.stamp {
                OriginStamp::HopBudget(n) => format!("hop-budget {n}"),
                _ => "hop-budget".into(),
            },
            (Value::Choice(c), _) => c.to_string(),
            (Value::Flag(f), _) => f.to_string(),
            (Value::Names(n), _) => n.join(", "),
            (Value::Product(p), _) => p.as_ref().map_or("none", ProductName::as_str).into(),
            (Value::Selector(s), _) => s.map_or("none".into(), |s| s.include.join(", ")),
            (Value::MaybeNumber(None), _) => "none".into(),
        }
    }

    /// Whether a hop with options `have` agrees with preset `preset_id`'s options `want`
    /// on this option.
    pub fn agrees(&self, want: &HopOptions, have: &HopOptions, preset: &ProductName) -> bool {
        match self.presets {
            ForPresets::Kept => true,
            _ if !(self.applies)(have) => true,
            ForPresets::Set => (self.get)(want) == (self.get)(have),
            ForPresets::Whether => {
                let off = |o| (self.get)(o) == Value::MaybeNumber(None);
                off(want) == off(have)
            }
            ForPresets::Named => {
                let have = (self.get)(have);
                have == (self.get)(want) || have == Value::Product(Some(preset.clone()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of `HopOptions` has one descriptor: serialising the defaults names
    /// every field the file holds (some are left out when default, so set them).
    #[test]
    fn every_option_of_the_file_has_one_descriptor() {
        let o = HopOptions {
            product: Some(ProductName::known("mm2-default")),
            map_store: MapStore::Kafka350,
            nats_release: NatsRelease::Nats211,
            ack: Ack::FarCopyDurable,
            streams: Some(StreamSelector::default()),
            ..HopOptions::default()
        };
        let json = serde_json::to_value(&o).unwrap();
        let mut fields: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        fields.sort_unstable();
        let mut ids: Vec<&str> = HOP_OPTIONS.iter().map(|d| d.id).collect();
        ids.sort_unstable();
        assert_eq!(ids, fields);
    }

    #[test]
    fn what_is_written_reads_back_and_limits_are_kept() {
        let mut o = HopOptions::default();
        for d in HOP_OPTIONS {
            let v = (d.get)(&o);
            d.put(&mut o, v.clone()).unwrap();
            assert_eq!((d.get)(&o), v, "{}", d.id);
            if let Kind::Choice(choices) = d.kind {
                for (id, _) in choices {
                    d.put(&mut o, Value::Choice(id)).unwrap();
                    assert_eq!((d.get)(&o), Value::Choice(id), "{}", d.id);
                }
            }
        }
        let workers = find("workers").unwrap();
        let e = workers.put(&mut o, Value::Number(257)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "workers: must be at most 256 (workers per hop)"
        );
        assert_eq!(o.workers, 1, "a refused value changes nothing");
        let poll = find("poll_interval_ms").unwrap();
        assert!(poll.put(&mut o, Value::Number(0)).is_err());
        assert_eq!(limit_of("workers").map(|l| l.max), Some(256));
        assert!(limit_of("kind").is_none());
    }

    #[test]
    fn each_hop_budget_a_ring_needs_can_be_chosen_and_a_larger_one_is_kept() {
        let stamp = find("stamp").unwrap();
        let mut o = HopOptions::default();
        for n in 1..=9u8 {
            let id = budget_choice(n);
            stamp.put(&mut o, Value::Choice(id)).unwrap();
            assert_eq!(o.stamp, OriginStamp::HopBudget(n), "{id}");
            assert_eq!((stamp.get)(&o), Value::Choice(id));
        }
        assert_eq!(stamp.shown(&o), "hop-budget 9");
        o.stamp = OriginStamp::HopBudget(12);
        assert_eq!((stamp.get)(&o), Value::Choice("hop-budget-many"));
        stamp.put(&mut o, Value::Choice("hop-budget-many")).unwrap();
        assert_eq!(
            o.stamp,
            OriginStamp::HopBudget(12),
            "the file's budget is kept"
        );
        stamp.put(&mut o, Value::Choice("none")).unwrap();
        stamp.put(&mut o, Value::Choice("hop-budget")).unwrap();
        assert_eq!(o.stamp, OriginStamp::HopBudget(1));
    }
}
