#!/usr/bin/env bash
# Builds the site's wasm, cut into a shell and on-demand chunks (Trunk runs this: Trunk.toml).
#
#   scripts/build-wasm.sh build   before Trunk's build: writes target/site-wasm/
#
# (After the build, scripts/finish-build.mjs puts a hash in every file's name.)
# Trunk 0.21 builds the app as one wasm and cannot split it, so the Rust build is done here:
#   1. cargo builds the site for wasm32, keeping relocations (.cargo/config.toml);
#   2. wasm-split-cli cuts every lazy page (src/lazy_pages.rs) and the code only it needs
#      into chunks, plus __wasm_split.js, which fetches a chunk when its page first shows;
#      scripts/merge-chunks.mjs then joins its ~200 small chunks into a few dozen files;
#   3. wasm-bindgen writes the JavaScript glue for the shell (keeping the exports the
#      chunks link against);
#   4. wasm-opt (binaryen's npm package, v132) shrinks the shell and each chunk, and esbuild
#      (npm) minifies the JS glue.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$ROOT/tests/e2e/node_modules/.bin:$PATH"
NAME="hoplab-site"

build() {
  cd "$ROOT"
  local raw="target/wasm32-unknown-unknown/release/$NAME.wasm"
  local split="target/wasm-split" out="target/site-wasm"
  cargo build --release --locked --target wasm32-unknown-unknown --bin "$NAME"
  rm -rf "$split" "$out"
  mkdir -p "$split" "$out"
  wasm-split-cli "$raw" "$split" --out-name "$NAME" --target web
  node scripts/merge-chunks.mjs "$split"
  wasm-bindgen --target web --keep-lld-exports --no-demangle --no-typescript \
    --out-dir "$out" --out-name "$NAME" "$split/$NAME.wasm"
  find "$split" -name '*.wasm' ! -name "$NAME.wasm" -exec cp {} "$out/" \;
  cp "$split/__wasm_split.js" "$out/"
  if [[ "${TRUNK_PROFILE:-release}" == release ]]; then
    local wasm
    for wasm in "$out"/*.wasm; do
      # wasm-split leaves a names subsection binaryen does not know; say nothing of it.
      wasm-opt -Oz --strip-producers --strip-target-features --quiet "$wasm" -o "$wasm" 2> >(grep -v "unknown name subsection" >&2)
    done
    # The JS glue, minified (every page loads both files: 2.3 KB brotli less). Names the
    # wasm imports by and the modules' exports stay as they are.
    local js
    for js in "$out"/*.js; do
      esbuild --minify --format=esm --log-level=warning --allow-overwrite "$js" --outfile="$js"
    done
  fi
}

case "${1:-}" in
  build) build ;;
  *) echo "usage: $0 build" >&2; exit 2 ;;
esac
