//! Stream selectors: a hop that names patterns (`options.streams`) instead of one stream
//! copies every matching stream of its source site, as MirrorMaker 2's `topics` and
//! `topics.exclude` do. Before validation such a hop is expanded into one plain hop per
//! matching stream, with the id `<hop>/<stream>`; the rest of the model only ever sees
//! plain hops.
//!
//! Patterns are globs, matched against the whole name: `*` any run of characters
//! (including none and dots), `?` exactly one character, everything else literal
//! (`orders`, `pay*`, `us-east.*`). An importer turns MirrorMaker 2's regexes into these
//! (`.*` is `*`).
//!
//! With `stamp: "qualified-name"` (MirrorMaker 2's `DefaultReplicationPolicy`) the
//! expansion follows `MirrorSourceConnector.shouldReplicateTopic` (apache/kafka,
//! connect/mirror/.../MirrorSourceConnector.java): a stream is copied when the patterns
//! select it **or** it is a heartbeats stream (`heartbeats`, or a remote copy of one such
//! as `A.heartbeats`: `ReplicationPolicy.isHeartbeatsTopic` on its original name), unless
//! it is internal (`ReplicationPolicy.isInternalTopic`: ending `.internal` or `-internal`,
//! starting `__` or `.`) or a cycle (`isCycle`: its chain of source aliases, `B.A.orders`
//! -> B, A, already names the target site). Remote streams chain: `A.orders` on B copied
//! to C lands as `B.A.orders`. Streams such copies create are selectable in turn (other
//! selector hops see them whatever the file order), so the expansion runs to a fixpoint.
//!
//! A reader group may name several streams (`streams`: names or globs): it becomes one
//! member per stream of its site they match, after the hops' expansion (so `*.orders`
//! finds the remote copies), `<group>/<stream>`, each with an even share of the group's
//! rate; a `move-reader` naming the group moves every member, each priced on its own
//! stream.

use super::limits;
use super::{
    Command, HopSpec, OriginStamp, ReaderSpec, ScenarioSpec, SpecError, StreamSpec, Topology,
};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// Which streams of its source site a hop copies.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreamSelector {
    /// Names or globs; a stream is selected when one matches it.
    pub include: Vec<String>,
    /// Names or globs; a stream one of these matches is not selected.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exclude: Vec<String>,
}

impl StreamSelector {
    pub fn matches(&self, name: &str) -> bool {
        self.include.iter().any(|p| glob_matches(p, name))
            && !self.exclude.iter().any(|p| glob_matches(p, name))
    }
}

