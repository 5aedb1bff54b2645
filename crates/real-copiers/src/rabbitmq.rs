//! RabbitMQ from Debian's package as this run's own node: its own ports, data and logs
//! in a temporary folder owned by the `rabbitmq` user (the package's wrapper runs the
//! broker as that user), the federation, shovel and management plugins on. Sites are
//! virtual hosts of the one node: federation and shovels between vhosts go through
//! AMQP connections as between brokers. Driven through the management HTTP API.

use crate::servers::{free_ports, temp_dir, wait_for_port, Server};
use base64::Engine;
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

pub struct Rabbit {
    pub amqp_port: u16,
    http_port: u16,
    pub version: String,
    /// Its folder (`HOME`, with the Erlang cookie) and epmd's port: what `rabbitmqctl`
    /// needs to reach it.
    dir: std::path::PathBuf,
    epmd_port: u16,
    _server: Server,
}

impl Rabbit {
    /// Starts a broker; one that does not answer in time (seen once on a loaded machine,
    /// every call refused) is stopped and started once more, the first failure said.
    pub fn start() -> Result<Rabbit, String> {
        Self::start_once().or_else(|first| {
            eprintln!("RabbitMQ did not start, trying once more: {first}");
            Self::start_once().map_err(|second| format!("{first}\nthen: {second}"))
        })
    }

    fn start_once() -> Result<Rabbit, String> {
        let dir = temp_dir("rabbitmq");
        let [amqp_port, http_port, epmd_port, dist_port] = free_ports();
        std::fs::write(
            dir.join("enabled_plugins"),
            "[rabbitmq_management,rabbitmq_federation,rabbitmq_federation_management,\
             rabbitmq_shovel,rabbitmq_shovel_management].\n",
        )
        .map_err(|e| e.to_string())?;
        std::fs::write(
            dir.join("rabbitmq.conf"),
            format!(
                "listeners.tcp.default = 127.0.0.1:{amqp_port}\n\
                 management.tcp.ip = 127.0.0.1\nmanagement.tcp.port = {http_port}\n"
            ),
        )
        .map_err(|e| e.to_string())?;
        std::fs::create_dir_all(dir.join("data")).map_err(|e| e.to_string())?;
        let owned = Command::new("chown")
            .args(["-R", "rabbitmq:rabbitmq"])
            .arg(&dir)
            .status()
            .map_err(|e| e.to_string())?;
        if !owned.success() {
            return Err("could not give the data folder to the rabbitmq user".into());
        }
        // As the package's wrapper does, the broker runs as the rabbitmq user; setpriv
        // (not the wrapper's su, which starts a session of its own) keeps it in this
        // run's process group, so stopping the group stops the broker.
        let mut cmd = Command::new("setpriv");
        cmd.args(["--reuid=rabbitmq", "--regid=rabbitmq", "--init-groups"])
            .arg("/usr/lib/rabbitmq/bin/rabbitmq-server");
        let path = |p: &str| dir.join(p).display().to_string();
        cmd.current_dir(&dir)
            .env("HOME", &dir)
            .env("RABBITMQ_NODENAME", format!("hoplab{amqp_port}@localhost"))
            .env("RABBITMQ_NODE_IP_ADDRESS", "127.0.0.1")
            .env("RABBITMQ_NODE_PORT", amqp_port.to_string())
            .env("RABBITMQ_DIST_PORT", dist_port.to_string())
            .env("ERL_EPMD_PORT", epmd_port.to_string())
            .env("ERL_EPMD_ADDRESS", "127.0.0.1")
            .env("RABBITMQ_CONFIG_FILE", path("rabbitmq.conf"))
            .env("RABBITMQ_ENABLED_PLUGINS_FILE", path("enabled_plugins"))
            .env("RABBITMQ_MNESIA_BASE", path("data"))
            .env("RABBITMQ_LOG_BASE", path("data"))
            .env("RABBITMQ_FEATURE_FLAGS_FILE", path("data/feature_flags"))
            .env("RABBITMQ_PID_FILE", path("data/pid"));
        let mut server = Server::start("rabbitmq-server", cmd, &dir)?;
        // epmd daemonises out of the process group: stop it by its port.
        let mut stop_epmd = Command::new("epmd");
        stop_epmd
            .env("ERL_EPMD_PORT", epmd_port.to_string())
            .args(["-kill"]);
        server.then_run(stop_epmd);
        wait_for_port(http_port, Duration::from_secs(90))
            .map_err(|e| format!("{e}\n{}", server.log_tail()))?;
        let mut rabbit = Rabbit {
            amqp_port,
            http_port,
            version: String::new(),
            dir: dir.clone(),
            epmd_port,
            _server: server,
        };
        let start = Instant::now();
        let overview = loop {
            match rabbit.call("GET", "overview", None) {
                Ok(v) => break v,
                Err(e) if start.elapsed() > Duration::from_secs(60) => {
                    return Err(format!("{e}\n{}", rabbit._server.log_tail()))
                }
                Err(_) => std::thread::sleep(Duration::from_millis(200)),
            }
        };
        rabbit.version = overview["rabbitmq_version"]
            .as_str()
            .unwrap_or("unknown")
            .to_string();
        Ok(rabbit)
    }

