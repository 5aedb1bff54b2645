//! Just enough of the NATS client protocol (text over TCP) to drive JetStream's API:
//! connect, publish with headers, and request/reply on an inbox. One request at a time,
//! so a reply is simply the next message on the inbox.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

pub struct Nats {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    next_id: u64,
}

/// A message as delivered: its headers (name, value) and payload.
#[derive(Debug, Default)]
pub struct Msg {
    pub headers: Vec<(String, String)>,
    pub payload: Vec<u8>,
}

impl Msg {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

impl Nats {
    pub fn connect(port: u16) -> Result<Nats, String> {
        let stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .map_err(|e| e.to_string())?;
        // One small request at a time: without this each waits out a delayed ACK.
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        let writer = stream.try_clone().map_err(|e| e.to_string())?;
        let mut nats = Nats {
            reader: BufReader::new(stream),
            writer,
            next_id: 0,
        };
        let info = nats.line()?;
        if !info.starts_with("INFO ") {
            return Err(format!("expected INFO from nats-server, got {info:?}"));
        }
        nats.send(b"CONNECT {\"verbose\":false,\"pedantic\":false,\"headers\":true,\"no_responders\":true}\r\nPING\r\n")?;
        loop {
            match nats.line()?.as_str() {
                "PONG" => return Ok(nats),
                l if l.starts_with("-ERR") => return Err(format!("nats-server refused: {l}")),
                _ => {}
            }
        }
    }

    fn send(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.writer.write_all(bytes).map_err(|e| e.to_string())
    }

    fn line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        let n = self
            .reader
            .read_line(&mut line)
            .map_err(|e| e.to_string())?;
        if n == 0 {
            return Err("nats-server closed the connection".into());
        }
        Ok(line.trim_end().to_string())
    }

    /// Publishes with optional headers and reply subject.
    fn publish(
        &mut self,
        subject: &str,
        reply: Option<&str>,
        headers: &[(&str, &str)],
        payload: &[u8],
    ) -> Result<(), String> {
        let reply = reply.map(|r| format!(" {r}")).unwrap_or_default();
        let mut frame = Vec::new();
        if headers.is_empty() {
            frame.extend(format!("PUB {subject}{reply} {}\r\n", payload.len()).bytes());
        } else {
            let mut h = String::from("NATS/1.0\r\n");
            for (k, v) in headers {
                h.push_str(&format!("{k}: {v}\r\n"));
            }
            h.push_str("\r\n");
            let total = h.len() + payload.len();
            frame.extend(format!("HPUB {subject}{reply} {} {total}\r\n", h.len()).bytes());
            frame.extend(h.bytes());
        }
        frame.extend_from_slice(payload);
        frame.extend_from_slice(b"\r\n");
        self.send(&frame)
    }

    /// Sends a request and waits for its one reply.
    pub fn request(
        &mut self,
        subject: &str,
        headers: &[(&str, &str)],
        payload: &[u8],
    ) -> Result<Msg, String> {
        self.next_id += 1;
        let inbox = format!("_INBOX.hoplab.{}", self.next_id);
        let sid = self.next_id;
        self.send(format!("SUB {inbox} {sid}\r\nUNSUB {sid} 1\r\n").as_bytes())?;
        self.publish(subject, Some(&inbox), headers, payload)?;
        loop {
            let line = self.line()?;
            if line == "PING" {
                self.send(b"PONG\r\n")?;
            } else if line.starts_with("-ERR") {
                return Err(format!("nats-server: {line}"));
            } else if let Some(rest) = line.strip_prefix("MSG ") {
                return self.read_msg(rest, false);
            } else if let Some(rest) = line.strip_prefix("HMSG ") {
                let msg = self.read_msg(rest, true)?;
                if msg.headers.iter().any(|(k, _)| k == "Status") || msg.payload.is_empty() {
                    if let Some(status) = msg.header("Status") {
                        return Err(format!("no reply to {subject} (status {status})"));
                    }
                }
                return Ok(msg);
            }
        }
    }

    /// Reads the body of an MSG/HMSG whose header line (after the verb) is `rest`.
    fn read_msg(&mut self, rest: &str, with_headers: bool) -> Result<Msg, String> {
        let parts: Vec<&str> = rest.split(' ').collect();
        let num = |s: &str| s.parse::<usize>().map_err(|e| format!("{rest}: {e}"));
        let (hdr_len, total) = if with_headers {
            (num(parts[parts.len() - 2])?, num(parts[parts.len() - 1])?)
        } else {
            (0, num(parts[parts.len() - 1])?)
        };
        let mut body = vec![0u8; total + 2];
        self.reader
            .read_exact(&mut body)
            .map_err(|e| e.to_string())?;
        body.truncate(total);
        let mut msg = Msg::default();
        if with_headers {
            let head = String::from_utf8_lossy(&body[..hdr_len]).to_string();
            let mut lines = head.split("\r\n");
            // "NATS/1.0" or "NATS/1.0 503" (a status with no responders).
            if let Some(status) = lines.next().and_then(|l| l.split(' ').nth(1)) {
                msg.headers.push(("Status".into(), status.into()));
            }
            for l in lines.filter(|l| !l.is_empty()) {
                if let Some((k, v)) = l.split_once(':') {
                    msg.headers.push((k.trim().into(), v.trim().into()));
                }
            }
        }
        msg.payload = body[hdr_len..].to_vec();
        Ok(msg)
    }
}
