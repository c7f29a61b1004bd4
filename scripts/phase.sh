#!/usr/bin/env bash
# Times the phases of `make test`, so each run says where its time went.
#   scripts/phase.sh <times-file> <phase name> <command> [args...]
#       runs the command and appends "<seconds>\t<phase name>" to the file; when the command
#       fails, prints the times so far and exits with its status.
#   scripts/phase.sh <times-file> --summary [slowest-tests-file]
#       prints the slowest tests (scripts/run-tests.sh writes them) and every phase's time.
set -uo pipefail
times=$1
shift

summary() {
  local slowest=${1:-}
  if [ -n "$slowest" ] && [ -s "$slowest" ]; then
    echo
    echo "make test: the 15 slowest tests"
    cat "$slowest"
  fi
  echo
  echo "make test: time per phase"
  awk -F'\t' '{ total += $1; printf "  %-22s %4d:%02d\n", $2, $1 / 60, $1 % 60 }
    END { printf "  %-22s %4d:%02d\n", "total", total / 60, total % 60 }' "$times"
}

if [ "${1:-}" = "--summary" ]; then
  summary "${2:-}"
  exit 0
fi

name=$1
shift
mkdir -p "$(dirname "$times")"
started=$(date +%s)
"$@"
status=$?
printf '%d\t%s\n' "$(($(date +%s) - started))" "$name" >>"$times"
if [ "$status" -ne 0 ]; then
  summary
  echo "make test: the phase \"$name\" failed (exit status $status)"
  exit "$status"
fi
