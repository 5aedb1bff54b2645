#!/usr/bin/env bash
# Hoplab's benchmarks. Usage: scripts/bench.sh [size|model|frame|designer|phone|resume|grade|all]   (default: all)
#   size   bytes a first visit to /, a card, the card list and a lab scenario transfers
#          before the page shows (raw and brotli), each against its budget
#   model  simulated events/s natively and in wasm (node), and the three-site day
#   frame  script time per animation frame of the busiest lab scenario, in Chromium
#   designer  one edit plus lint on a 20-site, 60-hop design, beside a two-site baseline
#   phone  each route cold on Lighthouse's mobile profile behind nginx: largest contentful
#          paint and time until usable, beside a static page of the same text (PHONE_LOADS=3)
#   resume `hoplab resume` on a million offset syncs, beside reading the file's lines alone
#   grade  each design challenge's reference graded over its seeds, natively and in
#          Chromium, beside one plain run of the same design
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
setup_all
cd "$ROOT"
what="${1:-all}"

build_site() { [ -n "${SKIP_BUILD:-}" ] || trunk build --release --offline; }

if [[ "$what" == size || "$what" == all ]]; then
  build_site
  (cd tests/e2e && node bench/size.mjs)
  SKIP_BUILD=1
fi
if [[ "$what" == model || "$what" == all ]]; then
  cargo run --release -q -p hoplab-cli -- bench
  crates/model/wasm-bench/run.sh
fi
if [[ "$what" == frame || "$what" == all ]]; then
  build_site
  (cd tests/e2e && node bench/frame.mjs)
  SKIP_BUILD=1
fi
if [[ "$what" == designer || "$what" == all ]]; then
  build_site
  (cd tests/e2e && node bench/designer.mjs)
  SKIP_BUILD=1
fi
if [[ "$what" == resume || "$what" == all ]]; then
  crates/cli/bench/resume.sh
fi
if [[ "$what" == grade || "$what" == all ]]; then
  crates/cli/bench/grade.sh
  build_site
  (cd tests/e2e && node bench/grade.mjs)
  SKIP_BUILD=1
fi
if [[ "$what" == phone || "$what" == all ]]; then
  build_site
  (cd tests/e2e && node bench/phone.mjs)
fi
