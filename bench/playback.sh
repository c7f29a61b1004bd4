#!/usr/bin/env bash
# The playback part of the benchmarks (bench/playback_bench.py); options as bench/run.sh --help.
exec "$(dirname "$0")/run.sh" playback "$@"
