// Serves a build with a real nginx (Debian's, installed by scripts/setup.sh) and the very
// server block the README shows (deploy/nginx.conf), on a free loopback port, with its own
// configuration, logs and pid file in a temporary folder.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { DIST } from "./server.mjs";

export const NGINX = "/usr/sbin/nginx";
export const SITE_CONF = fileURLToPath(new URL("../../../deploy/nginx.conf", import.meta.url));
// deploy/nginx.conf's `brotli_static` is Debian's libnginx-mod-http-brotli-static (scripts/setup.sh
// installs it); Debian's own nginx.conf loads it from modules-enabled/, by a path relative to
// /usr/share/nginx, which this configuration (its own prefix) names in full.
const BROTLI_MODULE = "load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;";

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** deploy/nginx.conf with its `listen` and `root` pointed at this test's port and build. */
export async function siteBlock(port, root) {
  const block = await readFile(SITE_CONF, "utf8");
  const listen = /^(\s*)listen\s+[^;]+;/m;
  const rootLine = /^(\s*)root\s+[^;]+;/m;
  assert.match(block, listen, "deploy/nginx.conf has a listen line");
  assert.match(block, rootLine, "deploy/nginx.conf has a root line");
  return block.replace(listen, `$1listen 127.0.0.1:${port};`).replace(rootLine, `$1root ${root};`);
}

/** Starts nginx in the foreground; resolves to { url, close, log, dir } once it answers. */
export async function startNginx(root = DIST) {
  const dir = await mkdtemp(join(tmpdir(), "hoplab-nginx-"));
  const port = await freePort();
  const conf = join(dir, "nginx.conf");
  await writeFile(
    conf,
    `daemon off;
${BROTLI_MODULE}
worker_processes 1;
user ${userInfo().username};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${await siteBlock(port, root.replace(/\/$/, ""))}
}
`,
  );
  const child = spawn(NGINX, ["-p", dir, "-e", join(dir, "error.log"), "-c", conf], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const log = async () => `${stderr}${await readFile(join(dir, "error.log"), "utf8").catch(() => "")}`;
  // Ready when it answers; a config error makes it exit, which fails at once with its words.
  for (const deadline = Date.now() + 15000; ; ) {
    const answer = await Promise.race([
      fetch(url, { method: "HEAD" }).then(() => "up", () => null),
      exited.then(() => "exited"),
    ]);
    if (answer === "up") break;
    if (answer === "exited" || Date.now() > deadline) throw new Error(`nginx did not start:\n${await log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    log,
    // Its configuration, logs and temporary files: the caller may remove it after close.
    dir,
    async close() {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
    },
  };
}
