#!/usr/bin/env bash
# Proving designer templates (`hoplab prove`), natively, beside its baseline: the same
# schedules run one by one from zero on one thread (`--from-zero`). Targets (issue 53):
# two faults over a two-site design under 2 s, three faults over the three-site ring
# under 30 s. Usage: crates/cli/bench/prove.sh [--quick] (quick: no three-fault ring).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
cargo build --release -q -p hoplab-cli
seconds() {
  local t0 t1; t0=$(date +%s%N); "$@" > /dev/null || true; t1=$(date +%s%N)
  echo $(( t1 - t0 ))
}
schedules() {
  { ./target/release/hoplab prove "$@" --json || true; } | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).schedules_explored))'
}
bench() {
  local template=$1 faults=$2 target=$3
  local file="content/designer-templates/$template.json"
  local n shared plain
  n=$(schedules "$file" --faults "$faults")
  shared=$(seconds ./target/release/hoplab prove "$file" --faults "$faults")
  plain=$(seconds ./target/release/hoplab prove "$file" --faults "$faults" --from-zero)
  awk -v id="$template" -v f="$faults" -v n="$n" -v s="$shared" -v p="$plain" -v t="$target" -v c="$(nproc)" \
    'BEGIN { printf "prove %-14s %d fault(s): %6d schedules in %7.2f s on %d cores (target < %s s); from zero on one thread %7.2f s; ratio %.2fx\n", id, f, n, s / 1e9, c, t, p / 1e9, p / s }'
}
bench one-way-dr 2 2
bench active-active 2 2
if [[ "${1:-}" != "--quick" ]]; then
  bench ring-of-three 3 30
fi
