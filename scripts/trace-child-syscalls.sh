#!/usr/bin/env bash
# The system calls and files ffmpeg and ffprobe really use over the conversion tests: the source
# of the table in src/playback/child_syscalls.cpp and the read rules in
# src/playback/child_landlock.cpp.
#
#   scripts/trace-child-syscalls.sh [BUILD_DIR] [CTEST_REGEX]
#     BUILD_DIR    a test build (default build-test)
#     CTEST_REGEX  the tests to run (default: the playback and hostile-media end-to-end tests)
#
# The tests run under `strace -f -ff` from outside (a tracer outside the children's seccomp
# filter and Landlock domain may trace them); each process's calls after its execve of ffmpeg or
# ffprobe are counted. Prints "name count" per call, then the files opened outside the job
# folders. Needs strace (Debian `strace`).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-test}
regex=${2:-'E2ePlayback|HostileMedia|PlaybackE2e'}
command -v strace >/dev/null || { echo "trace-child-syscalls: strace is not installed" >&2; exit 1; }
out=$(mktemp -d /tmp/tglink-trace-XXXXXX)
trap 'rm -rf "$out"' EXIT

strace -f -ff -qq -e trace=all -o "$out/t" -- ctest --test-dir "$build" -R "$regex" >"$out/ctest.log" 2>&1 ||
  { echo "trace-child-syscalls: the tests failed under strace (see below)" >&2; tail -20 "$out/ctest.log" >&2; }

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
echo "# files opened (outside the job folders)"
grep -E '^(openat|open|access|execve|statfs)\(' "$out/children" | grep -v ' = -1 ENOENT' |
  grep -oE '"/[^"]*"' | grep -vE '/hls/|^"/(usr/)?lib/' | sort | uniq -c | sort -rn
