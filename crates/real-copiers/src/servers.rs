//! Real servers as this run's own child processes: a free loopback port, data in a
//! temporary folder, and a guard that stops the whole process group when dropped (also
//! when a case panics), so no server outlives the run.

use std::fs;
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Every port handed out so far: cases run at once (one thread a release) must not be
/// handed the same just-closed port.
static HANDED_OUT: std::sync::Mutex<std::collections::BTreeSet<u16>> =
    std::sync::Mutex::new(std::collections::BTreeSet::new());

/// Whether `port` is handed out for the first time (and now taken).
fn first_time(port: u16) -> bool {
    HANDED_OUT
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(port)
}

/// A port nothing listens on now (the kernel picks it; closed again at once), never one
/// this run handed out before.
pub fn free_port() -> u16 {
    loop {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free loopback port");
        if first_time(port) {
            return port;
        }
    }
}

/// A fresh folder under the system's temporary folder, removed by [`Server`]'s drop.
pub fn temp_dir(label: &str) -> PathBuf {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let k = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("hoplab-{label}-{}-{n}-{k}", std::process::id()));
    fs::create_dir_all(&dir).expect("temporary folder");
    dir
}

/// `N` ports nothing listens on now, all different: each is held until the last is
/// picked (one at a time, the kernel may hand the same port out twice).
pub fn free_ports<const N: usize>() -> [u16; N] {
    let held: Vec<TcpListener> = (0..N)
        .map(|_| TcpListener::bind("127.0.0.1:0").expect("a free loopback port"))
        .collect();
    let ports = std::array::from_fn(|i| held[i].local_addr().expect("a bound port").port());
    for port in ports {
        first_time(port);
    }
    ports
}

/// Waits until something accepts connections on the port.
pub fn wait_for_port(port: u16, within: Duration) -> Result<(), String> {
    let start = Instant::now();
    while start.elapsed() < within {
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Err(format!(
        "nothing listened on 127.0.0.1:{port} within {within:?}"
    ))
}

/// A running server: its process group is stopped, and its folder removed, on drop.
pub struct Server {
    child: Child,
    /// Reaped while stopping: an unreaped zombie would keep the group "alive".
    watchdog: Child,
    dir: PathBuf,
    /// Run after the process group is stopped (RabbitMQ's epmd, which daemonises).
    after_stop: Vec<Command>,
}

impl Server {
    /// Starts `cmd` in a process group of its own, output to files in `dir`.
    pub fn start(name: &str, mut cmd: Command, dir: &Path) -> Result<Server, String> {
        let log = |n: &str| fs::File::create(dir.join(n)).map_err(|e| e.to_string());
        cmd.stdin(Stdio::null())
            .stdout(log("stdout.log")?)
            .stderr(log("stderr.log")?)
            .process_group(0);
        let child = cmd
            .spawn()
            .map_err(|e| format!("{name} did not start: {e}"))?;
        // A watchdog in the server's group stops the group if this run dies without
        // dropping the guard (killed by a signal or a time limit).
        let watchdog = format!(
            "while kill -0 {run} 2>/dev/null; do sleep 1; done; \
             kill -TERM -- -{group}; sleep 5; kill -KILL -- -{group}",
            run = std::process::id(),
            group = child.id()
        );
        let watchdog = Command::new("sh")
            .args(["-c", &watchdog])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(child.id() as i32)
            .spawn()
            .map_err(|e| format!("no watchdog for {name}: {e}"))?;
        Ok(Server {
            child,
            watchdog,
            dir: dir.to_path_buf(),
            after_stop: Vec::new(),
        })
    }

    pub fn then_run(&mut self, cmd: Command) {
        self.after_stop.push(cmd);
    }

    /// The end of the server's logs, for a failure message.
    pub fn log_tail(&self) -> String {
        let mut out = String::new();
        for f in ["stdout.log", "stderr.log"] {
            if let Ok(text) = fs::read_to_string(self.dir.join(f)) {
                let lines: Vec<&str> = text.lines().collect();
                let from = lines.len().saturating_sub(15);
                out.push_str(&lines[from..].join("\n"));
                out.push('\n');
            }
        }
        out
    }

    /// Whether any process of the group is still there.
    fn group_alive(&self) -> bool {
        Command::new("kill")
            .args(["-0", "--", &format!("-{}", self.child.id())])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }

    /// TERM to the whole group, a wait for every process of it to end (the child may
    /// end before its own children do), then KILL for whatever is left.
    fn stop(&mut self) {
        let group = format!("-{}", self.child.id());
        for signal in ["-TERM", "-KILL"] {
            let _ = Command::new("kill")
                .args([signal, "--", &group])
                .stderr(Stdio::null())
                .status();
            let deadline = Instant::now() + Duration::from_secs(20);
            while Instant::now() < deadline {
                let _ = self.child.try_wait();
                let _ = self.watchdog.try_wait();
                if !self.group_alive() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            if !self.group_alive() {
                break;
            }
        }
        let _ = self.child.wait();
        let _ = self.watchdog.wait();
        for cmd in &mut self.after_stop {
            let _ = cmd.stdout(Stdio::null()).stderr(Stdio::null()).status();
        }
        let _ = fs::remove_dir_all(&self.dir);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}
