//! Lint a topology without running it: designs that the cards say will hurt.

mod budget;
mod loops;
mod mirror;

use crate::spec::{HopKind, PartMapping, ResumeRule, Timestamps, Topology};
pub use budget::closes_cycle;
use serde::Serialize;

/// What a finding is about: a rule of the lint, each with its own code in the page and
/// on the command line (`echo-loop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    CompanionAtOneSite,
    EchoLoop,
    FanOutBreaksOrder,
    HopBudgetShortOfRing,
    MirrorIntoNonEmpty,
    MirrorTargetShared,
    MirrorTargetWritten,
    NoPositionMap,
    QualifiedNameLoop,
    TimeResumeWithoutTimestamps,
    WrittenAtTwoSites,
    /// A rule that holds for one real copier's hops only, given by the copiers crate
    /// (`jetstream-cycle-across-domains`): see [`lint_with`].
    Product(&'static str),
}

impl Code {
    /// The model's own codes (the products' are their rules').
    pub const ALL: &'static [Code] = &[
        Code::CompanionAtOneSite,
        Code::EchoLoop,
        Code::FanOutBreaksOrder,
        Code::HopBudgetShortOfRing,
        Code::MirrorIntoNonEmpty,
        Code::MirrorTargetShared,
        Code::MirrorTargetWritten,
        Code::NoPositionMap,
        Code::QualifiedNameLoop,
        Code::TimeResumeWithoutTimestamps,
        Code::WrittenAtTwoSites,
    ];

    /// The code as the page, the command line and the cards' links spell it.
    pub const fn id(self) -> &'static str {
        match self {
            Code::CompanionAtOneSite => "companion-at-one-site",
            Code::EchoLoop => "echo-loop",
            Code::FanOutBreaksOrder => "fan-out-breaks-order",
            Code::HopBudgetShortOfRing => "hop-budget-short-of-ring",
            Code::MirrorIntoNonEmpty => "mirror-into-non-empty",
            Code::MirrorTargetShared => "mirror-target-shared",
            Code::MirrorTargetWritten => "mirror-target-written",
            Code::NoPositionMap => "no-position-map",
            Code::QualifiedNameLoop => "qualified-name-loop",
            Code::TimeResumeWithoutTimestamps => "time-resume-without-timestamps",
            Code::WrittenAtTwoSites => "written-at-two-sites",
            Code::Product(id) => id,
        }
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.id() == *other
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// An element a finding concerns, by kind, so nothing has to parse names back out of a
/// sentence or a joined list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "name")]
pub enum Subject {
    Hop(String),
    /// Every stream of this name, whatever its site.
    StreamName(String),
    Reader(String),
    Writer(String),
    Companion(String),
}

impl Subject {
    pub fn hops<S: AsRef<str>>(ids: &[S]) -> Vec<Subject> {
        ids.iter()
            .map(|id| Subject::Hop(id.as_ref().to_string()))
            .collect()
    }

    pub fn name(&self) -> &str {
        match self {
            Subject::Hop(n)
            | Subject::StreamName(n)
            | Subject::Reader(n)
            | Subject::Writer(n)
            | Subject::Companion(n) => n,
        }
    }
}

/// One finding: what, where, and the card that explains it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub code: Code,
    pub message: String,
    /// The hops, streams, reader groups, writers or companions concerned.
    pub subjects: Vec<Subject>,
    pub card: &'static str,
}

/// As `hoplab lint --json` writes it: the subjects typed, and their names joined as
/// `subject` too, as the file has always had it.
impl Serialize for Finding {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("Finding", 5)?;
        out.serialize_field("code", &self.code)?;
        out.serialize_field("message", &self.message)?;
        out.serialize_field("subject", &self.subject())?;
        out.serialize_field("subjects", &self.subjects)?;
        out.serialize_field("card", self.card)?;
        out.end()
    }
}

