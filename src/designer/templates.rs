//! Starting designs, each a common cross-cluster shape with a fault timeline worth running.

use super::design::{stream_ref, Design};
use hoplab_model::spec::kit::{companion, hop, reader, site, stream, writer};
use hoplab_model::spec::{
    Command, HopOptions, OriginStamp, ResumeRule, ScenarioSpec, TimedCommand, Topology,
    FORMAT_VERSION,
};

pub struct Template {
    pub id: &'static str,
    pub title: &'static str,
    /// The lint codes the model reports for it (pinned by a test).
    pub expected_findings: &'static [&'static str],
}

pub const ALL: [Template; 6] = [
    Template {
        id: "one-way-dr",
        title: "One-way disaster recovery",
        expected_findings: &[],
    },
    Template {
        id: "active-active",
        title: "Active/active with origin stamps",
        expected_findings: &["written-at-two-sites"],
    },
    Template {
        id: "hub-and-spoke",
        title: "Hub and spoke",
        expected_findings: &[],
    },
    Template {
        id: "ring-of-three",
        title: "Ring of three",
        expected_findings: &["written-at-two-sites"],
    },
    Template {
        id: "single-writer",
        title: "Per-site single-writer streams",
        expected_findings: &[],
    },
    Template {
        id: "fan-in",
        title: "Fan-in to an aggregate",
        expected_findings: &[],
    },
];

fn opts(stamp: OriginStamp) -> HopOptions {
    HopOptions {
        stamp,
        ..HopOptions::default()
    }
}

fn at(s: f64, command: Command) -> TimedCommand {
    TimedCommand {
        at_ms: (s * 1000.0) as u64,
        command,
    }
}

fn lose(site: &str) -> Command {
    Command::LoseSite { site: site.into() }
}

fn spec(name: &str, topology: Topology, timeline: Vec<TimedCommand>) -> ScenarioSpec {
    ScenarioSpec {
        version: FORMAT_VERSION,
        name: name.into(),
        topology,
        timeline,
        duration_ms: 60_000,
        sample_every_ms: 300,
        merge: None,
    }
}

/// The template's design, laid out.
pub fn build(id: &str) -> Option<Design> {
    let title = ALL.iter().find(|t| t.id == id)?.title;
    let mut t = Topology::default();
    let timeline;
    match id {
        "one-way-dr" => {
            t.sites = vec![site("primary"), site("standby")];
            // Where writers write after a failover: an empty stream of the same name.
            t.streams = vec![
                stream("primary", "orders", 3),
                stream("standby", "orders", 3),
            ];
            t.hops = vec![hop(
                "primary-to-standby",
                stream_ref("primary", "orders"),
                stream_ref("standby", "primary.orders"),
                HopOptions {
                    checkpoint_every_ms: Some(10_000),
                    ..opts(OriginStamp::QualifiedName)
                },
            )];
            let mut w = writer("checkout", "primary", "orders", 300.0);
            w.requires = vec!["contracts".into()];
            t.writers = vec![w];
            let mut r = reader("billing", "primary", "orders", 250.0);
            r.planned_resume = Some(ResumeRule::PositionMap);
            t.readers = vec![r];
            t.companions = vec![companion("contracts", &["primary", "standby"])];
            timeline = vec![
                at(30.0, lose("primary")),
                at(
                    32.0,
                    Command::MoveWriter {
                        writer: "checkout".into(),
                        site: "standby".into(),
                    },
                ),
                at(
                    32.0,
                    Command::MoveReader {
                        reader: "billing".into(),
                        site: "standby".into(),
                        rule: ResumeRule::PositionMap,
                    },
                ),
            ];
        }
        "active-active" => {
            t.sites = vec![site("A"), site("B")];
            t.streams = vec![stream("A", "orders", 2), stream("B", "orders", 2)];
            let marker = HopOptions {
                forward_only_local: true,
                ..opts(OriginStamp::Marker)
            };
            t.hops = vec![
                hop(
                    "a-to-b",
                    stream_ref("A", "orders"),
                    stream_ref("B", "orders"),
                    marker.clone(),
                ),
                hop(
                    "b-to-a",
                    stream_ref("B", "orders"),
                    stream_ref("A", "orders"),
                    marker,
                ),
            ];
            t.writers = vec![
                writer("wa", "A", "orders", 200.0),
                writer("wb", "B", "orders", 200.0),
            ];
            t.readers = vec![reader("billing", "A", "orders", 500.0)];
            timeline = vec![at(30.0, lose("A"))];
        }
        "hub-and-spoke" => {
            let spokes = ["north", "south", "west"];
            t.sites = std::iter::once(site("hub"))
                .chain(spokes.iter().map(|s| site(s)))
                .collect();
            t.streams = std::iter::once(stream("hub", "prices", 1))
                .chain(spokes.iter().map(|s| stream(s, "orders", 2)))
                .collect();
            for s in spokes {
                t.hops.push(hop(
                    &format!("{s}-to-hub"),
                    stream_ref(s, "orders"),
                    stream_ref("hub", &format!("{s}.orders")),
                    opts(OriginStamp::QualifiedName),
                ));
                t.hops.push(hop(
                    &format!("hub-to-{s}"),
                    stream_ref("hub", "prices"),
                    stream_ref(s, "hub.prices"),
                    opts(OriginStamp::QualifiedName),
                ));
                t.writers
                    .push(writer(&format!("shop-{s}"), s, "orders", 100.0));
            }
            t.writers.push(writer("pricing", "hub", "prices", 20.0));
            timeline = vec![at(30.0, lose("north"))];
        }
        "ring-of-three" => {
            let sites = ["A", "B", "C"];
            t.sites = sites.iter().map(|s| site(s)).collect();
            t.streams = sites.iter().map(|s| stream(s, "orders", 2)).collect();
            for i in 0..3 {
                let (a, b) = (sites[i], sites[(i + 1) % 3]);
                t.hops.push(hop(
                    &format!("{a}-to-{b}"),
                    stream_ref(a, "orders"),
                    stream_ref(b, "orders"),
                    HopOptions {
                        forward_only_local: false,
                        ..opts(OriginStamp::Marker)
                    },
                ));
                t.writers.push(writer(&format!("w{a}"), a, "orders", 100.0));
            }
            // A marker that only forwards local records stops the loop, and also keeps C's
            // records from passing B on the way to A: the ring needs one hop that does both.
            t.hops[2].options.forward_only_local = true;
            timeline = vec![
                at(
                    20.0,
                    Command::StallHop {
                        hop: "B-to-C".into(),
                    },
                ),
                at(
                    40.0,
                    Command::ResumeHop {
                        hop: "B-to-C".into(),
                    },
                ),
            ];
        }
        "single-writer" => {
            t.sites = vec![site("A"), site("B")];
            t.streams = vec![stream("A", "orders", 2), stream("B", "orders", 2)];
            t.hops = vec![
                hop(
                    "a-to-b",
                    stream_ref("A", "orders"),
                    stream_ref("B", "A.orders"),
                    opts(OriginStamp::QualifiedName),
                ),
                hop(
                    "b-to-a",
                    stream_ref("B", "orders"),
                    stream_ref("A", "B.orders"),
                    opts(OriginStamp::QualifiedName),
                ),
            ];
            t.writers = vec![
                writer("wa", "A", "orders", 200.0),
                writer("wb", "B", "orders", 200.0),
            ];
            let mut r = reader("billing", "A", "orders", 400.0);
            r.planned_resume = Some(ResumeRule::PositionMap);
            t.readers = vec![r];
            timeline = vec![
                at(30.0, lose("A")),
                at(
                    31.0,
                    Command::MoveReader {
                        reader: "billing".into(),
                        site: "B".into(),
                        rule: ResumeRule::PositionMap,
                    },
                ),
            ];
        }
        "fan-in" => {
            let edges = ["east", "west", "north"];
            t.sites = edges
                .iter()
                .map(|s| site(s))
                .chain(std::iter::once(site("aggregate")))
                .collect();
            t.streams = edges
                .iter()
                .map(|s| stream(s, "orders", 2))
                .chain(std::iter::once(stream("aggregate", "orders-all", 6)))
                .collect();
            for s in edges {
                t.hops.push(hop(
                    &format!("{s}-to-aggregate"),
                    stream_ref(s, "orders"),
                    stream_ref("aggregate", "orders-all"),
                    opts(OriginStamp::Marker),
                ));
                t.writers
                    .push(writer(&format!("shop-{s}"), s, "orders", 100.0));
            }
            t.readers = vec![reader("analytics", "aggregate", "orders-all", 400.0)];
            timeline = vec![
                at(
                    25.0,
                    Command::CutLink {
                        hop: "east-to-aggregate".into(),
                    },
                ),
                at(
                    40.0,
                    Command::HealLink {
                        hop: "east-to-aggregate".into(),
                    },
                ),
            ];
        }
        _ => return None,
    }
    Some(Design::from_spec(spec(title, t, timeline)))
}

