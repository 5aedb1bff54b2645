//! RabbitMQ exchange federation and dynamic shovels, each site a virtual host of the one
//! node this run starts.

use super::{Case, Outcome};
use crate::compare::{count_held, held_facts, model_held, run_model, Fact, Held, LOOPING};
use crate::estate::{estate, hop, preset, sites, two_sites, writer};
use crate::rabbitmq::Rabbit;
use crate::Servers;
use hoplab_copiers::CopierId;
use hoplab_copiers::PresetId;
use hoplab_model::spec::*;
use serde_json::Value;
use std::time::Duration;

pub fn cases() -> Vec<Case> {
    vec![
        Case {
            id: "rabbitmq-federation-both-ways",
            copier: CopierId::RabbitmqFederation,
            server: "rabbitmq-server",
            title: "Two brokers federating one exchange both ways (max-hops 1)",
            preset: PresetId::RabbitmqFederationMaxHops,
            run: federation_both_ways,
        },
        Case {
            id: "rabbitmq-federation-ring-max-hops-1",
            copier: CopierId::RabbitmqFederation,
            server: "rabbitmq-server",
            title: "A ring of three brokers with max-hops 1",
            preset: PresetId::RabbitmqFederationMaxHops,
            run: |s| ring(s, 1),
        },
        Case {
            id: "rabbitmq-federation-ring-max-hops-2",
            copier: CopierId::RabbitmqFederation,
            server: "rabbitmq-server",
            title: "A ring of three brokers with max-hops 2 (N-1)",
            preset: PresetId::RabbitmqFederationMaxHops,
            run: |s| ring(s, 2),
        },
        Case {
            id: "rabbitmq-federation-ring-max-hops-5",
            copier: CopierId::RabbitmqFederation,
            server: "rabbitmq-server",
            title: "A ring of three brokers with max-hops 5 (more than the ring)",
            preset: PresetId::RabbitmqFederationMaxHops,
            run: |s| ring(s, 5),
        },
        Case {
            id: "rabbitmq-queue-federation",
            copier: CopierId::RabbitmqFederation,
            server: "rabbitmq-server",
            title: "A federated queue moving messages to where its consumer is",
            preset: PresetId::RabbitmqShovel,
            run: queue_federation,
        },
        Case {
            id: "rabbitmq-shovels-both-ways",
            copier: CopierId::RabbitmqShovel,
            server: "rabbitmq-server",
            title: "Two dynamic shovels, one each way",
            preset: PresetId::RabbitmqShovel,
            run: shovels_both_ways,
        },
        Case {
            id: "rabbitmq-shovel-misspelt-key",
            copier: CopierId::RabbitmqShovel,
            server: "rabbitmq-server",
            title: "A shovel whose definition misspells a key",
            preset: PresetId::RabbitmqShovel,
            run: shovel_misspelt_key,
        },
        Case {
            id: "rabbitmq-shovel-restarted",
            copier: CopierId::RabbitmqShovel,
            server: "rabbitmq-server",
            title: "A shovel restarted mid-stream",
            preset: PresetId::RabbitmqShovel,
            run: shovel_restarted,
        },
    ]
}

/// What a site's store holds of one writer (federation and shovels keep no positions:
/// a queue has none to keep, so every copy counts as renumbered).
fn real_held(stored: &[Value], writer: &str) -> Held {
    count_held(
        writer,
        stored.iter().map(|m| {
            let payload = m["payload"].as_str().unwrap_or_default().as_bytes();
            let headers = &m["properties"]["headers"];
            let copied =
                headers.get("x-received-from").is_some() || headers.get("x-shovelled").is_some();
            (payload, 0, copied.then_some(u64::MAX))
        }),
    )
}

fn publish_n(rabbit: &Rabbit, vhost: &str, writer: &str, n: u64) -> Result<(), String> {
    (0..n).try_for_each(|i| rabbit.publish(vhost, &format!("{writer}:{i}")))
}

/// Publishes a fence at each site in turn, following the links, so that everything
/// forwarded before has arrived everywhere it will (a link delivers in order).
fn fence_round(rabbit: &Rabbit, ring: &[String], tag: &str) -> Result<(), String> {
    for (i, site) in ring.iter().enumerate() {
        let fence = format!("fence:{tag}{i}");
        rabbit.publish(site, &fence)?;
        rabbit.wait_for_payload(&ring[(i + 1) % ring.len()], &fence)?;
    }
    Ok(())
}

fn names(prefix: &str, sites: &[&str]) -> Vec<String> {
    sites.iter().map(|s| format!("{prefix}-{s}")).collect()
}

