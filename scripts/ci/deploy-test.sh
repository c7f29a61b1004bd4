#!/usr/bin/env bash
# `make test-deploy`: every way of running tglink that the README's "Deploy" section gives, run
# from a clean clone of HEAD with the README's own command blocks (scripts/ci/readme_blocks.py
# extracts them; a block the test does not run fails it), always on the TDLib simulator (the
# real TDLib is never loaded; the booted .deb also runs with --private-network):
#   1. base     a Debian base image from the apt archive (mmdebstrap; cached a week)
#      portable scripts/install-deps.sh --dry-run --test --deploy in fresh Debian 12 and 13 roots
#   2. image    the runtime image from build/ (scripts/ci/image-from-build.sh)
#   3. run      `demo` in it: links printed, a /dl range answers 206, the health check turns
#               healthy, `docker stop` exits 0, `tglink` on the PATH; then again with the
#               escape stand-in as its ffmpeg and ffprobe (below)
#   4. compose  README block "compose" in a clean clone: Compose 1.29 builds the image itself
#               (BuildKit) from the binaries build/ holds (the image step's staged folder and
#               packaging/Dockerfile.prebuilt, through scripts/ci/compose.ci.yaml), PostgreSQL
#               and Caddy stand-ins built from Debian's packages, Caddy on `tls internal`; then
#               a link over HTTPS through Caddy, the self-test passed within a minute of `up`,
#               PostgreSQL as the store. Again with `docker compose` where the Compose v2
#               plugin is installed.
#   5. deb      `make deb`'s package in a fresh Debian 12 root booted with systemd-nspawn, where
#               a user with sudo runs README blocks "deb", "deb-caddy" and "deb-start", then
#               "deb-nginx" and "deb-start" again; each proxy path ends with the self-test
#               passed and `check-config --online`; the unit's exposure, user and clean stop.
#               It starts after step 1 and runs beside 1b to 4 (it uses under one core: apt,
#               services starting); its lines are printed after theirs.
# In the image, in compose and in the booted .deb, the stand-in for an exploited decoder of the
# tests (tests/support/escape_attempts_main.cpp, compiled static here) is tglink's ffmpeg and
# ffprobe for one conversion through /hls/: its report is printed, and an ESCAPED line, a
# missing report or a segment not served fails the step (scripts/ci/escape-standin.sh).
# Stand-ins, said once: `nano`/`sudoedit` write test values; certbot's and Caddy's certificate
# files come from a CA made for the run (trusted in the booted root); files.example.com resolves
# to the root itself, which has no network.
# Under CI=true (.ci/run) a step that cannot run fails; elsewhere it is skipped with the reason.
# The README's own Dockerfile build, compiling the program inside the image, is the opt-in
# check TGLINK_CI_FULL_IMAGE=1 (docs/development.md, "Deploy tests"); outside CI it also runs
# when the Dockerfile, CMake files or package-lock.json changed since its last run (=0 never).
# Outside CI, TGLINK_DEPLOY_STEPS="run deb" (say) runs only those of portable, run, compose and
# deb, for a quicker try of one path.
# Environment: TGLINK_CI_CACHE (default /var/tmp/tglink-ci), BUILD (default build).
set -Eeuo pipefail
# Any command that fails outside a condition (an assignment from one included) says so, with
# its line, instead of ending the run silently.
trap 'echo "test-deploy: FAILED at line $LINENO: \"$BASH_COMMAND\" exited $?" >&2' ERR
cd "$(dirname "$0")/../.."
repo=$PWD
build=${BUILD:-build}
export TGLINK_CI_CACHE=${TGLINK_CI_CACHE:-/var/tmp/tglink-ci}
in_ci=0
if [ "${CI:-}" = true ]; then in_ci=1; fi

say() { echo "test-deploy: $*"; }
fail() {
  echo "test-deploy: FAILED: $*" >&2
  exit 1
}
cannot_run() {
  if ((in_ci)); then fail "cannot run under CI=true: $*"; fi
  say "skipped: $*"
  exit 0
}

steps=${TGLINK_DEPLOY_STEPS:-portable run compose deb}
if ((in_ci)) && [ "$steps" != "portable run compose deb" ]; then
  fail "TGLINK_DEPLOY_STEPS cannot leave steps out under CI=true"
fi
wanted() { [[ " $steps " == *" $1 "* ]]; }

[ "$(id -u)" -eq 0 ] || cannot_run "needs root (containers, systemd-nspawn)"
deps_started=$(date +%s)
scripts/install-deps.sh --deb --deploy ||
  cannot_run "scripts/install-deps.sh --deb --deploy could not install the container tools"
