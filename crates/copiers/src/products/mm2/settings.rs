//! One MirrorMaker 2 flow's settings, once precedence has been applied, read into a
//! flow: naming, selectors, position map, checkpoints, group sync, heartbeats, start and
//! discovery, each absent one at Kafka's default (reported as applied).

use crate::estate::{Flow, FlowFacts, Naming, Product, Selector};
use crate::report::Report;
use crate::selector::list;
use crate::ImportError;
use hoplab_model::spec::hop_option_table::limit_of;
use hoplab_model::spec::limits;
use hoplab_model::spec::{HopOptions, OriginStamp, StartFrom};
use std::collections::BTreeMap;

/// Which release the defaults below are MirrorMaker 2's.
pub const DEFAULTS_VERSION: &str = "Kafka 3.9 and 4.x defaults";

/// (key, default) for every key the import reads (`Mirror*Config.java`).
pub const DEFAULTS: &[(&str, &str)] = &[
    ("tasks.max", "1"),
    (
        "replication.policy.class",
        "org.apache.kafka.connect.mirror.DefaultReplicationPolicy",
    ),
    ("replication.policy.separator", "."),
    ("topics", ".*"),
    ("topics.exclude", ".*[\\-\\.]internal, .*\\.replica, __.*"),
    ("groups", ".*"),
    ("groups.exclude", "console-consumer-.*, connect-.*, __.*"),
    ("offset-syncs.topic.location", "source"),
    ("offset.lag.max", "100"),
    ("refresh.topics.enabled", "true"),
    ("refresh.topics.interval.seconds", "600"),
    ("emit.heartbeats.enabled", "true"),
    ("emit.heartbeats.interval.seconds", "1"),
    ("emit.checkpoints.enabled", "true"),
    ("emit.checkpoints.interval.seconds", "60"),
    ("sync.group.offsets.enabled", "false"),
    ("sync.group.offsets.interval.seconds", "60"),
    ("emit.offset-syncs.enabled", "true"),
    (
        "topic.filter.class",
        "org.apache.kafka.connect.mirror.DefaultTopicFilter",
    ),
];

/// The four keys Strimzi's documentation says both connectors must agree on.
pub const MUST_MATCH: &[&str] = &[
    "replication.policy.class",
    "replication.policy.separator",
    "offset-syncs.topic.location",
    "topic.filter.class",
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    pub value: String,
    pub line: Option<u32>,
}

/// A connector's effective settings.
pub type Settings = BTreeMap<String, Setting>;

/// Reads one connector's settings, defaults filled in (and reported).
pub struct Reader<'a> {
    pub file: &'a str,
    pub settings: &'a Settings,
    pub report: &'a mut Report,
}

impl Reader<'_> {
    fn raw(&mut self, key: &str) -> (String, Option<u32>) {
        if let Some(s) = self.settings.get(key) {
            return (s.value.trim().to_string(), s.line);
        }
        let default = DEFAULTS
            .iter()
            .find(|(k, _)| *k == key)
            .map_or("", |(_, v)| v);
        self.report
            .defaulted(self.file, key, default, DEFAULTS_VERSION);
        (default.to_string(), None)
    }

    pub fn text(&mut self, key: &str) -> String {
        self.raw(key).0
    }

    pub fn flag(&mut self, key: &str) -> Result<bool, ImportError> {
        let (v, line) = self.raw(key);
        match v.to_ascii_lowercase().as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(
                ImportError::new(self.file, format!("'{v}' is not true or false"))
                    .at_line(line)
                    .with_key(key),
            ),
        }
    }

    pub fn number(&mut self, key: &str) -> Result<u64, ImportError> {
        let (v, line) = self.raw(key);
        v.parse::<u64>().map_err(|_| {
            ImportError::new(self.file, format!("'{v}' is not a whole number"))
                .at_line(line)
                .with_key(key)
        })
    }

    /// Seconds as milliseconds, held within the model's 7 days.
    pub fn seconds_ms(&mut self, key: &str) -> Result<u64, ImportError> {
        let s = self.number(key)?;
        let ms = limits::INTERVAL.clamp(s.saturating_mul(1000));
        if ms != s.saturating_mul(1000) {
            self.report.approximate(format!(
                "{}: {key} = {s} is outside what the model runs (1 ms to 7 days): {ms} ms",
                self.file
            ));
        }
        Ok(ms)
    }
}

