#!/usr/bin/env bash
# Grading each shipped challenge's reference design over its seeds (`hoplab grade`),
# natively, beside its baseline: one plain run of the same design for the brief's length
# (`hoplab run`). Target: every brief graded within 1 s. Usage: crates/cli/bench/grade.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
cargo build --release -q -p hoplab-cli
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
best() {
  local b=0
  for _ in 1 2 3; do
    local t0 t1; t0=$(date +%s%N); "$@" > /dev/null || true; t1=$(date +%s%N)
    if (( b == 0 || t1 - t0 < b )); then b=$(( t1 - t0 )); fi
  done
  echo "$b"
}
for file in content/challenges/*.json; do
  id="$(basename "$file" .json)"
  node -e '
    const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    // A drill is graded on its best moves (its reference is the estate).
    const timeline = c.drill ? c.drill.best_moves : [];
    process.stdout.write(JSON.stringify({ version: 1, name: c.id, duration_ms: c.duration_ms, topology: c.reference, timeline }));
  ' "$file" > "$dir/$id.json"
  grade=$(best ./target/release/hoplab grade "$id" "$dir/$id.json")
  run=$(best ./target/release/hoplab run "$dir/$id.json")
  awk -v id="$id" -v g="$grade" -v r="$run" 'BEGIN { printf "grade %-22s %6.3f s over its seeds (target < 1 s); one plain run %6.3f s; ratio %.1fx\n", id, g / 1e9, r / 1e9, g / r }'
done