say "[deps] container tools present in $(($(date +%s) - deps_started)) s"
for tool in dockerd docker docker-compose mmdebstrap systemd-nspawn dpkg-deb dpkg-shlibdeps curl openssl git python3; do
  command -v "$tool" >/dev/null || cannot_run "$tool is missing: run scripts/install-deps.sh --deploy"
done
[ -x "$build/tglink" ] || fail "$build/tglink is missing (make build)"

# Every README "Deploy" block is one this script runs, and the other way round.
readme_blocks=(compose deb deb-caddy deb-nginx deb-start)
python3 scripts/ci/readme_blocks.py check "${readme_blocks[@]}" ||
  fail "README.md's Deploy blocks and this test disagree (scripts/ci/readme_blocks.py)"

work=$(mktemp -d /tmp/tglink-deploy.XXXXXX)
chmod 0755 "$work"
# shellcheck source=scripts/ci/docker-daemon.sh
source scripts/ci/docker-daemon.sh
project=tglinkci$$
clone="$work/clone"
compose_cmd=""
compose_down() {
  if [ -n "$compose_cmd" ] && [ -d "$clone" ]; then
    (cd "$clone" && $compose_cmd down -v --timeout 5 >/dev/null 2>&1) || true
  fi
}
# The deb step runs beside the others (below): a failure elsewhere stops it before $work goes.
deb_pid=""
kill_tree() {
  local child
  for child in $(pgrep -P "$1"); do kill_tree "$child"; done
  kill -TERM "$1" 2>/dev/null || true
}
stop_deb() {
  if [ -n "$deb_pid" ] && kill -0 "$deb_pid" 2>/dev/null; then
    kill_tree "$deb_pid"
    wait "$deb_pid" 2>/dev/null || true
  fi
}
cleanup() {
  stop_deb
  docker rm -f -v "$project-demo" "$project-escape" >/dev/null 2>&1 || true
  compose_down
  tglink_docker_down
  rm -rf "$work"
}
trap cleanup EXIT
# shellcheck source=scripts/ci/deploy-escape.sh
source scripts/ci/deploy-escape.sh