/// Whole-name glob match: `*` any run of characters, `?` one, the rest literal. Linear
/// backtracking to the last `*` (each `*` only ever moves forward).
pub fn glob_matches(pattern: &str, name: &str) -> bool {
    let (p, n): (Vec<char>, Vec<char>) = (pattern.chars().collect(), name.chars().collect());
    let (mut i, mut j) = (0, 0);
    // (pattern index after the last `*`, name index it is matched up to)
    let mut star: Option<(usize, usize)> = None;
    while j < n.len() {
        match p.get(i) {
            Some('*') => {
                star = Some((i + 1, j));
                i += 1;
            }
            Some(&c) if c == '?' || c == n[j] => {
                i += 1;
                j += 1;
            }
            _ => match star {
                Some((after, upto)) => {
                    i = after;
                    j = upto + 1;
                    star = Some((after, upto + 1));
                }
                None => return false,
            },
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

/// MirrorMaker 2's `DefaultReplicationPolicy.topicSource`: the alias before the first
/// `.`, when something follows it (Java's `split` drops a trailing empty part).
fn topic_source(name: &str) -> Option<(&str, &str)> {
    name.split_once('.').filter(|(_, rest)| !rest.is_empty())
}

/// `MirrorSourceConnector.isCycle`: the alias chain already names `target`.
fn is_cycle(name: &str, target: &str) -> bool {
    let mut name = name;
    while let Some((source, upstream)) = topic_source(name) {
        if source == target {
            return true;
        }
        name = upstream;
    }
    false
}

/// `ReplicationPolicy.originalTopic`: the name with every source alias taken off.
fn original_topic(name: &str) -> &str {
    let mut name = name;
    while let Some((_, upstream)) = topic_source(name) {
        name = upstream;
    }
    name
}

/// `ReplicationPolicy.isInternalTopic`.
fn is_internal(name: &str) -> bool {
    name.ends_with(".internal")
        || name.ends_with("-internal")
        || name.starts_with("__")
        || name.starts_with('.')
}

/// The heartbeats topic's name (`MirrorClientConfig.HEARTBEATS_TOPIC`).
pub const HEARTBEATS: &str = "heartbeats";

/// Whether a selector hop copies stream `name` of its source.
fn selected(h: &HopSpec, sel: &StreamSelector, name: &str) -> bool {
    if h.options.stamp != OriginStamp::QualifiedName {
        return sel.matches(name);
    }
    (sel.matches(name) || original_topic(name) == HEARTBEATS)
        && !is_internal(name)
        && !is_cycle(name, &h.to.site)
}

/// The name a copy of `stream` gets on the hop's target.
fn target_name(h: &HopSpec, stream: &str) -> String {
    match h.options.stamp {
        OriginStamp::QualifiedName => format!("{}.{stream}", h.from.site),
        _ => stream.to_string(),
    }
}

/// A spec with its selector hops expanded, and where each hop came from in the file.
pub(crate) struct Expanded<'a> {
    pub spec: Cow<'a, ScenarioSpec>,
    /// Where each hop and reader group of `spec` came from in the file.
    pub from_file: FromFile,
}

impl Expanded<'_> {
    /// An error about hop or reader `k` of the expanded spec, said about the file's.
    pub fn in_file_terms(&self, e: SpecError) -> SpecError {
        let in_list = |list: &str, origins: &[Origin]| {
            let rest = e.field.strip_prefix(&format!("topology.{list}["))?;
            let (k, tail) = rest.split_once(']')?;
            let (i, stream) = origins.get(k.parse::<usize>().ok()?)?;
            let field = format!("topology.{list}[{i}]{tail}");
            Some(match stream {
                Some(s) => SpecError::new(field, format!("for stream '{s}': {}", e.problem)),
                None => SpecError::new(field, e.problem.clone()),
            })
        };
        in_list("hops", &self.from_file.hops)
            .or_else(|| in_list("readers", &self.from_file.readers))
            .unwrap_or(e)
    }
}

/// Expands every selector hop; a spec without one comes back borrowed, unchanged.
pub(crate) fn expand(spec: &ScenarioSpec) -> Result<Expanded<'_>, SpecError> {
    let t = &spec.topology;
    let (topology, from_file) = expand_topology(t)?;
    let Cow::Owned(topology) = topology else {
        return Ok(Expanded {
            spec: Cow::Borrowed(spec),
            from_file,
        });
    };
    let mut out = ScenarioSpec {
        topology,
        ..spec.clone()
    };
    repeat_hop_commands(&mut out, t);
    Ok(Expanded {
        spec: Cow::Owned(out),
        from_file,
    })
}

/// An entry's index in the file and, for one a selector expanded, its stream.
type Origin = (usize, Option<String>);

/// Per hop and per reader group of an expanded topology, where it came from.
pub(crate) struct FromFile {
    pub hops: Vec<Origin>,
    pub readers: Vec<Origin>,
}

/// The topology part of [`expand`].
pub(crate) fn expand_topology(t: &Topology) -> Result<(Cow<'_, Topology>, FromFile), SpecError> {
    let as_is = |n: usize| (0..n).map(|i| (i, None)).collect();
    let mut from_file = FromFile {
        hops: as_is(t.hops.len()),
        readers: as_is(t.readers.len()),
    };
    let plain_hops = t.hops.iter().all(|h| h.options.streams.is_none());
    let plain_readers = t.readers.iter().all(|r| r.streams.is_empty());
    if plain_hops && plain_readers {
        return Ok((Cow::Borrowed(t), from_file));
    }
    let mut out = if plain_hops {
        t.clone()
    } else {
        let (out, hops) = expand_hops(t)?;
        from_file.hops = hops;
        out
    };
    if !plain_readers {
        let (readers, origins) = expand_readers(&out)?;
        out.readers = readers;
        from_file.readers = origins;
    }
    Ok((Cow::Owned(out), from_file))
}

/// Every selector hop as plain hops, and the streams they create declared.
fn expand_hops(t: &Topology) -> Result<(Topology, Vec<Origin>), SpecError> {
    check_selector_hops(t)?;
    let mut known = Known::of(t);
    // (file hop, source stream) per expansion, in the order found.
    let mut found: Vec<(usize, String)> = Vec::new();
    loop {
        let before = found.len();
        for (i, h) in t.hops.iter().enumerate() {
            let Some(sel) = &h.options.streams else {
                continue;
            };
            let names: Vec<StreamSpec> = known
                .streams
                .iter()
                .filter(|s| s.site == h.from.site && selected(h, sel, &s.name))
                .cloned()
                .collect();
            for src in names {
                if found.iter().any(|(j, s)| *j == i && *s == src.name) {
                    continue;
                }
                known.add_copy(&src, &h.to.site, target_name(h, &src.name));
                found.push((i, src.name));
            }
        }
        limits::count("topology.streams", known.streams.len(), limits::MAX_STREAMS)?;
        if found.len() == before {
            break;
        }
    }
    let mut out = t.clone();
    out.streams = known.streams;
    out.hops.clear();
    let mut from_file = Vec::new();
    for (i, h) in t.hops.iter().enumerate() {
        if h.options.streams.is_none() {
            out.hops.push(h.clone());
            from_file.push((i, None));
            continue;
        }
        // In the order of the source site's streams, so a file gives one expansion.
        let mut mine: Vec<&str> = Vec::new();
        for s in out.streams.iter().filter(|s| s.site == h.from.site) {
            if found.iter().any(|(j, n)| *j == i && *n == s.name) {
                mine.push(&s.name);
            }
        }
        let hops: Vec<HopSpec> = mine.into_iter().map(|s| plain_hop(h, s)).collect();
        for plain in hops {
            from_file.push((i, Some(plain.from.stream.clone())));
            out.hops.push(plain);
        }
    }
    limits::count("topology.hops", out.hops.len(), limits::MAX_HOPS)?;
    Ok((out, from_file))
}

