#!/usr/bin/env bash
# Runs every test Hoplab has, installing whatever is missing first (see setup.sh):
#   lint        cargo fmt --check; clippy -D warnings for the host and for wasm32; at most 15
#               functions over 80 lines (scripts/long-functions.py); no import circle among
#               the model's modules (crates/model/tools/import_cycles.py)
#   native      cargo test --workspace: the model, the content validator, pure site logic;
#               then a million fuzzed spec files (release mode)
#   components  wasm-bindgen-test in headless Chromium, mounting real components
#   e2e         the release build served on 127.0.0.1, driven in headless Chromium
#   real copiers  small estates on nats-server and RabbitMQ (started here, on loopback
#               ports, data in temporary folders) and in the model, compared
# Prints one summary line per layer and exits non-zero if any layer fails.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
setup_all || { echo "setup failed"; exit 1; }
# setup.sh stops at the first error; here every layer runs and reports, whatever came before.
set +e
cd "$ROOT"

LOGS="$ROOT/target/test-logs"
mkdir -p "$LOGS"
declare -a SUMMARY=()
FAILED=0
TOTAL_PASSED=0
TOTAL_FAILED=0

# Sums the counts in cargo's and node's closing lines.
count_cargo() { grep -Eo 'test result: [a-zA-Z]+\. [0-9]+ passed; [0-9]+ failed' "$1" | awk '{p+=$4; f+=$6} END {print p+0, f+0}'; }
count_plain() { grep -Eo '^real copiers: [0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1 | awk '{print $3+0, $5+0}'; }
count_node() { awk '/^# pass /{p=$3} /^# fail /{f=$3} END {print p+0, f+0}' "$1"; }

# run_layer NAME COUNTER COMMAND...: streams the output, records "NAME: N passed, M failed".
run_layer() {
  local name="$1" counter="$2"; shift 2
  local log="$LOGS/$name.log"
  say "layer: $name"
  "$@" 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]}
  local passed=0 failed=0
  if [ "$counter" != none ]; then read -r passed failed < <("$counter" "$log"); fi
  if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
  TOTAL_PASSED=$((TOTAL_PASSED + passed)); TOTAL_FAILED=$((TOTAL_FAILED + failed))
  if [ "$status" -ne 0 ]; then FAILED=1; fi
  if [ "$counter" = none ]; then
    SUMMARY+=("$name: $([ "$status" -eq 0 ] && echo ok || echo FAILED)")
  else
    SUMMARY+=("$name: $passed passed, $failed failed")
  fi
}

lint() {
  cargo fmt --all --check &&
    cargo clippy --workspace --all-targets --locked -- -D warnings &&
    cargo clippy -p hoplab --target wasm32-unknown-unknown --all-targets --locked -- -D warnings &&
    python3 scripts/long-functions.py --max 15 &&
    python3 crates/model/tools/import_cycles.py
}

# Every tests/*components.rs file is a wasm-bindgen-test suite run in Chromium.
components() {
  local suites=()
  for file in tests/*components.rs; do suites+=(--test "$(basename "$file" .rs)"); done
  CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=120 \
    cargo test -p hoplab --target wasm32-unknown-unknown "${suites[@]}" --locked
}

# The workspace's tests, then the spec fuzzer's million inputs in release mode, with
# overflow checks on so a value that wraps fails as a panic instead of passing silently.
native() {
  cargo test --workspace --locked &&
    HOPLAB_FUZZ_CASES=1000000 CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true \
      CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true \
      cargo test --release --locked -p hoplab-model --test fuzz_spec
}

e2e() {
  trunk build --release --offline && (cd tests/e2e && npm test)
}

# Writes what it found to target/real-copiers.json; scripts/real-copiers.sh --write
# regenerates the committed content/real-copiers.json that /copiers shows.
real_copiers() {
  cargo run -q --locked -p hoplab-real-copiers -- --out "$ROOT/target/real-copiers.json"
}

run_layer lint none lint
run_layer native count_cargo native
run_layer components count_cargo components
run_layer e2e count_node e2e
run_layer "real copiers" count_plain real_copiers

echo
echo "== summary =="
for line in "${SUMMARY[@]}"; do echo "$line"; done
echo "total: $TOTAL_PASSED passed, $TOTAL_FAILED failed"
exit "$FAILED"
