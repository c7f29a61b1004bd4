# Sourced by deploy-test.sh (its variables and helpers): README block "compose", run as written
# in the clean clone $clone, with `nano` filling in the test's values and COMPOSE_FILE adding
# scripts/ci/compose.ci.yaml. Sets compose_result.
compose_result=""

# The stand-ins for the postgres and caddy images, from Debian's packages (no registry here).
compose_standins() {
  DOCKER_BUILDKIT=1 docker build -q --build-arg BASE="$BASE" -t tglink-ci-postgres:15 \
    scripts/ci/standins/postgres >"$work/standin.log" 2>&1 &&
    DOCKER_BUILDKIT=1 docker build -q --build-arg BASE="$BASE" -t tglink-ci-caddy:2 \
      scripts/ci/standins/caddy >>"$work/standin.log" 2>&1 ||
    { tail -n 30 "$work/standin.log"; fail "building the postgres and caddy stand-ins"; }
}

ci_compose() { (cd "$clone" && $compose_cmd "$@"); }
compose_logs() {
  echo "--- the block's commands and output (last 40 lines):" >&2
  tail -n 40 "$work/compose-block.log" >&2 || true
  echo "--- compose logs (last 30 lines each):" >&2
  ci_compose logs --no-color --tail=30 >&2 2>&1 || true
}

# Caddy's own CA (tls internal) for tglink's self-test, copied in once Caddy has issued the
# LEAF certificate for the domain: before that, a TLS handshake has nothing to present.
caddy_ca="$work/caddy-root.crt"
caddy_ready=0
caddy_leaf_issued() {
  ci_compose exec -T caddy test -s /data/caddy/certificates/local/tglink.test/tglink.test.crt
}
hand_caddy_ca_to_tglink() {
  ((caddy_ready)) && return 0
  caddy_leaf_issued >/dev/null 2>&1 || return 0
  ci_compose exec -T caddy cat /data/caddy/pki/authorities/local/root.crt >"$caddy_ca" 2>/dev/null || return 0
  docker cp "$caddy_ca" "$(ci_compose ps -q tglink):/tmp/caddy-root.crt" >/dev/null 2>&1 || return 0
  caddy_ready=$(date +%s)
}

# Runs the block; fails (with logs) when it fails, when `up` takes longer than the build may,
# or when the wait for the self-test after `up` goes past 150 s.
run_block_watched() {
  local block=$1 log="$work/compose-block.log" started up_done=0 pid now
  started=$(date +%s)
  (cd "$clone" && PS4='+ ' exec setsid bash -e -x "$block") >"$log" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    now=$(date +%s)
    if ((up_done == 0)) && grep -q "^+ until\|^+ .*logs tglink" "$log"; then up_done=$now; fi
    if ((up_done > 0)); then hand_caddy_ca_to_tglink; fi
    if ((up_done > 0 && now - up_done > 150)); then
      kill -- -"$pid" 2>/dev/null || true
      compose_logs
      fail "no 'Self-test ... passed' within 150 s of compose up"
    fi
    if ((now - started > 90 * 60)); then
      kill -- -"$pid" 2>/dev/null || true
      compose_logs
      fail "the compose block ran for 90 minutes"
    fi
    sleep 2
  done
  if ! wait "$pid"; then
    compose_logs
    fail "README block \"compose\" failed with $compose_cmd"
  fi
  compose_up_seconds=$((up_done - started))
}

# The first HTTPS request through Caddy, retried for at most 20 s (Caddy may still be loading
# the certificate it has just written).
fetch_link_through_caddy() {
  local link=$1 status=""
  for _ in $(seq 1 10); do
    status=$(curl -s --cacert "$caddy_ca" --resolve "tglink.test:$https_port:127.0.0.1" \
      -o "$work/body" -w '%{http_code}' -r 0-9 "${link/tglink.test/tglink.test:$https_port}") || true
    [ "$status" = 206 ] && return 0
    sleep 2
  done
  compose_logs
  fail "GET $link through Caddy answered ${status:-nothing} (10 tries in 20 s), not 206"
}

