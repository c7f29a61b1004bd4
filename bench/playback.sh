#!/usr/bin/env bash
# The playback benchmark of issue 18 (bench/playback_bench.py): first segment cold and warm for
# direct play, remux and transcode, far seeks, conversion speed and CPU, Telegram bytes per media
# byte; side by side in one run, several rounds, median and spread.
# Uses the release build (build/, `make build`) and the simulator (build/sim/libtdjson.so), or
# TGLINK_BENCH_BUILD. Never part of `make test`. Options go to playback_bench.py (--help).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${TGLINK_BENCH_BUILD:-build}"
if [[ " $* " == *" --help "* || " $* " == *" -h "* ]]; then
  exec python3 bench/playback_bench.py --help
fi
if [[ ! -x "$BUILD/tglink" || ! -f "$BUILD/sim/libtdjson.so" ]]; then
  echo "bench: $BUILD/tglink or $BUILD/sim/libtdjson.so missing; building it (make build)" >&2
  make --no-print-directory build
fi
for tool in ffmpeg ffprobe python3; do
  command -v "$tool" >/dev/null || { echo "bench: '$tool' is missing; run scripts/install-deps.sh" >&2; exit 1; }
done
exec python3 bench/playback_bench.py --build "$BUILD" "$@"