    /// `rabbitmqctl import_definitions` of a file holding `text`, as a person deploys a
    /// definitions file: run as the broker's user against this node; the error is what
    /// rabbitmqctl said.
    pub fn import_definitions(&self, name: &str, text: &str) -> Result<(), String> {
        let path = self.dir.join(format!("import-{name}"));
        std::fs::write(&path, text).map_err(|e| e.to_string())?;
        let out = Command::new("setpriv")
            .args(["--reuid=rabbitmq", "--regid=rabbitmq", "--init-groups"])
            .arg("/usr/lib/rabbitmq/bin/rabbitmqctl")
            .args(["-n", &format!("hoplab{}@localhost", self.amqp_port)])
            .arg("import_definitions")
            .arg(&path)
            .current_dir(&self.dir)
            .env("HOME", &self.dir)
            .env("ERL_EPMD_PORT", self.epmd_port.to_string())
            .output()
            .map_err(|e| format!("rabbitmqctl: {e}"))?;
        let _ = std::fs::remove_file(&path);
        if out.status.success() {
            return Ok(());
        }
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        Err(said.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    /// One management API call; a 4xx or 5xx answer is an error with the server's reason.
    pub fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let mut stream =
            TcpStream::connect(("127.0.0.1", self.http_port)).map_err(|e| e.to_string())?;
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .map_err(|e| e.to_string())?;
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let auth = base64::engine::general_purpose::STANDARD.encode("guest:guest");
        let request = format!(
            "{method} /api/{path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Basic {auth}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        stream
            .write_all(request.as_bytes())
            .map_err(|e| e.to_string())?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).map_err(|e| e.to_string())?;
        let text = String::from_utf8_lossy(&answer);
        let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status: u16 = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let chunked = head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked");
        let payload = if chunked {
            dechunk(rest)
        } else {
            rest.to_string()
        };
        if status >= 400 || status == 0 {
            return Err(format!("{method} /api/{path}: HTTP {status} {payload}"));
        }
        if payload.trim().is_empty() {
            return Ok(Value::Null);
        }
        serde_json::from_str(&payload).map_err(|e| format!("{method} /api/{path}: {e}"))
    }

    /// A vhost standing for a site: a fanout exchange `x` bound to a queue `store` that
    /// keeps whatever reaches the site, so it can be counted.
    pub fn site(&self, vhost: &str) -> Result<(), String> {
        self.call("PUT", &format!("vhosts/{vhost}"), None)?;
        self.call(
            "PUT",
            &format!("permissions/{vhost}/guest"),
            Some(&json!({"configure": ".*", "write": ".*", "read": ".*"})),
        )?;
        self.call(
            "PUT",
            &format!("exchanges/{vhost}/x"),
            Some(&json!({"type": "fanout", "durable": true})),
        )?;
        self.queue(vhost, "store")
    }

    /// A queue bound to the site's exchange.
    pub fn queue(&self, vhost: &str, queue: &str) -> Result<(), String> {
        self.call(
            "PUT",
            &format!("queues/{vhost}/{queue}"),
            Some(&json!({"durable": true})),
        )?;
        self.call(
            "POST",
            &format!("bindings/{vhost}/e/x/q/{queue}"),
            Some(&json!({"routing_key": ""})),
        )
        .map(|_| ())
    }

    pub fn uri(&self, vhost: &str) -> String {
        format!("amqp://guest:guest@127.0.0.1:{}/{vhost}", self.amqp_port)
    }

    /// Federates `x` at `downstream` from `x` at `upstream`, with this hop budget.
    pub fn federate(&self, downstream: &str, upstream: &str, max_hops: u8) -> Result<(), String> {
        self.call(
            "PUT",
            &format!("parameters/federation-upstream/{downstream}/from-{upstream}"),
            Some(&json!({"value": {"uri": self.uri(upstream), "max-hops": max_hops}})),
        )?;
        self.call(
            "PUT",
            &format!("policies/{downstream}/federate-x"),
            Some(
                &json!({"pattern": "^x$", "definition": {"federation-upstream-set": "all"},
                "apply-to": "exchanges"}),
            ),
        )
        .map(|_| ())
    }

    /// A dynamic shovel from queue `queue` at `from` to exchange `x` at `to`.
    pub fn shovel(&self, name: &str, from: &str, queue: &str, to: &str) -> Result<(), String> {
        self.call(
            "PUT",
            &format!("parameters/shovel/{from}/{name}"),
            Some(&json!({"value": {
                "src-protocol": "amqp091", "src-uri": self.uri(from), "src-queue": queue,
                "dest-protocol": "amqp091", "dest-uri": self.uri(to), "dest-exchange": "x",
                "ack-mode": "on-confirm", "dest-add-forward-headers": true}})),
        )
        .map(|_| ())
    }

    /// Waits until `count` federation links or shovels of vhosts starting `prefix` run.
    pub fn wait_running(&self, what: &str, prefix: &str, count: usize) -> Result<(), String> {
        let start = Instant::now();
        loop {
            let v = self.call("GET", what, None)?;
            let running = v.as_array().map_or(0, |a| {
                a.iter()
                    .filter(|l| l["vhost"].as_str().is_some_and(|v| v.starts_with(prefix)))
                    .filter(|l| l["state"] == "running" || l["status"] == "running")
                    .count()
            });
            if running >= count {
                return Ok(());
            }
            if start.elapsed() > Duration::from_secs(30) {
                return Err(format!(
                    "{running} of {count} {what} running after 30 s: {v}"
                ));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    pub fn publish(&self, vhost: &str, payload: &str) -> Result<(), String> {
        let v = self.call(
            "POST",
            &format!("exchanges/{vhost}/x/publish"),
            Some(
                &json!({"properties": {}, "routing_key": "", "payload": payload,
                "payload_encoding": "string"}),
            ),
        )?;
        if v["routed"] != true {
            return Err(format!("a publish at {vhost} was not routed: {v}"));
        }
        Ok(())
    }

    /// Every message the site's `store` queue holds (left in place), oldest first.
    pub fn stored(&self, vhost: &str) -> Result<Vec<Value>, String> {
        let v = self.call(
            "POST",
            &format!("queues/{vhost}/store/get"),
            Some(&json!({"count": 100000, "ackmode": "ack_requeue_true", "encoding": "auto"})),
        )?;
        Ok(v.as_array().cloned().unwrap_or_default())
    }

    /// Waits until the site's store holds a message with this payload.
    pub fn wait_for_payload(&self, vhost: &str, payload: &str) -> Result<(), String> {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            if self.stored(vhost)?.iter().any(|m| m["payload"] == payload) {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Err(format!("{payload} never reached {vhost}"))
    }

    /// Waits until the site's store holds at least `n` messages (or the time is up).
    pub fn wait_for_count(&self, vhost: &str, n: usize, within: Duration) -> Result<usize, String> {
        let start = Instant::now();
        loop {
            let held = self.stored(vhost)?.len();
            if held >= n || start.elapsed() > within {
                return Ok(held);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

fn dechunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}
