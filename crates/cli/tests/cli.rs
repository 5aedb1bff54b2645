//! The command line: exit codes an architect's CI can rely on.

use std::process::Command;

fn hoplab(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hoplab"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn write_temp(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("hoplab-test-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn scenarios_lists_every_library_scenario() {
    let (code, out, _) = hoplab(&["scenarios"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), hoplab_model::scenarios::NAMES.len());
}

#[test]
fn export_then_lint_exits_one_on_findings_and_zero_when_clean() {
    let (code, echo, _) = hoplab(&["export", "echo-loop"]);
    assert_eq!(code, 0);
    let path = write_temp("echo.json", &echo);
    let (code, out, _) = hoplab(&["lint", &path]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("echo-loop") && out.contains("see card: echo-loop"));
    let (_, clean, _) = hoplab(&["export", "single-writer-streams"]);
    let path = write_temp("clean.json", &clean);
    assert_eq!(hoplab(&["lint", &path]).0, 0);
}

#[test]
fn a_bad_file_exits_two_with_the_field_named() {
    let path = write_temp(
        "bad.json",
        r#"{"version": 1, "topology": {"sites": [{"name": "A"}], "writers": [{"id": "w", "site": "Z", "stream": "s", "rate_per_sec": 1}]}}"#,
    );
    let (code, _, err) = hoplab(&["lint", &path]);
    assert_eq!(code, 2);
    assert!(err.contains("topology.writers[0].site"), "{err}");
    assert_eq!(hoplab(&["run", "no-such-scenario"]).0, 2);
    assert_eq!(hoplab(&["frobnicate"]).0, 2);
}

#[test]
fn run_prints_json_measures() {
    let (code, out, err) = hoplab(&[
        "run",
        "stall-and-backlog",
        "--json",
        "--until",
        "30",
        "--seed",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["at_ms"], 30_000);
    assert!(v["hops"][0]["uncopied_tail"].as_u64().unwrap() > 0);
    let (code, _, err) = hoplab(&["run", "echo-loop", "--knob", "stamp=hat"]);
    assert_eq!(code, 2);
    assert!(err.contains("stamp"), "{err}");
}

#[test]
fn a_qualified_name_loop_fails_the_lint_with_the_echo_loop_card() {
    let path = write_temp(
        "qualified.json",
        r#"{"version": 1, "topology": {"sites": [{"name": "A"}, {"name": "B"}],
          "streams": [{"site": "A", "name": "orders"}],
          "hops": [
            {"id": "a-b", "from": {"site": "A", "stream": "orders"}, "to": {"site": "B", "stream": "A.orders"}, "options": {"stamp": "qualified-name"}},
            {"id": "b-a", "from": {"site": "B", "stream": "A.orders"}, "to": {"site": "A", "stream": "B.A.orders"}, "options": {"stamp": "qualified-name"}}
          ]}}"#,
    );
    let (code, out, _) = hoplab(&["lint", &path]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("qualified-name-loop [b-a]") && out.contains("see card: echo-loop"),
        "{out}"
    );
    assert!(!out.contains("[a-b]"), "{out}");
}

