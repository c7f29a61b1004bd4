#!/usr/bin/env bash
# Runs the whole suite of one build tree with CTest; CTest's closing lines count the tests.
set -euo pipefail
build=${1:-build-test}
export TDLIB_NETWORK=none
# TDLib's prebuilt library keeps caches alive until exit; leaks there are not ours to fix.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
exec ctest --test-dir "$build" --output-on-failure --timeout 600 -j"${JOBS:-2}"
