//! RabbitMQ definitions exports, one per broker: federation upstreams and upstream sets
//! (`parameters`), the policies that apply them to exchanges or queues, and dynamic
//! shovels. The file's broker is named by `--site`, else by its `cluster_name` global
//! parameter, else by the file's name; other brokers by the host of the URIs that point
//! at them. An array of definitions (what earlier exports wrote for several brokers) is read
//! as one file per element, each named by its `cluster_name`.

use crate::estate::{host_of, Estate, Flow, FlowFacts, Naming, Product, Selector};
use crate::presets::{self, PresetId};
use crate::report::{Ignored, Report};
use crate::selector;
use crate::sites::{push, Pointers};
use crate::text::json;
use crate::{ImportError, Input};
use hoplab_model::spec::{HopOptions, OriginStamp, StartFrom};
use serde_json::Value;

const UPSTREAM_KEYS: &[&str] = &[
    "uri",
    "exchange",
    "queue",
    "max-hops",
    "ack-mode",
    "prefetch-count",
    "reconnect-delay",
    "trust-user-id",
    "expires",
    "message-ttl",
    "queue-type",
    "resource-cleanup-mode",
    "consumer-tag",
    "bind-nowait",
    "channel-use-mode",
    "ha-policy",
];

const SHOVEL_KEYS: &[&str] = &[
    "src-protocol",
    "dest-protocol",
    "ack-mode",
    "reconnect-delay",
    "internal",
    "internal_owner",
    "src-uri",
    "src-queue",
    "src-exchange",
    "src-exchange-key",
    "src-queue-args",
    "src-consumer-args",
    "src-consumer-name",
    "src-prefetch-count",
    "prefetch-count",
    "src-delete-after",
    "delete-after",
    "src-delete-after-duration",
    "src-predeclared",
    "dest-uri",
    "dest-queue",
    "dest-exchange",
    "dest-exchange-key",
    "dest-queue-args",
    "dest-publish-properties",
    "dest-add-forward-headers",
    "add-forward-headers",
    "dest-add-timestamp-header",
    "add-timestamp-header",
    "dest-predeclared",
    "src-address",
    "dest-address",
    "dest-properties",
    "dest-application-properties",
    "dest-message-annotations",
];

/// Default `max-hops` (`rabbit_federation_upstream.erl`).
pub const DEFAULT_MAX_HOPS: u8 = 1;
pub const DEFAULTS_VERSION: &str = "RabbitMQ 3.13 and 4.x defaults";

fn check(
    file: &str,
    text: &str,
    what: &str,
    obj: &serde_json::Map<String, Value>,
    known: &[&str],
    report: &mut Report,
) {
    for k in obj.keys().filter(|k| !known.contains(&k.as_str())) {
        let why = Ignored::for_unknown(k, known.iter().copied());
        report.ignore(file, json::line_of(text, k), &format!("{what}.{k}"), why);
    }
}

fn first_uri(v: Option<&Value>) -> Option<&str> {
    match v? {
        Value::String(s) => Some(s),
        Value::Array(a) => a.first()?.as_str(),
        _ => None,
    }
}

/// The broker a URI points at: its host, or this file's broker for `amqp://`.
fn broker(uri: &str, own: &str) -> String {
    let h = host_of(uri);
    if h.is_empty() {
        own.to_string()
    } else {
        h
    }
}

/// The broker a definitions file names itself by: its `cluster_name` (`rabbit@host` names
/// a node; the host is the broker).
pub(crate) fn cluster_host(doc: &Value) -> Option<String> {
    let c = doc
        .get("global_parameters")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .find(|p| p.get("name").and_then(Value::as_str) == Some("cluster_name"))?
        .get("value")?
        .as_str()?;
    Some(c.rsplit('@').next().unwrap_or(c).to_string())
}

/// The file's own broker name.
pub(crate) fn own_name(input: &Input, doc: &Value) -> String {
    if let Some(s) = input.site {
        return s.to_string();
    }
    if let Some(host) = cluster_host(doc) {
        return host;
    }
    let stem = input.name.rsplit(['/', '\\']).next().unwrap_or(input.name);
    stem.split('.').next().unwrap_or(stem).to_string()
}

fn params<'a>(doc: &'a Value, component: &str) -> Vec<&'a Value> {
    doc.get("parameters")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|p| p.get("component").and_then(Value::as_str) == Some(component))
        .collect()
}

