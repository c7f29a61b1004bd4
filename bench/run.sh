#!/usr/bin/env bash
# The benchmarks of issue 4, in one run (`make bench`):
#   1. hot path: a cached 1 GiB file, whole and as 64 concurrent 1 MiB ranges, tglink vs nginx;
#   2. cold path: single-stream throughput on the simulator against its set limit, 1/2/4 bots;
#   3. memory: peak RSS of tglink with 500 concurrent slow readers;
#   4. one stream over several bots on the realistic profile (bench/spread_bench.py): 1-8 bots,
#      16 concurrent streams, a seek, a second viewer, a 20 s flood wait on one bot;
#   5. the database a few ms away (bench/store_latency_bench.py, `--only store`): cached range
#      requests/s and the longest pause of a running download while PostgreSQL is held, vs SQLite;
#   6. /api/info's latency (p50, p99) while 500 connections fetch cached ranges (`--only info`).
# Servers compared are measured in alternating rounds (--rounds, 5) with the median and spread
# printed; the hot-path client is bench/range_client.py (it says why not wrk).
# Uses the release build (build/, `make build`) and the simulator (build/sim/libtdjson.so).
# Never part of `make test`. Options are passed to bench/tglink_bench.py (--help lists them).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${TGLINK_BENCH_BUILD:-build}"
if [[ " $* " == *" --help "* || " $* " == *" -h "* ]]; then
  exec python3 bench/tglink_bench.py --help
fi
if [[ ! -x "$BUILD/tglink" || ! -f "$BUILD/sim/libtdjson.so" ]]; then
  echo "bench: $BUILD/tglink or $BUILD/sim/libtdjson.so missing; building it (make build)" >&2
  make --no-print-directory build
fi
for tool in nginx curl python3; do
  if ! command -v "$tool" >/dev/null && [[ ! -x "/usr/sbin/$tool" ]]; then
    echo "bench: '$tool' is missing; run scripts/install-deps.sh --bench" >&2
    exit 1
  fi
done
exec python3 bench/tglink_bench.py --build "$BUILD" "$@"
