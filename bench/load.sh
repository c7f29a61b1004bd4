#!/usr/bin/env bash
# The connection-load figures of issue 13 (`make bench-load`): 10,000 idle keep-alive plus 2,000
# slowloris connections held against tglink on the simulator; prints tglink's memory, /api/info
# and download times meanwhile, and what connections past MAX_CONNECTIONS get.
# Uses the release build (build/, `make build`). Options go to bench/load_bench.py (--help).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${TGLINK_BENCH_BUILD:-build}"
if [[ " $* " == *" --help "* || " $* " == *" -h "* ]]; then
  exec python3 bench/load_bench.py --help
fi
if [[ ! -x "$BUILD/tglink" || ! -f "$BUILD/sim/libtdjson.so" ]]; then
  echo "load: $BUILD/tglink or $BUILD/sim/libtdjson.so missing; building it (make build)" >&2
  make --no-print-directory build
fi
exec python3 bench/load_bench.py --build "$BUILD" "$@"
