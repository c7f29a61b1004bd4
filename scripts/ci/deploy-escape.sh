# Sourced by deploy-test.sh (its variables and helpers): the escape stand-in of the tests as the
# ffmpeg and ffprobe of the image's and compose's tglink (scripts/ci/escape-standin.sh says
# the layout). In each container: the real env file mounted where the child could name it,
# listeners on a Unix socket, another TCP port and a UDP port, another job's folder, and a
# conversion through /hls/; the test fails on a missing report, an ESCAPED line, anything the
# listeners received, or a segment not served. The booted .deb does the same inside its root
# (deb-smoke.sh), with the programs compiled here.
# shellcheck source=scripts/ci/escape-standin.sh
source scripts/ci/escape-standin.sh
escape_bin="$work/escape-bin"
escape_result=""

# The stand-in and its listener, compiled once per run from this checkout, independently of the
# test build.
escape_standin_ready() {
  [ -x "$escape_bin/escape_attempts" ] && return 0
  command -v g++ >/dev/null || cannot_run "g++ is missing: the escape stand-in is compiled here"
  escape_standin_build "$escape_bin" >"$work/escape-build.log" 2>&1 ||
    { cat "$work/escape-build.log" >&2; fail "compiling the escape stand-in (scripts/ci/escape-standin.sh)"; }
}

# escape_container_folder S: the programs, laid out for a container of the image (DATA_DIR
# /data, the env file mounted at /etc/tglink/tglink.env, S mounted at /opt/tglink-escape).
escape_container_folder() {
  local dir=$1
  escape_standin_ready
  mkdir -p "$dir"
  cp "$escape_bin/escape_attempts" "$escape_bin/escape_targets" "$dir/"
  chmod 0755 "$dir"
  escape_standin_lay_out "$dir" /data /etc/tglink/tglink.env /tmp/escape-targets.sock
}

# The token of the first /dl/ link in a container's log: the demo sends its video first.
escape_demo_token() {
  local link
  link=$(docker logs "$1" 2>&1 | grep -o 'https\?://[^ ]*/dl/[^ ]*' | head -n1 || true)
  link=${link#*/dl/}
  # A token is base64url: whatever follows it (a file name, a quote) is not.
  [[ $link =~ ^[A-Za-z0-9_-]+ ]] && echo "${BASH_REMATCH[0]}"
  return 0
}

# escape_in_container CONTAINER S WHERE BASE_URL TOKEN [CURL_OPTION...]: sets escape_result.
escape_in_container() {
  local container=$1 dir=$2 where=$3 base=$4 token=$5 converted report targets sibling verdict started
  shift 5
  started=$(date +%s)
  local files=()
  docker exec -d "$container" /opt/tglink-escape/escape_targets /tmp/escape-targets.log \
    /tmp/escape-targets.sock "$ESCAPE_TCP_PORT" "$ESCAPE_UDP_PORT"
  wait_for 20 docker exec "$container" test -f /tmp/escape-targets.log.ready ||
    fail "$where: the stand-in's listeners did not start"
  # Another viewer's job folder, made after tglink emptied /data/hls at start.
  docker exec "$container" sh -c 'mkdir -p /data/hls/sibling && echo "a viewer segment" >/data/hls/sibling/0.m4s' ||
    fail "$where: making another job's folder"
  # More of DATA_DIR's own files: TDLib's session, the files users sent.
  mapfile -t files < <(docker exec "$container" find /data -maxdepth 5 -type f ! -path '/data/hls/*' \
    ! -name secret.key ! -name tglink.db | head -n 4)
  escape_standin_read_targets "$dir" "${files[@]}"
  converted=$(escape_convert "$base" "$token" "$@") ||
    { docker logs "$container" 2>&1 | tail -n 20 >&2; fail "$where: no conversion under the stand-in"; }
  report=$(docker exec "$container" sh -c 'for f in $(find /data/hls -name "escapes-*.txt"); do echo "== $f"; cat "$f"; done' || true)
  targets=$(docker exec "$container" cat /tmp/escape-targets.log 2>/dev/null || true)
  sibling=$(docker exec "$container" cat /data/hls/sibling/0.m4s 2>/dev/null || true)
  if verdict=$(escape_verdict "$where" "$report" "$targets" 2>&1); then
    sed 's/^/test-deploy:   /' <<<"$verdict"
  else
    sed 's/^/test-deploy:   /' <<<"$verdict" >&2
    fail "$where: the escape stand-in got out (above)"
  fi
  [ "$sibling" = "a viewer segment" ] || fail "$where: another job's segment was changed"
  escape_result="stand-in: $(escape_summary "$verdict"); $converted; $(($(date +%s) - started)) s"
}

# The image as `docker run` starts it, with the stand-in as its ffmpeg and ffprobe and an env
# file readable by tglink's user (so that only the confinement keeps it), given with --env-file
# and mounted. No SECRET_KEY: tglink makes DATA_DIR's key file, which the stand-in then tries.
escape_in_image() {
  local name="$project-escape" dir="$work/escape-image" env_file="$work/escape-image.env" port token
  escape_container_folder "$dir"
  printf '%s\n' 'BOT_TOKEN=123456789:AAEhBP0av28wQLnrZ4Zpsjpx-ci-only-token' 'API_ID=12345' \
    'API_HASH=0123456789abcdef0123456789abcdef' >"$env_file"
  chmod 0644 "$env_file"
  port=$(free_port)
  docker run -d --name "$name" -p "127.0.0.1:$port:8080" --env-file "$env_file" \
    -e FFMPEG_PATH=/opt/tglink-escape/ffmpeg -e FFPROBE_PATH=/opt/tglink-escape/ffprobe \
    -v "$dir:/opt/tglink-escape:ro" -v "$env_file:/etc/tglink/tglink.env:ro" "$image" demo >/dev/null
  has_token() { [ -n "$(escape_demo_token "$name")" ]; }
  wait_for 60 has_token || { docker logs "$name" 2>&1 | tail -n 30 >&2; fail "the stand-in's demo printed no /dl link"; }
  token=$(escape_demo_token "$name")
  escape_in_container "$name" "$dir" "the image" "http://127.0.0.1:$port" "$token"
  docker rm -f -v "$name" >/dev/null
}

# Compose's tglink, which compose.ci.yaml gives the stand-in (TGLINK_CI_ESCAPE_DIR) and .env
# (mounted read-only); reached through Caddy as the viewers reach it.
escape_compose_prepare() {
  export TGLINK_CI_ESCAPE_DIR="$work/escape-compose"
  escape_container_folder "$TGLINK_CI_ESCAPE_DIR"
}
escape_in_compose() {
  local container token
  container=$(ci_compose ps -q tglink)
  token=$(escape_demo_token "$container")
  [ -n "$token" ] || { compose_logs; fail "compose's demo printed no /dl link for the stand-in"; }
  escape_in_container "$container" "$TGLINK_CI_ESCAPE_DIR" "compose ($compose_cmd)" \
    "https://tglink.test:$https_port" "$token" \
    --cacert "$caddy_ca" --resolve "tglink.test:$https_port:127.0.0.1"
}
