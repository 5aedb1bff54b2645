#!/usr/bin/env bash
# Runs the real-copiers cases (Debian's nats-server and RabbitMQ, and the nats-server releases of
# scripts/nats-releases.txt, each JetStream case on every release; all started and
# stopped by the run) and prints what each compared. With --write, also regenerates the
# committed content/real-copiers.json that /copiers shows (server versions, the date, and
# which cases agree with the model). Extra words pick cases by id: `real-copiers.sh ring`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
setup_copiers
cd "$ROOT"
out="$ROOT/target/real-copiers.json"
args=()
for a in "$@"; do
  if [ "$a" = --write ]; then out="$ROOT/content/real-copiers.json"; else args+=("$a"); fi
done
if [ "$out" = "$ROOT/content/real-copiers.json" ] && [ "${#args[@]}" -gt 0 ]; then
  echo "--write runs every case (the data file lists them all); leave out: ${args[*]}" >&2
  exit 2
fi
cargo run -q --locked -p hoplab-real-copiers -- --out "$out" ${args[@]+"${args[@]}"}
