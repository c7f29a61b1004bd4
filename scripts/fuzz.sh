#!/usr/bin/env bash
# `make fuzz`: runs every libFuzzer target of a build tree for FUZZ_SECONDS each (default 60),
# one after the other, and prints the runs each reached. FUZZ_RUNS=<n> stops each after n runs.
#   scripts/fuzz.sh [build-fuzz] [target names...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-fuzz}
shift || true
seconds=${FUZZ_SECONDS:-60}
targets=("$@")
if ((${#targets[@]} == 0)); then
  for binary in "$build"/fuzz_*; do
    [ -x "$binary" ] && targets+=("$(basename "${binary#"$build"/fuzz_}")")
  done
fi
((${#targets[@]})) || { echo "fuzz: no fuzz_* binaries in $build" >&2; exit 1; }
echo "fuzz: ${#targets[@]} targets, ${seconds} s each"
failed=0
for name in "${targets[@]}"; do
  scripts/fuzz-target.sh "$build/fuzz_$name" "$seconds" "$build/fuzz-runs/$name" || failed=1
done
exit $failed
