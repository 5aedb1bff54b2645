//! Product presets for a hop's options. This is the one place the designer knows them:
//! the model is getting its own (`hoplab_model::presets`, issue 9); when that lands, this
//! module becomes a thin adapter over it and nothing else in the designer changes.
//!
//! Each preset is a plain set of hop options; choosing one shows every option it sets.

use hoplab_model::spec::{HopOptions, OriginStamp};

pub struct Preset {
    pub id: &'static str,
    pub title: &'static str,
    /// What it is, in a sentence.
    pub summary: &'static str,
    /// The card that explains the behaviour it is about.
    pub card: &'static str,
    /// Where the facts were checked.
    pub sources: &'static [&'static str],
    /// `None`: the model cannot express it yet (said in the page, not faked).
    pub options: Option<fn() -> HopOptions>,
}

fn mm2_default() -> HopOptions {
    HopOptions {
        stamp: OriginStamp::QualifiedName,
        map_every: Some(100),
        checkpoint_every_ms: Some(60_000),
        ..HopOptions::default()
    }
}

fn mm2_identity() -> HopOptions {
    HopOptions {
        stamp: OriginStamp::None,
        map_every: Some(100),
        checkpoint_every_ms: Some(60_000),
        ..HopOptions::default()
    }
}

fn marker_local_only() -> HopOptions {
    HopOptions {
        stamp: OriginStamp::Marker,
        forward_only_local: true,
        ..HopOptions::default()
    }
}

pub const ALL: [Preset; 6] = [
    Preset {
        id: "mm2-default",
        title: "MirrorMaker 2, default policy",
        summary: "Copies go to a stream named after the source cluster (A.orders), so a copy is never copied back; a position-map pair every 100 records; reader positions checkpointed every 60 s.",
        card: "echo-loop",
        sources: &[
            "Kafka Connect MirrorMaker 2: replication.policy.class defaults to DefaultReplicationPolicy (remote topics get the source alias and a dot); offset.lag.max 100; emit.checkpoints.interval.seconds 60",
        ],
        options: Some(mm2_default),
    },
    Preset {
        id: "mm2-identity",
        title: "MirrorMaker 2, identity policy",
        summary: "Copies keep the stream's name and carry no origin: two of these in opposite directions copy every record back and forth.",
        card: "echo-loop",
        sources: &["Kafka MirrorMaker 2: IdentityReplicationPolicy keeps topic names and cannot tell a copy from an original"],
        options: Some(mm2_identity),
    },
    Preset {
        id: "offset-preserving",
        title: "Offset-preserving mirror",
        summary: "A mirror that keeps positions and timestamps (Confluent Cluster Linking, Redpanda Shadowing): needs no position map. The model cannot express it yet; it is coming with the model's own presets.",
        card: "position-map",
        sources: &["Confluent Cluster Linking mirror topics keep offsets"],
        options: None,
    },
    Preset {
        id: "pulsar-marker",
        title: "Pulsar-style replicated marker",
        summary: "Each copy carries the cluster it came from, and a copier forwards only records written locally, so nothing loops.",
        card: "echo-loop",
        sources: &["Apache Pulsar geo-replication (pulsar.apache.org/docs administration-geo): replicators forward locally produced messages; replicated ones carry their origin cluster"],
        options: Some(marker_local_only),
    },
    Preset {
        id: "rabbitmq-federation",
        title: "RabbitMQ exchange federation, max-hops 1",
        summary: "Federation records each hop in a header (x-received-from) and stops after max-hops (default 1): with 1, a message crosses one link and no further, which is what a marker forwarding only local records does.",
        card: "echo-loop",
        sources: &["RabbitMQ federation reference (rabbitmq.com/federation-reference.html): max-hops defaults to 1; x-received-from records the path for cycle detection"],
        options: Some(marker_local_only),
    },
    Preset {
        id: "msk-identical",
        title: "MSK Replicator, identical topic names",
        summary: "Copies keep the topic's name; a header naming the source cluster and topic (__mskmr) keeps a copy from being replicated back.",
        card: "echo-loop",
        sources: &["Amazon MSK Replicator developer guide, topic naming (prefixed vs identical): identical names avoid loops with the __mskmr header"],
        options: Some(marker_local_only),
    },
];

pub fn get(id: &str) -> Option<&'static Preset> {
    ALL.iter().find(|p| p.id == id)
}

/// The preset whose options these are, if any (keeping the settings a preset leaves alone,
/// such as the link's round trip, out of the comparison).
pub fn matching(o: &HopOptions) -> Option<&'static Preset> {
    ALL.iter().find(|p| {
        p.options.is_some_and(|f| {
            let want = f();
            want.stamp == o.stamp
                && (o.stamp != OriginStamp::Marker
                    || want.forward_only_local == o.forward_only_local)
                && want.map_every == o.map_every
                && want.checkpoint_every_ms == o.checkpoint_every_ms
        })
    })
}

/// The options a preset sets on a hop, keeping the hop's own link and sizing settings.
pub fn apply(p: &Preset, current: &HopOptions) -> Option<HopOptions> {
    let want = (p.options?)();
    Some(HopOptions {
        stamp: want.stamp,
        forward_only_local: want.forward_only_local,
        map_every: want.map_every,
        checkpoint_every_ms: want.checkpoint_every_ms,
        ..current.clone()
    })
}

/// The settings a preset writes, as (option, value) for the page to show.
pub fn settings(p: &Preset) -> Vec<(&'static str, String)> {
    let Some(f) = p.options else {
        return Vec::new();
    };
    let o = f();
    let stamp = match o.stamp {
        OriginStamp::None => "none",
        OriginStamp::Marker => "marker",
        OriginStamp::QualifiedName => "qualified-name",
    };
    vec![
        ("stamp", stamp.into()),
        ("forward_only_local", o.forward_only_local.to_string()),
        (
            "map_every",
            o.map_every.map_or("none".into(), |n| n.to_string()),
        ),
        (
            "checkpoint_every_ms",
            o.checkpoint_every_ms
                .map_or("none (live position)".into(), |n| n.to_string()),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_usable_preset_is_recognised_after_applying_it() {
        for p in ALL.iter().filter(|p| p.options.is_some()) {
            let o = apply(
                p,
                &HopOptions {
                    rtt_ms: 90,
                    ..HopOptions::default()
                },
            )
            .unwrap();
            assert_eq!(o.rtt_ms, 90, "the link stays as it was");
            assert!(matching(&o).is_some(), "{}", p.id);
            assert!(!settings(p).is_empty());
            assert!(!p.sources.is_empty());
        }
    }

    #[test]
    fn identity_loops_and_the_default_policy_does_not() {
        use crate::designer::templates;
        let mut d = templates::build("active-active").unwrap();
        for h in &mut d.spec.topology.hops {
            h.options = apply(get("mm2-identity").unwrap(), &h.options).unwrap();
        }
        assert!(hoplab_model::lint(d.topology())
            .iter()
            .any(|f| f.code == "echo-loop"));
    }
}
