#!/usr/bin/env bash
# Runs the whole suite of one build tree with CTest; CTest's closing lines count the tests.
#   scripts/run-tests.sh [build-test [CTest options, e.g. -L unit or -R 'ChatServiceTest\.']]
#
# Green means green:
# - A failed test is run once more only when its output shows the one known sanitizer crash at
#   exit (below), after GoogleTest said the test passed. Every such rerun is listed at the end.
#   Any other failure fails the run, with no second chance.
# - With CI=true in the environment (.ci/run), a skipped test fails the run: a skip there means
#   a tool or an encoder the suite drives is missing, and the list says which.
# At the end: the 15 slowest tests, so a test that got slow is seen the day it lands.
set -uo pipefail
build=${1:-build-test}
shift $(($# > 0 ? 1 : 0))
here=$(cd "$(dirname "$0")" && pwd)
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
export LSAN_OPTIONS=${LSAN_OPTIONS:-use_tls=0:suppressions=$here/lsan-suppressions.txt}

# Each computing test takes one of $jobs "cpu" slots (cmake/Testing.cmake); the few labelled
# waiting-* take one of three "waiting" slots instead and run beside them, since they spend their
# minutes waiting on Telegram's real-time pacing or a real-time converter (the browser ones also
# take one of two "screen" slots). On a machine whose cores finish their share early, the
# waiting tests are the whole phase's length: with two lanes and one screen, a fast machine's
# phase ended on a browser scenario running alone for 100 s (docs/development.md).
jobs=${JOBS:-2}
lanes=3
screens=2
mkdir -p "$build/Testing/Temporary"
# Absolute: CTest reads it after changing into --test-dir.
resources="$(cd "$build" && pwd)/Testing/Temporary/resources.json"
printf '{"version": {"major": 1, "minor": 0}, "local": [{"cpu": [{"id": "cores", "slots": %d}], "waiting": [{"id": "lane", "slots": %d}], "screen": [{"id": "display", "slots": %d}]}]}\n' \
  "$jobs" "$lanes" "$screens" >"$resources"
log="$build/Testing/Temporary/LastTest.log"
results="$build/Testing/Temporary/results.tsv"
slowest="$build/Testing/Temporary/slowest-tests.txt"

# One line per test of CTest's log: status, seconds, name, note, and how many GoogleTest tests
# it ran (a quick suite is one CTest test, cmake/Testing.cmake; other checks count 1). The status is passed, failed,
# skipped or lsan-exit-crash: a failure whose only cause is LeakSanitizer's own crash while it
# stopped the world at exit ("Tracer caught signal"), after GoogleTest reported the test passed
# and nothing failed. The note is a skip's reason (GoogleTest prints it after "Skipped").
test_results() {
  awk '
    function flush() {
      if (name == "") return
      status = verdict
      # CTest calls a suite skipped when any of its tests skipped, even when another failed.
      if (status == "skipped" && gtest_failed) status = "failed"
      if (status == "failed" && tracer && lsan_fatal && gtest_passed && !gtest_failed)
        status = "lsan-exit-crash"
      gsub(/\t/, " ", note)
      printf "%s\t%s\t%s\t%s\t%d\n", status, seconds, name, note, (ran > 0 ? ran : 1)
      name = ""
    }
    /^[0-9]+\/[0-9]+ Test: / {
      flush()
      name = $0; sub(/^[0-9]+\/[0-9]+ Test: /, "", name)
      verdict = "failed"; seconds = 0; note = ""; in_output = 0
      tracer = lsan_fatal = gtest_passed = gtest_failed = after_skip = ran = 0
      next
    }
    name == "" { next }
    /^Output:$/ { in_output = 1; next }
    /^<end of output>$/ { in_output = 0; next }
    in_output {
      if (after_skip) { note = (note == "" ? $0 : note " " $0); after_skip = 0 }
      if ($0 ~ /: Skipped$/) after_skip = 1
      if (index($0, "Tracer caught signal")) tracer = 1
      if (index($0, "LeakSanitizer has encountered a fatal error")) lsan_fatal = 1
      if ($0 ~ /^\[==========\] [0-9]+ tests? from .* ran\./) ran += $2
      if ($0 ~ /^\[  PASSED  \]/) gtest_passed = 1
      if ($0 ~ /^\[  FAILED  \]/) gtest_failed = 1
      next
    }
    /^Test time = / { seconds = $4; next }
    /^Test Passed\.$/ { verdict = "passed"; next }
    /^Skip regular expression found in output/ { verdict = "skipped"; next }
    END { flush() }
  ' "$log"
}

# Prints each line of $1 indented, as the lists below are.
indent() { printf '%s\n' "$1" | sed 's/^/  /'; }

# An extended regular expression that matches exactly these test names.
names_regex() {
  local alternatives
  alternatives=$(sed 's/[][\.*^$+?(){}|]/\\&/g' | paste -sd'|')
  printf '^(%s)$' "$alternatives"
}

print_slowest() {
  sort -t$'\t' -k2,2 -g -r "$results" | head -n 15 |
    awk -F'\t' '{ printf "  %8.1f s  %s\n", $2, $3 }' >"$slowest"
  echo
  echo "run-tests: the 15 slowest tests"
  cat "$slowest"
}

ctest --test-dir "$build" --output-on-failure --timeout 600 -j"$((jobs + lanes))" \
  --resource-spec-file "$resources" "$@"
status=$?
if [ ! -s "$log" ]; then
  echo "run-tests: CTest wrote no log ($log); it exited with $status" >&2
  exit "$((status == 0 ? 1 : status))"
fi
test_results >"$results"
print_slowest

verdict=0
reruns=$(awk -F'\t' '$1 == "lsan-exit-crash" { print $3 }' "$results")
others=$(awk -F'\t' '$1 == "failed" { print $3 }' "$results")
if [ -n "$others" ]; then
  echo
  echo "run-tests: these tests failed (no rerun: only LeakSanitizer's crash at exit gets one):"
  indent "$others"
  verdict=1
fi
if [ -n "$reruns" ]; then
  echo
  echo "run-tests: LeakSanitizer crashed at exit after these tests passed; running each once more, alone:"
  indent "$reruns"
  ctest --test-dir "$build" --output-on-failure --timeout 600 -j1 -R "$(names_regex <<<"$reruns")"
  rerun=$?
  # The log now holds the reruns alone.
  rerun_failed=$(test_results | awk -F'\t' '$1 != "passed" { print $3 }')
  if [ "$rerun" -ne 0 ] || [ -n "$rerun_failed" ]; then
    echo "run-tests: a rerun failed too:"
    indent "$rerun_failed"
    verdict=1
  fi
fi
if [ "${CI:-}" = "true" ]; then
  skips=$(awk -F'\t' '$1 == "skipped" { printf "  %s: %s\n", $3, ($4 == "" ? "(no reason given)" : $4) }' "$results")
  if [ -n "$skips" ]; then
    echo
    echo "run-tests: CI=true, where a skip is a failure; these tests were skipped:"
    echo "$skips"
    verdict=1
  fi
fi

echo
awk -F'\t' '{ n[$1]++; ran += $5 } END {
  printf "run-tests: %d tests: %d passed, %d failed, %d skipped, %d crashed at exit\n",
    NR, n["passed"], n["failed"], n["skipped"], n["lsan-exit-crash"]
  printf "run-tests: they ran %d GoogleTest tests and checks (a quick suite is one CTest test)\n", ran }' "$results"
if [ -n "$reruns" ]; then
  echo "run-tests: reruns after LeakSanitizer's crash at exit: $(wc -l <<<"$reruns")"
  indent "$reruns"
else
  echo "run-tests: reruns: none"
fi
if [ "$verdict" -ne 0 ]; then
  echo "run-tests: FAILED"
  exit 1
fi
if [ "$status" -ne 0 ] && [ -z "$reruns" ]; then
  echo "run-tests: CTest exited with $status with no failed test in its log" >&2
  exit "$status"
fi
echo "run-tests: passed"