/// Every reader group naming several streams as one member per stream (`t` has its hops
/// expanded, so the streams copies create are there to match).
fn expand_readers(t: &Topology) -> Result<(Vec<ReaderSpec>, Vec<Origin>), SpecError> {
    let (mut readers, mut origins) = (Vec::new(), Vec::new());
    for (i, r) in t.readers.iter().enumerate() {
        if r.streams.is_empty() {
            readers.push(r.clone());
            origins.push((i, None));
            continue;
        }
        let f = format!("topology.readers[{i}]");
        if !r.stream.is_empty() {
            return Err(SpecError::new(
                format!("{f}.stream"),
                "a group with streams reads the streams they name: leave this out",
            ));
        }
        limits::count(
            &format!("{f}.streams"),
            r.streams.len(),
            limits::MAX_STREAMS,
        )?;
        for (j, p) in r.streams.iter().enumerate() {
            limits::name(&format!("{f}.streams[{j}]"), p)?;
        }
        let members: Vec<&str> = t
            .streams
            .iter()
            .filter(|s| s.site == r.site && r.streams.iter().any(|p| glob_matches(p, &s.name)))
            .map(|s| s.name.as_str())
            .collect();
        if members.is_empty() {
            return Err(SpecError::new(
                format!("{f}.streams"),
                format!("no stream on site '{}' matches", r.site),
            ));
        }
        // The group's processing is shared: each member reads at an even part of it.
        let rate = r.rate_per_sec / members.len() as f64;
        for stream in members {
            let mut m = r.clone();
            m.id = format!("{}/{stream}", r.id);
            m.stream = stream.to_string();
            m.streams.clear();
            m.rate_per_sec = rate;
            readers.push(m);
            origins.push((i, Some(stream.to_string())));
        }
    }
    limits::count("topology.readers", readers.len(), limits::MAX_READERS)?;
    Ok((readers, origins))
}

fn plain_hop(h: &HopSpec, stream: &str) -> HopSpec {
    let mut plain = h.clone();
    plain.id = format!("{}/{stream}", h.id);
    plain.from.stream = stream.to_string();
    plain.to.stream = target_name(h, stream);
    plain.options.streams = None;
    plain
}

/// A command naming a selector hop applies to every hop it expanded to, and one naming a
/// group of several streams to every member.
fn repeat_hop_commands(out: &mut ScenarioSpec, file: &Topology) {
    let selector = |id: &str| {
        file.hops
            .iter()
            .any(|h| h.id == id && h.options.streams.is_some())
    };
    let group = |id: &str| {
        file.readers
            .iter()
            .any(|r| r.id == id && !r.streams.is_empty())
    };
    let hops: Vec<&String> = out.topology.hops.iter().map(|h| &h.id).collect();
    let readers: Vec<&String> = out.topology.readers.iter().map(|r| &r.id).collect();
    let mut timeline = Vec::with_capacity(out.timeline.len());
    for tc in &out.timeline {
        let (named, members) = match (tc.command.hop(), tc.command.reader()) {
            (Some(id), _) if selector(id) => (id, &hops),
            (_, Some(id)) if group(id) => (id, &readers),
            _ => {
                timeline.push(tc.clone());
                continue;
            }
        };
        let prefix = format!("{named}/");
        for id in members.iter().filter(|id| id.starts_with(&prefix)) {
            let mut one = tc.clone();
            one.command.rename_target(id.to_string());
            timeline.push(one);
        }
    }
    out.timeline = timeline;
}

/// The streams each site holds: declared, then created by copies (plain qualified-name
/// hops' targets and the expansions'), each a copy of its source's settings numbered
/// from 0, as validation creates a qualified-name target.
struct Known {
    streams: Vec<StreamSpec>,
}