/// Records of one writer at each site, real against model.
fn compare_sites(
    rabbit: &Rabbit,
    vhosts: &[String],
    sim: &hoplab_model::Sim,
    model_sites: &[&str],
    writers: &[&str],
) -> Result<Vec<Fact>, String> {
    let mut facts = Vec::new();
    for (vhost, site) in vhosts.iter().zip(model_sites) {
        let stored = rabbit.stored(vhost)?;
        for w in writers {
            let real = real_held(&stored, w);
            let model = model_held(sim, site, "x", w);
            facts.extend(
                held_facts(&format!("{w}'s records at {site}"), real, model)
                    .into_iter()
                    .filter(|f| f.what.ends_with("copies")),
            );
        }
    }
    Ok(facts)
}

fn federation_both_ways(servers: &mut Servers) -> Result<Outcome, String> {
    let rabbit = servers.rabbit()?;
    let v = names("fed2", &["a", "b"]);
    for s in &v {
        rabbit.site(s)?;
    }
    rabbit.federate(&v[1], &v[0], 1)?;
    rabbit.federate(&v[0], &v[1], 1)?;
    rabbit.wait_running("federation-links", "fed2-", 2)?;
    publish_n(rabbit, &v[0], "a", 5)?;
    publish_n(rabbit, &v[1], "b", 5)?;
    fence_round(rabbit, &v, "x")?;
    fence_round(rabbit, &v, "y")?;
    let spec = estate(
        two_sites(
            preset(PresetId::RabbitmqFederationMaxHops),
            true,
            vec![writer("a", "a", "x", 5, 0), writer("b", "b", "x", 5, 0)],
        ),
        10_000,
    );
    let sim = run_model(&spec, 10_000)?;
    let facts = compare_sites(rabbit, &v, &sim, &["a", "b"], &["a", "b"])?;
    let header = rabbit.stored(&v[1])?.iter().find_map(|m| {
        m["properties"]["headers"]["x-received-from"]
            .as_array()
            .map(|hops| hops.len())
    });
    Ok(Outcome {
        facts,
        notes: vec![format!(
            "A federated copy's x-received-from lists {} entry (one per link it crossed).",
            header.unwrap_or(0)
        )],
    })
}

/// Ring a -> b -> c -> a (each downstream federates from the one before); a publishes.
fn ring(servers: &mut Servers, max_hops: u8) -> Result<Outcome, String> {
    let rabbit = servers.rabbit()?;
    let v = names(&format!("ring{max_hops}"), &["a", "b", "c"]);
    for s in &v {
        rabbit.site(s)?;
    }
    for i in 0..3 {
        rabbit.federate(&v[(i + 1) % 3], &v[i], max_hops)?;
    }
    rabbit.wait_running("federation-links", &v[0][..5], 3)?;
    publish_n(rabbit, &v[0], "a", 5)?;
    fence_round(rabbit, &v, "x")?;
    fence_round(rabbit, &v, "y")?;
    let mut budget = preset(PresetId::RabbitmqFederationMaxHops);
    budget.stamp = OriginStamp::HopBudget(max_hops);
    let model_sites = ["a", "b", "c"];
    let spec = estate(
        Topology {
            sites: sites(&model_sites),
            streams: model_sites
                .iter()
                .map(|s| StreamSpec::new(s, "x", 1))
                .collect(),
            hops: (0..3)
                .map(|i| {
                    let (from, to) = (model_sites[i], model_sites[(i + 1) % 3]);
                    hop(
                        &format!("{from}-to-{to}"),
                        (from, "x"),
                        (to, "x"),
                        budget.clone(),
                    )
                })
                .collect(),
            writers: vec![writer("a", "a", "x", 5, 0)],
            ..Topology::default()
        },
        10_000,
    );
    let sim = run_model(&spec, 10_000)?;
    let mut facts = compare_sites(rabbit, &v, &sim, &model_sites, &["a"])?;
    // What a copy carries: x-received-from gains an entry per link crossed; the model
    // counts the hops on the record.
    for (vhost, site) in v.iter().zip(model_sites).skip(1) {
        let links = rabbit
            .stored(vhost)?
            .iter()
            .filter(|m| m["payload"].as_str().is_some_and(|p| p.starts_with("a:")))
            .filter_map(|m| {
                m["properties"]["headers"]["x-received-from"]
                    .as_array()
                    .map(Vec::len)
            })
            .max()
            .unwrap_or(0);
        let model = sim
            .holdings()
            .iter()
            .find(|h| h.site == site && h.writer == "a")
            .map_or(0, |h| usize::from(h.most_hops));
        facts.push(Fact::new(
            format!("links a's copies at {site} crossed (x-received-from entries)"),
            links.to_string(),
            model.to_string(),
        ));
    }
    Ok(Outcome {
        facts,
        notes: vec![],
    })
}