step_started=0
step() {
  step_started=$(date +%s)
  say "[$1] $2"
}
done_step() { say "  ok in $(($(date +%s) - step_started)) s${1:+ ($1)}"; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_for() { # wait_for SECONDS COMMAND...: until the command succeeds
  local limit=$1
  shift
  for _ in $(seq 1 "$limit"); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  return 1
}

total_started=$(date +%s)

# --- 1. base -----------------------------------------------------------------------------
step base "Debian base image (mmdebstrap, cached in $TGLINK_CI_CACHE)"
tar=$(scripts/ci/base-image.sh bookworm) || fail "no Debian 12 base (scripts/ci/base-image.sh)"
tglink_docker_up || fail "dockerd did not start"
BASE=$(tglink_base_image "$tar") || fail "docker import of $tar"
export BASE
done_step

# --- 5. deb, started here ----------------------------------------------------------------
# The booted root spends most of its two minutes installing packages and waiting on services,
# under one core: it runs beside steps 1b to 4, and its lines are printed after them.
# shellcheck source=scripts/ci/deploy-deb.sh
source scripts/ci/deploy-deb.sh
if wanted deb; then
  escape_standin_ready # compiled once, before the steps that use it run side by side
  deb_started=$(date +%s)
  say "[deb] started beside the steps below; its lines follow them"
  (
    run_deb_blocks
    echo "$deb_result" >"$work/deb.result"
  ) >"$work/deb.out" 2>&1 &
  deb_pid=$!
fi

# --- 1b. portable ------------------------------------------------------------------------
wanted portable && step portable "install-deps.sh's package names in fresh Debian 12 and 13 roots"
checked=""
for suite in $(wanted portable && echo bookworm trixie); do
  if ! suite_tar=$(scripts/ci/base-image.sh "$suite" 2>"$work/base-$suite.log"); then
    if [ "$suite" = bookworm ] || ((in_ci)); then
      cat "$work/base-$suite.log" >&2
      fail "no $suite base"
    fi
    say "  $suite: no base ($(tail -n1 "$work/base-$suite.log")): not checked"
    continue
  fi
  suite_root="$work/root-$suite"
  mkdir -p "$suite_root" && tar -xf "$suite_tar" -C "$suite_root"
  systemd-nspawn -q --register=no --keep-unit -D "$suite_root" --bind-ro="$repo:/src" --pipe \
    /src/scripts/install-deps.sh --dry-run --test --deploy >"$work/dry-$suite.log" 2>&1 ||
    { tail -n 15 "$work/dry-$suite.log"; fail "install-deps.sh --dry-run on $suite"; }
  say "  $suite: $(sed -n 's/^install-deps: would install: //p' "$work/dry-$suite.log" | tr ' ' '\n' | grep -E '^libboost|^libclang-rt' | tr '\n' ' ')"
  rm -rf "$suite_root"
  checked="$checked $suite"
done
if wanted portable; then done_step "checked:$checked"; fi

# --- 2. image ----------------------------------------------------------------------------
image=tglink:ci
# build/'s stripped binaries, the context of the image step's build and of compose's.
prebuilt="$work/prebuilt"
if wanted run || wanted compose; then
  step image "runtime image from $build/"
  STAGE_DIR=$prebuilt scripts/ci/image-from-build.sh "$image" "$build" >"$work/image.log" 2>&1 ||
    { tail -n 30 "$work/image.log"; fail "scripts/ci/image-from-build.sh"; }
  size=$(docker image inspect -f '{{.Size}}' "$image")
  done_step "$((size / 1000000)) MB"
fi

# --- 3. run ------------------------------------------------------------------------------
if wanted run; then
step run "docker run $image demo: links, a range, health, stop"
demo_logs() { docker logs "$project-demo" 2>&1 | tail -n 30; }
port=$(free_port)
# The demo loads the simulator (never the real TDLib, whatever the network).
docker run -d --name "$project-demo" -p "127.0.0.1:$port:8080" \
  --health-interval=2s --health-start-period=2s "$image" demo >/dev/null
demo_link() { docker logs "$project-demo" 2>&1 | grep -o 'http://localhost:8080/dl/[^ ]*' | head -n1 || true; }
has_demo_link() { [ -n "$(demo_link)" ]; }
wait_for 60 has_demo_link || { demo_logs; fail "the demo printed no /dl link"; }
link=$(demo_link)
link=${link/localhost:8080/127.0.0.1:$port}
status=$(curl -s -o "$work/range" -w '%{http_code}' -r 0-9 "$link") || true
[ "$status" = 206 ] || { demo_logs; fail "GET $link with Range: bytes=0-9 answered $status, not 206"; }
[ "$(stat -c %s "$work/range")" = 10 ] || fail "the 206 did not carry 10 bytes"
docker exec "$project-demo" sh -c 'command -v tglink' | grep -qx /opt/tglink/tglink ||
  fail "tglink is not on the image's PATH"
health() { docker inspect -f '{{.State.Health.Status}}' "$project-demo"; }
healthy() { [ "$(health)" = healthy ]; }
wait_for 30 healthy || { demo_logs; fail "the health check is $(health), not healthy"; }
docker stop -t 10 "$project-demo" >/dev/null
exit_code=$(docker inspect -f '{{.State.ExitCode}}' "$project-demo")
[ "$exit_code" = 0 ] || { demo_logs; fail "docker stop: tglink exited $exit_code"; }
docker logs "$project-demo" 2>&1 | grep -F 'Self-test of http://localhost:8080/_tglink/self-test: passed' >/dev/null ||
  { demo_logs; fail "the demo's self-test did not pass on localhost"; }
docker rm -v "$project-demo" >/dev/null
escape_in_image
done_step "206, healthy, exit 0; $escape_result"
fi

# --- 4. compose --------------------------------------------------------------------------
# shellcheck source=scripts/ci/deploy-compose.sh
source scripts/ci/deploy-compose.sh
if wanted compose; then
step compose "README block \"compose\" in a clean clone: build, PostgreSQL, Caddy, self-test"
git clone -q "$repo" "$clone" || fail "git clone of $repo"
run_compose_block docker-compose
done_step "$compose_result"
if docker compose version >/dev/null 2>&1; then
  step compose-v2 "README block \"compose\" with the Compose v2 plugin (docker compose)"
  run_compose_block "docker compose"
  done_step "$compose_result"
else
  say "[compose-v2] not run: no Compose v2 plugin on this machine (Debian 12 has none)"
fi
fi

# --- 5. deb, its lines ------------------------------------------------------------------
if wanted deb; then
  say "[deb] README blocks deb, deb-caddy, deb-nginx, deb-start in a booted Debian 12 root"
  deb_status=0
  wait "$deb_pid" || deb_status=$?
  deb_pid=""
  cat "$work/deb.out"
  if [ "$deb_status" -ne 0 ] || [ ! -s "$work/deb.result" ]; then
    fail "the deb step exited $deb_status"
  fi
  step_started=$deb_started
  done_step "$(cat "$work/deb.result")"
fi

say "all passed in $(($(date +%s) - total_started)) s"
