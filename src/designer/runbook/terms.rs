//! The runbook's steps in a real copier's own words, where a hop's preset (or an import,
//! through `HopOptions::product`) says which copier it is. A hop no preset or import names gets the general steps only.
//!
//! Facts, each checked at its source:
//! - MirrorMaker 2 (apache/kafka `1eb7644349cb`): `DefaultReplicationPolicy` names a copy
//!   `<source alias>.<topic>`; `MirrorSourceConnector.isCycle` skips a topic whose alias
//!   chain names the target; checkpoints go to `<source alias>.checkpoints.internal` on the
//!   target (`ReplicationPolicy.checkpointsTopic`), read by
//!   `RemoteClusterUtils.translateOffsets`; `sync.group.offsets.enabled` writes them into
//!   groups with no members there; `IdentityReplicationPolicy` cannot prevent cycles.
//! - JetStream (nats-io/nats-server `1787eee035cf`, `server/stream.go`): a mirror refuses
//!   client writes and cannot have subjects; an update may remove `mirror` ("promote" the
//!   mirror, from 2.12) but not add or change it ("stream mirror configuration can not be
//!   updated"); a mirror keeps the origin's sequence numbers, a source does not (the
//!   origin's are in `Nats-Stream-Source`); the cycle check skips external sources.
//! - RabbitMQ (`/work/shared/CONFIG-FORMATS.md` §5): the downstream's policy applies
//!   `federation-upstream` / `federation-upstream-set`, the upstream is unaware of it;
//!   `max-hops` (1) and `x-received-from` stop a message visiting a broker twice; shovels
//!   detect no loops.
//! - Kafka cluster mirroring (KIP-1279, a proposal; its discussion on dev@kafka.apache.org,
//!   `content/evidence/kip-1279-*.toml`): mirror topics keep names, topic ids and offsets,
//!   refuse writes until `kafka-cluster-mirrors.sh --stop`, which truncates to the last
//!   stable offset; group offsets are synced 1:1 except into groups active on the
//!   destination; failing back truncates to the last mirrored offset and mirrors the rest.

use crate::designer::presets::{self, PresetId};
use hoplab_model::spec::{qualified_target, HopSpec, Topology};

/// A real copier whose words the runbook knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Copier {
    /// MirrorMaker 2 with `DefaultReplicationPolicy` (copies named `<alias>.<topic>`).
    Mm2Prefixed,
    /// MirrorMaker 2 with `IdentityReplicationPolicy`.
    Mm2Identity,
    /// An offset-preserving mirror without saying whose (Cluster Linking, Redpanda
    /// Shadowing or a JetStream mirror: the preset stands for all three).
    ReadOnlyMirror,
    JetStreamMirror,
    JetStreamSource,
    FederatedExchange,
    Shovel,
    /// Amazon MSK Replicator with identical topic names.
    MskReplicator,
    /// Kafka's proposed cluster mirroring (KIP-1279).
    KafkaClusterMirror,
}

impl Copier {
    /// The copier a preset stands for; none where the runbook has no words of its own.
    pub fn from_preset(id: PresetId) -> Option<Copier> {
        Some(match id {
            PresetId::Mm2Default => Copier::Mm2Prefixed,
            PresetId::Mm2Identity => Copier::Mm2Identity,
            PresetId::OffsetPreservingMirror => Copier::ReadOnlyMirror,
            PresetId::JetstreamMirror => Copier::JetStreamMirror,
            PresetId::JetstreamSource => Copier::JetStreamSource,
            PresetId::RabbitmqFederationMaxHops => Copier::FederatedExchange,
            PresetId::RabbitmqShovel => Copier::Shovel,
            PresetId::MskReplicatorIdentical => Copier::MskReplicator,
            PresetId::KafkaClusterMirror => Copier::KafkaClusterMirror,
            PresetId::PulsarReplicatedMarker => return None,
        })
    }

    /// Whether readers of its copies have positions that must be translated (a queue has none).
    pub fn keeps_positions(self) -> bool {
        !matches!(self, Copier::FederatedExchange | Copier::Shovel)
    }

    /// The copier a hop says it is: its `product`, else the preset its options match.
    pub fn of_hop(h: &HopSpec) -> Option<Copier> {
        match h.options.product {
            Some(p) => Copier::from_preset(p),
            None => presets::matching(&h.options).and_then(|p| Copier::from_preset(p.id)),
        }
    }
}

