#!/usr/bin/env bash
# `hoplab resume` on a million offset syncs (85 MB, eight partitions), natively, beside its
# baseline: reading the same file's lines and doing nothing with them (`wc -l`). Target:
# the million syncs answered within 2 s. Usage: crates/cli/bench/resume.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
dump="$(mktemp -d)/million-syncs.txt"
trap 'rm -rf "$(dirname "$dump")"' EXIT
awk 'BEGIN { for (i = 0; i < 1000000; i++) { up = int(i / 8) * 37;
  printf "OffsetSync{topicPartition=orders-%d, upstreamOffset=%d, downstreamOffset=%d}\n", i % 8, up, up + 5 } }' > "$dump"
cargo build --release -q -p hoplab-cli
# Nanoseconds, best of three.
best() {
  local b=0
  for _ in 1 2 3; do
    local t0 t1; t0=$(date +%s%N); "$@" > /dev/null; t1=$(date +%s%N)
    if (( b == 0 || t1 - t0 < b )); then b=$(( t1 - t0 )); fi
  done
  echo "$b"
}
resume=$(best ./target/release/hoplab resume "$dump" tests/resume/consumer-groups.txt)
baseline=$(best wc -l "$dump")
awk -v r="$resume" -v b="$baseline" 'BEGIN { printf "resume, one million syncs: %.2f s (best of 3; target < 2 s); reading its lines alone (wc -l): %.3f s; ratio %.0fx\n", r / 1e9, b / 1e9, r / b }'
