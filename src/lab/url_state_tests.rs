use super::*;
use hoplab_model::scenarios;

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn echo() -> Scenario {
    scenarios::get("echo-loop").unwrap()
}

#[test]
fn no_knob_uses_a_reserved_key() {
    for s in scenarios::all() {
        for k in &s.knobs {
            assert!(!RESERVED.contains(&k.id), "{} knob {}", s.id, k.id);
        }
    }
}

#[test]
fn round_trips_every_setting() {
    let s = echo();
    let p = parse(
        &s,
        &pairs(&[
            ("stamp", "marker"),
            ("seed", "7"),
            ("t", "20.5"),
            ("do", "restart-ab@12.25,stall-ba@3"),
            ("window", "100"),
            ("speed", "0.25"),
        ]),
    );
    assert_eq!(p.problems, Vec::<String>::new());
    assert_eq!(p.state.run.speed, 0.25);
    assert_eq!(p.state.knobs.choice("stamp"), Ok("marker"));
    assert_eq!(p.state.run.seed, 7);
    assert_eq!(p.state.run.time_ms, 20_500);
    assert_eq!(p.state.run.window, Some(100));
    assert_eq!(p.state.run.actions[0].button, "stall-ba");
    assert_eq!(p.state.run.actions[1].at_ms, 12_250);
    let q = to_query(&p.state);
    assert_eq!(
        q,
        "?stamp=marker&seed=7&t=20.5&do=stall-ba@3,restart-ab@12.25&window=100&speed=0.25"
    );
    let back: Vec<(String, String)> = q[1..]
        .split('&')
        .map(|kv| kv.split_once('=').unwrap())
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    assert_eq!(parse(&s, &back).state, p.state);
}

#[test]
fn presses_are_read_in_time_order_and_ties_keep_the_links_order() {
    let p = parse(
        &echo(),
        &pairs(&[("do", "restart-ab@5,stall-ba@3,stall-ba@5,restart-ab@1")]),
    );
    assert_eq!(p.problems, Vec::<String>::new());
    let got: Vec<(&str, Millis)> = p
        .state
        .run
        .actions
        .iter()
        .map(|a| (a.button.as_str(), a.at_ms))
        .collect();
    assert_eq!(
        got,
        [
            ("restart-ab", 1_000),
            ("stall-ba", 3_000),
            ("restart-ab", 5_000),
            ("stall-ba", 5_000)
        ]
    );
}

#[test]
fn speed_is_written_short_and_read_back_within_a_thousandth() {
    let s = echo();
    for speed in [0.1, 0.316_227_766, 3.162_277_66, 12.0, 100.0] {
        let mut state = LabState::defaults(&s);
        state.run.speed = speed;
        let q = to_query(&state);
        let value = q.strip_prefix("?speed=").expect("only the speed differs");
        assert!(value.len() <= 5, "{value}");
        let back = parse(&s, &pairs(&[("speed", value)]));
        assert!(back.problems.is_empty(), "{:?}", back.problems);
        assert!(
            (back.state.run.speed - speed).abs() < 1e-3,
            "{speed} -> {value}"
        );
    }
    assert_eq!(parse(&s, &pairs(&[("speed", "×4")])).state.run.speed, 4.0);
    assert_eq!(parse(&s, &pairs(&[("speed", "0.01")])).problems.len(), 1);
}

#[test]
fn defaults_write_an_empty_query() {
    for s in scenarios::all() {
        assert_eq!(to_query(&LabState::defaults(&s)), "", "{}", s.id);
    }
}

#[test]
fn malformed_values_are_named_and_fall_back_to_defaults() {
    let s = echo();
    let p = parse(
        &s,
        &pairs(&[
            ("stamp", "hat"),
            ("seed", "-3"),
            ("t", "soon"),
            ("do", "explode@3,restart-ab"),
            ("window", "2"),
            ("speed", "1000"),
            ("colour", "red"),
        ]),
    );
    assert_eq!(p.state, LabState::defaults(&s));
    assert_eq!(p.problems.len(), 8, "{:?}", p.problems);
    let all = p.problems.join("\n");
    for needle in [
        "hat",
        "-3",
        "soon",
        "explode",
        "restart-ab",
        "2",
        "1000",
        "colour",
    ] {
        assert!(all.contains(needle), "{needle} named in {all}");
    }
}

#[test]
fn out_of_range_values_are_refused_not_clamped() {
    let s = scenarios::get("two-site-interleaving").unwrap();
    let p = parse(&s, &pairs(&[("jitter_ms", "9999"), ("t", "99999")]));
    assert_eq!(p.problems.len(), 2);
    assert!(p.problems[0].contains("out of range"));
    assert_eq!(p.state.knobs.number("jitter_ms"), Ok(80.0));
    assert_eq!(p.state.run.time_ms, 0);
    let p = parse(&s, &pairs(&[("jitter_ms", "120")]));
    assert!(p.problems.is_empty());
    assert_eq!(p.state.knobs.number("jitter_ms"), Ok(120.0));
}

#[test]
fn seconds_format_and_parse() {
    assert_eq!(fmt_seconds(0), "0");
    assert_eq!(fmt_seconds(12_000), "12");
    assert_eq!(fmt_seconds(12_500), "12.5");
    assert_eq!(fmt_seconds(125), "0.125");
    assert_eq!(parse_seconds("0.125"), Ok(125));
    assert_eq!(parse_seconds("3s"), Ok(3000));
    assert!(parse_seconds("-1").is_err());
    assert!(parse_seconds("NaN").is_err());
}

#[test]
fn odd_characters_are_escaped() {
    let mut st = LabState::defaults(&echo());
    st.run.seed = 9;
    assert_eq!(to_query(&st), "?seed=9");
    assert_eq!(encode("a b&c"), "a%20b%26c");
}
