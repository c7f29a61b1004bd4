#!/usr/bin/env bash
# Runs one libFuzzer target for a while over its seed corpus and reports how far it got.
#   scripts/fuzz-target.sh <build>/fuzz_<name> <seconds> <work dir>
# The seeds (tests/fuzz/corpus/<name>/) are only read: inputs that find new coverage go to
# <work dir>/corpus, a crashing input to <work dir>/crash-*, the full output to <work dir>/log.
# With FUZZ_RUNS set, it stops after that many runs instead (seconds stay an upper bound).
# Prints "<name>: <runs> runs in <s> s, no finding" and exits 0, or prints the finding and
# exits 1.
set -euo pipefail
binary=$1
seconds=$2
work=$3
repo=$(cd "$(dirname "$0")/.." && pwd)
name=$(basename "$binary")
name=${name#fuzz_}
seeds=$repo/tests/fuzz/corpus/$name
dict=$repo/tests/fuzz/dict/$name.dict

[ -x "$binary" ] || { echo "$name: no fuzz binary at $binary" >&2; exit 1; }
[ -d "$seeds" ] || { echo "$name: no seed corpus at $seeds" >&2; exit 1; }
mkdir -p "$work/corpus"
options=(-max_total_time="$seconds" -timeout=10 -print_final_stats=1 -artifact_prefix="$work/")
[ -f "$dict" ] && options+=(-dict="$dict")
[ -n "${FUZZ_RUNS:-}" ] && options+=(-runs="$FUZZ_RUNS")

if "$binary" "${options[@]}" "$work/corpus" "$seeds" >"$work/log" 2>&1; then
  runs=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 runs in \2 s/p' "$work/log")
  echo "$name: ${runs:-? runs}, no finding"
else
  echo "$name: FINDING (the input is in $work/crash-* or $work/leak-*; log $work/log)" >&2
  grep -E 'ERROR|invariant broken|runtime error|Test unit written' "$work/log" >&2 || tail -n 40 "$work/log" >&2
  exit 1
fi