/// Shovel a's queue `out` to b's exchange and b's `out` to a's: nothing marks what a
/// shovel moved, so every message goes round without end.
fn shovels_both_ways(servers: &mut Servers) -> Result<Outcome, String> {
    let rabbit = servers.rabbit()?;
    let v = names("shovel2", &["a", "b"]);
    for s in &v {
        rabbit.site(s)?;
        rabbit.queue(s, "out")?;
    }
    rabbit.shovel("to-b", &v[0], "out", &v[1])?;
    rabbit.shovel("to-a", &v[1], "out", &v[0])?;
    rabbit.wait_running("shovels", "shovel2-", 2)?;
    publish_n(rabbit, &v[0], "a", 3)?;
    let held = rabbit.wait_for_count(&v[0], (3 * LOOPING + 3) as usize, Duration::from_secs(15))?;
    // Stop the loop before counting, so the counts are of one moment.
    for (site, name) in [(&v[0], "to-b"), (&v[1], "to-a")] {
        rabbit.call("DELETE", &format!("parameters/shovel/{site}/{name}"), None)?;
    }
    let spec = estate(
        two_sites(
            preset(PresetId::RabbitmqShovel),
            true,
            vec![writer("a", "a", "x", 3, 0)],
        ),
        20_000,
    );
    let sim = run_model(&spec, 20_000)?;
    let facts = compare_sites(rabbit, &v, &sim, &["a", "b"], &["a"])?;
    Ok(Outcome {
        facts,
        notes: vec![format!(
            "a's store held {held} messages of 3 published when the shovels were deleted."
        )],
    })
}

/// A shovel from a to b restarted while 400 messages cross: nothing is lost (on-confirm
/// acknowledges only what b confirmed; the rest is delivered again), and a repeat of the
/// unconfirmed ones is possible. The model restarts its hop from its last commit.
fn shovel_restarted(servers: &mut Servers) -> Result<Outcome, String> {
    let rabbit = servers.rabbit()?;
    let v = names("restart", &["a", "b"]);
    for s in &v {
        rabbit.site(s)?;
    }
    rabbit.queue(&v[0], "out")?;
    rabbit.shovel("to-b", &v[0], "out", &v[1])?;
    rabbit.wait_running("shovels", "restart-", 1)?;
    const N: u64 = 400;
    publish_n(rabbit, &v[0], "a", N / 2)?;
    rabbit.call(
        "DELETE",
        &format!("shovels/vhost/{}/to-b/restart", v[0]),
        None,
    )?;
    (N / 2..N).try_for_each(|i| rabbit.publish(&v[0], &format!("a:{i}")))?;
    let fence = "fence:restart";
    rabbit.publish(&v[0], fence)?;
    rabbit.wait_for_payload(&v[1], fence)?;
    let stored = rabbit.stored(&v[1])?;
    let real = real_held(&stored, "a");

    // 400 records over 4 s, the copier restarted halfway.
    let mut w = writer("a", "a", "x", N, 0);
    w.rate_per_sec = 100.0;
    w.stop_at_ms = Some(4_000);
    let mut spec = estate(
        two_sites(preset(PresetId::RabbitmqShovel), false, vec![w]),
        20_000,
    );
    spec.timeline.push(TimedCommand {
        at_ms: 2_000,
        command: Command::RestartHop {
            hop: "a-to-b".into(),
        },
    });
    let sim = run_model(&spec, 20_000)?;
    let model = model_held(&sim, "b", "x", "a");
    let whole = |h: Held| {
        if h.records == N {
            "every record arrived".to_string()
        } else {
            format!("{} of {N} records arrived", h.records)
        }
    };
    Ok(Outcome {
        facts: vec![Fact::new("a's records at b after the restart", whole(real), whole(model))],
        notes: vec![format!(
            "Repeats at b: {} on the server (only unconfirmed messages come again), {} in the model (what it copied since its last commit).",
            real.copies - real.records,
            model.copies - model.records
        )],
    })
}