/// Where a flow sits: its file, line, ends and whether it starts at the newest record.
pub struct FlowPlace<'a> {
    pub file: &'a str,
    pub line: Option<u32>,
    pub source: &'a str,
    pub target: &'a str,
    pub start_latest: bool,
}

/// The naming a `replication.policy.class` stands for.
fn naming(class: &str, separator: &str, place: &FlowPlace, report: &mut Report) -> Naming {
    if class.ends_with("IdentityReplicationPolicy") {
        return Naming::Identity;
    }
    if !class.ends_with("DefaultReplicationPolicy") {
        report.approximate(format!(
            "{}: {} -> {} uses the policy {class}, read as the default (prefixed) policy",
            place.file, place.source, place.target
        ));
    }
    if separator != "." {
        report.approximate(format!(
            "{}: {} -> {} separates alias and topic with '{separator}'; the model's qualified names use '.'",
            place.file, place.source, place.target
        ));
    }
    Naming::Prefixed {
        separator: separator.to_string(),
    }
}

/// What the checkpoint connector's settings say: checkpoints and group sync.
struct CheckpointReads {
    enabled: bool,
    every_ms: u64,
    group_sync: bool,
    groups: Vec<String>,
}

/// Reads the checkpoint connector's keys, in the order MirrorMaker 2 documents them.
fn checkpoint_reads(
    file: &str,
    settings: &Settings,
    report: &mut Report,
) -> Result<CheckpointReads, ImportError> {
    let mut c = Reader {
        file,
        settings,
        report,
    };
    Ok(CheckpointReads {
        enabled: c.flag("emit.checkpoints.enabled")?,
        every_ms: c.seconds_ms("emit.checkpoints.interval.seconds")?,
        group_sync: c.flag("sync.group.offsets.enabled")?,
        groups: list(&c.text("groups")),
    })
}

/// Checkpoints asked for without offset syncs: MirrorMaker 2 will not run them so.
fn note_checkpoints_without_syncs(place: &FlowPlace, report: &mut Report) {
    report.approximate(format!(
        "{}: {} -> {} checkpoints without offset syncs: MirrorMaker 2 refuses to run its checkpoint connector so, and the model writes no map",
        place.file, place.source, place.target
    ));
}

/// The keys the source and checkpoint connectors must agree on, where they differ:
/// (key, source's value, checkpoint's value), in `MUST_MATCH` order.
fn mismatched_keys(
    file: &str,
    source: &Settings,
    checkpoint: &Settings,
    report: &mut Report,
) -> Vec<(String, String, String)> {
    let mut mismatched = Vec::new();
    for key in MUST_MATCH {
        let left = Reader {
            file,
            settings: source,
            report: &mut *report,
        }
        .text(key);
        let right = Reader {
            file,
            settings: checkpoint,
            report: &mut *report,
        }
        .text(key);
        if left != right {
            mismatched.push(((*key).to_string(), left, right));
        }
    }
    mismatched
}

/// Where a flow starts reading: the latest offsets or the earliest.
fn start_from(start_latest: bool) -> StartFrom {
    if start_latest {
        StartFrom::Latest
    } else {
        StartFrom::Earliest
    }
}

