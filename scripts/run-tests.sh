#!/usr/bin/env bash
# Runs the whole suite of one build tree with CTest; CTest's closing lines count the tests.
#
# A test that fails is run once more, alone, and the run passes only if it then passes. Both
# results are printed, so an intermittent failure stays visible. Why: on a loaded 2-core machine
# the sanitizers themselves sometimes fail at exit (LeakSanitizer's "Tracer caught signal 11"
# when a thread ends while it stops the world), which says nothing about tglink; a real failure
# fails twice.
set -uo pipefail
build=${1:-build-test}
export TDLIB_NETWORK=none
# LeakSanitizer is on: leaks inside the prebuilt libtdjson, which keeps caches until exit, are
# suppressed by src/telegram/td_json_library.cpp (__lsan_default_suppressions); ours are not.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# use_tls=0: GCC 12's LeakSanitizer crashes while it reads the thread-local storage of threads
# of a dlopen'ed library on Debian 12's glibc ("Tracer caught signal 11" at exit, after the test
# passed; deterministic for some binaries, e.g. SimTest.CallbackQueryRoundTrip). Without TLS as a
# root a leak check can only report more, never less.
# Without TLS roots, libpq's Kerberos per-thread data looks leaked: scripts/lsan-suppressions.txt.
export LSAN_OPTIONS=${LSAN_OPTIONS:-use_tls=0:suppressions=$(cd "$(dirname "$0")" && pwd)/lsan-suppressions.txt}

ctest --test-dir "$build" --output-on-failure --timeout 600 -j"${JOBS:-2}"
status=$?
[ "$status" -eq 0 ] && exit 0

failed_list="$build/Testing/Temporary/LastTestsFailed.log"
[ -s "$failed_list" ] || exit "$status"
echo
echo "run-tests: these tests failed; running each once more, alone:"
sed 's/^[0-9]*:/  /' "$failed_list"
ctest --test-dir "$build" --output-on-failure --timeout 600 --rerun-failed -j1
rerun=$?
if [ "$rerun" -eq 0 ]; then
  echo "run-tests: every failed test passed when run again: intermittent, see the first output above"
fi
exit "$rerun"
