//! Small constructors so a scenario, a template or a test reads as a description, not as
//! struct literals: the scenario library, the site's designer and their tests all use these.

use crate::spec::*;
use crate::time::Millis;

pub fn spec(
    name: &str,
    topology: Topology,
    timeline: Vec<TimedCommand>,
    duration_ms: Millis,
) -> ScenarioSpec {
    ScenarioSpec {
        version: FORMAT_VERSION,
        name: name.to_string(),
        topology,
        timeline,
        duration_ms,
        sample_every_ms: (duration_ms / 200).max(100),
        merge: None,
    }
}

pub fn site(name: &str) -> SiteSpec {
    SiteSpec { name: name.into() }
}

pub fn sites(names: &[&str]) -> Vec<SiteSpec> {
    names.iter().map(|n| site(n)).collect()
}

pub fn stream(site: &str, name: &str, parts: u32) -> StreamSpec {
    StreamSpec::new(site, name, parts)
}

pub fn at(site: &str, stream: &str) -> StreamRef {
    StreamRef {
        site: site.into(),
        stream: stream.into(),
    }
}

pub fn hop(id: &str, from: StreamRef, to: StreamRef, options: HopOptions) -> HopSpec {
    HopSpec {
        id: id.into(),
        from,
        to,
        options,
    }
}

/// `hops` between `site_names`, with a one-part stream at each end they name.
pub fn hops_between(hops: Vec<HopSpec>, site_names: &[&str]) -> Topology {
    let mut streams: Vec<StreamSpec> = Vec::new();
    for h in &hops {
        for s in [&h.from, &h.to] {
            if !streams
                .iter()
                .any(|x| x.site == s.site && x.name == s.stream)
            {
                streams.push(stream(&s.site, &s.stream, 1));
            }
        }
    }
    Topology {
        sites: sites(site_names),
        streams,
        hops,
        ..Topology::default()
    }
}

pub fn writer(id: &str, site: &str, stream: &str, rate_per_sec: f64) -> WriterSpec {
    WriterSpec::new(id, site, stream, rate_per_sec)
}

pub fn reader(id: &str, site: &str, stream: &str, rate_per_sec: f64) -> ReaderSpec {
    ReaderSpec::new(id, site, stream, rate_per_sec)
}

/// A contract store shared by `sites`.
pub fn companion(name: &str, sites: &[&str]) -> CompanionSpec {
    CompanionSpec {
        name: name.into(),
        kind: "contract-store".into(),
        sites: sites.iter().map(|s| s.to_string()).collect(),
    }
}

pub fn cmd(at_s: f64, command: Command) -> TimedCommand {
    TimedCommand {
        at_ms: (at_s * 1000.0).round() as Millis,
        command,
    }
}

pub fn secs(s: f64) -> Millis {
    (s * 1000.0).round() as Millis
}

pub fn s(x: &str) -> String {
    x.to_string()
}

/// Copier-naming for a stamp choice: qualified names change the target stream.
pub fn stamped_target(site: &str, from_site: &str, stream: &str, stamp: OriginStamp) -> StreamRef {
    match stamp {
        OriginStamp::QualifiedName => at(site, &format!("{from_site}.{stream}")),
        _ => at(site, stream),
    }
}