fn names_of<'a>(doc: &'a Value, list: &str) -> Vec<&'a str> {
    doc.get(list)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|x| x.get("name").and_then(Value::as_str))
        .collect()
}

/// What reading one broker's definitions shares: the file, its broker and the options of
/// the two presets its links start from.
struct Broker<'a> {
    file: &'a str,
    text: &'a str,
    doc: &'a Value,
    own: String,
    federation: HopOptions,
    shovel: HopOptions,
    upstreams: Vec<&'a Value>,
    sets: Vec<&'a Value>,
}

/// An upstream a policy applies, by name, with the overrides its upstream set gives it.
type Applied<'a> = (&'a str, Option<&'a Value>);

/// A federation policy's parts that every upstream it applies shares.
struct Policy<'a> {
    name: &'a str,
    queues: bool,
    matched: Vec<String>,
}

impl<'a> Broker<'a> {
    fn new(input: &'a Input, doc: &'a Value) -> Self {
        Broker {
            file: input.name,
            text: input.text,
            doc,
            // The broker becomes a site through its links (a broker with none draws nothing).
            own: own_name(input, doc),
            federation: presets::get(PresetId::RabbitmqFederationMaxHops).options,
            shovel: presets::get(PresetId::RabbitmqShovel).options,
            upstreams: params(doc, "federation-upstream"),
            sets: params(doc, "federation-upstream-set"),
        }
    }

    fn upstream_names(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.upstreams
            .iter()
            .filter_map(|u| u.get("name").and_then(Value::as_str))
    }

