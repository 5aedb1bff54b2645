//! The model's side of a case: small constructors so an estate reads as its description.

use hoplab_copiers::presets;
use hoplab_model::spec::*;

/// A preset's hop options (a case names the preset it checks).
pub fn preset(id: presets::PresetId) -> HopOptions {
    presets::get(id).options
}

pub fn sites(names: &[&str]) -> Vec<SiteSpec> {
    names
        .iter()
        .map(|n| SiteSpec {
            name: n.to_string(),
        })
        .collect()
}

pub fn hop(id: &str, from: (&str, &str), to: (&str, &str), options: HopOptions) -> HopSpec {
    let at = |(site, stream): (&str, &str)| StreamRef {
        site: site.into(),
        stream: stream.into(),
    };
    HopSpec {
        id: id.into(),
        from: at(from),
        to: at(to),
        options,
    }
}

/// A writer of `n` records on one key, one every 100 ms from `start_ms`.
pub fn writer(id: &str, site: &str, stream: &str, n: u64, start_ms: u64) -> WriterSpec {
    let mut w = WriterSpec::new(id, site, stream, 10.0);
    w.keys = 1;
    w.start_at_ms = start_ms;
    w.stop_at_ms = Some(start_ms + n * 100);
    w
}

pub fn estate(topology: Topology, duration_ms: u64) -> ScenarioSpec {
    ScenarioSpec {
        version: FORMAT_VERSION,
        name: "real-copier case".into(),
        topology,
        timeline: vec![],
        duration_ms,
        sample_every_ms: 1_000,
        merge: None,
    }
}

/// Sites a and b, each with stream x, a hop a -> b with these options (and b -> a too when
/// `both_ways`), and these writers: the shape of most RabbitMQ cases.
pub fn two_sites(options: HopOptions, both_ways: bool, writers: Vec<WriterSpec>) -> Topology {
    let mut hops = vec![hop("a-to-b", ("a", "x"), ("b", "x"), options.clone())];
    if both_ways {
        hops.push(hop("b-to-a", ("b", "x"), ("a", "x"), options));
    }
    Topology {
        sites: sites(&["a", "b"]),
        streams: vec![StreamSpec::new("a", "x", 1), StreamSpec::new("b", "x", 1)],
        hops,
        writers,
        ..Topology::default()
    }
}