/// Queue federation: b's queue `q` federates from a's `q` and has a consumer (a shovel
/// into b's exchange), so a's messages move to b, each once, and leave a's queue. The
/// model has no hop that moves: a one-way copier (the shovel preset, which also moves
/// off a queue) is compared for what arrives, and the drained queue is a note.
fn queue_federation(servers: &mut Servers) -> Result<Outcome, String> {
    let rabbit = servers.rabbit()?;
    let v = names("qfed", &["a", "b"]);
    for s in &v {
        rabbit.site(s)?;
    }
    rabbit.queue(&v[0], "q")?;
    rabbit.call(
        "PUT",
        &format!("queues/{}/q", v[1]),
        Some(&serde_json::json!({"durable": true})),
    )?;
    rabbit.call(
        "PUT",
        &format!("parameters/federation-upstream/{}/from-a", v[1]),
        Some(&serde_json::json!({"value": {"uri": rabbit.uri(&v[0])}})),
    )?;
    rabbit.call(
        "PUT",
        &format!("policies/{}/federate-q", v[1]),
        Some(
            &serde_json::json!({"pattern": "^q$", "definition": {"federation-upstream-set": "all"},
            "apply-to": "queues"}),
        ),
    )?;
    rabbit.wait_running("federation-links", "qfed-", 1)?;
    // The consumer that makes the federated queue pull: a shovel from b's q into b's x.
    rabbit.shovel("consume", &v[1], "q", &v[1])?;
    rabbit.wait_running("shovels", "qfed-", 1)?;
    publish_n(rabbit, &v[0], "a", 5)?;
    let fence = "fence:qfed";
    rabbit.publish(&v[0], fence)?;
    rabbit.wait_for_payload(&v[1], fence)?;
    let real = real_held(&rabbit.stored(&v[1])?, "a");
    let peek = serde_json::json!({"count": 100, "ackmode": "ack_requeue_true", "encoding": "auto"});
    let left = rabbit
        .call("POST", &format!("queues/{}/q/get", v[0]), Some(&peek))?
        .as_array()
        .map_or(0, Vec::len);

    let spec = estate(
        two_sites(
            preset(PresetId::RabbitmqShovel),
            false,
            vec![writer("a", "a", "x", 5, 0)],
        ),
        10_000,
    );
    let sim = run_model(&spec, 10_000)?;
    let model = model_held(&sim, "b", "x", "a");
    let mut facts = held_facts("a's records at b", real, model);
    facts.retain(|f| f.what.ends_with("copies"));
    Ok(Outcome {
        facts,
        notes: vec![format!(
            "a's federated queue held {left} messages afterwards: they moved to b's consumer, not copied (the model keeps a's stream as it was)."
        )],
    })
}

/// A shovel whose definition has `dest-add-forward-header` (the key is
/// `dest-add-forward-headers`): the broker refuses the parameter, and an import of the same
/// definitions says so (`rabbitmq-unrecognised-key`) rather than calling the key ignored.
fn shovel_misspelt_key(servers: &mut Servers) -> Result<Outcome, String> {
    let rabbit = servers.rabbit()?;
    let v = names("misspelt", &["a", "b"]);
    for s in &v {
        rabbit.site(s)?;
        rabbit.queue(s, "out")?;
    }
    let value = serde_json::json!({
        "src-protocol": "amqp091", "src-uri": rabbit.uri(&v[0]), "src-queue": "out",
        "dest-protocol": "amqp091", "dest-uri": rabbit.uri(&v[1]), "dest-exchange": "x",
        "ack-mode": "on-confirm", "dest-add-forward-header": true});
    let put = rabbit.call(
        "PUT",
        &format!("parameters/shovel/{}/to-b", v[0]),
        Some(&serde_json::json!({ "value": value })),
    );
    let real = if put.is_ok() { "accepted" } else { "refused" };
    let definitions = serde_json::json!({
        "global_parameters": [{"name": "cluster_name", "value": format!("rabbit@{}", v[0])}],
        "parameters": [{"component": "shovel", "name": "to-b", "vhost": "/", "value": value}],
    })
    .to_string();
    let imported = hoplab_copiers::import(
        &[hoplab_copiers::Input::new("definitions.json", &definitions)],
        None,
    )
    .map_err(|e| e.to_string())?;
    let found = hoplab_copiers::lint(&imported)
        .iter()
        .any(|f| f.code == "rabbitmq-unrecognised-key");
    let model = if found { "refused" } else { "accepted" };
    let mut out = Outcome {
        facts: vec![Fact::new("the shovel with the misspelt key", real, model)],
        ..Outcome::default()
    };
    match put {
        Err(e) => out
            .notes
            .push(format!("RabbitMQ answered: {}", reason_of(&e))),
        Ok(_) => {
            rabbit.call("DELETE", &format!("parameters/shovel/{}/to-b", v[0]), None)?;
        }
    }
    Ok(out)
}

/// The management API's reason in an error, as the broker words it (its HTML escapes undone).
pub(super) fn reason_of(error: &str) -> String {
    let reason = error
        .find('{')
        .and_then(|at| serde_json::from_str::<Value>(&error[at..]).ok())
        .and_then(|v| v["reason"].as_str().map(String::from))
        .unwrap_or_else(|| error.to_string());
    reason
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