    /// The (upstream name, overrides) a policy applies, or None for a policy that does
    /// not federate.
    fn chosen(&self, def: &'a Value, pname: &str) -> Result<Option<Vec<Applied<'a>>>, ImportError> {
        if let Some(u) = def.get("federation-upstream").and_then(Value::as_str) {
            return Ok(Some(vec![(u, None)]));
        }
        if let Some(set) = def.get("federation-upstream-set").and_then(Value::as_str) {
            return self.set_members(set, pname).map(Some);
        }
        Ok(def
            .get("federation-upstream-pattern")
            .and_then(Value::as_str)
            .map(|p| {
                self.upstream_names()
                    .filter(|n| selector::matches(p, n))
                    .map(|n| (n, None))
                    .collect()
            }))
    }

    fn set_members(&self, set: &str, pname: &str) -> Result<Vec<Applied<'a>>, ImportError> {
        if set == "all" {
            return Ok(self.upstream_names().map(|n| (n, None)).collect());
        }
        let (file, text) = (self.file, self.text);
        let found = self
            .sets
            .iter()
            .find(|s| s.get("name").and_then(Value::as_str) == Some(set))
            .ok_or_else(|| {
                ImportError::new(
                    file,
                    format!("policy {pname} names the upstream set '{set}', which is not defined"),
                )
                .with_key("federation-upstream-set")
                .at_line(json::line_of(text, set))
            })?;
        Ok(found
            .get("value")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|e| {
                e.get("upstream")
                    .and_then(Value::as_str)
                    .map(|n| (n, Some(e)))
            })
            .collect())
    }

    /// The declared exchanges or queues a policy's pattern matches, or one stream that
    /// stands for them when none is declared.
    fn policy(&self, policy: &'a Value, name: &'a str, report: &mut Report) -> Policy<'a> {
        let (file, doc) = (self.file, self.doc);
        let pattern = policy
            .get("pattern")
            .and_then(Value::as_str)
            .unwrap_or(".*");
        let apply_to = policy
            .get("apply-to")
            .and_then(Value::as_str)
            .unwrap_or("all");
        let queues = apply_to == "queues";
        let declared: Vec<&str> = match apply_to {
            "queues" => names_of(doc, "queues"),
            "exchanges" => names_of(doc, "exchanges"),
            _ => names_of(doc, "exchanges")
                .into_iter()
                .chain(names_of(doc, "queues"))
                .collect(),
        };
        let mut matched: Vec<String> = declared
            .iter()
            .filter(|n| selector::matches(pattern, n))
            .map(|n| n.to_string())
            .collect();
        if matched.is_empty() {
            let rep = selector::representative(pattern);
            report.approximate(format!(
                "{file}: policy {name} applies to '{pattern}', which no declared {} matches: drawn as one stream '{rep}'",
                if queues { "queue" } else { "exchange" }
            ));
            matched.push(rep);
        }
        Policy {
            name,
            queues,
            matched,
        }
    }

    /// The federation links of every policy; how many.
    fn read_policies(
        &self,
        estate: &mut Estate,
        report: &mut Report,
    ) -> Result<usize, ImportError> {
        let mut fed = 0;
        for policy in self
            .doc
            .get("policies")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let def = policy.get("definition").unwrap_or(&Value::Null);
            let pname = policy.get("name").and_then(Value::as_str).unwrap_or("?");
            let Some(chosen) = self.chosen(def, pname)? else {
                continue;
            };
            let applied = self.policy(policy, pname, report);
            for (uname, overrides) in chosen {
                fed += self.federate(&applied, uname, overrides, estate, report)?;
            }
        }
        Ok(fed)
    }

    fn upstream_value(
        &self,
        pname: &str,
        uname: &str,
    ) -> Result<&'a serde_json::Map<String, Value>, ImportError> {
        let (file, text) = (self.file, self.text);
        let up = self
            .upstreams
            .iter()
            .find(|u| u.get("name").and_then(Value::as_str) == Some(uname))
            .ok_or_else(|| {
                ImportError::new(
                    file,
                    format!("policy {pname} uses the upstream '{uname}', which is not defined"),
                )
                .with_key("federation-upstream")
                .at_line(json::line_of(text, uname))
            })?;
        up.get("value").and_then(Value::as_object).ok_or_else(|| {
            ImportError::new(file, format!("upstream {uname} has no value")).with_key(uname)
        })
    }

    /// One upstream's links into the streams a policy matched; how many.
    fn federate(
        &self,
        policy: &Policy,
        uname: &str,
        overrides: Option<&Value>,
        estate: &mut Estate,
        report: &mut Report,
    ) -> Result<usize, ImportError> {
        let (file, text, queues) = (self.file, self.text, policy.queues);
        let value = self.upstream_value(policy.name, uname)?;
        check(file, text, uname, value, UPSTREAM_KEYS, report);
        let get = |k: &str| overrides.and_then(|o| o.get(k)).or_else(|| value.get(k));
        let uri = first_uri(get("uri")).ok_or_else(|| {
            ImportError::new(file, format!("upstream {uname} has no uri"))
                .with_key(format!("{uname}.uri"))
                .at_line(json::line_of(text, uname))
        })?;
        let from = broker(uri, &self.own);
        let max_hops = self.max_hops(uname, get("max-hops"), report)?;
        let ack_mode = get("ack-mode")
            .and_then(Value::as_str)
            .unwrap_or("on-confirm")
            .to_string();
        let mut options = if queues {
            self.shovel.clone()
        } else {
            self.federation.clone()
        };
        if queues {
            options.product = None;
            options.stamp = OriginStamp::None;
        } else {
            options.stamp = OriginStamp::HopBudget(max_hops);
        }
        for local in &policy.matched {
            let upstream_name = get(if queues { "queue" } else { "exchange" })
                .and_then(Value::as_str)
                .unwrap_or(local);
            estate.origin(&from, upstream_name);
            estate.cluster(&from, &[], file);
            estate.flows.push(Flow {
                product: if queues {
                    Product::FederatedQueue
                } else {
                    Product::FederatedExchange
                },
                file: file.into(),
                line: json::line_of(text, policy.name),
                source: from.clone(),
                target: self.own.clone(),
                selector: Selector::default(),
                naming: Naming::Identity,
                pairs: vec![(upstream_name.to_string(), local.clone())],
                options: options.clone(),
                facts: FlowFacts {
                    ack_mode: Some(ack_mode.clone()),
                    ..FlowFacts::default()
                },
            });
        }
        Ok(policy.matched.len())
    }

    fn max_hops(
        &self,
        uname: &str,
        given: Option<&Value>,
        report: &mut Report,
    ) -> Result<u8, ImportError> {
        let Some(v) = given else {
            report.defaulted(
                self.file,
                &format!("{uname}.max-hops"),
                "1",
                DEFAULTS_VERSION,
            );
            return Ok(DEFAULT_MAX_HOPS);
        };
        v.as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .filter(|&n| n >= 1)
            .ok_or_else(|| {
                ImportError::new(
                    self.file,
                    format!("max-hops of {uname} is not a whole number from 1 to 255"),
                )
                .with_key(format!("{uname}.max-hops"))
                .at_line(json::line_of(self.text, "max-hops"))
            })
    }

    /// One dynamic shovel's link.
    fn read_shovel(
        &self,
        p: &Value,
        estate: &mut Estate,
        report: &mut Report,
    ) -> Result<(), ImportError> {
        let (file, text, own) = (self.file, self.text, &self.own);
        let name = p.get("name").and_then(Value::as_str).unwrap_or("?");
        let value = p.get("value").and_then(Value::as_object).ok_or_else(|| {
            ImportError::new(file, format!("shovel {name} has no value")).with_key(name)
        })?;
        check(file, text, name, value, SHOVEL_KEYS, report);
        let uri = |k: &str| {
            first_uri(value.get(k)).ok_or_else(|| {
                ImportError::new(file, format!("shovel {name} has no {k}"))
                    .with_key(format!("{name}.{k}"))
                    .at_line(json::line_of(text, name))
            })
        };
        let (src, dest) = (broker(uri("src-uri")?, own), broker(uri("dest-uri")?, own));
        let s = |k: &str| value.get(k).and_then(Value::as_str);
        let from_exchange = s("src-exchange").is_some();
        let from = s("src-queue")
            .or(s("src-exchange"))
            .or(s("src-address"))
            .ok_or_else(|| {
                ImportError::new(
                    file,
                    format!("shovel {name} names no src-queue or src-exchange"),
                )
                .with_key(format!("{name}.src-queue"))
            })?;
        let to = s("dest-queue")
            .or(s("dest-exchange"))
            .or(s("dest-address"))
            .unwrap_or(from);
        let mut options = self.shovel.clone();
        if from_exchange {
            // The shovel binds a fresh queue when it starts: what came before is not seen.
            options.start_from = StartFrom::Latest;
        }
        estate.cluster(&src, &[], file);
        estate.cluster(&dest, &[], file);
        estate.origin(&src, from);
        estate.flows.push(Flow {
            product: Product::Shovel,
            file: file.into(),
            line: json::line_of(text, name),
            source: src,
            target: dest,
            selector: Selector::default(),
            naming: Naming::Identity,
            pairs: vec![(from.to_string(), to.to_string())],
            options,
            facts: FlowFacts {
                ack_mode: Some(s("ack-mode").unwrap_or("on-confirm").to_string()),
                start_latest: from_exchange,
                ..FlowFacts::default()
            },
        });
        Ok(())
    }
}