impl Known {
    fn of(t: &Topology) -> Known {
        let mut k = Known {
            streams: t.streams.clone(),
        };
        // Only qualified-name targets: validation creates those; any other must be declared.
        let creates = |h: &&HopSpec| {
            h.options.streams.is_none() && h.options.stamp == OriginStamp::QualifiedName
        };
        for h in t.hops.iter().filter(creates) {
            let target = super::qualified_target(h);
            if let Some(src) = k.find(&h.from.site, &h.from.stream).cloned() {
                k.add_copy(&src, &target.site, target.stream);
            }
        }
        k
    }

    fn find(&self, site: &str, name: &str) -> Option<&StreamSpec> {
        self.streams
            .iter()
            .find(|s| s.site == site && s.name == name)
    }

    fn add_copy(&mut self, src: &StreamSpec, site: &str, name: String) {
        if self.find(site, &name).is_none() {
            let mut created = src.clone();
            created.site = site.to_string();
            created.name = name;
            created.start_position = 0;
            self.streams.push(created);
        }
    }
}

fn check_selector_hops(t: &Topology) -> Result<(), SpecError> {
    for (i, h) in t.hops.iter().enumerate() {
        let Some(sel) = &h.options.streams else {
            continue;
        };
        let f = format!("topology.hops[{i}]");
        for (end, stream) in [("from", &h.from.stream), ("to", &h.to.stream)] {
            if !stream.is_empty() {
                return Err(SpecError::new(
                    format!("{f}.{end}.stream"),
                    "a hop with options.streams copies the streams its patterns select: \
                     leave this out",
                ));
            }
        }
        if sel.include.is_empty() {
            return Err(SpecError::new(
                format!("{f}.options.streams.include"),
                "name at least one stream or pattern (\"*\" for every stream)",
            ));
        }
        limits::count(
            &format!("{f}.options.streams.include"),
            sel.include.len(),
            limits::MAX_STREAMS,
        )?;
        limits::count(
            &format!("{f}.options.streams.exclude"),
            sel.exclude.len(),
            limits::MAX_STREAMS,
        )?;
        let patterns = sel.include.iter().map(|p| ("include", p));
        for (j, (list, p)) in patterns
            .chain(sel.exclude.iter().map(|p| ("exclude", p)))
            .enumerate()
        {
            let at = if list == "include" {
                j
            } else {
                j - sel.include.len()
            };
            limits::name(&format!("{f}.options.streams.{list}[{at}]"), p)?;
        }
    }
    Ok(())
}

impl Command {
    /// Names another hop or reader group (whichever the command names).
    fn rename_target(&mut self, id: String) {
        if let Some(hop) = self.hop_mut() {
            *hop = id;
        } else if let Some(reader) = self.reader_mut() {
            *reader = id;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_the_whole_name() {
        assert!(glob_matches("orders", "orders"));
        assert!(!glob_matches("orders", "orders2"));
        assert!(glob_matches("*", ""));
        assert!(glob_matches("*", "A.orders"));
        assert!(glob_matches("pay*", "payments"));
        assert!(!glob_matches("pay*", "repay"));
        assert!(glob_matches("*.orders", "us-east.orders"));
        assert!(glob_matches("*.orders", "a.b.orders"));
        assert!(!glob_matches("*.orders", "orders"));
        assert!(glob_matches("a?c", "abc"));
        assert!(!glob_matches("a?c", "ac"));
        assert!(glob_matches("*a*b*", "xxaxxbxx"));
        assert!(!glob_matches("*a*b", "xxbxxa"));
        assert!(glob_matches("**", "x"));
    }

    #[test]
    fn mm2_rules_chain_cycle_internal_heartbeats() {
        assert!(is_cycle("A.orders", "A"));
        assert!(is_cycle("B.A.orders", "A"));
        assert!(!is_cycle("B.A.orders", "C"));
        assert!(!is_cycle("orders.", "orders"));
        assert_eq!(original_topic("B.A.heartbeats"), "heartbeats");
        assert!(is_internal("mm2-offset-syncs.B.internal"));
        assert!(is_internal("__consumer_offsets"));
        assert!(!is_internal("orders"));
    }

    proptest::proptest! {
        /// A literal pattern (no `*` or `?`) matches exactly its own name, and `*` +
        /// literal + `*` matches exactly the names containing the literal.
        #[test]
        fn globs_agree_with_plain_string_tests(lit in "[a-c.]{0,4}", name in "[a-c.]{0,6}") {
            proptest::prop_assert_eq!(glob_matches(&lit, &name), lit == name);
            proptest::prop_assert_eq!(glob_matches(&format!("*{lit}*"), &name), name.contains(&lit));
            proptest::prop_assert_eq!(glob_matches(&format!("{lit}*"), &name), name.starts_with(&lit));
            proptest::prop_assert_eq!(glob_matches(&format!("*{lit}"), &name), name.ends_with(&lit));
        }
    }
}
