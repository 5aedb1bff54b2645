//! A copier hop in the file format: what it reads and writes, and its options (each
//! default the common case; the lab's presets set real copiers' values).

use super::StreamRef;
use crate::time::Millis;
use serde::{Deserialize, Serialize};

/// A copier hop: reads `from`, appends to `to`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HopSpec {
    pub id: String,
    pub from: StreamRef,
    pub to: StreamRef,
    #[serde(default)]
    pub options: HopOptions,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartFrom {
    Earliest,
    Latest,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PartMapping {
    /// Source part i feeds target part i (modulo the target's part count).
    OneToOne,
    /// Each batch goes to the next target part in turn: one key lands in many parts.
    FanOut,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Timestamps {
    KeepSource,
    StampArrival,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OriginStamp {
    None,
    /// Metadata beside the payload naming the origin site. With `forward_only_local`, no
    /// marked copy is copied again (Lenses K2K); without, a record is never copied back to
    /// its origin but goes on to other sites (Confluent Replicator's provenance header).
    Marker,
    /// Copies go to a stream named `<source site>.<stream>`.
    QualifiedName,
    /// A hop budget carried on the record (RabbitMQ federation's `max-hops`): a record
    /// that has already crossed this many hops, or that would go to a site it has already
    /// been stored at (the `x-received-from` list), is not forwarded. Written
    /// `{"hop-budget": 1}`.
    HopBudget(u8),
}

/// How a hop numbers what it copies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HopKind {
    /// An ordinary client of both clusters: the target numbers each copy itself, so
    /// reader positions need a position map to cross.
    #[default]
    Translate,
    /// Offset-preserving (Confluent Cluster Linking mirror topics, Redpanda Shadowing,
    /// NATS JetStream mirrors): every record keeps its source position and timestamp,
    /// the target is read-only until the hop is promoted, and no map is needed.
    Mirror,
}

/// Which Kafka release's MirrorMaker 2 `OffsetSyncStore` keeps the position map's pairs
/// (`posmap/store.rs`). Both keep 64 slots per part, newest first, and translate alike;
/// they differ in which older pairs survive a new one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MapStore {
    /// Kafka 3.6.0 and later (and 3.5.2): KAFKA-15202's update, which may promote any
    /// older pair not yet passed over, so a new pair expires at most a few old ones even
    /// when pairs arrive unevenly spaced.
    #[default]
    #[serde(rename = "kafka-3.6")]
    Kafka36,
    /// Kafka 3.5.0 and 3.5.1 (and 3.4.1): KAFKA-14666's first update, which can only
    /// promote the pair it has just pushed out of a slot; with unevenly spaced pairs one
    /// new pair can expire many old ones (the bug KAFKA-15202 fixed).
    #[serde(rename = "kafka-3.5.0")]
    Kafka350,
}

impl MapStore {
    pub fn is_default(&self) -> bool {
        *self == MapStore::default()
    }

    /// The name in the file format.
    pub fn id(self) -> &'static str {
        match self {
            MapStore::Kafka36 => "kafka-3.6",
            MapStore::Kafka350 => "kafka-3.5.0",
        }
    }
}

/// Which nats-server release a JetStream hop stands for, where JetStream's behaviour
/// differs between releases (each rule below was checked by the real-copiers layer on that
/// release, `content/real-copiers.json`). The newest, `2.15`, by default; a file names it
/// only when not the default. Releases are told apart only where a rule changes: `2.12`
/// is 2.12.0 to 2.12.7, `2.12.8` is 2.12.8 and the later 2.12 releases (there is no 2.13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum NatsRelease {
    #[serde(rename = "2.9")]
    Nats29,
    #[serde(rename = "2.10")]
    Nats210,
    #[serde(rename = "2.11")]
    Nats211,
    #[serde(rename = "2.12")]
    Nats212,
    #[serde(rename = "2.12.8")]
    Nats2128,
    #[serde(rename = "2.14")]
    Nats214,
    #[default]
    #[serde(rename = "2.15")]
    Nats215,
}

impl NatsRelease {
    /// Oldest first.
    pub const ALL: [NatsRelease; 7] = [
        NatsRelease::Nats29,
        NatsRelease::Nats210,
        NatsRelease::Nats211,
        NatsRelease::Nats212,
        NatsRelease::Nats2128,
        NatsRelease::Nats214,
        NatsRelease::Nats215,
    ];

    pub fn is_default(&self) -> bool {
        *self == NatsRelease::default()
    }