/// A flow from the source connector's settings and, where it runs apart (Connect,
/// Strimzi), the checkpoint connector's (None: the same settings, as in dedicated mode).
pub fn flow(
    place: FlowPlace,
    source: &Settings,
    checkpoint: Option<&Settings>,
    report: &mut Report,
) -> Result<Flow, ImportError> {
    let file = place.file;
    let mut s = Reader {
        file,
        settings: source,
        report,
    };
    let class = s.text("replication.policy.class");
    let separator = s.text("replication.policy.separator");
    let include = list(&s.text("topics"));
    let exclude = list(&s.text("topics.exclude"));
    let offset_syncs = s.flag("emit.offset-syncs.enabled")?;
    let lag_max = s.number("offset.lag.max")?;
    let discovery = if s.flag("refresh.topics.enabled")? {
        Some(s.seconds_ms("refresh.topics.interval.seconds")?)
    } else {
        None
    };
    let heartbeats = s.flag("emit.heartbeats.enabled")?;
    let heartbeat_ms = s.seconds_ms("emit.heartbeats.interval.seconds")?;
    let tasks = s.number("tasks.max")?;
    let report = s.report;
    let own = source.clone();
    let cp = checkpoint_reads(file, checkpoint.unwrap_or(&own), report)?;
    let (checkpoints, checkpoint_ms) = (cp.enabled, cp.every_ms);
    let (group_sync, groups) = (cp.group_sync, cp.groups);
    let mismatched = match checkpoint {
        Some(cp) => mismatched_keys(file, source, cp, report),
        None => Vec::new(),
    };
    let naming = naming(&class, &separator, &place, report);
    // Within what the model's option table allows for the options they become.
    let within = |id: &str, v: u64| limit_of(id).map_or(v, |l| l.clamp(v));
    let map_every = offset_syncs.then(|| within("map_every", lag_max));
    if checkpoints && !offset_syncs {
        note_checkpoints_without_syncs(&place, report);
    }
    let workers = u32::try_from(within("workers", tasks)).unwrap_or(1);
    let options = HopOptions {
        stamp: match naming {
            Naming::Identity => OriginStamp::None,
            _ => OriginStamp::QualifiedName,
        },
        map_every,
        checkpoint_every_ms: (checkpoints && offset_syncs).then_some(checkpoint_ms),
        heartbeat_every_ms: heartbeats.then_some(heartbeat_ms),
        start_from: start_from(place.start_latest),
        workers,
        ..HopOptions::default()
    };
    Ok(Flow {
        product: Product::MirrorMaker2,
        file: file.to_string(),
        line: place.line,
        source: place.source.to_string(),
        target: place.target.to_string(),
        selector: Selector { include, exclude },
        naming,
        pairs: Vec::new(),
        options,
        facts: FlowFacts {
            group_sync,
            groups,
            offset_syncs,
            checkpoints,
            heartbeats,
            start_latest: place.start_latest,
            discovery_ms: discovery,
            mismatched,
            ..FlowFacts::default()
        },
    })
}

/// The connectors one (source, target) pair runs where each is configured on its own
/// (Connect, Strimzi): only those posted run.
pub struct Connectors {
    pub source: Settings,
    pub checkpoint: Option<Settings>,
    pub heartbeat: Option<Settings>,
}

fn forced(map: &Settings, key: &str, value: &str) -> Settings {
    let mut m = map.clone();
    m.insert(
        key.into(),
        Setting {
            value: value.into(),
            line: None,
        },
    );
    m
}

/// A flow from separately configured connectors: no checkpoint connector means no
/// checkpoints and no group sync; no heartbeat connector means no heartbeats.
pub fn connector_flow(
    place: FlowPlace,
    c: &Connectors,
    report: &mut Report,
) -> Result<Flow, ImportError> {
    let heartbeats_on = c.heartbeat.as_ref().is_none_or(|h| {
        h.get("emit.heartbeats.enabled")
            .is_none_or(|s| s.value.trim() != "false")
    });
    let mut source = c.source.clone();
    if c.heartbeat.is_none() {
        source = forced(&source, "emit.heartbeats.enabled", "false");
    } else if let Some(h) = &c.heartbeat {
        for key in [
            "emit.heartbeats.enabled",
            "emit.heartbeats.interval.seconds",
        ] {
            if let Some(v) = h.get(key) {
                source.insert(key.into(), v.clone());
            }
        }
        if !heartbeats_on {
            source = forced(&source, "emit.heartbeats.enabled", "false");
        }
    }
    match &c.checkpoint {
        Some(cp) => flow(place, &source, Some(cp), report),
        None => {
            let off = forced(
                &forced(&source, "emit.checkpoints.enabled", "false"),
                "sync.group.offsets.enabled",
                "false",
            );
            flow(place, &off, None, report)
        }
    }
}
