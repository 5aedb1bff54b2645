//! A design as a cluster-mirroring set-up script: per (source, destination) pair, the
//! mirror's config written by a here-document, then `--create` and `--start` against the
//! destination. What [`super::read`] reads back as the same topology.

use super::read;
use crate::export::{address, by_pair, patterns};
use crate::report::Report;
use crate::text::shell::Command;
use crate::Input;
use hoplab_model::spec::{HopSpec, Topology};
use std::collections::BTreeMap;

/// `'…'` for the shell: nothing inside is expanded.
fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// The tag ending a here-document: one the text never holds as a line.
fn end_tag(body: &str) -> String {
    let mut tag = "EOF".to_string();
    while body.lines().any(|l| l.trim() == tag) {
        tag.push('_');
    }
    tag
}

/// A word as the shell reads it back: bare where it can be, `"$VAR"` kept expandable.
fn shell_word(w: &str) -> String {
    let bare = |c: char| c.is_ascii_alphanumeric() || "._/:=@%+,-".contains(c);
    if !w.is_empty() && w.chars().all(bare) {
        w.to_string()
    } else if w.contains('$') && !w.contains(['"', '\\', '`']) {
        format!("\"{w}\"")
    } else {
        quoted(w)
    }
}

const HEADER: &str = "#!/bin/sh\n\
     # Kafka cluster mirroring, as KIP-1279 proposes it (under discussion, in no Kafka\n\
     # release yet): the tool and keys follow the KIP's discussion and prototype.\n\
     # Written by Hoplab. Run against each destination cluster.\nset -e\n";

pub fn script(t: &Topology) -> String {
    let mut out = String::from(HEADER);
    for ((source, target), hops) in by_pair(t) {
        out.push_str(&block(t, (&source, &target), &hops, &address));
    }
    out
}

/// A new mirror from `source` to `target` for `hops`: its config, `--create`, `--start`s.
fn block(
    t: &Topology,
    (source, target): (&str, &str),
    hops: &[&HopSpec],
    address: &dyn Fn(&str) -> String,
) -> String {
    let mut out = String::new();
    {
        let name = format!("{source}-to-{target}");
        let config = quoted(&format!("{name}.properties"));
        let body = format!("bootstrap.servers={}", address(source));
        let tag = end_tag(&body);
        let (dest, name) = (quoted(&address(target)), quoted(&name));
        out.push_str(&format!(
            "\n# {source} -> {target}\ncat > {config} <<'{tag}'\n{body}\n{tag}\n\
             kafka-cluster-mirrors.sh --bootstrap-server {dest} --create --mirror {name} --mirror-config {config}\n"
        ));
        // One --start per pattern: each is a topic name or a regex of its own.
        for topics in patterns(t, hops) {
            out.push_str(&format!(
                "kafka-cluster-mirrors.sh --bootstrap-server {dest} --start --mirror {name} --topics {}\n",
                quoted(&topics)
            ));
        }
    }
    out
}

/// `--start` for `topics`, said as `like` says its command (the tool's path, the
/// destination, the admin client's config): a `--start` of the same mirror, else its
/// `--create` with the config options taken out.
fn start_like(like: &Command, topics: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut rest = like.words.iter();
    while let Some(w) = rest.next() {
        let key = w.split_once('=').map_or(w.as_str(), |(k, _)| k);
        let takes_value = !w.contains('=');
        match key {
            "--create" | "--stop" | "--start" => words.push("--start".into()),
            "--topics" | "--topic" | "--mirror-config" | "--replication-factor" => {
                if takes_value {
                    rest.next();
                }
            }
            _ => words.push(w.clone()),
        }
    }
    words.push("--topics".into());
    words.push(topics.into());
    let line: Vec<String> = words.iter().map(|w| shell_word(w)).collect();
    line.join(" ") + "\n"
}

/// The design written onto the script it was imported from: every line that is not a
/// mirror's command stays (comments, `set`, other commands), each mirror the design still
/// has keeps its config here-document and `--create` as written and gets a `--start` per
/// topic pattern in place of its `--start`s and `--stop`s; mirrors the design no longer has
/// go, with their configs; new pairs follow as new mirrors. None if the script does not read.
pub fn script_onto(t: &Topology, original: &Input) -> Option<String> {
    let (script, mirrors) =
        read::parse(original.name, original.text, &mut Report::default()).ok()?;
    // Each cluster's address as the script gives it, for mirrors the design adds.
    let mut known: Vec<(String, String)> = Vec::new();
    let pairs = by_pair(t);
    let mut kept = vec![false; pairs.len()];
    // Lines (1-based) to leave out, and text to put in before a line.
    let mut dropped: Vec<(u32, u32)> = Vec::new();
    let mut before: BTreeMap<u32, String> = BTreeMap::new();
    for m in &mirrors {
        let [(source, source_at), (target, target_at)] = read::ends(original, m, &script.files);
        for (site, at) in [(&source, source_at), (&target, target_at)] {
            if let Some(at) = at.filter(|_| !known.iter().any(|(s, _)| s == site)) {
                known.push((site.clone(), at));
            }
        }
        let commands: Vec<&Command> = m.commands.iter().map(|&i| &script.commands[i]).collect();
        let action = |c: &Command, a: &str| c.words.iter().any(|w| w == a);
        let pair = pairs
            .iter()
            .position(|((s, d), _)| *s == source && *d == target)
            .filter(|&p| !kept[p]);
        let Some(p) = pair else {
            dropped.extend(commands.iter().map(|c| (c.line, c.end)));
            dropped.extend(read::config_file(m, &script.files).map(|w| w.lines));
            continue;
        };
        kept[p] = true;
        let moving: Vec<&Command> = commands
            .iter()
            .copied()
            .filter(|c| action(c, "--start") || action(c, "--stop"))
            .collect();
        dropped.extend(moving.iter().map(|c| (c.line, c.end)));
        let like = moving
            .iter()
            .find(|c| action(c, "--start"))
            .unwrap_or(&commands[0]);
        let at = moving.first().map_or(commands[0].end + 1, |c| c.line);
        let starts: String = patterns(t, &pairs[p].1)
            .iter()
            .map(|pat| start_like(like, pat))
            .collect();
        before.entry(at).or_default().push_str(&starts);
    }
    let mut out = String::new();
    let lines: Vec<&str> = original.text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let n = u32::try_from(i + 1).unwrap_or(u32::MAX);
        if let Some(text) = before.remove(&n) {
            out.push_str(&text);
        }
        if !dropped.iter().any(|&(from, to)| (from..=to).contains(&n)) {
            out.push_str(line);
            out.push('\n');
        }
    }
    for text in before.into_values() {
        out.push_str(&text);
    }
    for (p, ((source, target), hops)) in pairs.iter().enumerate() {
        if !kept[p] {
            let address_of = |site: &str| {
                known
                    .iter()
                    .find(|(s, _)| s == site)
                    .map_or_else(|| address(site), |(_, a)| a.clone())
            };
            out.push_str(&block(t, (source, target), hops, &address_of));
        }
    }
    Some(out)
}
