//! A set-up script for Kafka's proposed cluster mirroring (KIP-1279): the
//! `kafka-cluster-mirrors.sh` commands run against the destination (`--create` a mirror
//! with its `--mirror-config`, `--start` its topics, `--stop` them at a failover), with
//! each mirror's properties written by a here-document in the same script, as the KIP's
//! prototype demo does. The destination is the commands' `--bootstrap-server` (or
//! `--site`); the source is the mirror config's `bootstrap.servers`.

use crate::estate::{addresses, host_of, Estate, Flow, FlowFacts, Naming, Product, Selector};
use crate::presets::{self, PresetId};
use crate::report::{Ignored, Report};
use crate::text::properties;
use crate::text::shell::{self as script, Command};
use crate::{ImportError, Input};

/// The tool's names: `kafka-cluster-mirrors.sh` now, the two earlier names in the KIP's
/// discussion still read.
const TOOLS: &[&str] = &["kafka-cluster-mirrors", "kafka-mirrors", "kafka-mirror"];
const ACTIONS: &[&str] = &[
    "--create",
    "--alter",
    "--start",
    "--stop",
    "--pause",
    "--resume",
    "--list",
    "--describe",
    "--delete",
];
/// Options that take a value.
const WITH_VALUE: &[&str] = &[
    "--bootstrap-server",
    "--command-config",
    "--mirror-config",
    "--mirror",
    "--topic",
    "--topics",
    "--replication-factor",
];
const FLAGS: &[&str] = &["--json", "--help"];
/// Keys a mirror config holds (besides `ssl.*` and `sasl.*`): the source connection and
/// the prototype's filters and refresh interval.
const CONFIG_KEYS: &[&str] = &[
    "bootstrap.servers",
    "security.protocol",
    "client.dns.lookup",
    "mirror.topics.include",
    "mirror.topics.exclude",
    "mirror.groups.include",
    "mirror.groups.exclude",
    "mirror.metadata.refresh.interval.ms",
];
pub const DEFAULT_SOURCE: &str = "source";
pub const DEFAULT_DESTINATION: &str = "destination";

/// Whether a script holds the tool: what tells this format apart.
pub fn mentions_the_tool(text: &str) -> bool {
    script::read(text).commands.iter().any(is_tool)
}

pub(super) fn is_tool(c: &Command) -> bool {
    let first = c
        .words
        .first()
        .map_or("", |w| w.rsplit('/').next().unwrap_or(w));
    let name = first.strip_suffix(".sh").unwrap_or(first);
    TOOLS.contains(&name)
}

/// One mirror as the script leaves it.
#[derive(Debug, Default)]
pub(super) struct Mirror {
    pub(super) name: String,
    line: u32,
    destination: Option<String>,
    pub(super) config: Option<String>,
    topics: Vec<String>,
    stopped: Vec<String>,
    paused: bool,
    /// The script's commands about it (indices into `Script::commands`), in order.
    pub(super) commands: Vec<usize>,
}

/// One command's options: the action and each option's value.
struct Call<'a> {
    action: &'a str,
    get: Vec<(&'a str, &'a str)>,
}

impl Call<'_> {
    fn value(&self, key: &str) -> Option<&str> {
        self.get
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
    }
}

fn parse_call<'a>(
    file: &str,
    c: &'a Command,
    report: &mut Report,
) -> Result<Call<'a>, ImportError> {
    let mut actions = Vec::new();
    let mut get = Vec::new();
    let mut words = c.words[1..].iter();
    while let Some(w) = words.next() {
        let (key, inline) = w
            .split_once('=')
            .map_or((w.as_str(), None), |(k, v)| (k, Some(v)));
        if ACTIONS.contains(&key) {
            actions.push(key);
        } else if WITH_VALUE.contains(&key) {
            let value = inline
                .or_else(|| words.next().map(String::as_str))
                .ok_or_else(|| {
                    ImportError::new(file, format!("{key} needs a value"))
                        .at_line(Some(c.line))
                        .with_key(key)
                })?;
            get.push((key, value));
        } else if !FLAGS.contains(&key) {
            let why = Ignored::for_unknown(key, WITH_VALUE.iter().chain(ACTIONS).copied());
            report.ignore(file, Some(c.line), key, why);
        }
    }
    match actions.as_slice() {
        [one] => Ok(Call { action: one, get }),
        _ => Err(ImportError::new(
            file,
            "a kafka-cluster-mirrors.sh command needs exactly one action: --create, --alter, --start, --stop, --delete, --pause, --resume, --list or --describe",
        )
        .at_line(Some(c.line))),
    }
}

