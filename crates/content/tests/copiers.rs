//! `content/copiers.toml` parses, every row answers for every column, has sources and links
//! only cards that exist; and the checks themselves catch each kind of broken row.

use std::path::{Path, PathBuf};

use hoplab_content::copiers::{parse, validate, CopierTable, Unchecked};
use hoplab_content::source::read_content;
use hoplab_copiers::PresetId;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn real_table() -> (CopierTable, Vec<String>) {
    let text = std::fs::read_to_string(repo_root().join("content/copiers.toml")).unwrap();
    let table = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let content = read_content(&repo_root().join("content")).unwrap_or_else(|e| panic!("{e}"));
    let slugs = content.cards.iter().map(|(_, c)| c.slug.clone()).collect();
    (table, slugs)
}

/// The table as the export validates it: with `content/real-copiers.json`'s runs attached.
fn real_table_with_runs() -> (CopierTable, Vec<String>) {
    let (mut table, slugs) = real_table();
    let json = std::fs::read_to_string(repo_root().join("content/real-copiers.json")).unwrap();
    hoplab_content::copiers::attach_real_runs(&mut table, &json).unwrap_or_else(|e| panic!("{e}"));
    (table, slugs)
}

fn problems(table: &CopierTable, slugs: &[String]) -> Vec<String> {
    let slugs: Vec<&str> = slugs.iter().map(String::as_str).collect();
    validate(table, &slugs)
}

#[test]
fn the_comparison_keeps_the_rules() {
    // As the export reads it: the real runs attached first, since a row's
    // `[[copiers.unchecked]]` entries are checked against its run.
    let (table, slugs) = real_table_with_runs();
    let problems = problems(&table, &slugs);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_copier_the_issue_names_has_a_row() {
    let (table, _) = real_table();
    let ids: Vec<&str> = table.copiers.iter().map(|c| c.id.as_str()).collect();
    for id in [
        "mirrormaker-2",
        "cluster-linking",
        "redpanda-shadowing",
        "pulsar-geo-replication",
        "jetstream-mirror",
        "jetstream-source",
        "rabbitmq-federation",
        "rabbitmq-shovel",
        "msk-replicator",
        "event-hubs-geo-replication",
    ] {
        assert!(ids.contains(&id), "no row `{id}` in {ids:?}");
    }
}

#[test]
fn every_preset_the_designer_provides_is_linked_from_some_row() {
    let (table, _) = real_table();
    for preset in PresetId::ALL {
        assert!(
            table.copiers.iter().any(|c| c.presets.contains(&preset)),
            "no row links preset `{preset}`"
        );
    }
}

#[test]
fn a_row_missing_a_column_does_not_parse_and_the_column_is_named() {
    let text = std::fs::read_to_string(repo_root().join("content/copiers.toml")).unwrap();
    let start = text.find("[copiers.carries.schemas]").unwrap();
    let end = start
        + text[start..]
            .find("[copiers.carries.access_rules]")
            .unwrap();
    let broken = format!("{}{}", &text[..start], &text[end..]);
    let error = parse(&broken).unwrap_err();
    assert!(error.contains("schemas"), "{error}");
}

#[test]
fn catches_missing_sources_a_dangling_card_and_an_empty_note() {
    let (mut table, slugs) = real_table();
    let row = &mut table.copiers[0];
    row.sources.clear();
    row.cards.push("no-such-card".into());
    row.carries.timestamps.note = " ".into();
    let found = problems(&table, &slugs).join("\n");
    for expected in [
        "lists no sources",
        "`no-such-card`",
        "`Timestamps` cell has no note",
    ] {
        assert!(
            found.contains(expected),
            "missing {expected:?} in:\n{found}"
        );
    }
}

#[test]
fn catches_a_source_without_a_secure_address() {
    let (mut table, slugs) = real_table();
    table.copiers[1].sources[0].url = "http://example.org/page".into();
    let found = problems(&table, &slugs).join("\n");
    assert!(found.contains("must be an https:// address"), "{found}");
}

#[test]
fn catches_a_source_without_a_quote_naming_the_file_and_the_source() {
    let (mut table, slugs) = real_table();
    let id = table.copiers[1].id;
    let url = table.copiers[1].sources[0].url.clone();
    table.copiers[1].sources[0].quote.clear();
    let found = problems(&table, &slugs).join("\n");
    assert!(
        found.contains(&format!("{id}: copiers.toml: source 1"))
            && found.contains(&url)
            && found.contains("has no `quote`"),
        "{found}"
    );
}

#[test]
fn a_row_naming_a_preset_the_model_does_not_have_is_refused_as_the_table_is_read() {
    let text = std::fs::read_to_string(repo_root().join("content/copiers.toml")).unwrap();
    let broken = text.replacen(
        "presets = [\"mm2-default\"",
        "presets = [\"no-such-preset\"",
        1,
    );
    assert_ne!(broken, text, "the table names mm2-default");
    let err = parse(&broken).unwrap_err();
    assert!(
        err.contains("'no-such-preset' is not a preset Hoplab knows"),
        "{err}"
    );
}

#[test]
fn the_real_copier_runs_attach_to_their_rows() {
    let (mut table, _) = real_table();
    let json = std::fs::read_to_string(repo_root().join("content/real-copiers.json"))
        .expect("content/real-copiers.json (scripts/real-copiers.sh --write)");
    hoplab_content::copiers::attach_real_runs(&mut table, &json).unwrap_or_else(|e| panic!("{e}"));
    for id in [
        "jetstream-mirror",
        "jetstream-source",
        "rabbitmq-federation",
        "rabbitmq-shovel",
    ] {
        let row = table.copiers.iter().find(|r| r.id.as_str() == id).unwrap();
        let run = row
            .checked
            .as_ref()
            .unwrap_or_else(|| panic!("{id} has no real run"));
        assert!(
            !run.cases.is_empty() && run.server.contains(char::is_numeric),
            "{id}: {run:?}"
        );
        assert!(!run.cases.is_empty(), "{id}");
    }
    // A JetStream case ran on each nats-server release, the data file names them all,
    // and the promoted mirror is among the cases.
    let mirror = table
        .copiers
        .iter()
        .find(|r| r.id.as_str() == "jetstream-mirror")
        .and_then(|r| r.checked.as_ref())
        .unwrap();
    for case in &mirror.cases {
        let releases: Vec<&str> = case.releases.iter().map(|r| r.release.as_str()).collect();
        assert!(
            releases.len() >= 6 && releases.contains(&"2.9.10") && releases.contains(&"2.15.1"),
            "{}: {releases:?}",
            case.id
        );
        assert_eq!(
            case.agrees,
            case.releases.iter().all(|r| r.agrees),
            "{}",
            case.id
        );
    }
    assert!(mirror
        .cases
        .iter()
        .any(|c| c.id == "jetstream-mirror-promoted-in-place"));
    assert!(
        mirror.server.contains("2.9.10") && mirror.server.contains("2.12.8"),
        "{}",
        mirror.server
    );
    let mirror_maker = table
        .copiers
        .iter()
        .find(|r| r.id.as_str() == "mirrormaker-2")
        .unwrap();
    assert!(
        mirror_maker.checked.is_none(),
        "no MirrorMaker 2 server runs here"
    );
}

#[test]
fn a_real_run_naming_an_unknown_copier_is_refused() {
    let (mut table, _) = real_table();
    let json = r#"{"ran_on": "2026-12-02", "servers": {"nats-server": "2.9.10"},
        "cases": [{"id": "c", "copier": "no-such-copier", "server": "nats-server",
                   "title": "t", "preset": "jetstream-source", "agrees": true}]}"#;
    let err = hoplab_content::copiers::attach_real_runs(&mut table, json).unwrap_err();
    assert!(err.contains("no-such-copier"), "{err}");
}