impl Finding {
    /// The subjects' names joined by commas, as a line of text shows them.
    pub fn subject(&self) -> String {
        self.subjects
            .iter()
            .map(Subject::name)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// A rule that holds for one real copier's hops only: it adds its findings (as
/// [`Code::Product`]) and may take back a model finding that does not hold for its hops.
pub type ProductRule = fn(&Topology, &mut Vec<Finding>);

/// Every finding for `t` the model's own rules give, in a stable order.
pub fn lint(t: &Topology) -> Vec<Finding> {
    lint_with(t, &[])
}

/// Every finding for `t`: the model's own rules, then `products`' (the copiers crate's
/// `design_lint` passes every product's).
pub fn lint_with(t: &Topology, products: &[ProductRule]) -> Vec<Finding> {
    // Selector hops are linted as the plain hops they expand to (as they run).
    let expanded = crate::spec::Topology::expanded(t);
    let t = match &expanded {
        Ok(x) => x.as_ref(),
        Err(_) => t,
    };
    let mut out = Vec::new();
    loops::echo_loops(t, &mut out);
    loops::qualified_name_loops(t, &mut out);
    mirror::mirror_rules(t, &mut out);
    budget::short_hop_budget(t, &mut out);
    hop_options(t, &mut out);
    time_resume_without_timestamps(t, &mut out);
    written_at_two_sites(t, &mut out);
    companions_at_one_site(t, &mut out);
    for rule in products {
        rule(t, &mut out);
    }
    said_by_a_product_rule(&mut out);
    // What the hops' shape does (loops, mirrors, the products' rules) before what their
    // options lose, each rule's findings in the order it gave them.
    out.sort_by_key(|f| !about_the_shape(f.code));
    out
}

/// Whether a finding is about the shape the hops make rather than about options.
fn about_the_shape(code: Code) -> bool {
    matches!(
        code,
        Code::EchoLoop
            | Code::QualifiedNameLoop
            | Code::MirrorTargetWritten
            | Code::MirrorTargetShared
            | Code::MirrorIntoNonEmpty
            | Code::HopBudgetShortOfRing
            | Code::Product(_)
    )
}

/// A cycle a product's own rule already names (JetStream's sources, two shovels) is not
/// said a second time as a plain echo loop over the same hops.
fn said_by_a_product_rule(out: &mut Vec<Finding>) {
    let hops_of = |f: &Finding| {
        let mut names: Vec<&str> = f.subjects.iter().map(Subject::name).collect();
        names.sort_unstable();
        names.join(",")
    };
    let product_loops: Vec<String> = out
        .iter()
        .filter(|f| matches!(f.code, Code::Product(_)))
        .map(hops_of)
        .collect();
    out.retain(|f| f.code != Code::EchoLoop || !product_loops.contains(&hops_of(f)));
}

/// Hop options that lose something: no position map, or per-key order.
fn hop_options(t: &Topology, out: &mut Vec<Finding>) {
    for h in &t.hops {
        if h.options.map_every.is_none() && h.options.kind == HopKind::Translate {
            out.push(Finding {
                code: Code::NoPositionMap,
                message: format!(
                    "hop {} writes no position map: after a failover no reader position on {} can be translated to {}",
                    h.id, h.from.site, h.to.site
                ),
                subjects: vec![Subject::Hop(h.id.clone())],
                card: "position-map",
            });
        }
        if h.options.mapping == PartMapping::FanOut {
            out.push(Finding {
                code: Code::FanOutBreaksOrder,
                message: format!(
                    "hop {} spreads each source part over several target parts: per-key order is lost on {}",
                    h.id, h.to.site
                ),
                subjects: vec![Subject::Hop(h.id.clone())],
                card: "what-crosses",
            });
        }
    }
}

/// A reader planning to resume by timestamp where a hop stamps arrival time.
fn time_resume_without_timestamps(t: &Topology, out: &mut Vec<Finding>) {
    for r in &t.readers {
        if r.planned_resume != Some(ResumeRule::Timestamp) {
            continue;
        }
        for h in t
            .hops
            .iter()
            .filter(|h| h.from.site == r.site && h.from.stream == r.stream)
            .filter(|h| h.options.timestamps == Timestamps::StampArrival)
        {
            out.push(Finding {
                code: Code::TimeResumeWithoutTimestamps,
                message: format!(
                    "reader group {} plans to resume by timestamp, but hop {} stamps arrival time on {}: the timestamps there are not the source's",
                    r.id, h.id, h.to.site
                ),
                subjects: vec![Subject::Reader(r.id.clone())],
                card: "reader-resume",
            });
        }
    }
}

/// One stream written at two sites: copies land in a stream local writers also write,
/// and the copied stream is itself written where it lives. One finding per name.
fn written_at_two_sites(t: &Topology, out: &mut Vec<Finding>) {
    let written = |site: &str, stream: &str| {
        t.writers
            .iter()
            .any(|w| w.site == site && w.stream == stream)
    };
    let mut mixed: Vec<(String, Vec<String>)> = Vec::new();
    for h in &t.hops {
        let target = crate::spec::qualified_target(h);
        if written(&target.site, &target.stream) && written(&h.from.site, &h.from.stream) {
            let i = match mixed.iter().position(|(n, _)| *n == target.stream) {
                Some(i) => i,
                None => {
                    mixed.push((target.stream.clone(), Vec::new()));
                    mixed.len() - 1
                }
            };
            for site in [&h.from.site, &target.site] {
                if !mixed[i].1.contains(site) {
                    mixed[i].1.push(site.clone());
                }
            }
        }
    }
    for (name, mut sites) in mixed {
        sites.sort();
        out.push(Finding {
            code: Code::WrittenAtTwoSites,
            message: format!(
                "stream {name} is written at {} and copied between them into the same stream: there is no order across sites and every hop needs loop prevention; give each site its own stream",
                sites.join(" and ")
            ),
            subjects: vec![Subject::StreamName(name)],
            card: "single-writer-streams",
        });
    }
}

/// A companion service at one site of several: losing that site refuses its writers.
fn companions_at_one_site(t: &Topology, out: &mut Vec<Finding>) {
    if t.sites.len() < 2 {
        return;
    }
    for c in &t.companions {
        let mut sites = c.sites.clone();
        sites.sort();
        sites.dedup();
        if sites.len() == 1 {
            out.push(Finding {
                code: Code::CompanionAtOneSite,
                message: format!(
                    "{} {} runs only at {}: if that site goes, every writer that needs it is refused while the cluster looks healthy",
                    c.kind, c.name, sites[0]
                ),
                subjects: vec![Subject::Companion(c.name.clone())],
                card: "companion-inventory",
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{HopOptions, HopSpec, OriginStamp, SiteSpec, StreamRef};

    fn hop(id: &str, from: &str, to: &str, stamp: OriginStamp, only_local: bool) -> HopSpec {
        let at = |s: &str| StreamRef {
            site: s.into(),
            stream: "orders".into(),
        };
        HopSpec {
            id: id.into(),
            from: at(from),
            to: at(to),
            options: HopOptions {
                stamp,
                forward_only_local: only_local,
                ..HopOptions::default()
            },
        }
    }

    fn ring(stamps: [(OriginStamp, bool); 3]) -> Topology {
        let sites = ["A", "B", "C"];
        Topology {
            sites: sites
                .iter()
                .map(|s| SiteSpec {
                    name: s.to_string(),
                })
                .collect(),
            hops: (0..3)
                .map(|i| {
                    hop(
                        &format!("h{i}"),
                        sites[i],
                        sites[(i + 1) % 3],
                        stamps[i].0,
                        stamps[i].1,
                    )
                })
                .collect(),
            ..Topology::default()
        }
    }

    #[test]
    fn a_three_site_ring_without_stamps_is_one_echo_loop() {
        let f = lint(&ring([(OriginStamp::None, true); 3]));
        let loops: Vec<_> = f.iter().filter(|f| f.code == "echo-loop").collect();
        assert_eq!(loops.len(), 1);
        assert_eq!(loops[0].card, "echo-loop");
    }

    #[test]
    fn one_stamped_hop_with_the_rule_breaks_the_ring() {
        let mut stamps = [(OriginStamp::None, true); 3];
        stamps[1] = (OriginStamp::Marker, true);
        assert!(!lint(&ring(stamps)).iter().any(|f| f.code == "echo-loop"));
        // A marker nobody acts on stops nothing.
        stamps[1] = (OriginStamp::Marker, false);
        assert!(lint(&ring(stamps)).iter().any(|f| f.code == "echo-loop"));
    }

    #[test]
    fn a_loop_names_its_hops_as_hops_and_the_file_keeps_its_joined_subject() {
        let stamps = [(OriginStamp::None, true); 3];
        let f = lint(&ring(stamps))
            .into_iter()
            .find(|f| f.code == Code::EchoLoop)
            .unwrap();
        assert_eq!(f.subjects.len(), 3);
        assert!(f.subjects.iter().all(|s| matches!(s, Subject::Hop(_))));
        let mut names: Vec<&str> = f.subjects.iter().map(Subject::name).collect();
        names.sort_unstable();
        assert_eq!(names, ["h0", "h1", "h2"]);
        let json = serde_json::to_value(&f).unwrap();
        assert_eq!(json["code"], "echo-loop");
        assert_eq!(json["subject"], f.subject());
        assert_eq!(json["subjects"][0]["kind"], "hop");
    }

    #[test]
    fn every_code_is_spelt_once_in_kebab_case() {
        let mut ids: Vec<&str> = Code::ALL.iter().map(|c| c.id()).collect();
        assert!(ids
            .iter()
            .all(|id| id.chars().all(|c| c.is_ascii_lowercase() || c == '-')));
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), Code::ALL.len());
    }

    fn site_names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("S{i}")).collect()
    }

    /// Every site copies `orders` to every other site's `orders` (identity names).
    fn mesh(n: usize, stamp: OriginStamp) -> Topology {
        let names = site_names(n);
        let mut hops = Vec::new();
        for a in &names {
            for b in names.iter().filter(|b| *b != a) {
                hops.push(hop(&format!("{a}-{b}"), a, b, stamp, false));
            }
        }
        Topology {
            sites: names.iter().map(|s| SiteSpec { name: s.clone() }).collect(),
            hops,
            ..Topology::default()
        }
    }

    fn loops(t: &Topology) -> Vec<Finding> {
        lint(t)
            .into_iter()
            .filter(|f| f.card == "echo-loop")
            .collect()
    }

    #[test]
    fn a_ten_site_full_mesh_is_one_component_with_one_example_cycle() {
        let found = loops(&mesh(10, OriginStamp::None));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].code, "echo-loop");
        // The shortest cycle through the first hop: there and straight back.
        assert_eq!(found[0].subject(), "S0-S1,S1-S0");
        assert!(
            found[0].message.contains("90 hops over 10 streams"),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn identity_names_in_a_ring_or_mesh_are_reported_and_separate_loops_apart() {
        let mut t = mesh(2, OriginStamp::None);
        let ring = |i: usize| {
            hop(
                &format!("r{i}"),
                ["P", "Q", "R", "T"][i],
                ["Q", "R", "T", "P"][i],
                OriginStamp::None,
                false,
            )
        };
        t.hops.extend((0..4).map(ring));
        let found = loops(&t);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].subject(), "S0-S1,S1-S0");
        assert_eq!(found[1].subject(), "r0,r1,r2,r3");
        assert!(!found[1].message.contains("several"));
        // Markers every hop acts on, or qualified names: no echo loop.
        assert!(loops(&mesh(4, OriginStamp::QualifiedName)).is_empty());
        let mut marked = mesh(4, OriginStamp::Marker);
        marked
            .hops
            .iter_mut()
            .for_each(|h| h.options.forward_only_local = true);
        assert!(loops(&marked).is_empty());
    }

