//! The products' rules over a design's hops (`design_lint`): each holds for the hops whose
//! options name its product, and the same shape of hops without one is left to the model.

use hoplab_copiers::design_lint;
use hoplab_copiers::PresetId;
use hoplab_model::spec::kit::*;
use hoplab_model::spec::{HopOptions, Topology};

fn codes(t: &Topology) -> Vec<&'static str> {
    design_lint(t).into_iter().map(|f| f.code.id()).collect()
}

#[test]
fn a_jetstream_cycle_inside_one_site_is_refused_and_across_sites_loops() {
    let js = HopOptions {
        map_every: None,
        product: Some(PresetId::JetstreamSource.name()),
        ..HopOptions::default()
    };
    let one = hops_between(
        vec![
            hop("x-y", at("A", "X"), at("A", "Y"), js.clone()),
            hop("y-x", at("A", "Y"), at("A", "X"), js.clone()),
        ],
        &["A"],
    );
    assert!(codes(&one).contains(&"jetstream-cycle-refused"));
    assert!(!codes(&one).contains(&"jetstream-cycle-across-domains"));
    let two = hops_between(
        vec![
            hop("e-w", at("E", "X"), at("W", "X"), js.clone()),
            hop("w-e", at("W", "X"), at("E", "X"), js.clone()),
        ],
        &["E", "W"],
    );
    assert!(codes(&two).contains(&"jetstream-cycle-across-domains"));
    // The same cycle with a generic copier names no product.
    let generic = hops_between(
        vec![
            hop("e-w", at("E", "X"), at("W", "X"), HopOptions::default()),
            hop("w-e", at("W", "X"), at("E", "X"), HopOptions::default()),
        ],
        &["E", "W"],
    );
    assert!(!codes(&generic).iter().any(|c| c.starts_with("jetstream")));
    // A chain is no cycle.
    let chain = hops_between(
        vec![hop("e-w", at("E", "X"), at("W", "X"), js)],
        &["E", "W"],
    );
    assert!(!codes(&chain).iter().any(|c| c.starts_with("jetstream")));
}

#[test]
fn shovels_each_way_are_found_and_one_way_is_not() {
    let sh = HopOptions {
        map_every: None,
        commit_interval_ms: 1,
        product: Some(PresetId::RabbitmqShovel.name()),
        ..HopOptions::default()
    };
    let both = hops_between(
        vec![
            hop("a-b", at("A", "x"), at("B", "x"), sh.clone()),
            hop("b-a", at("B", "x"), at("A", "x"), sh.clone()),
        ],
        &["A", "B"],
    );
    assert_eq!(
        codes(&both)
            .iter()
            .filter(|c| **c == "shovels-both-ways")
            .count(),
        1
    );
    assert!(
        !codes(&both).contains(&"echo-loop"),
        "the shovels' own finding says the loop once"
    );
    let one = hops_between(
        vec![hop("a-b", at("A", "x"), at("B", "x"), sh)],
        &["A", "B"],
    );
    assert!(!codes(&one).contains(&"shovels-both-ways"));
}

#[test]
fn a_queue_link_wants_no_position_map_and_a_stream_copier_does() {
    let queue = HopOptions {
        map_every: None,
        product: Some(PresetId::RabbitmqFederationMaxHops.name()),
        ..HopOptions::default()
    };
    let stream_copier = HopOptions {
        map_every: None,
        ..HopOptions::default()
    };
    let t =
        |o: HopOptions| hops_between(vec![hop("a-b", at("A", "x"), at("B", "x"), o)], &["A", "B"]);
    assert!(!codes(&t(queue)).contains(&"no-position-map"));
    assert!(codes(&t(stream_copier)).contains(&"no-position-map"));
}

#[test]
fn cluster_mirrors_each_way_are_found_and_one_way_is_not() {
    let mirror = hoplab_copiers::presets::get(PresetId::KafkaClusterMirror).options;
    let both = hops_between(
        vec![
            hop("a-b", at("A", "x"), at("B", "x"), mirror.clone()),
            hop("b-a", at("B", "x"), at("A", "x"), mirror.clone()),
        ],
        &["A", "B"],
    );
    assert!(codes(&both).contains(&"cluster-mirror-both-ways"));
    let one = hops_between(
        vec![hop("a-b", at("A", "x"), at("B", "x"), mirror)],
        &["A", "B"],
    );
    assert!(!codes(&one).contains(&"cluster-mirror-both-ways"));
}

#[test]
fn a_product_no_preset_stands_for_is_named_and_the_hop_still_runs() {
    let o = HopOptions {
        product: Some(hoplab_model::spec::ProductName::parse("mm3-default").unwrap()),
        ..HopOptions::default()
    };
    let t = hops_between(vec![hop("a-b", at("A", "x"), at("B", "x"), o)], &["A", "B"]);
    let findings = design_lint(&t);
    let f = findings
        .iter()
        .find(|f| f.code == "unknown-product")
        .expect("the unknown product is a finding");
    assert!(
        f.message.contains("'mm3-default'") && f.message.contains("mm2-default"),
        "{}",
        f.message
    );
    let known = hops_between(
        vec![hop(
            "a-b",
            at("A", "x"),
            at("B", "x"),
            hoplab_copiers::presets::get(PresetId::Mm2Default).options,
        )],
        &["A", "B"],
    );
    assert!(!codes(&known).contains(&"unknown-product"));
}
