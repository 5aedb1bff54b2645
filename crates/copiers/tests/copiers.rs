//! Every product the importer reads is a copier `/copiers` compares: the typed id they share
//! names a row of `content/copiers.toml`.

use hoplab_copiers::estate::Product;

#[test]
fn every_imported_product_has_its_row_on_the_copiers_page() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/copiers.toml");
    let table: toml::Value = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let rows: Vec<&str> = table["copiers"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    for p in Product::ALL {
        assert!(
            rows.contains(&p.copier().as_str()),
            "{}: {}",
            p.title(),
            p.copier()
        );
    }
}
