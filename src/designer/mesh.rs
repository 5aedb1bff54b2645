//! A generated design of any size, for layout tests and the edit benchmark.

use super::design::{stream_ref, Design};
use hoplab_model::spec::kit::{hop, site, stream, writer};
use hoplab_model::spec::{HopOptions, OriginStamp, ScenarioSpec, Topology, FORMAT_VERSION};

/// `n` sites, each writing its own `orders`, and `hops` marker-stamped hops between them.
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
                    stamp: OriginStamp::Marker,
                    forward_only_local: true,
                    ..HopOptions::default()
                },
            ));
        }
        k += 1;
    }
    Design::from_spec(ScenarioSpec {
        version: FORMAT_VERSION,
        name: format!("mesh of {n}"),
        topology: t,
        timeline: Vec::new(),
        duration_ms: 60_000,
        sample_every_ms: 300,
        merge: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mesh_has_what_it_says() {
        let d = mesh(20, 60);
        assert_eq!(d.topology().hops.len(), 60);
        d.spec.validate().unwrap();
    }
}
