#!/usr/bin/env bash
# The playback, confinement and subtitles parts of the benchmarks (bench/playback_bench.py,
# bench/confinement_bench.py, bench/subtitles_bench.py); options as bench/run.sh --help.
exec "$(dirname "$0")/run.sh" playback confinement subtitles "$@"