/// The mirror a command names, made by an earlier `--create`.
fn named<'m>(
    file: &str,
    c: &Command,
    call: &Call,
    mirrors: &'m mut [Mirror],
) -> Result<&'m mut Mirror, ImportError> {
    let name = call.value("--mirror").ok_or_else(|| {
        ImportError::new(
            file,
            format!("{} needs --mirror: which mirror", call.action),
        )
        .at_line(Some(c.line))
    })?;
    mirrors.iter_mut().find(|m| m.name == name).ok_or_else(|| {
        ImportError::new(
            file,
            format!(
                "{} names mirror '{name}', which no --create before it in this script makes",
                call.action
            ),
        )
        .at_line(Some(c.line))
        .with_key("--mirror")
    })
}

fn topic_of<'a>(call: &'a Call) -> Option<&'a str> {
    call.value("--topics").or_else(|| call.value("--topic"))
}

/// Applies command `index` to the mirrors.
fn apply(
    file: &str,
    (index, c): (usize, &Command),
    call: &Call,
    mirrors: &mut Vec<Mirror>,
    report: &mut Report,
) -> Result<(), ImportError> {
    if call.action != "--create" && call.value("--mirror").is_some() {
        named(file, c, call, mirrors)?.commands.push(index);
    }
    let destination = call.value("--bootstrap-server").map(str::to_string);
    match call.action {
        "--create" => {
            let name = call.value("--mirror").ok_or_else(|| {
                ImportError::new(file, "--create needs --mirror: the new mirror's name")
                    .at_line(Some(c.line))
            })?;
            if mirrors.iter().any(|m| m.name == name) {
                return Err(
                    ImportError::new(file, format!("mirror '{name}' is created twice"))
                        .at_line(Some(c.line)),
                );
            }
            if call.value("--replication-factor").is_some() {
                report.approximate(format!("{file}, line {}: --replication-factor was dropped from the KIP (mirror topics take the destination's default); read as that", c.line));
            }
            mirrors.push(Mirror {
                name: name.to_string(),
                line: c.line,
                destination,
                config: call.value("--mirror-config").map(str::to_string),
                commands: vec![index],
                ..Mirror::default()
            });
        }
        "--alter" => {
            let m = named(file, c, call, mirrors)?;
            if let Some(config) = call.value("--mirror-config") {
                m.config = Some(config.to_string());
            }
        }
        "--start" | "--stop" => {
            let topics = topic_of(call).ok_or_else(|| {
                ImportError::new(
                    file,
                    format!("{} needs --topics: which topics", call.action),
                )
                .at_line(Some(c.line))
            })?;
            let m = named(file, c, call, mirrors)?;
            m.destination = m.destination.take().or(destination);
            if call.action == "--start" {
                m.topics.push(topics.to_string());
            } else {
                m.stopped.push(topics.to_string());
            }
        }
        "--pause" => named(file, c, call, mirrors)?.paused = true,
        "--resume" => named(file, c, call, mirrors)?.paused = false,
        "--delete" => {
            let name = named(file, c, call, mirrors)?.name.clone();
            mirrors.retain(|m| m.name != name);
            report
                .read
                .push(format!("{file}, line {}: mirror {name} deleted", c.line));
        }
        _ => {} // --list and --describe change nothing.
    }
    Ok(())
}

/// The here-document that writes mirror `m`'s config, if the script has one.
pub(super) fn config_file<'s>(
    m: &Mirror,
    written: &'s [script::Written],
) -> Option<&'s script::Written> {
    let name = m.config.as_deref()?;
    let base = |p: &str| p.rsplit('/').next().unwrap_or(p).to_string();
    written.iter().rev().find(|w| base(&w.name) == base(name))
}

/// The mirror config's properties, written by a here-document of the script.
fn config_of<'s>(
    file: &str,
    m: &Mirror,
    written: &'s [script::Written],
    report: &mut Report,
) -> Option<(&'s script::Written, Vec<properties::Prop>)> {
    let name = m.config.as_deref()?;
    let Some(w) = config_file(m, written) else {
        report.approximate(format!("{file}: mirror {}'s --mirror-config {name} is not written in this script, so its source is drawn as '{DEFAULT_SOURCE}'", m.name));
        return None;
    };
    let props = properties::parse(&w.text);
    for p in &props {
        if !CONFIG_KEYS.contains(&p.key.as_str())
            && !p.key.starts_with("ssl.")
            && !p.key.starts_with("sasl.")
        {
            let why = Ignored::for_unknown(&p.key, CONFIG_KEYS.iter().copied());
            report.ignore(file, Some(w.line + p.line - 1), &p.key, why);
        }
    }
    Some((w, props))
}

/// A regex list as the prototype writes one (comma-separated).
fn patterns(value: &str) -> Vec<String> {
    value
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect()
}