    /// The name in the file format.
    pub fn id(self) -> &'static str {
        match self {
            NatsRelease::Nats29 => "2.9",
            NatsRelease::Nats210 => "2.10",
            NatsRelease::Nats211 => "2.11",
            NatsRelease::Nats212 => "2.12",
            NatsRelease::Nats2128 => "2.12.8",
            NatsRelease::Nats214 => "2.14",
            NatsRelease::Nats215 => "2.15",
        }
    }

    /// The release a nats-server version (`2.12.8`, `v2.11.11`, `2.15.0-dev`) belongs to:
    /// the newest whose first version is not after it (anything before 2.10 is `2.9`,
    /// anything newer than 2.15 is `2.15`).
    pub fn of_version(version: &str) -> NatsRelease {
        let v: Vec<u32> = version
            .trim_start_matches('v')
            .split(['.', '-'])
            .map_while(|p| p.parse().ok())
            .collect();
        let first = |r: NatsRelease| -> Vec<u32> {
            r.id().split('.').map(|p| p.parse().unwrap_or(0)).collect()
        };
        NatsRelease::ALL
            .into_iter()
            .rev()
            .find(|r| v >= first(*r))
            .unwrap_or(NatsRelease::Nats29)
    }

    /// An update that removes a mirror's `mirror` setting promotes it to a writable stream
    /// from 2.12 (nats-io/nats-server #7171, first in v2.12.0); before, any change of a
    /// mirror's configuration is refused ("stream mirror configuration can not be
    /// updated", server/stream.go at v2.11.17), so a Promote does nothing.
    pub fn promotes_mirrors(self) -> bool {
        self >= NatsRelease::Nats212
    }

    /// Before 2.12.8 (and 2.14.0) a mirror keeps the upstream's `Nats-Msg-Id` and checks it
    /// against its own duplicate window, so a repeated id upstream may be dropped there;
    /// from then on a mirror copies every message. The model has no message ids: its
    /// mirrors copy every record, as the later releases do.
    pub fn mirror_dedups_msg_ids(self) -> bool {
        self < NatsRelease::Nats2128
    }

    /// Per-message TTL (`Nats-TTL` on a stream with `allow_msg_ttl`) from 2.11 (the field
    /// and header are in v2.11.0's server/stream.go; earlier releases ignore both).
    pub fn message_ttl(self) -> bool {
        self >= NatsRelease::Nats211
    }

    /// Counter streams (`allow_msg_counter`) and atomic batches (`allow_atomic`) from
    /// 2.12, and a mirror may be neither ("stream mirrors can not also calculate counters",
    /// "… can not also use atomic publishing", server/stream.go at v2.12.0); earlier
    /// releases do not know either field and ignore it.
    pub fn counters_and_batches(self) -> bool {
        self >= NatsRelease::Nats212
    }

    /// A client's write carrying its own `Nats-Stream-Source` header is refused from 2.15
    /// ("message stream source header is not allowed", nats-io/nats-server 452802b08,
    /// server/stream.go); before, it is stored as written.
    pub fn refuses_client_source_header(self) -> bool {
        self >= NatsRelease::Nats215
    }
}

/// When a writer to the hop's source stream is acknowledged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ack {
    /// Once the source cluster has the record (its own durability delay): the copy
    /// follows later, so a site loss can take an acknowledged tail with it.
    #[default]
    Local,
    /// Only once the hop's copy is durable on the target and word of it is back at the
    /// source (a synchronous copy): nothing acknowledged is ever only on the source, and
    /// every write waits at least a link round trip and the target's write.
    FarCopyDurable,
}

impl Ack {
    pub fn is_default(&self) -> bool {
        *self == Ack::default()
    }