#[test]
fn a_run_past_its_budget_prints_the_partial_result_and_says_so() {
    let (code, out, err) = hoplab(&["run", "echo-loop", "--max-events", "300", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["stopped"]["limit"], "events");
    assert!(
        err.contains("stopped at") && err.contains("--max-events"),
        "{err}"
    );
    let (_, text, err) = hoplab(&["run", "echo-loop", "--max-blocks", "50"]);
    assert!(text.starts_with("PARTIAL RESULT: stopped at"), "{text}");
    assert!(err.contains("--max-blocks"), "{err}");
    // The flag's old name (from when blocks were called runs) still works.
    let (_, old, _) = hoplab(&["run", "echo-loop", "--max-runs", "50"]);
    assert_eq!(old, text);
}

#[test]
fn usage_errors_exit_two_and_help_exits_zero() {
    assert_eq!(hoplab(&["run"]).0, 2);
    assert_eq!(hoplab(&["run", "echo-loop", "--seed", "x"]).0, 2);
    assert_eq!(hoplab(&["run", "echo-loop", "--until", "-1"]).0, 2);
    assert_eq!(hoplab(&["export", "echo-loop", "--knob", "stamp"]).0, 2);
    let (code, out, _) = hoplab(&["--help"]);
    assert_eq!(code, 0);
    for sub in ["run", "lint", "scenarios", "export", "bench", "fingerprint"] {
        assert!(out.contains(sub), "{sub} in {out}");
    }
}

#[test]
fn run_prices_each_hops_egress_from_a_record_size() {
    // stall-and-backlog's hop copies 18,000 records in 90 s: 200 records/s.
    let (code, out, err) = hoplab(&[
        "run",
        "stall-and-backlog",
        "--record-bytes",
        "1000",
        "--price-per-gb",
        "0.02",
    ]);
    assert_eq!(code, 0, "{err}");
    // 200 × 1,000 bytes × 86,400 s = 17.28 GB/day; × $0.02 = $0.3456/day, $10.368/month.
    assert!(
        out.contains("egress: ~17.3 GB/day crossing (17,280,000,000 bytes/day")
            && out.contains("≈ $0.35/day, ≈ $10.37/month at $0.02/GB"),
        "{out}"
    );
    let (code, out, err) = hoplab(&[
        "run",
        "stall-and-backlog",
        "--json",
        "--record-bytes",
        "1000",
        "--price-per-gb",
        "0.02",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let e = &v["hops"][0]["egress"];
    assert_eq!(e["bytes_per_day"], 17_280_000_000.0);
    assert_eq!(e["gb_per_day"], 17.28);
    assert!(
        (e["cost_per_day"].as_f64().unwrap() - 0.3456).abs() < 1e-9,
        "{e}"
    );
    // Bytes without a price; neither without a record size.
    let (_, out, _) = hoplab(&["run", "stall-and-backlog", "--record-bytes", "1000"]);
    assert!(
        out.contains("~17.3 GB/day crossing") && !out.contains('$'),
        "{out}"
    );
    let (_, out, _) = hoplab(&["run", "stall-and-backlog", "--json"]);
    assert!(!out.contains("egress"), "{out}");
}

#[test]
fn a_bad_record_size_or_price_exits_two_and_says_why() {
    for (args, says) in [
        (vec!["--record-bytes", "-1"], "cannot be negative"),
        (
            vec!["--record-bytes", "lots"],
            "not a whole number of bytes",
        ),
        (vec!["--record-bytes", "0"], "1 byte or more"),
        (
            vec!["--record-bytes", "10", "--price-per-gb", "-0.5"],
            "cannot be negative",
        ),
        (
            vec!["--record-bytes", "10", "--price-per-gb", "cheap"],
            "not a price in dollars per GB",
        ),
        (vec!["--price-per-gb", "0.02"], "--record-bytes"),
    ] {
        let mut all = vec!["run", "stall-and-backlog"];
        all.extend(&args);
        let (code, out, err) = hoplab(&all);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// A ring A -> B -> C -> A with `{"hop-budget": budget}` and one writer at A.
fn ring_file(budget: u8) -> String {
    let hop = |id: &str, from: &str, to: &str| {
        format!(
            r#"{{"id": "{id}", "from": {{"site": "{from}", "stream": "s"}}, "to": {{"site": "{to}", "stream": "s"}}, "options": {{"stamp": {{"hop-budget": {budget}}}}}}}"#
        )
    };
    let spec = format!(
        r#"{{"version": 1, "duration_ms": 5000, "topology": {{"sites": [{{"name": "A"}}, {{"name": "B"}}, {{"name": "C"}}],
          "streams": [{{"site": "A", "name": "s"}}, {{"site": "B", "name": "s"}}, {{"site": "C", "name": "s"}}],
          "writers": [{{"id": "w", "site": "A", "stream": "s", "rate_per_sec": 10, "stop_at_ms": 1000}}],
          "hops": [{}, {}, {}]}}}}"#,
        hop("ab", "A", "B"),
        hop("bc", "B", "C"),
        hop("ca", "C", "A")
    );
    write_temp(&format!("ring-{budget}.json"), &spec)
}

#[test]
fn run_shows_which_sites_hold_each_origins_records() {
    // One hop of budget: C never receives A's records.
    let (code, out, err) = hoplab(&["run", &ring_file(1)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("coverage of A/s: A 10; B 10; C none"), "{out}");
    let (_, out, _) = hoplab(&["run", &ring_file(2)]);
    assert!(out.contains("coverage of A/s: A 10; B 10; C 10"), "{out}");
    let (_, out, _) = hoplab(&["run", &ring_file(1), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let sites = &v["coverage"][0]["sites"];
    assert_eq!(v["coverage"][0]["origin"], "A");
    assert_eq!(sites[2]["site"], "C");
    assert_eq!(sites[2]["records"], 0);
    assert_eq!(sites[1]["copies"], 10);
}

fn fixture(name: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/import")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn import_prints_the_model_file_and_the_report_on_stderr() {
    let (code, out, err) = hoplab(&["import", &fixture("mm2-kafka-sample.properties")]);
    assert_eq!(code, 0, "{err}");
    let spec = hoplab_model::ScenarioSpec::from_json(&out).unwrap();
    assert_eq!(spec.topology.hops.len(), 2);
    assert!(err.contains("read: ") && err.contains("default: "), "{err}");
}

#[test]
fn import_names_file_line_and_key_and_exits_two() {
    let path = fixture("mm2-bad-number.properties");
    let (code, out, err) = hoplab(&["import", &path]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains("mm2-bad-number.properties:4: offset.lag.max:"),
        "{err}"
    );
    let (code, _, err) = hoplab(&["import", "/no/such/file.properties"]);
    assert_eq!(code, 2);
    assert!(err.contains("/no/such/file.properties"), "{err}");
    let (code, _, err) = hoplab(&["import", &fixture("broken-billion-laughs.yaml")]);
    assert_eq!(code, 2);
    assert!(err.contains("nodes"), "{err}");
}

#[test]
fn import_takes_a_format_and_sites() {
    let (e, w) = (fixture("nats-east.json"), fixture("nats-west.json"));
    let (code, out, err) = hoplab(&[
        "import",
        &e,
        &w,
        "--format",
        "nats",
        "--site",
        &format!("east={e}"),
        "--site",
        &format!("west={w}"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("\"east\"") && out.contains("\"west\""),
        "{out}"
    );
    assert_eq!(hoplab(&["import", &e, "--format", "kafka"]).0, 2);
    let (code, _, err) = hoplab(&["import", &e, "--site", "x=/no/such/file.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("/no/such/file.json"), "{err}");
    assert_eq!(hoplab(&["import", &e, "--site", "x"]).0, 2);
}

/// Issue 44: the files `--site NAME=FILE` names are read, with no other files given; a
/// file given both ways (however its path is spelt) is read once.
#[test]
fn import_reads_the_files_its_sites_name() {
    fn site_names(out: &str) -> Vec<String> {
        let spec = hoplab_model::ScenarioSpec::from_json(out).unwrap();
        let mut names: Vec<String> = spec.topology.sites.into_iter().map(|s| s.name).collect();
        names.sort_unstable();
        names
    }
    let (e, w) = (fixture("nats-east.json"), fixture("nats-west.json"));
    let (se, sw) = (format!("east={e}"), format!("west={w}"));
    let (code, alone, err) = hoplab(&["import", "--site", &se, "--site", &sw]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(site_names(&alone), ["east", "west"]);
    assert_eq!(err.matches("read: ").count(), 2, "{err}");
    // With the files given as well, all or some of them (however a path is spelt), each
    // file is read once: the files given come first, then those only --site names.
    let e_again = fixture("../import/nats-east.json");
    for files in [vec![&e, &w], vec![&e], vec![&e_again], vec![&w]] {
        let mut args = vec!["import"];
        args.extend(files.iter().map(|f| f.as_str()));
        args.extend(["--site", &se, "--site", &sw]);
        let (code, out, err) = hoplab(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_eq!(err.matches("read: ").count(), 2, "{args:?}: {err}");
        assert_eq!(site_names(&out), ["east", "west"], "{args:?}");
        if files[0] == &e {
            assert_eq!(out, alone, "{args:?}");
        }
    }
    // Nothing to read is still a usage error.
    assert_eq!(hoplab(&["import"]).0, 2);
}

/// Issue 44: `lint --site NAME=FILE` alone lints those files, as with them named too.
#[test]
fn lint_reads_the_files_its_sites_name() {
    let (e, w) = (fixture("nats-east.json"), fixture("nats-west.json"));
    let (se, sw) = (format!("east={e}"), format!("west={w}"));
    let alone = hoplab(&["lint", "--site", &se, "--site", &sw]);
    assert!(alone.0 == 0 || alone.0 == 1, "{}", alone.2);
    assert!(alone.1.contains(&e) && alone.1.contains(&w), "{}", alone.1);
    assert_eq!(
        alone,
        hoplab(&["lint", &e, &w, "--site", &se, "--site", &sw])
    );
    assert_eq!(alone, hoplab(&["lint", &e, "--site", &se, "--site", &sw]));
    let json = hoplab(&["lint", "--json", "--site", &se, "--site", &sw]);
    assert_eq!(json.0, alone.0);
    assert!(
        serde_json::from_str::<serde_json::Value>(&json.1).is_ok(),
        "{}",
        json.1
    );
    assert_eq!(hoplab(&["lint"]).0, 2);
}

#[test]
fn lint_reads_every_format_and_gates_on_findings() {
    let (code, out, _) = hoplab(&["lint", &fixture("mm2-identity-both-ways.properties")]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("mm2-identity-loop") && out.contains("see card: echo-loop"),
        "{out}"
    );
    assert!(out.contains("evidence: https://"), "{out}");
    let ring: Vec<String> = ["a", "b", "c"]
        .iter()
        .map(|b| fixture(&format!("rabbitmq-ring-{b}.json")))
        .collect();
    let args: Vec<&str> = std::iter::once("lint")
        .chain(ring.iter().map(String::as_str))
        .collect();
    let (code, out, _) = hoplab(&args);
    assert_eq!(code, 1);
    assert!(out.contains("hop-budget-short-of-ring"), "{out}");
    let (code, out, _) = hoplab(&["lint", &fixture("redpanda-shadow.yaml")]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("no findings"), "{out}");
    let (code, _, err) = hoplab(&["lint", &fixture("broken-malformed.json")]);
    assert_eq!(code, 2);
    assert!(err.contains("broken-malformed.json:3"), "{err}");
}

#[test]
fn export_config_onto_the_original_keeps_its_addresses_and_settings() {
    let original = fixture("mm2-deployed.properties");
    let (_, design, _) = hoplab(&["import", &original]);
    let path = write_temp("deployed.json", &design);
    let (code, out, err) = hoplab(&[
        "export-config",
        &path,
        "--to",
        "mm2-properties",
        "--onto",
        &original,
    ]);
    assert_eq!(code, 0, "{err}");
    for kept in [
        "east.bootstrap.servers = kafka-e1.corp:9093, kafka-e2.corp:9093",
        "east->west.sync.group.offsets.enabled = true",
        "replication.factor = 3",
    ] {
        assert!(out.contains(kept), "{kept}\n{out}");
    }
    let (_, afresh, _) = hoplab(&["export-config", &path, "--to", "mm2-properties"]);
    assert!(!afresh.contains("kafka-e1.corp"), "{afresh}");
}

#[test]
fn export_config_writes_each_product_s_file_and_it_lints_the_same() {
    let (_, design, _) = hoplab(&["import", &fixture("mm2-identity-both-ways.properties")]);
    let path = write_temp("imported.json", &design);
    for to in ["mm2-properties", "strimzi", "nats", "rabbitmq", "msk"] {
        let (code, out, err) = hoplab(&["export-config", &path, "--to", to]);
        assert_eq!(code, 0, "{to}: {err}");
        assert!(!out.trim().is_empty(), "{to}");
    }
    let (_, props, _) = hoplab(&["export-config", &path, "--to", "mm2-properties"]);
    let back = write_temp("back.properties", &props);
    let (code, out, _) = hoplab(&["lint", &back]);
    assert_eq!(code, 1);
    assert!(out.contains("mm2-identity-loop"), "{out}");
    assert_eq!(
        hoplab(&["export-config", &path, "--to", "redpanda-shadow"]).0,
        2
    );
    assert_eq!(
        hoplab(&["export-config", "/no/such.json", "--to", "msk"]).0,
        2
    );
}

/// A RabbitMQ ring of three brokers' files and NATS east and west: one file per broker or
/// domain, onto each, in the order given and under its name, none an array or carrying
/// Hoplab's own keys; printed with a header each when no --out-dir.
#[test]
fn export_config_writes_one_file_per_broker_or_domain_onto_each() {
    for (to, names) in [
        (
            "rabbitmq",
            vec![
                "rabbitmq-ring-b.json",
                "rabbitmq-ring-a.json",
                "rabbitmq-ring-c.json",
            ],
        ),
        ("nats", vec!["nats-west.json", "nats-east.json"]),
    ] {
        // Copies, so that nothing here can write over the fixtures.
        let src = std::env::temp_dir().join(format!("hoplab-test-{}-{to}-src", std::process::id()));
        std::fs::create_dir_all(&src).unwrap();
        let originals: Vec<String> = names
            .iter()
            .map(|n| {
                std::fs::copy(fixture(n), src.join(n)).unwrap();
                src.join(n).to_string_lossy().into_owned()
            })
            .collect();
        let mut args: Vec<&str> = vec!["import"];
        args.extend(originals.iter().map(String::as_str));
        let (code, design, err) = hoplab(&args);
        assert_eq!(code, 0, "{err}");
        let path = write_temp(&format!("{to}-estate.json"), &design);
        let dir = std::env::temp_dir().join(format!("hoplab-test-{}-{to}-out", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let dir_s = dir.to_string_lossy().into_owned();
        let mut args: Vec<&str> = vec!["export-config", &path, "--to", to];
        for o in &originals {
            args.extend(["--onto", o.as_str()]);
        }
        let (code, printed, err) = hoplab(&args);
        assert_eq!(code, 0, "{err}");
        let headers: Vec<&str> = printed.lines().filter(|l| l.starts_with("==> ")).collect();
        let expected: Vec<String> = names.iter().map(|n| format!("==> {n} <==")).collect();
        assert_eq!(headers, expected, "{printed}");
        args.extend(["--out-dir", dir_s.as_str()]);
        let (code, out, err) = hoplab(&args);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.lines().count(), names.len(), "{out}");
        let mut listed: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        listed.sort();
        let mut want: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        want.sort();
        assert_eq!(listed, want);
        for (n, line) in names.iter().zip(out.lines()) {
            assert!(line.contains(n), "in the order given: {out}");
            let text = std::fs::read_to_string(dir.join(n)).unwrap();
            assert!(!text.contains("hoplab"), "{n}: {text}");
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            if to == "rabbitmq" {
                assert!(v.is_object(), "{n}: one broker's definitions\n{text}");
                let original = std::fs::read_to_string(src.join(n)).unwrap();
                let o: serde_json::Value = serde_json::from_str(&original).unwrap();
                assert_eq!(v["global_parameters"], o["global_parameters"], "{n}");
            }
        }
        // The files read back as the same design.
        let mut args: Vec<String> = vec!["import".into()];
        args.extend(
            names
                .iter()
                .map(|n| dir.join(n).to_string_lossy().into_owned()),
        );
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, again, err) = hoplab(&args);
        assert_eq!(code, 0, "{err}");
        let hops = |t: &str| {
            let v: serde_json::Value = serde_json::from_str(t).unwrap();
            let mut h: Vec<String> = v["topology"]["hops"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| format!("{}>{}", h["from"], h["to"]))
                .collect();
            h.sort();
            h
        };
        assert_eq!(hops(&again), hops(&design), "{to}");
        // Never written over an original.
        let mut over: Vec<&str> = vec!["export-config", &path, "--to", to];
        for o in &originals {
            over.extend(["--onto", o.as_str()]);
        }
        let src_s = src.to_string_lossy().into_owned();
        over.extend(["--out-dir", src_s.as_str()]);
        let (code, _, err) = hoplab(&over);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("written over the original"), "{err}");
        for (n, o) in names.iter().zip(&originals) {
            assert_eq!(
                std::fs::read_to_string(o).unwrap(),
                std::fs::read_to_string(fixture(n)).unwrap()
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_dir_all(&src);
    }
}

fn resume_fixtures() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/resume/");
    ["offset-syncs.txt", "checkpoints.txt", "consumer-groups.txt"]
        .iter()
        .map(|f| format!("{dir}{f}"))
        .collect()
}

/// The answers worked by hand in tests/resume/README.md.
#[test]
fn resume_answers_each_group_and_partition_as_worked_by_hand() {
    let files = resume_fixtures();
    let mut args: Vec<&str> = vec!["resume", "--json"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, err) = hoplab(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let row = |group: &str, partition: u64| {
        v["partitions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["group"] == group && p["partition"] == partition)
            .cloned()
            .unwrap()
    };
    let b0 = row("billing", 0);
    assert_eq!(
        (
            b0["resume_at"].as_u64(),
            b0["translated_now"].as_u64(),
            b0["replay_at_most"].as_u64()
        ),
        (Some(911), Some(1_011), Some(119))
    );
    assert_eq!(
        b0["checkpoint"],
        serde_json::json!({"upstream": 950, "downstream": 911})
    );
    let b1 = row("billing", 1);
    assert_eq!(
        (b1["resume_at"].as_u64(), b1["replay_at_most"].as_u64()),
        (Some(1_501), Some(399))
    );
    let a0 = row("audit", 0);
    assert_eq!(
        (
            a0["checkpoint"].is_null(),
            a0["translated_now"].as_u64(),
            a0["skipped"].as_u64()
        ),
        (true, Some(411), Some(590))
    );
    assert!(row("audit", 1)["notes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n["code"] == "never-committed"));
    // The reset plan for the target.
    let mut args: Vec<&str> = vec!["resume", "--reset-plan", "billing"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, _) = hoplab(&args);
    assert_eq!(
        (code, out.as_str()),
        (0, "primary.orders,0,911\nprimary.orders,1,1501\n")
    );
}

#[test]
fn resume_names_the_file_and_line_it_cannot_read_and_exits_two() {
    let cut = write_temp("cut.txt", "OffsetSync{topicPartition=orders-0, upstreamOffset=1, downstreamOffset=1}\nOffsetSync{topicPartition=orders-0, upstre\n");
    let (code, _, err) = hoplab(&["resume", &cut]);
    assert_eq!(code, 2);
    assert!(
        err.contains("cut.txt:2") && err.contains("cut short"),
        "{err}"
    );
    let (code, _, err) = hoplab(&["resume", "--kafka-version", "three", &cut]);
    assert_eq!(code, 2, "{err}");
}

/// A challenge's reference design as a file the designer would export, changed by `edit`.
fn challenge_design(id: &str, edit: impl Fn(&mut serde_json::Value)) -> String {
    let text = std::fs::read_to_string(format!(
        "{}/../../content/challenges/{id}.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let c: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut spec = serde_json::json!({"version": 1, "name": "mine", "duration_ms": 60000, "topology": c["reference"]});
    edit(&mut spec["topology"]);
    write_temp(&format!("{id}-design.json"), &spec.to_string())
}

#[test]
fn challenges_are_listed_and_a_design_is_graded_with_exit_codes_a_ci_can_use() {
    let (code, out, _) = hoplab(&["challenges"]);
    assert_eq!(code, 0);
    assert!(out.lines().count() >= 8, "{out}");
    assert!(out.lines().any(|l| l.starts_with("dr-one-way\t")));
    let good = challenge_design("dr-one-way", |_| {});
    let (code, out, err) = hoplab(&["grade", "dr-one-way", &good, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["challenge"].as_str(), v["passed"].as_bool()),
        (Some("dr-one-way"), Some(true))
    );
    for r in v["requirements"].as_array().unwrap() {
        for key in ["id", "passed", "target", "measured", "card", "seed"] {
            assert!(!r[key].is_null(), "{key} in {r}");
        }
    }
    // Readers that start at the end on the standby skip what they had not settled.
    let skips = challenge_design("dr-one-way", |t| {
        t["readers"][0]["planned_resume"] = "end".into()
    });
    let (code, out, _) = hoplab(&["grade", "dr-one-way", &skips]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("MISS no-skip") && out.contains("see card: reader-resume"),
        "{out}"
    );
    // A design that drops a given, and a challenge that does not exist.
    let dropped = challenge_design("dr-one-way", |t| t["writers"] = serde_json::json!([]));
    let (code, _, err) = hoplab(&["grade", "dr-one-way", &dropped]);
    assert_eq!(code, 2);
    assert!(err.contains("drops or changes a given: writer w"), "{err}");
    let (code, _, err) = hoplab(&["grade", "no-such-brief", &good]);
    assert_eq!(code, 2);
    assert!(err.contains("no-such-brief is not a challenge"), "{err}");
    // A writer that stops at once would never lose a payment: every field is a given.
    let idle = challenge_design("dr-one-way", |t| t["writers"][0]["stop_at_ms"] = 0.into());
    let (code, _, err) = hoplab(&["grade", "dr-one-way", &idle]);
    assert_eq!(code, 2);
    assert!(
        err.contains("writer w") && err.contains("its stop (ms) is never in the brief and 0"),
        "{err}"
    );
}

#[test]
fn a_grade_names_its_seeds_and_fewer_than_the_brief_asks_is_practice_never_a_pass() {
    let good = challenge_design("dr-one-way", |_| {});
    let (code, out, err) = hoplab(&[
        "grade",
        "dr-one-way",
        &good,
        "--on-seeds",
        "7,99,3,12,40",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["seeds"], serde_json::json!([7, 99, 3, 12, 40]));
    assert_eq!(
        (v["passed"].as_bool(), v["practice"].as_bool()),
        (Some(true), Some(false))
    );
    // Two seeds where the brief asks for five: practice, exit 1, and said so.
    let (code, out, _) = hoplab(&["grade", "dr-one-way", &good, "--seeds", "2"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("dr-one-way: practice only (seeds 1, 2)"),
        "{out}"
    );
    assert!(out.contains("2 seeds ran; the brief asks for 5"), "{out}");
}

/// A drill's reference estate with `moves` (a JSON list, `at_ms` after the fault) as
/// the design file's timeline.
fn drill_design(id: &str, moves: serde_json::Value) -> String {
    let text = std::fs::read_to_string(format!(
        "{}/../../content/challenges/{id}.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let c: serde_json::Value = serde_json::from_str(&text).unwrap();
    let spec = serde_json::json!({"version": 1, "name": "mine", "duration_ms": 60000,
        "topology": c["reference"], "timeline": moves});
    write_temp(&format!("{id}-moves.json"), &spec.to_string())
}

#[test]
fn a_drill_is_graded_on_the_moves_in_the_design_files_timeline_with_a_debrief() {
    let c: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!(
            "{}/../../content/challenges/failover-drill.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    )
    .unwrap();
    let best = drill_design("failover-drill", c["drill"]["best_moves"].clone());
    let (code, out, err) = hoplab(&["grade", "failover-drill", &best, "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["passed"].as_bool(), Some(true));
    let stages = v["debrief"]["yours"]["stages"].as_array().unwrap();
    assert_eq!(stages.len(), 5, "{stages:?}");
    assert_eq!(stages[0]["name"], "noticing");
    // settle resumed at the end: the miss, and the debrief names the rule and its card.
    let mut at_end = c["drill"]["best_moves"].clone();
    at_end[2]["command"]["rule"] = "end".into();
    let at_end = drill_design("failover-drill", at_end);
    let (code, out, _) = hoplab(&["grade", "failover-drill", &at_end]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("MISS no-skip"), "{out}");
    assert!(
        out.contains("Reader group settle resumed by end; the best run resumed it by raw-number — see card: reader-resume"),
        "{out}"
    );
    // No moves at all: never working again on the standby.
    let none = drill_design("failover-drill", serde_json::json!([]));
    let (code, out, _) = hoplab(&["grade", "failover-drill", &none]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("MISS rto: never"), "{out}");
    // A fault among the moves is refused, naming it.
    let fault = drill_design(
        "failover-drill",
        serde_json::json!([{"at_ms": 1000, "command": {"do": "restore-site", "site": "primary"}}]),
    );
    let (code, _, err) = hoplab(&["grade", "failover-drill", &fault]);
    assert_eq!(code, 2);
    assert!(err.contains("a drill's moves are the operator's"), "{err}");
}

/// `billing` reset back on orders-1 to 1,200 after its checkpoint (1700 → 1501), printed
/// as Kafka 3.9's `kafka-consumer-groups.sh --describe --group billing` prints an empty
/// group (each line of `printOffsetFormat` starts with its newline). The record at 1,501
/// is a copy of one from 1,501 (one past sync (1500, 1500)) to 1,700 at the source, so
/// resuming there skips at most 1,700 - 1,200 = 500 records. The "never skip" plan takes
/// the earliest offset: 1,200 translates through sync (1000, 1000) to 1,001, before the
/// checkpoint, so the plan skips nothing. Without the syncs nothing translates, the
/// checkpoint's 1,501 is the plan's only offset, and stderr says it skips.
#[test]
fn resume_reports_a_group_rewound_after_its_checkpoint_as_a_skip_and_warns_its_plan() {
    let groups = write_temp(
        "rewound-groups.txt",
        "\nConsumer group 'billing' has no active members.\n\nGROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID\nbilling         orders          0          1020            1040            20              -               -               -\nbilling         orders          1          1200            2040            840             -               -               -",
    );
    let files = resume_fixtures();
    let args = ["resume", "--json", &files[0], &files[1], &groups];
    let (code, out, err) = hoplab(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let b1 = v["partitions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["group"] == "billing" && p["partition"] == 1)
        .unwrap();
    assert_eq!(b1["skipped"].as_u64(), Some(500));
    assert!(b1["replay_at_most"].is_null(), "{b1}");
    assert_eq!(b1["flagged"], true);
    let args = [
        "resume",
        "--reset-plan",
        "billing",
        &files[0],
        &files[1],
        &groups,
    ];
    let (code, out, err) = hoplab(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "primary.orders,0,911\nprimary.orders,1,1001\n");
    assert!(!err.contains("warning"), "{err}");
    let args = ["resume", "--reset-plan", "billing", &files[1], &groups];
    let (code, out, err) = hoplab(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "primary.orders,0,911\nprimary.orders,1,1501\n");
    assert!(
        err.contains(
            "billing orders-1: resetting to the checkpoint's 1501 skips up to 500 records"
        ),
        "{err}"
    );
}

/// The night the source is gone: the checkpoints (read on the target), the source's table
/// saved earlier, and the target's own `kafka-consumer-groups.sh --describe --group billing`
/// on Kafka 3.9 (an empty group: the sentence on stderr, then `printOffsetFormat`'s lines,
/// each starting with its newline). No offset-syncs dump, so the re-read bound is null;
/// the target already holds 1,000 on partition 0, past the checkpoint's 911, so the
/// consumer starts there (MirrorMaker 2's sync never moves a group back), and 1,400 on
/// partition 1, before the checkpoint's 1,501, where with no configuration the sync is off
/// by default: it starts at 1,400 too.
#[test]
fn resume_json_names_the_skip_the_unknown_bound_the_real_start_and_the_rule() {
    let target = write_temp(
        "target-groups.txt",
        "\nConsumer group 'billing' has no active members.\n\nGROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID\nbilling         primary.orders  0          1000            1050            50              -               -               -\nbilling         primary.orders  1          1400            2040            640             -               -               -",
    );
    let files = resume_fixtures();
    let args = ["resume", "--json", &files[1], &files[2], &target];
    let (code, out, err) = hoplab(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let row = |partition: u64| {
        v["partitions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["group"] == "billing" && p["partition"] == partition)
            .cloned()
            .unwrap()
    };
    let (b0, b1) = (row(0), row(1));
    assert!(
        b0["replay_at_most"].is_null() && b0["skipped"].is_null(),
        "{b0}"
    );
    assert_eq!(
        (
            &b0["resume_at"],
            &b0["target_committed"],
            &b0["starts_at"],
            &b0["start_from"]
        ),
        (
            &911.into(),
            &1_000.into(),
            &1_000.into(),
            &"target-committed".into()
        )
    );
    assert_eq!(
        (&b1["starts_at"], &b1["start_from"]),
        (&1_400.into(), &"target-committed".into())
    );
    assert!(
        b1["start_why"].as_str().unwrap().contains("off by default"),
        "{b1}"
    );
    assert_eq!(v["rule"]["id"], "store-3.5.2");
    assert!(
        v["groups"][1]["text"]
            .as_str()
            .unwrap()
            .contains("no offset-syncs dump was given"),
        "{}",
        v["groups"]
    );
    let (_, text, _) = hoplab(&["resume", &files[1], &files[2], &target]);
    assert!(
        text.contains("starts from the target's own offset: the target already holds 1000"),
        "{text}"
    );
}

/// A table without a `GROUP` column (as Kafka 2.0-2.2 print it, and as Kafka's operations
/// docs still show it) belongs to the group `--group` names: billing's partition 0 stands
/// at 950 on the source, its checkpoint's upstream offset, so it resumes at the
/// checkpoint's 911 and re-reads nothing it committed.
#[test]
fn resume_group_names_the_group_of_a_table_without_a_group_column() {
    let table = write_temp(
        "groupless.txt",
        "TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID\norders          0          950             1040            90              -               -               -",
    );
    let files = resume_fixtures();
    let args = ["resume", "--json", "--group", "billing", &files[1], &table];
    let (code, out, err) = hoplab(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = v["partitions"].as_array().unwrap();
    let row = rows
        .iter()
        .find(|p| p["group"] == "billing" && p["partition"] == 0)
        .unwrap_or_else(|| panic!("no billing row: {v}"));
    assert_eq!(row["source_committed"], 950, "{row}");
    assert_eq!(row["resume_at"], 911, "{row}");
}

/// The two plans on the fixtures of tests/resume/README.md: billing orders-0 resumes at
/// the checkpoint's 911 and its commit 1,020 translates now to 1,011 (one past sync
/// (1000, 1010)): never skip 911, re-read least 1,011, 100 records apart; orders-1 at
/// 1,501 both ways (1,900 translates to 1,501 too). audit has no checkpoint: in no plan,
/// named on stderr with where it starts (no target table: by auto.offset.reset=latest).
#[test]
fn resume_reset_plans_never_skip_or_re_read_least_per_group_and_for_all_groups() {
    let files = resume_fixtures();
    let plan = |extra: &[&str]| {
        let mut args = vec!["resume", "--reset-plan"];
        args.extend(extra);
        args.extend(files.iter().map(String::as_str));
        hoplab(&args)
    };
    let (code, out, err) = plan(&["billing", "--plan", "re-read-least"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "primary.orders,0,1011\nprimary.orders,1,1501\n"),
        "{err}"
    );
    assert!(
        err.contains("plans differ: billing orders-0: never skip 911 (the checkpoint), re-read least 1011 (the commit translated now), 100 records apart"),
        "{err}"
    );
    let (code, out, err) = plan(&["--all-groups"]);
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            "billing,primary.orders,0,911\nbilling,primary.orders,1,1501\n"
        ),
        "{err}"
    );
    assert!(
        err.contains("not in the plan: audit orders-0 has no checkpoint, so no plan line sets it: unless the group already holds an offset on the target, the consumer starts by auto.offset.reset=latest"),
        "{err}"
    );
    // No configuration: the target is named by the checkpoints topic it holds.
    assert!(
        err.contains("--bootstrap-server <bootstrap servers of the cluster holding primary.checkpoints.internal> --all-groups --reset-offsets --from-file reset-plan.csv --execute"),
        "{err}"
    );
    assert!(!err.contains("backup:9092"), "{err}");
    let mut args = vec!["resume"];
    args.extend(files.iter().map(String::as_str));
    let (_, table, _) = hoplab(&args);
    assert!(
        table.contains("    reset plans: never skip 911 (the checkpoint), re-read least 1011 (the commit translated now)"),
        "{table}"
    );
    assert_eq!(plan(&[]).0, 2);
    assert_eq!(plan(&["billing", "--all-groups"]).0, 2);
    let (code, _, err) = plan(&["billing", "--plan", "latest"]);
    assert!(
        code == 2 && err.contains("never-skip or re-read-least"),
        "{err}"
    );
}

/// The JSON names both plans per row, and the target cluster: the configuration's
/// `primary->backup` flow out of the checkpoints' alias `primary`, and its
/// `backup.bootstrap.servers`, which the plan's command then uses.
#[test]
fn resume_json_names_both_plans_and_the_target_from_the_configuration() {
    let config = write_temp(
        "mm2.properties",
        "clusters = primary, backup\nprimary.bootstrap.servers = p1:9092\nbackup.bootstrap.servers = b1:9092\nprimary->backup.enabled = true\nprimary->backup.topics = orders\n",
    );
    let mut files = resume_fixtures();
    files.push(config);
    let mut args = vec!["resume", "--json"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, err) = hoplab(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let b0 = v["partitions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["group"] == "billing" && p["partition"] == 0)
        .cloned()
        .unwrap();
    assert_eq!(
        (
            &b0["plans"]["never_skip"],
            &b0["plans"]["never_skip_from"],
            &b0["plans"]["re_read_least"],
            &b0["plans"]["re_read_least_from"]
        ),
        (
            &911.into(),
            &"checkpoint".into(),
            &1_011.into(),
            &"translated-now".into()
        ),
        "{b0}"
    );
    assert_eq!(
        v["target"]["checkpoints_topic"],
        "primary.checkpoints.internal"
    );
    assert_eq!(v["target"]["alias"], "backup");
    let mut args = vec!["resume", "--reset-plan", "billing"];
    args.extend(files.iter().map(String::as_str));
    let (_, _, err) = hoplab(&args);
    assert!(
        err.contains("apply on the target, backup (never skip plan): kafka-consumer-groups.sh --bootstrap-server b1:9092 --group billing --reset-offsets --from-file reset-billing.csv --execute"),
        "{err}"
    );
}

/// kcat -J of the checkpoints topic (kcat 1.7.1's envelope; Kafka's Struct layout, see
/// crates/copiers/src/products/mm2/offsets/kcat.rs) beside `rpk group describe`: billing's
/// orders-0 checkpoint (120, 118) is read from the key and value bytes and joined to rpk's
/// row. A heartbeats dump is named; a byte kcat wrote raw is said, not a UTF-8 failure.
#[test]
fn resume_reads_kcat_json_and_rpk_and_names_a_heartbeats_dump() {
    let checkpoints = write_temp(
        "kcat-checkpoints.json",
        concat!(
            r#"{"topic":"primary.checkpoints.internal","partition":0,"offset":7,"tstype":"create","ts":1730710364153,"broker":1,"#,
            r#""key":"\u0000\u0007billing\u0000\u000eprimary.orders\u0000\u0000\u0000\u0000","#,
            r#""payload":"\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000x\u0000\u0000\u0000\u0000\u0000\u0000\u0000v\u0000\u0000"}"#,
            "\n"
        ),
    );
    let rpk = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../copiers/src/products/mm2/offsets/rpk-group-describe.txt"
    );
    let (code, out, err) = hoplab(&["resume", "--json", &checkpoints, rpk]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let b0 = v["partitions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["group"] == "billing" && p["partition"] == 0)
        .cloned()
        .unwrap();
    assert_eq!(b0["resume_at"].as_u64(), Some(118), "{b0}");

    let heartbeats = write_temp(
        "kcat-heartbeats.json",
        r#"{"topic":"heartbeats","partition":0,"offset":3,"tstype":"create","ts":1730710364153,"broker":1,"key":"\u0000\u0007primary\u0000\u0006backup","payload":"\u0000\u0000\u0000\u0000\u0001"}"#,
    );
    let (code, _, err) = hoplab(&["resume", &heartbeats]);
    assert_eq!(code, 2);
    assert!(
        err.contains("heartbeats topic") && err.contains("from primary to backup"),
        "{err}"
    );

    // upstream 200 (0xc8), written raw by kcat: not UTF-8.
    let mut raw = br#"{"topic":"mm2-offset-syncs.backup.internal","partition":0,"offset":41,"tstype":"create","ts":1,"broker":1,"key":"\u0000\u0006orders\u0000\u0000\u0000\u0000","payload":"\u0000\u0000\u0000\u0000\u0000\u0000\u0000"#.to_vec();
    raw.push(0xc8);
    raw.extend_from_slice(br#"\u0000\u0000\u0000\u0000\u0000\u0000\u0000v"}"#);
    let lost = std::env::temp_dir().join(format!("hoplab-test-{}-lost.json", std::process::id()));
    std::fs::write(&lost, raw).unwrap();
    let (code, _, err) = hoplab(&["resume", lost.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("did not survive") && err.contains(":1"),
        "{err}"
    );
}

/// Kafka 3.6.2 (3.4.1 to 3.7.0): a restarted checkpoint task keeps only the newest sync
/// per partition (OffsetSyncStore read back before readToEnd), so for billing's orders-1,
/// committed behind the newest sync (2000, 2000), the JSON gives the second answer: no
/// translation, the group stays at its last checkpoint. 3.7.1 reads the syncs back whole.
#[test]
fn resume_json_gives_the_answer_after_a_restart_for_3_4_1_to_3_7_0() {
    let files = resume_fixtures();
    let after = |kafka: &str| {
        let mut args: Vec<&str> = vec!["resume", "--json", "--kafka-version", kafka];
        args.extend(files.iter().map(String::as_str));
        let (code, out, err) = hoplab(&args);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["partitions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["group"] == "billing" && p["partition"] == 1)
            .cloned()
            .unwrap()
    };
    let b1 = after("3.6.2");
    assert_eq!(
        b1["after_restart"],
        serde_json::json!({"newest_sync": {"upstream": 2000, "downstream": 2000}, "translated": null})
    );
    assert!(b1["notes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n["code"] == "restart-keeps-newest" && n["jira"] == "KAFKA-15905"));
    assert!(after("3.7.1")["after_restart"].is_null());
}

/// `hoplab prove`: 1 when a property breaks, with a counterexample `hoplab run` reads;
/// 0 when every property holds; 2 on a fault count out of range.
#[test]
fn prove_exits_one_on_a_broken_property_with_a_counterexample_that_runs() {
    let dr = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../content/designer-templates/one-way-dr.json"
    );
    let (code, out, err) = hoplab(&["prove", dr, "--faults", "1", "--json"]);
    assert_eq!(code, 1, "{err}");
    let answer: serde_json::Value = serde_json::from_str(&out).unwrap();
    let lost = answer["properties"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "acknowledged-lost")
        .unwrap();
    assert_eq!(lost["held"], false);
    let scenario = lost["counterexample"]["scenario"].to_string();
    let path = write_temp("counterexample.json", &scenario);
    assert_eq!(hoplab(&["run", &path]).0, 0);

    let ring = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../content/designer-templates/ring-of-three.json"
    );
    let (code, out, err) = hoplab(&["prove", ring, "--faults", "1", "--lost-at-most", "100000"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.lines().filter(|l| l.starts_with("held")).count() == 6,
        "{out}"
    );

    let (code, _, err) = hoplab(&["prove", dr, "--faults", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("4"), "{err}");
}
