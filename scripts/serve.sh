#!/usr/bin/env bash
# Builds Hoplab and serves it at http://127.0.0.1:8080, rebuilding on every change.
# Installs whatever is missing first (see setup.sh).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
setup_rust
setup_node_packages
cd "$ROOT"
# Trunk refuses to watch-ignore folders that do not exist yet (a fresh clone).
mkdir -p target dist screenshots
say "serving at http://127.0.0.1:8080 (Ctrl-C to stop)"
exec trunk serve --release --offline "$@"