#[test]
fn every_row_with_a_real_run_lists_a_newer_behaviour_it_could_not_check() {
    let (table, slugs) = real_table_with_runs();
    let mut rows_with_runs = 0;
    for row in &table.copiers {
        let Some(run) = &row.checked else { continue };
        rows_with_runs += 1;
        assert!(
            !row.unchecked.is_empty(),
            "{}: ran on {} but lists no `[[copiers.unchecked]]` newer behaviour",
            row.id,
            run.server
        );
    }
    assert!(rows_with_runs >= 4, "{rows_with_runs} rows with real runs");
    // With the runs attached, as the export validates it, the table keeps every rule
    // (each `since` newer than the server its row ran on).
    let problems = problems(&table, &slugs);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn catches_broken_unchecked_entries_and_one_on_a_row_without_a_real_run() {
    let (mut table, slugs) = real_table_with_runs();
    let broken = Unchecked {
        since: "nats-server 2.9".into(),
        what: " ".into(),
        url: "http://example.org/notes".into(),
        quote: String::new(),
    };
    let mirror = table
        .copiers
        .iter_mut()
        .find(|r| r.id.as_str() == "jetstream-mirror")
        .unwrap();
    mirror.unchecked.push(broken.clone());
    let n = mirror.unchecked.len();
    let no_run = table
        .copiers
        .iter_mut()
        .find(|r| r.id.as_str() == "mirrormaker-2")
        .unwrap();
    assert!(no_run.checked.is_none());
    no_run.unchecked.push(Unchecked {
        since: "later".into(),
        ..broken
    });
    let found = problems(&table, &slugs).join("\n");
    for expected in [
        format!("jetstream-mirror: unchecked behaviour {n} has an empty `what`"),
        format!("jetstream-mirror: unchecked behaviour {n} has no `quote`"),
        format!("jetstream-mirror: unchecked behaviour {n} has url `http://example.org/notes`; it must be an https:// address"),
        format!("jetstream-mirror: unchecked behaviour {n} (since nats-server 2.9) is not newer than nats-server 2.9.10"),
        "mirrormaker-2: lists `[[copiers.unchecked]]` behaviours but has no real run".to_string(),
        "mirrormaker-2: unchecked behaviour 1 has `since` `later`; name the product and the version".to_string(),
    ] {
        assert!(found.contains(&expected), "missing {expected:?} in:\n{found}");
    }
}
