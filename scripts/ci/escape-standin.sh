# Sourced: the escape stand-in of the tests (tests/support/escape_attempts_main.cpp) in a
# deployment, where tglink starts it as its ffmpeg and ffprobe. Used by deploy-test.sh for the
# image and compose (scripts/ci/deploy-escape.sh) and, inside the booted Debian 12 root, by
# deb-smoke.sh for the .deb's unit: the same layout, conversion and verdict in all three.
#
# The layout, in a folder S that tglink's user may execute from (FFMPEG_PATH=S/ffmpeg):
#   S/escape_attempts, S/escape_targets   static programs (escape_standin_build)
#   S/ffmpeg, S/ffprobe -> escape_attempts
#   S/data -> DATA_DIR                    the real one: its key file, database, TDLib's session
#   S/outside/tglink.env -> the env file  the real one, with the deployment's settings
#   S/outside/unix.sock -> a Unix socket  escape_targets listens there
#   S/tcp-port, S/udp-port                another loopback TCP port than tglink's, a UDP port,
#                                         both listened on by escape_targets
#   S/read-1 ...                          more of DATA_DIR's files, found when tglink runs
# The stand-in follows the links; Landlock judges the paths they resolve to.

ESCAPE_TCP_PORT=18081
ESCAPE_UDP_PORT=18082
# What Chromium plays, with direct play excluded, so that the file is converted through /hls/.
ESCAPE_PLAYS='{"containers": ["mp4", "webm", "mkv"], "video": ["h264", "vp8", "vp9", "av1"],
  "audio": ["aac", "mp3", "opus", "vorbis", "flac"], "hls": "mse",
  "hls_audio": ["aac", "opus", "flac"], "exclude_direct": true}'

# escape_standin_build OUT [SOURCE_DIR]: the stand-in and its listener, compiled alone and
# static (they run in images that have no C++ runtime, under the children's file rules).
escape_standin_build() {
  local out=$1 src=${2:-tests/support} name
  mkdir -p "$out"
  for name in escape_attempts escape_targets; do
    g++ -std=c++20 -O2 -static -Wall -Wextra -Werror -o "$out/$name" "$src/${name}_main.cpp" ||
      return 1
  done
  chmod 0755 "$out" "$out/escape_attempts" "$out/escape_targets"
}

# escape_standin_lay_out S DATA_DIR ENV_FILE UNIX_SOCKET: the links above, as the stand-in
# finds them from inside the environment (the targets are paths there, not here).
escape_standin_lay_out() {
  local dir=$1 data=$2 env_file=$3 socket=$4
  ln -sfn escape_attempts "$dir/ffmpeg"
  ln -sfn escape_attempts "$dir/ffprobe"
  ln -sfn "$data" "$dir/data"
  mkdir -p "$dir/outside"
  chmod 0755 "$dir/outside"
  ln -sfn "$env_file" "$dir/outside/tglink.env"
  ln -sfn "$socket" "$dir/outside/unix.sock"
  ln -sfn "$ESCAPE_TCP_PORT" "$dir/tcp-port"
  ln -sfn "$ESCAPE_UDP_PORT" "$dir/udp-port"
}

# escape_standin_read_targets S FILE...: S/read-1... for up to 8 more files to read.
escape_standin_read_targets() {
  local dir=$1 i=1 file
  shift
  rm -f "$dir"/read-*
  for file in "$@"; do
    ((i <= 8)) || break
    ln -sfn "$file" "$dir/read-$i"
    i=$((i + 1))
  done
}

# escape_convert BASE_URL TOKEN [CURL_OPTION...]: asks the player for the file of TOKEN with
# direct play excluded, then fetches the first segment of the conversion through /hls/ (503
# while it is made). Prints what it got; fails saying what went wrong.
escape_convert() {
  local base=$1 token=$2 answer method url folder name status=""
  shift 2
  answer=$(curl -sS --max-time 60 "$@" -H 'Content-Type: application/json' \
    --data "$ESCAPE_PLAYS" "$base/api/playback/$token") ||
    { echo "escape: POST $base/api/playback/... failed" >&2; return 1; }
  method=$(sed -n 's/.*"method":"\([^"]*\)".*/\1/p' <<<"$answer")
  url=$(sed -n 's/.*"url":"\([^"]*\)".*/\1/p' <<<"$answer")
  case $method in remux | transcode) ;; *)
    echo "escape: POST /api/playback answered no conversion: $answer" >&2
    return 1
    ;;
  esac
  folder=${url%/*}/
  for name in init.mp4 0.m4s; do
    for _ in $(seq 1 90); do
      status=$(curl -s --max-time 30 -o /dev/null -w '%{http_code}' "$@" "$base$folder$name") || true
      [ "$status" = 503 ] || break
      sleep 1
    done
    [ "$status" = 200 ] || { echo "escape: GET $folder$name answered ${status:-nothing}" >&2; return 1; }
  done
  echo "$method: ${folder}init.mp4 and 0.m4s served"
}

# escape_summary VERDICT: "N held, M not tried (no such file), K escaped", from escape_verdict's
# lines.
escape_summary() {
  local held tried escaped
  held=$(grep -c ': held (' <<<"$1" || true)
  tried=$(grep -c ': not tried (' <<<"$1" || true)
  escaped=$(grep -c ': ESCAPED$' <<<"$1" || true)
  echo "$held held, $tried not tried (no such file), $escaped escaped"
}

# escape_report_files DIR: every report under DIR (one per ffmpeg run), each after a line
# "== FILE".
escape_report_files() {
  local file
  find "$1" -name 'escapes-*.txt' | while IFS= read -r file; do
    echo "== $file"
    cat "$file"
  done
}

# escape_verdict WHERE REPORTS TARGETS_LOG: prints each attempt of each report (from
# escape_report_files) once, as its last line says (the stand-in writes "exec /bin/sh: ESCAPED"
# before it tries, and "held" after a refusal), prefixed with WHERE; fails when there is no
# report, when an attempt ESCAPED, or when the listeners received anything.
escape_verdict() {
  local where=$1 reports=$2 targets_log=$3 verdict
  verdict=$(awk -v where="$where" '
    function flush(   i) {
      for (i = 1; i <= n; i++) print "stand-in in " where run ": " order[i] ": " state[order[i]]
      n = 0
      delete state
    }
    /^== / { flush(); runs++; run = runs > 1 ? " (run " runs ")" : ""; next }
    /: / {
      attempt = $0
      sub(/: [^:]*$/, "", attempt)
      if (!(attempt in state)) order[++n] = attempt
      state[attempt] = substr($0, length(attempt) + 3)
    }
    END { flush() }' <<<"$reports")
  if [ -z "$verdict" ]; then
    echo "stand-in in $where: no report (the stand-in did not run as ffmpeg)"
    return 1
  fi
  echo "$verdict"
  if grep -q ': ESCAPED$' <<<"$verdict"; then
    echo "stand-in in $where: $(grep -c ': ESCAPED$' <<<"$verdict") attempts ESCAPED"
    return 1
  fi
  if [ -n "$targets_log" ]; then
    echo "stand-in in $where: the listeners $(tr '\n' ';' <<<"$targets_log")"
    return 1
  fi
}