    #[test]
    fn a_qualified_name_copied_back_toward_a_site_in_its_name_is_a_loop() {
        let q = |id: &str, from: &str, stream: &str, to: &str| HopSpec {
            id: id.into(),
            from: StreamRef {
                site: from.into(),
                stream: stream.into(),
            },
            to: StreamRef {
                site: to.into(),
                stream: format!("{from}.{stream}"),
            },
            options: HopOptions {
                stamp: OriginStamp::QualifiedName,
                ..HopOptions::default()
            },
        };
        let mut t = mesh(0, OriginStamp::None);
        t.hops = vec![q("a-b", "A", "orders", "B"), q("b-c", "B", "A.orders", "C")];
        assert!(loops(&t).is_empty(), "A -> B -> C is a chain, not a loop");
        // B.A.orders written on A, and C.B.A.orders written on A: both come home.
        t.hops.push(q("b-a", "B", "A.orders", "A"));
        t.hops.push(q("c-a", "C", "B.A.orders", "A"));
        let found = loops(&t);
        let subjects: Vec<String> = found.iter().map(|f| f.subject()).collect();
        assert_eq!(subjects, ["b-a", "c-a"]);
        assert!(found
            .iter()
            .all(|f| f.code == "qualified-name-loop" && f.card == "echo-loop"));
        assert!(
            found[0].message.contains("B.A.orders"),
            "{}",
            found[0].message
        );
    }
}