/// A stream name or a selector's pattern as a regex (`us-west.orders` -> `us-west\.orders`,
/// `*` -> `.*`), so a pattern hop never gives an invalid expression such as `^(B\.)?*$`.
fn re(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '*' => out.push_str(".*"),
            '.' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|' | '^' | '$' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// The hop's ends: source site, source stream, target site, target stream.
fn ends(h: &HopSpec) -> (String, String, String, String) {
    let to = qualified_target(h);
    (
        h.from.site.clone(),
        h.from.stream.clone(),
        to.site,
        to.stream,
    )
}

/// Whether the design already copies from `from` to `to` with this copier.
fn has_flow(t: &Topology, from: &str, to: &str, copier: Copier) -> bool {
    t.hops
        .iter()
        .any(|h| h.from.site == from && h.to.site == to && Copier::of_hop(h) == Some(copier))
}

/// Steps of the switch itself, in the copier's words.
pub fn failover(h: &HopSpec, copier: Copier) -> Vec<String> {
    let (a, s, b, c) = ends(h);
    match copier {
        Copier::Mm2Prefixed => vec![
            format!("MirrorMaker 2 {a}->{b} (DefaultReplicationPolicy, separator \".\"): {s} from {a} is the topic {c} at {b}. Readers moved to {b} read {c}; writers moved to {b} write {s} there, a topic of its own (only the copier writes {c})"),
            format!("Before a group starts at {b}, give it its translated position in {c}: from the checkpoints in {a}.checkpoints.internal at {b} (MirrorClient: RemoteClusterUtils.translateOffsets), or let sync.group.offsets.enabled on {a}->{b} write them into the group while it has no members at {b}"),
        ],
        Copier::Mm2Identity => vec![
            format!("MirrorMaker 2 {a}->{b} (IdentityReplicationPolicy): {s} keeps its name at {b}, so readers and writers moved there use {s}; translate each group's position from the checkpoints in {a}.checkpoints.internal at {b} (RemoteClusterUtils.translateOffsets) before it starts"),
            format!("Stop the {a}->{b} flow ({a}->{b}.enabled = false) before writers write {s} at {b}: with identity names MirrorMaker 2 cannot tell its copies from their writes"),
        ],
        Copier::ReadOnlyMirror => vec![format!(
            "{c} at {b} is a read-only mirror of {a}/{s} until it is promoted: Cluster Linking's promote (or failover) of the mirror topic, Redpanda Shadowing's failover, or for a JetStream mirror an update of the stream's configuration without `mirror`; readers keep their positions (the mirror kept the numbers)"
        )],
        Copier::JetStreamMirror => vec![
            format!("JetStream: {c} at {b} mirrors {s} from {a} and refuses writes. Promote it (nats-server 2.12 and later): update the stream's configuration with `mirror` removed and the subjects writers publish to added (a mirror cannot have subjects). Earlier servers refuse the update (\"stream mirror configuration can not be updated\"): create a new stream with those subjects instead, whose sequence numbers start again"),
            format!("Consumers moved to {b} are created on {c} from the sequence after their last acknowledged one (`deliver_policy: by_start_sequence`, `opt_start_seq`): the mirror kept {s}'s sequence numbers"),
        ],
        Copier::JetStreamSource => vec![format!(
            "JetStream: {c} at {b} sources {s} from {a} and numbers its messages itself (the origin's sequence is in each copy's Nats-Stream-Source header): consumers moved there start by time (`deliver_policy: by_start_time`) or from that header, not from {s}'s sequence; {c} takes writers' messages once it has their subjects"
        )],
        Copier::FederatedExchange => vec![format!(
            "RabbitMQ: exchange {c} at {b} receives {a}'s messages through the federation upstream its policy applies (`federation-upstream` or `federation-upstream-set`). Publishers moved to {b} publish to {c} there; consumers read the queues bound to it at {b} (there are no positions to translate); what {a}'s upstream queue still held stays there until {a} is back"
        )],
        Copier::Shovel => vec![format!(
            "RabbitMQ: delete (or stop) the shovel {a}/{s} -> {b}/{c} before publishers move to {b}; it detects no loops, and what it had not moved stays in {a}'s queue"
        )],
        Copier::MskReplicator => vec![
            format!("MSK Replicator {a}->{b} (identical topic names): {s} is {c} at {b}. Consumer groups moved to {b} resume from the offsets the replicator translated and committed at {b}, but only if consumer group offset synchronization was turned on when it was created, and only for groups with no active consumers at {b}: start a group there only once it has moved"),
            format!("The translated offsets are approximate (the replicator samples its offset mapping): expect a group moved to {b} to read a few records again"),
        ],
        Copier::KafkaClusterMirror => vec![
            format!("Kafka cluster mirroring (KIP-1279, proposed): {c} at {b} is a read-only mirror topic of {a}/{s}, with its name, topic id and offsets. Stop the mirror for it at {b} (kafka-cluster-mirrors.sh --bootstrap-server <{b}> --stop --mirror <mirror> --topics {}): the stop truncates each partition to its last stable offset, so transactions still open at {a} are not there, and makes {c} writable", re(&s)),
            format!("Consumer groups moved to {b} keep their offsets (the mirror synced them as they are), except groups that had members at {b} while it mirrored: those keep what they committed there. Start them at {b} only after the stop"),
        ],
    }
}

/// Coming back, in the copier's words; `None` where the general steps say it.
pub fn failback(h: &HopSpec, copier: Copier, t: &Topology) -> Option<Vec<String>> {
    let (a, s, b, to) = ends(h);
    let reverse = |copier| {
        if has_flow(t, &b, &a, copier) {
            "the design already has it"
        } else {
            "add it"
        }
    };
    Some(match copier {
        Copier::Mm2Prefixed => vec![
            format!("MirrorMaker 2 will not copy {b}/{to} back to {a}: the name's alias chain already names {a} (its cycle check, isCycle), so a rebuilt {a} does not get its old records back that way. What writers wrote to {s} at {b} comes over the reverse flow {b}->{a} ({b}->{a}.enabled = true, its topics including {s}; {}), as {b}.{s} at {a}", reverse(Copier::Mm2Prefixed)),
            format!("Readers at {a} read both {s} and {b}.{s} (a pattern such as ^({}\\.)?{}$): the records written during the failover are only in {b}.{s}. Translate their positions from the checkpoints in {b}.checkpoints.internal at {a} (RemoteClusterUtils.translateOffsets), or with sync.group.offsets.enabled on {b}->{a}", re(&b), re(&s)),
            format!("Move writers back to {s} at {a} once {b}->{a} has no lag; {a}->{b} copies their new records to {to} at {b} again"),
        ],
        Copier::Mm2Identity => vec![format!(
            "MirrorMaker 2 with IdentityReplicationPolicy: the reverse flow {b}->{a} writes into {a}'s own {s}, and MirrorMaker 2 is not able to prevent cycles with this policy. Enable {b}->{a} only while {a}->{b} is stopped, let it drain, then stop it before {a}->{b} starts again"
        )],
        Copier::ReadOnlyMirror => return None,
        Copier::JetStreamMirror => vec![format!(
            "JetStream: {s} at {a} has subjects, so it cannot become a mirror (an update cannot add `mirror`): recreate it at {a} as a mirror of {to} (`mirror: {{name: {to}, external: {{api: \"$JS.{b}.API\"}}}}`), let it catch up, stop the writers at {b}, promote it (remove `mirror`, add the subjects), then recreate {to} at {b} as a mirror of {s} again"
        )],
        Copier::JetStreamSource => vec![format!(
            "JetStream: to bring {b}'s writes back, {s} at {a} sources {to} from {b} (`sources` with `external.api` \"$JS.{b}.API\"), with `filter_subject` limited to the subjects written at {b}: the server's cycle check skips external sources, so two streams sourcing each other unfiltered copy every message round without end"
        )],
        Copier::FederatedExchange => vec![format!(
            "RabbitMQ: the upstream does not know its downstream, so {a} receives what was published at {b} only through a federation upstream of its own: a `federation-upstream` parameter at {a} with {b}'s URI and a policy matching {s} that applies it ({}); keep max-hops 1 with links both ways, so x-received-from stops a message coming back", reverse(Copier::FederatedExchange)
        )],
        Copier::Shovel => vec![format!(
            "RabbitMQ: a shovel {b}/{to} -> {a}/{s} moves back what was published at {b}; delete it before the {a} -> {b} shovel starts again, or the two move messages back and forth without end"
        )],
        Copier::MskReplicator => vec![
            format!("MSK Replicator: one replicator copies one way, so {b}'s writes come back to {a} through a replicator {b}->{a} ({}); its starting position is fixed when it is created", reverse(Copier::MskReplicator)),
            format!("With LEGACY offset synchronization (the default) no offsets are translated back from {b} to {a}: groups returning to {a} need the bidirectional set-up with ENHANCED offset synchronization, a replicator each way"),
        ],
        Copier::KafkaClusterMirror => vec![
            format!("KIP-1279 mirrors one way, so {a} comes back as a mirror of {b}: create a mirror at {a} from {b} and start it for {to} ({}); {a}'s partitions are truncated to the last offset mirrored before the stop (or to zero) and only the rest is mirrored", reverse(Copier::KafkaClusterMirror)),
            format!("Once it has no lag, stop writers at {b}, stop the mirror at {a} (which makes {s} writable there), move writers and groups back, then start {a}->{b} again"),
        ],
    })
}