    /// The name in the file format.
    pub fn id(self) -> &'static str {
        match self {
            Ack::Local => "local",
            Ack::FarCopyDurable => "far-copy-durable",
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    /// Records from these writers are not copied.
    #[serde(default)]
    pub drop_writers: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HopOptions {
    /// `translate` (the default) or `mirror` (offset-preserving, read-only target).
    pub kind: HopKind,
    /// The hop does nothing before this time (late start).
    pub start_at_ms: Millis,
    /// Where it starts reading once it starts.
    pub start_from: StartFrom,
    /// Wait between fetches when there was nothing new (read cadence).
    pub poll_interval_ms: Millis,
    pub batch_max: u64,
    /// Link round trip between the sites, paid on every fetch.
    pub rtt_ms: Millis,
    /// Extra random delay in 0..=jitter on each round trip.
    pub rtt_jitter_ms: Millis,
    /// The target's own durable write before it acknowledges the copier.
    pub target_write_ms: Millis,
    /// Parallel workers; part p is served by worker p % workers.
    pub workers: u32,
    /// Throughput cap in records per second (None: uncapped).
    pub max_records_per_sec: Option<u64>,
    pub filter: Filter,
    pub mapping: PartMapping,
    pub timestamps: Timestamps,
    pub stamp: OriginStamp,
    /// With a marker: copy only records written at the source (skip every marked copy);
    /// off, copies go on, but never back to their origin site.
    pub forward_only_local: bool,
    /// Write a position-map pair every N records per part (None: no map).
    pub map_every: Option<u64>,
    /// Which Kafka release's store keeps the map's pairs (`"kafka-3.6"` by default;
    /// `"kafka-3.5.0"`). Written to a file only when not the default.
    #[serde(skip_serializing_if = "MapStore::is_default")]
    pub map_store: MapStore,
    /// Which nats-server release a JetStream hop stands for (`"2.15"` by default), where
    /// its behaviour differs: see [`NatsRelease`]. Written to a file only when not the
    /// default.
    #[serde(skip_serializing_if = "NatsRelease::is_default")]
    pub nats_release: NatsRelease,
    /// How often the copier commits its own read progress.
    pub commit_interval_ms: Millis,
    /// How often the copier syncs reader groups' committed positions to the target,
    /// translated over the map (MirrorMaker 2's checkpoints: every 60 s) or as they are on a
    /// mirror (Cluster Linking's consumer offset sync). A group moved over the map resumes
    /// from the last checkpoint. None: no group position crosses, so a group moved off a
    /// site that does not answer starts as a new group does.
    pub checkpoint_every_ms: Option<Millis>,
    /// A heartbeat record written on the source every this many ms and copied like data,
    /// so the target can tell a quiet stream from a stuck copier (MirrorMaker 2:
    /// `emit.heartbeats.interval.seconds`, 1 s by default). None: no heartbeats.
    pub heartbeat_every_ms: Option<Millis>,
    /// The real copier these options stand for, by its preset's name (`jetstream-source`,
    /// `mm2-default`): set by the presets that name one and by an import of the copier's
    /// own files; read by the copiers crate (its products' lint rules and runbook words),
    /// never by the model's run. None: a copier in general. Written to a file only when set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product: Option<super::ProductName>,
    /// When writers to the source stream are acknowledged: `"local"` (the default) or
    /// `"far-copy-durable"` (a synchronous copy: once this hop's copy is durable on the
    /// target and the word is back, at least `rtt_ms + target_write_ms` after the write).
    /// At most one such hop per source stream, and it may not filter. Written to a file
    /// only when not the default.
    #[serde(skip_serializing_if = "Ack::is_default")]
    pub ack: Ack,
    /// Copy every stream of the source site these patterns select, instead of one
    /// (`from.stream` and `to.stream` are left out): see `spec/selector.rs`. Expanded
    /// before validation into one hop per stream, `<id>/<stream>`. Written only when set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub streams: Option<super::StreamSelector>,
}

impl Default for HopOptions {
    fn default() -> Self {
        Self {
            kind: HopKind::Translate,
            start_at_ms: 0,
            start_from: StartFrom::Earliest,
            poll_interval_ms: 200,
            batch_max: 500,
            rtt_ms: 40,
            rtt_jitter_ms: 0,
            target_write_ms: 5,
            workers: 1,
            max_records_per_sec: None,
            filter: Filter::default(),
            mapping: PartMapping::OneToOne,
            timestamps: Timestamps::KeepSource,
            stamp: OriginStamp::None,
            forward_only_local: true,
            map_every: Some(100),
            map_store: MapStore::Kafka36,
            nats_release: NatsRelease::Nats215,
            commit_interval_ms: 1000,
            checkpoint_every_ms: None,
            heartbeat_every_ms: None,
            product: None,
            ack: Ack::Local,
            streams: None,
        }
    }
}

/// The stream a hop writes to, after applying an origin-qualified name.
pub fn qualified_target(hop: &HopSpec) -> StreamRef {
    match hop.options.stamp {
        OriginStamp::QualifiedName => StreamRef {
            site: hop.to.site.clone(),
            stream: format!("{}.{}", hop.from.site, hop.from.stream),
        },
        _ => hop.to.clone(),
    }
}
