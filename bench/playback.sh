#!/usr/bin/env bash
# The playback and subtitles parts of the benchmarks (bench/playback_bench.py,
# bench/subtitles_bench.py); options as bench/run.sh --help.
exec "$(dirname "$0")/run.sh" playback subtitles "$@"
