#!/usr/bin/env bash
# Runs the whole suite of one build tree with CTest; CTest's closing lines count the tests.
set -euo pipefail
build=${1:-build-test}
export TDLIB_NETWORK=none
# LeakSanitizer is on: leaks inside the prebuilt libtdjson, which keeps caches until exit, are
# suppressed by src/telegram/td_json_library.cpp (__lsan_default_suppressions); ours are not.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
exec ctest --test-dir "$build" --output-on-failure --timeout 600 -j"${JOBS:-2}"
