#!/usr/bin/env bash
# The system calls and files ffmpeg and ffprobe really use over the conversion tests: the source
# of the table in src/playback/child_syscalls.cpp and the read rules in
# src/playback/child_landlock.cpp.
#
#   scripts/trace-child-syscalls.sh [BUILD_DIR] [GTEST_FILTER]
#     BUILD_DIR     a test build (default build-test)
#     GTEST_FILTER  the end-to-end tests to run (default: the playback and hostile-media ones)
#
# e2e_test runs under `strace -f -ff` from outside (a tracer outside the children's seccomp
# filter and Landlock domain may trace them), without LeakSanitizer's check (it cannot attach
# to a traced process); each process's calls after its execve of ffmpeg or ffprobe are counted
# (the tests' own ffmpeg runs that make their media among them). Prints "name count" per call,
# the calls the filter refused, then the files opened outside the job folders. Needs strace
# (Debian `strace`). Over PlaybackEndToEnd.* here (Linux 6.18, ffmpeg 5.1.9): the filter
# refused nothing; pselect6 came from the tests' own ffmpeg runs without -nostdin.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-test}
filter=${2:-'PlaybackEndToEnd.*:HostileMedia.*'}
command -v strace >/dev/null || { echo "trace-child-syscalls: strace is not installed" >&2; exit 1; }
out=$(mktemp -d /tmp/tglink-trace-XXXXXX)
trap 'rm -rf "$out"' EXIT

ASAN_OPTIONS=detect_leaks=0 strace -f -ff -qq -e trace=all -o "$out/t" -- \
  "$build/tests/e2e_test" --gtest_filter="$filter" >"$out/tests.log" 2>&1 ||
  { echo "trace-child-syscalls: the tests failed under strace (see below)" >&2; tail -20 "$out/tests.log" >&2; }

# Only the part of each trace after a successful execve of ffmpeg or ffprobe.
for trace in "$out"/t.*; do
  awk '/^execve\("[^"]*\/ff(mpeg|probe)"/ && / = 0$/ { on = 1; next } on' "$trace"
done >"$out/children"
[ -s "$out/children" ] || { echo "trace-child-syscalls: no ffmpeg or ffprobe ran" >&2; exit 1; }

echo "# system calls (name, count)"
grep -oE '^[a-z_0-9]+\(' "$out/children" | tr -d '(' | sort | uniq -c | sort -rn | awk '{print $2, $1}'
echo "# calls with arguments the filter checks"
grep -E '^(socket|ioctl|prctl|clone|clone3|kill|tgkill|prlimit64)\(' "$out/children" |
  sed -E 's/0x[0-9a-f]+/N/g; s/[0-9]{4,}/N/g' | sort | uniq -c | sort -rn
echo "# calls the filter refused (EPERM from a call the table lacks shows here)"
{ grep -E ' = -1 EPERM ' "$out/children" || true; } | grep -oE '^[a-z_0-9]+\(' | sort | uniq -c | sort -rn || true
echo "# files opened (outside the job folders)"
grep -E '^(openat|open|access|execve|statfs)\(' "$out/children" | grep -v ' = -1 ENOENT' |
  grep -oE '"/[^"]*"' | grep -vE '/hls/|^"/(usr/)?lib/' | sort | uniq -c | sort -rn