fn flow_of(
    input: &Input,
    m: &Mirror,
    written: &[script::Written],
    estate: &mut Estate,
    report: &mut Report,
) -> Flow {
    let file = input.name;
    let config = config_of(file, m, written, report);
    let get = |k: &str| {
        config
            .as_ref()
            .and_then(|(_, p)| properties::last(p, k))
            .map(|p| p.value.clone())
    };
    let source_addresses = get("bootstrap.servers")
        .map(|s| addresses(&s))
        .unwrap_or_default();
    let source = source_addresses
        .first()
        .map_or(DEFAULT_SOURCE.to_string(), |a| host_of(a));
    let dest_addresses = m.destination.as_deref().map(addresses).unwrap_or_default();
    let target = input
        .site
        .map(str::to_string)
        .or_else(|| dest_addresses.first().map(|a| host_of(a)))
        .unwrap_or_else(|| DEFAULT_DESTINATION.to_string());
    estate.cluster(&source, &source_addresses, file);
    estate.cluster(&target, &dest_addresses, file);
    let mut include = m.topics.clone();
    include.extend(
        get("mirror.topics.include")
            .as_deref()
            .map(patterns)
            .unwrap_or_default(),
    );
    let mut exclude = m.stopped.clone();
    exclude.extend(
        get("mirror.topics.exclude")
            .as_deref()
            .map(patterns)
            .unwrap_or_default(),
    );
    let groups =
        get("mirror.groups.include").map_or_else(|| vec![".*".to_string()], |g| patterns(&g));
    if let Some((w, p)) = config.as_ref().and_then(|(w, p)| {
        Some((
            w,
            properties::last(p, "mirror.metadata.refresh.interval.ms")?,
        ))
    }) {
        // How often group offsets and configs are synced: offsets match, so the model's
        // groups move by the same number whenever they move.
        report.ignore(
            file,
            Some(w.line + p.line - 1),
            &p.key,
            Ignored::NotModelled,
        );
    }
    let options = presets::get(PresetId::KafkaClusterMirror).options;
    Flow {
        product: Product::ClusterMirror,
        file: file.into(),
        line: Some(m.line),
        source,
        target,
        selector: Selector { include, exclude },
        naming: Naming::Identity,
        pairs: Vec::new(),
        options,
        facts: FlowFacts {
            group_sync: !groups.is_empty(),
            groups,
            offset_syncs: true,
            ..FlowFacts::default()
        },
    }
}

/// The script and the mirrors it leaves standing.
pub(super) fn parse(
    file: &str,
    text: &str,
    report: &mut Report,
) -> Result<(script::Script, Vec<Mirror>), ImportError> {
    let script = script::read(text);
    let mut mirrors: Vec<Mirror> = Vec::new();
    for (i, c) in script
        .commands
        .iter()
        .enumerate()
        .filter(|(_, c)| is_tool(c))
    {
        let call = parse_call(file, c, report)?;
        apply(file, (i, c), &call, &mut mirrors, report)?;
    }
    if mirrors.is_empty() {
        return Err(ImportError::new(
            file,
            "no kafka-cluster-mirrors.sh --create: the script makes no mirror",
        ));
    }
    Ok((script, mirrors))
}

/// The (source, destination) sites mirror `m` copies between, as an import names them,
/// each with the first address the script gives for it (its config's
/// `bootstrap.servers`, the commands' `--bootstrap-server`).
pub(super) fn ends(
    input: &Input,
    m: &Mirror,
    written: &[script::Written],
) -> [(String, Option<String>); 2] {
    let mut estate = Estate::default();
    let flow = flow_of(input, m, written, &mut estate, &mut Report::default());
    let first_address = |site: &str| {
        estate
            .clusters
            .iter()
            .find(|c| c.name == site)
            .and_then(|c| c.addresses.first().cloned())
    };
    let (source_at, target_at) = (first_address(&flow.source), first_address(&flow.target));
    [(flow.source, source_at), (flow.target, target_at)]
}

pub fn read(input: &Input, report: &mut Report) -> Result<Estate, ImportError> {
    let file = input.name;
    let (script, mirrors) = parse(file, input.text, report)?;
    let mut estate = Estate::default();
    for m in &mirrors {
        if m.topics.is_empty() {
            report.approximate(format!(
                "{file}: mirror {} starts no topics (no --start): drawn with none",
                m.name
            ));
            continue;
        }
        let flow = flow_of(input, m, &script.files, &mut estate, report);
        let state = if m.paused { ", paused" } else { "" };
        report.read.push(format!(
            "{file}: cluster mirror {} (KIP-1279, a proposal) from {} to {}{state}: topics {}{}",
            m.name,
            flow.source,
            flow.target,
            flow.selector.include.join(", "),
            if m.stopped.is_empty() {
                String::new()
            } else {
                format!("; stopped (failed over): {}", m.stopped.join(", "))
            },
        ));
        estate.flows.push(flow);
    }
    Ok(estate)
}
