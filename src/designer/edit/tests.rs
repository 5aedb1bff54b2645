use super::*;
use crate::designer::design::stream_ref;
use crate::designer::templates;
use hoplab_model::spec::{kit, HopOptions, ResumeRule};

fn two_sites() -> Design {
    let mut d = Design::empty();
    for s in ["A", "B"] {
        apply(&mut d, Edit::Add(Element::Site(kit::site(s)), None)).unwrap();
        apply(
            &mut d,
            Edit::Add(Element::Stream(kit::stream(s, "orders", 2)), None),
        )
        .unwrap();
    }
    apply(
        &mut d,
        Edit::Add(
            Element::Hop(kit::hop(
                "a-to-b",
                stream_ref("A", "orders"),
                stream_ref("B", "orders"),
                HopOptions::default(),
            )),
            None,
        ),
    )
    .unwrap();
    apply(
        &mut d,
        Edit::Add(Element::Writer(kit::writer("w", "A", "orders", 10.0)), None),
    )
    .unwrap();
    d
}

#[test]
fn a_design_built_by_edits_is_one_the_model_accepts() {
    let d = two_sites();
    d.spec.validate().unwrap();
    assert_eq!(d.places.len(), 2, "each site got a place");
    assert_ne!(d.place("A"), d.place("B"));
}

#[test]
fn renaming_a_site_follows_every_reference() {
    let mut d = templates::build("one-way-dr").unwrap();
    apply(
        &mut d,
        Edit::Rename(
            ElementRef::Site("primary".into()),
            "east/1 \"<main>\"".into(),
        ),
    )
    .unwrap();
    d.spec.validate().unwrap();
    let text = d.to_model_json();
    assert!(!text.contains("\"primary\""), "{text}");
    assert!(d.place("east/1 \"<main>\"").is_some());
}

#[test]
fn renaming_a_stream_writer_reader_hop_and_companion_keeps_the_design_valid() {
    let mut d = templates::build("one-way-dr").unwrap();
    let edits = [
        Edit::Rename(
            ElementRef::Stream(stream_ref("primary", "orders")),
            "payments".into(),
        ),
        Edit::Rename(ElementRef::Writer("checkout".into()), "shop 🛒".into()),
        Edit::Rename(ElementRef::Reader("billing".into()), "ledger".into()),
        Edit::Rename(ElementRef::Companion("contracts".into()), "schemas".into()),
        Edit::Rename(ElementRef::Hop("primary-to-standby".into()), "p2s".into()),
    ];
    for e in edits {
        apply(&mut d, e).unwrap();
        d.spec.validate().unwrap();
    }
    // The qualified-name hop still writes where its stamp says it must.
    assert_eq!(d.topology().hops[0].to.stream, "primary.payments");
    assert!(d
        .spec
        .timeline
        .iter()
        .any(|tc| tc.command.describe().contains("ledger")));
}

#[test]
fn removing_a_site_takes_what_hangs_off_it() {
    let mut d = templates::build("one-way-dr").unwrap();
    apply(&mut d, Edit::Remove(ElementRef::Site("primary".into()))).unwrap();
    let t = d.topology();
    assert!(t.hops.is_empty() && t.writers.is_empty() && t.readers.is_empty());
    assert_eq!(t.companions[0].sites, vec!["standby".to_string()]);
    assert!(
        d.spec.timeline.is_empty(),
        "faults naming the site are gone"
    );
    d.spec.validate().unwrap();
}

#[test]
fn bad_edits_are_refused_and_change_nothing() {
    let mut d = two_sites();
    let before = d.clone();
    let bad = [
        Edit::Add(Element::Site(kit::site("A")), None),
        Edit::Add(Element::Site(kit::site("")), None),
        Edit::Add(Element::Site(kit::site(&"x".repeat(201))), None),
        Edit::Add(Element::Stream(kit::stream("nowhere", "s", 1)), None),
        Edit::Add(Element::Stream(kit::stream("A", "big", 0)), None),
        Edit::Add(
            Element::Hop(kit::hop(
                "loop",
                stream_ref("A", "orders"),
                stream_ref("A", "orders"),
                HopOptions::default(),
            )),
            None,
        ),
        Edit::Add(
            Element::Hop(kit::hop(
                "x",
                stream_ref("A", "orders"),
                stream_ref("B", "nothing"),
                HopOptions::default(),
            )),
            None,
        ),
        Edit::Rename(ElementRef::Site("A".into()), "B".into()),
        Edit::Remove(ElementRef::Hop("ghost".into())),
        Edit::SetDuration(0),
        Edit::Move(
            "A".into(),
            Pos {
                x: f64::NAN,
                y: 0.0,
            },
        ),
    ];
    for e in bad {
        assert!(apply(&mut d, e.clone()).is_err(), "{e:?}");
        assert_eq!(d, before, "{e:?}");
    }
}

#[test]
fn faults_stay_in_time_order_and_inside_the_run() {
    let mut d = two_sites();
    let lose = |at_ms| hoplab_model::spec::TimedCommand {
        at_ms,
        command: hoplab_model::Command::LoseSite { site: "A".into() },
    };
    apply(&mut d, Edit::AddFault(lose(20_000))).unwrap();
    apply(&mut d, Edit::AddFault(lose(10_000))).unwrap();
    assert_eq!(d.spec.timeline[0].at_ms, 10_000);
    assert!(apply(&mut d, Edit::AddFault(lose(90_000))).is_err());
    apply(&mut d, Edit::SetDuration(15_000)).unwrap();
    assert_eq!(d.spec.timeline.len(), 1);
}

#[test]
fn updating_a_reader_sets_its_planned_resume() {
    let mut d = templates::build("active-active").unwrap();
    let mut r = d.topology().readers[0].clone();
    r.planned_resume = Some(ResumeRule::Timestamp);
    apply(&mut d, Edit::Update(Element::Reader(r))).unwrap();
    assert_eq!(
        d.topology().readers[0].planned_resume,
        Some(ResumeRule::Timestamp)
    );
}

#[test]
fn switching_a_hop_to_and_from_qualified_names_keeps_it_valid() {
    let mut d = two_sites();
    let mut h = d.topology().hops[0].clone();
    h.options.stamp = hoplab_model::spec::OriginStamp::QualifiedName;
    apply(&mut d, Edit::Update(Element::Hop(h))).unwrap();
    assert_eq!(d.topology().hops[0].to.stream, "A.orders");
    d.spec.validate().unwrap();
    let mut h = d.topology().hops[0].clone();
    h.options.stamp = hoplab_model::spec::OriginStamp::Marker;
    apply(&mut d, Edit::Update(Element::Hop(h))).unwrap();
    d.spec.validate().unwrap();
    assert!(
        d.has(&ElementRef::Stream(stream_ref("B", "A.orders"))),
        "declared where copies now land"
    );
}

#[test]
fn a_name_is_limited_in_bytes_as_the_model_limits_it() {
    // 150 characters, 300 bytes: the model refuses it, so the designer must too.
    let long = "é".repeat(150);
    let mut d = two_sites();
    let e = apply(&mut d, Edit::Add(Element::Site(kit::site(&long)), None)).unwrap_err();
    assert!(e.contains("at most 200 bytes; this one is 300"), "{e}");
    let fits = "é".repeat(100);
    apply(&mut d, Edit::Add(Element::Site(kit::site(&fits)), None)).unwrap();
    assert!(d.spec.validate().is_ok());
}
