#!/usr/bin/env bash
# Runs a command in the CPU time another one leaves idle, and waits for both.
#   scripts/beside.sh <name> <log> <background command> -- <foreground command> [args...]
#
# `make test` runs its tests with the release build beside them: the tests keep the two cores
# busy only about 88 % of the time (they wait on real-time players, pacing and timers), and the
# release build is about 8 minutes of nothing but CPU, so it fills those gaps instead of taking
# minutes of its own (docs/development.md, "What keeps the tests short"). The background command
# runs under SCHED_IDLE, which Linux gives a core only when nothing else wants it: the tests run
# as fast as they would alone.
#
# The background command's output goes to <log>. The exit status is the foreground's, or when
# that passed the background's (with the end of its log). A failed foreground stops the
# background at once. Prints how long the background ran past the foreground.
set -uo pipefail
name=$1
log=$2
background=$3
shift 3
[ "${1:-}" = "--" ] || { echo "usage: scripts/beside.sh <name> <log> <background command> -- <command...>" >&2; exit 2; }
shift

mkdir -p "$(dirname "$log")"
started=$(date +%s)
# chrt -i 0: SCHED_IDLE, inherited by every compiler the build starts; setsid: a process group
# of its own, so that stopping it stops its compilers too.
# Where SCHED_IDLE is refused, the lowest nice value is nearly as modest.
idle=(chrt --idle 0)
"${idle[@]}" true 2>/dev/null || idle=(nice -n 19)
# The background notes when it ended, so that the time it took is its own, not the wait's.
ended_file=$(mktemp)
trap 'rm -f "$ended_file"' EXIT
# shellcheck disable=SC2016 # $1 and $2 are expanded by the inner bash
setsid "${idle[@]}" bash -c '(eval "$1"); status=$?; date +%s >"$2"; exit "$status"' beside \
  "$background" "$ended_file" >"$log" 2>&1 &
pid=$!

"$@"
status=$?
foreground_done=$(date +%s)
if [ "$status" -ne 0 ]; then
  kill -- "-$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  exit "$status"
fi

echo "beside.sh: waiting for the $name (log: $log)"
wait "$pid"
background_status=$?
ended=$(cat "$ended_file" 2>/dev/null)
[ -n "$ended" ] || ended=$(date +%s)
after=$((ended > foreground_done ? ended - foreground_done : 0))
echo "beside.sh: the $name took $((ended - started)) s beside, $after s of them after the rest was done"
if [ "$background_status" -ne 0 ]; then
  tail -n 40 "$log"
  echo "beside.sh: the $name failed (exit status $background_status)" >&2
  exit "$background_status"
fi