/// `n` sites, each writing its own `orders`, and `hops` marker-stamped hops between them
/// (for layout tests and the edit benchmark).
pub fn mesh(n: usize, hops: usize) -> Design {
    let mut t = Topology::default();
    let name = |i: usize| format!("S{}", i + 1);
    for i in 0..n {
        t.sites.push(site(&name(i)));
        t.streams.push(stream(&name(i), "orders", 2));
        t.writers
            .push(writer(&format!("w{}", i + 1), &name(i), "orders", 50.0));
    }
    let mut k = 1;
    'outer: loop {
        for i in 0..n {
            if t.hops.len() == hops {
                break 'outer;
            }
            let j = (i + k) % n;
            t.hops.push(hop(
                &format!("{}-to-{}", name(i), name(j)),
                stream_ref(&name(i), "orders"),
                stream_ref(&name(j), "orders"),
                HopOptions {
                    forward_only_local: true,
                    ..opts(OriginStamp::Marker)
                },
            ));
        }
        k += 1;
    }
    Design::from_spec(spec(&format!("mesh of {n}"), t, Vec::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_is_valid_and_lints_as_expected() {
        for t in ALL {
            let d = build(t.id).unwrap();
            d.spec
                .validate()
                .unwrap_or_else(|e| panic!("{}: {e}", t.id));
            let codes: Vec<&str> = hoplab_model::lint(d.topology())
                .iter()
                .map(|f| f.code)
                .collect();
            assert_eq!(codes, t.expected_findings, "{}", t.id);
            // The exported file reads back as the same spec.
            let back = hoplab_model::ScenarioSpec::from_json(&d.to_model_json()).unwrap();
            assert_eq!(back, d.spec, "{}", t.id);
        }
    }

    #[test]
    fn templates_run_without_errors() {
        for t in ALL {
            let d = build(t.id).unwrap();
            let mut sim = hoplab_model::Sim::new(&d.spec, 1).unwrap();
            sim.advance_to(d.spec.duration_ms);
            assert!(
                sim.measures().writers.iter().any(|w| w.acknowledged > 0),
                "{}",
                t.id
            );
        }
    }

    #[test]
    fn the_mesh_has_what_it_says() {
        let d = mesh(20, 60);
        assert_eq!(d.topology().hops.len(), 60);
        d.spec.validate().unwrap();
    }
}