/// One broker's definitions.
fn read_broker(
    input: &Input,
    doc: &Value,
    estate: &mut Estate,
    report: &mut Report,
) -> Result<(usize, usize), ImportError> {
    let broker = Broker::new(input, doc);
    let fed = broker.read_policies(estate, report)?;
    let shovels = params(doc, "shovel");
    for p in &shovels {
        broker.read_shovel(p, estate, report)?;
    }
    let (file, own, shov) = (broker.file, &broker.own, shovels.len());
    report.read.push(format!(
        "{file}: RabbitMQ definitions of broker {own}, {fed} federation links, {shov} shovels"
    ));
    Ok((fed, shov))
}

pub fn read(input: &Input, report: &mut Report) -> Result<Estate, ImportError> {
    let doc = json::parse(input.name, input.text)?;
    let mut estate = Estate::default();
    match &doc {
        Value::Array(brokers) => {
            for b in brokers {
                let one = Input {
                    site: None,
                    ..*input
                };
                read_broker(&one, b, &mut estate, report)?;
            }
        }
        one => {
            read_broker(input, one, &mut estate, report)?;
        }
    }
    Ok(estate)
}

/// A RabbitMQ definitions file's own broker and the hosts of its upstreams and shovels.
pub(crate) fn pointers(doc: &Value) -> Pointers {
    let own = cluster_host(doc);
    let mut points_at = Vec::new();
    for p in doc
        .get("parameters")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let value = p.get("value");
        for key in ["uri", "src-uri", "dest-uri"] {
            let uris: Vec<&str> = match value.and_then(|v| v.get(key)) {
                Some(Value::String(s)) => vec![s.as_str()],
                Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            for uri in uris {
                push(&mut points_at, host_of(uri));
            }
        }
    }
    Pointers { own, points_at }
}