# Seconds from tglink's first log line to its first "Self-test ... passed", from compose's
# timestamps.
seconds_to_self_test_pass() {
  ci_compose logs --no-color -t tglink 2>&1 | python3 -c '
import re, sys, datetime
first = passed = None
for line in sys.stdin:
    m = re.search(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z", line)
    if not m:
        continue
    t = datetime.datetime.fromisoformat(m.group(1))
    first = first or t
    if passed is None and re.search(r"Self-test of \S+: passed", line):
        passed = t
print(int((passed - first).total_seconds()) if first and passed else -1)'
}

run_compose_block() {
  compose_cmd=$1
  local shims="$work/shims" block="$work/compose-block.sh"
  mkdir -p "$shims"
  # docker-compose runs `docker` from PATH: Debian's client (see docker-daemon.sh).
  if [ -x /usr/bin/docker ]; then ln -sf /usr/bin/docker "$shims/docker"; fi
  printf '#!/bin/sh\nexec %q compose "$@"\n' "$repo/scripts/ci/fill-env.sh" >"$shims/nano"
  chmod +x "$shims/nano"
  compose_standins
  python3 scripts/ci/readme_blocks.py show compose >"$block" || fail "no README block compose"
  if [ "$compose_cmd" != docker-compose ]; then sed -i "s/docker-compose/$compose_cmd/g" "$block"; fi
  export TGLINK_CI_IMAGE=tglink:compose-ci TGLINK_CI_POSTGRES_IMAGE=tglink-ci-postgres:15 \
    TGLINK_CI_CADDY_IMAGE=tglink-ci-caddy:2
  local stamp="$TGLINK_CI_CACHE/compose-build.stamp" inputs full_build=0
  # What the full image build depends on besides the sources build/ was compiled from.
  inputs=$(cd "$clone" && cat Dockerfile .dockerignore CMakeLists.txt cmake/*.cmake package-lock.json \
    $(git ls-files 'src/*CMakeLists.txt') | sha256sum | cut -d' ' -f1)
  case ${TGLINK_CI_FULL_IMAGE:-auto} in
    1) full_build=1 ;;
    auto) if ((in_ci == 0)) && [ "$(cat "$stamp" 2>/dev/null)" != "$inputs" ]; then full_build=1; fi ;;
  esac
  if ((full_build)); then
    unset TGLINK_CI_BUILD_CONTEXT TGLINK_CI_DOCKERFILE
    say "  the full image build: the README's Dockerfile compiles the program (TGLINK_CI_FULL_IMAGE=${TGLINK_CI_FULL_IMAGE:-auto})"
  else
    # `up -d --build` as written builds the image through Compose, from the binaries this run
    # compiled into build/ (staged by the image step) instead of compiling them a second time.
    [ -d "$prebuilt" ] || fail "no binaries staged from $build/ (the image step)"
    export TGLINK_CI_BUILD_CONTEXT=$prebuilt TGLINK_CI_DOCKERFILE=$clone/packaging/Dockerfile.prebuilt
    say "  the image built through Compose from $build/'s binaries (packaging/Dockerfile.prebuilt);" \
      "TGLINK_CI_FULL_IMAGE=1 has the README's Dockerfile compile them"
  fi
  https_port=$(free_port) || fail "no free port"
  TGLINK_CI_HTTP_PUBLISH="127.0.0.1:$(free_port)" || fail "no free port"
  export TGLINK_CI_HTTP_PUBLISH TGLINK_CI_HTTPS_PUBLISH="127.0.0.1:$https_port"
  export COMPOSE_FILE="compose.yaml:scripts/ci/compose.ci.yaml" COMPOSE_PROJECT_NAME="$project"
  export DEBIAN_FRONTEND=noninteractive
  # npm in the image build behind this machine's TLS-inspecting proxy, if any (Dockerfile).
  TGLINK_CI_EXTRA_CA_BASE64=$(cat /usr/local/share/ca-certificates/*.crt 2>/dev/null | base64 -w0 || true)
  export TGLINK_CI_EXTRA_CA_BASE64
  export TGLINK_CI_BASE=$BASE
  rm -f "$clone/.env"
  escape_compose_prepare
  caddy_ready=0
  PATH="$shims:$PATH" run_block_watched "$block"
  ((caddy_ready)) || { compose_logs; fail "Caddy issued no certificate for tglink.test"; }

  local link
  link=$(ci_compose logs --no-color tglink 2>&1 | grep -o 'https://tglink.test/dl/[^ ]*' | head -n1 || true)
  [ -n "$link" ] || { compose_logs; fail "the demo printed no https link"; }
  fetch_link_through_caddy "$link"
  ci_compose logs --no-color tglink 2>&1 | grep -F 'Store: PostgreSQL' >/dev/null ||
    { compose_logs; fail "tglink did not use PostgreSQL"; }
  local to_pass
  to_pass=$(seconds_to_self_test_pass) || { compose_logs; fail "reading compose's timestamps"; }
  if ((to_pass < 0 || to_pass > 60)); then
    compose_logs
    fail "the self-test passed ${to_pass} s after tglink started (-1: never), not within a minute"
  fi
  escape_in_compose
  compose_down
  if ((full_build)); then echo "$inputs" >"$stamp"; fi
  compose_result="up in ${compose_up_seconds} s, self-test passed ${to_pass} s after start, 206 over HTTPS, PostgreSQL; $escape_result"
}
