fn main() {
    let text = std::fs::read_to_string("/tmp/dbg/spec.json").unwrap();
    let spec = hoplab_model::ScenarioSpec::from_json(&text).unwrap();
    let mut sim = hoplab_model::Sim::new(&spec, 2890963321117331263).unwrap();
    sim.advance_to(spec.duration_ms);
    let copies = sim.copies_of("a-to-b");
    let v = sim.view(0);
    let hp = &v.hops[0].parts[0];
    println!(
        "copied_upto {} read {} committed {} dense_from {}",
        hp.copied_upto, hp.read_position, hp.committed, hp.map_dense_from
    );
    let pairs: Vec<_> = hp
        .map
        .iter()
        .filter(|p| p.0 >= 1500 && p.0 <= 1700)
        .collect();
    println!("pairs near: {:?}", pairs);
    let near: Vec<_> = copies
        .iter()
        .filter(|c| c.source_position >= 1555 && c.source_position <= 1600)
        .map(|c| (c.source_position, c.target_position, c.duplicate))
        .collect();
    println!("copies near: {:?}", near);
    println!("translate 1561 {:?}", sim.translate("a-to-b", 0, 1561));
    for e in sim.log().filter(|e| e.at_ms > 8000) {
        println!("{} {}", e.at_ms, e.text);
    }
}
