#!/bin/sh
# Builds the wasm benchmark twice (the site's opt-level "z", then opt-level 3) and runs
# both in node and opt-level 3 in headless Chromium too, then the native benchmark for
# comparison. Usage: ./run.sh [seconds]
set -e
cd "$(dirname "$0")"
S=${1:-86400}
cargo build --release --target wasm32-unknown-unknown -q
cp target/wasm32-unknown-unknown/release/hoplab_model_wasm_bench.wasm target/bench-z.wasm
CARGO_PROFILE_RELEASE_OPT_LEVEL=3 cargo build --release --target wasm32-unknown-unknown -q
cp target/wasm32-unknown-unknown/release/hoplab_model_wasm_bench.wasm target/bench-3.wasm
echo "== wasm, opt-level z (the site's profile)"; node bench.mjs target/bench-z.wasm "$S"
echo "== wasm, opt-level 3"; node bench.mjs target/bench-3.wasm "$S"
# The same in headless Chromium, the browser the site runs in (playwright-core is one of the
# e2e packages that scripts/setup.sh installs).
if [ -d ../../../tests/e2e/node_modules/playwright-core ] && [ -x /usr/bin/chromium ]; then
  echo "== wasm, opt-level 3, in headless Chromium"
  (cd ../../../tests/e2e && node bench/model-wasm.mjs "$OLDPWD/target/bench-3.wasm" "$S")
else
  echo "== (no headless Chromium run: run scripts/setup.sh's browser and e2e packages first)"
fi
echo "== native, opt-level 3"
(cd ../../.. && CARGO_PROFILE_RELEASE_OPT_LEVEL=3 cargo run -q --release -p hoplab-cli -- bench --seconds "$S")
echo "== determinism: every scenario's fingerprint, native vs wasm"
(cd ../../.. && CARGO_PROFILE_RELEASE_OPT_LEVEL=3 cargo run -q --release -p hoplab-cli -- fingerprint --seed 1) > target/native.txt
(cd ../../.. && CARGO_PROFILE_RELEASE_OPT_LEVEL=3 cargo run -q --release -p hoplab-cli -- scenarios --json) \
  | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.stringify(JSON.parse(s).map(x=>x.id))))' > names.json
node fingerprint.mjs target/bench-3.wasm 1 > target/wasm.txt
if diff target/native.txt target/wasm.txt; then echo "identical on native and wasm ($(wc -l < target/wasm.txt) scenarios)"; else echo "DIFFERENT"; exit 1; fi
