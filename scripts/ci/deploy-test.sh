#!/usr/bin/env bash
# `make test-deploy`: the ways to run tglink, each tested on this machine after `make test`,
# with the TDLib simulator only, so the real TDLib is never loaded (and the booted .deb runs
# with --private-network besides):
#   1. base     a Debian base image from the apt archive (mmdebstrap; cached a week)
#      portable scripts/install-deps.sh --dry-run --test --deploy in fresh Debian 12 and 13 roots:
#               the package names it picks exist there and apt can install them all
#   2. image    the runtime image from build/ (scripts/ci/image-from-build.sh)
#   3. run      `demo` in it: links printed, a /dl range answers 206, the health check turns
#               healthy, `docker stop` exits 0
#   4. compose  compose.yaml with stand-ins for the postgres and caddy images (built from
#               Debian's packages), Caddy on `tls internal`: a link fetched over HTTPS through
#               Caddy, tglink's self-test passing through Caddy, PostgreSQL as the store
#   5. deb      `make deb`, installed in a fresh Debian root and booted with systemd-nspawn:
#               /api/info 200 from the service running as the tglink user, the unit's
#               `systemd-analyze security` exposure
#   6. full     the multi-stage Dockerfile from a clean tree, only when Dockerfile, CMake files,
#               package-lock.json or install-deps.sh changed since its last pass (hash stamp);
#               TGLINK_CI_FULL_IMAGE=1 forces it, =0 skips it; skipped, saying so, when it
#               would not fit in the time left of `make test` (TGLINK_TEST_STARTED, set by the
#               Makefile; budget TGLINK_CI_BUDGET_MIN, default 48 minutes)
# Each step prints its wall time. Skips (exit 0, with the reason) where this machine cannot
# run containers: not root, or the tools of `scripts/install-deps.sh --deploy` missing.
# Environment: TGLINK_CI_CACHE (default /var/tmp/tglink-ci), BUILD (default build).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
build=${BUILD:-build}
export TGLINK_CI_CACHE=${TGLINK_CI_CACHE:-/var/tmp/tglink-ci}

skip() { echo "test-deploy: skipped: $*"; exit 0; }
[ "$(id -u)" -eq 0 ] || skip "needs root (containers, systemd-nspawn)"
deps_started=$(date +%s)
scripts/install-deps.sh --deploy || skip "scripts/install-deps.sh --deploy could not install the container tools"
echo "test-deploy: [deps] container tools present in $(($(date +%s) - deps_started)) s"
for tool in dockerd docker docker-compose mmdebstrap systemd-nspawn dpkg-deb dpkg-shlibdeps curl; do
  command -v "$tool" >/dev/null || skip "$tool is missing: run scripts/install-deps.sh --deploy"
done
[ -x "$build/tglink" ] || { echo "test-deploy: $build/tglink is missing (make build)" >&2; exit 1; }

work=$(mktemp -d /tmp/tglink-deploy.XXXXXX)
chmod 0755 "$work"
# shellcheck source=scripts/ci/docker-daemon.sh
source scripts/ci/docker-daemon.sh
project=tglinkci$$
cleanup() {
  docker rm -f -v "$project-demo" >/dev/null 2>&1 || true
  if [ -f "$work/ci.env" ]; then
    compose down -v --timeout 5 >/dev/null 2>&1 || true
  fi
  tglink_docker_down
  rm -rf "$work"
}
trap cleanup EXIT

step_started=0
step() {
  step_started=$(date +%s)
  echo "test-deploy: [$1] $2"
}
done_step() { echo "test-deploy:   ok in $(($(date +%s) - step_started)) s${1:+ ($1)}"; }
fail() {
  echo "test-deploy: FAILED: $*" >&2
  exit 1
}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_for() {  # wait_for SECONDS COMMAND...: until the command succeeds
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
tar=$(scripts/ci/base-image.sh bookworm)
tglink_docker_up
base_id=$(sha256sum "$tar" | cut -c1-16)
if [ "$(docker image inspect -f '{{index .Config.Labels "tar"}}' tglink-base:bookworm 2>/dev/null)" != "$base_id" ]; then
  docker import --change 'CMD ["/bin/bash"]' --change "LABEL tar=$base_id" "$tar" tglink-base:bookworm >/dev/null
fi
export BASE=tglink-base:bookworm
done_step

# --- 1b. portable ------------------------------------------------------------------------
step portable "install-deps.sh's package names in fresh Debian 12 and 13 roots"
checked=""
for suite in bookworm trixie; do
  if ! suite_tar=$(scripts/ci/base-image.sh "$suite" 2>"$work/base-$suite.log"); then
    echo "test-deploy:   $suite: no base ($(tail -n1 "$work/base-$suite.log")): not checked"
    continue
  fi
  suite_root="$work/root-$suite"
  mkdir -p "$suite_root" && tar -xf "$suite_tar" -C "$suite_root"
  systemd-nspawn -q --register=no --keep-unit -D "$suite_root" --bind-ro="$repo:/src" --pipe \
    /src/scripts/install-deps.sh --dry-run --test --deploy >"$work/dry-$suite.log" 2>&1 ||
    { tail -n 15 "$work/dry-$suite.log"; fail "install-deps.sh --dry-run on $suite"; }
  echo "test-deploy:   $suite: $(sed -n 's/^install-deps: would install: //p' "$work/dry-$suite.log" | tr ' ' '\n' | grep -E '^libboost|^libclang-rt' | tr '\n' ' ')"
  rm -rf "$suite_root"
  checked="$checked $suite"
done
done_step "checked:$checked"

# --- 2. image ----------------------------------------------------------------------------
step image "runtime image from $build/"
image=tglink:ci
scripts/ci/image-from-build.sh "$image" "$build" >/dev/null
size=$(docker image inspect -f '{{.Size}}' "$image")
done_step "$((size / 1000000)) MB"

# --- 3. run ------------------------------------------------------------------------------
step run "docker run $image demo: links, a range, health, stop"
port=$(free_port)
# The demo loads the simulator (never the real TDLib, whatever the network), which stays
# offline with TDLIB_NETWORK=none: it is not set here.
docker run -d --name "$project-demo" -p "127.0.0.1:$port:8080" \
  --health-interval=2s --health-start-period=2s "$image" demo >/dev/null
demo_link() { docker logs "$project-demo" 2>&1 | grep -o 'http://localhost:8080/dl/[^ ]*' | head -n1 || true; }
has_demo_link() { [ -n "$(demo_link)" ]; }
wait_for 60 has_demo_link || { docker logs "$project-demo" | tail -n 30; fail "the demo printed no /dl link"; }
link=$(demo_link)
link=${link/localhost:8080/127.0.0.1:$port}
status=$(curl -s -o "$work/range" -w '%{http_code}' -r 0-9 "$link")
[ "$status" = 206 ] || fail "GET $link with Range: bytes=0-9 answered $status, not 206"
[ "$(stat -c %s "$work/range")" = 10 ] || fail "the 206 did not carry 10 bytes"
health() { docker inspect -f '{{.State.Health.Status}}' "$project-demo"; }
healthy() { [ "$(health)" = healthy ]; }
wait_for 30 healthy || fail "the health check is $(health), not healthy"
docker stop -t 10 "$project-demo" >/dev/null
exit_code=$(docker inspect -f '{{.State.ExitCode}}' "$project-demo")
[ "$exit_code" = 0 ] || fail "docker stop: tglink exited $exit_code"
docker logs "$project-demo" 2>&1 | grep -F 'Self-test of http://localhost:8080/_tglink/self-test: passed' >/dev/null ||
  fail "the demo's self-test did not pass on localhost"
docker rm -v "$project-demo" >/dev/null
done_step "206, healthy, exit 0"

# --- 4. compose --------------------------------------------------------------------------
step compose "compose.yaml: tglink + PostgreSQL + Caddy (tls internal), a link over HTTPS"
DOCKER_BUILDKIT=1 docker build -q --build-arg BASE="$BASE" -t tglink-ci-postgres:15 \
  scripts/ci/standins/postgres >/dev/null
DOCKER_BUILDKIT=1 docker build -q --build-arg BASE="$BASE" -t tglink-ci-caddy:2 \
  scripts/ci/standins/caddy >/dev/null
https_port=$(free_port)
cat >"$work/ci.env" <<EOF
DOMAIN=tglink.test
POSTGRES_PASSWORD=ci-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
SECRET_KEY=ci-secret-key-0123456789abcdef
TGLINK_IMAGE=$image
POSTGRES_IMAGE=tglink-ci-postgres:15
CADDY_IMAGE=tglink-ci-caddy:2
CADDY_TLS=tls internal
HTTP_PUBLISH=127.0.0.1:$(free_port)
HTTPS_PUBLISH=127.0.0.1:$https_port
TGLINK_ENV_FILE=$work/ci.env
EOF
compose() {
  docker-compose -p "$project" --env-file "$work/ci.env" -f "$repo/compose.yaml" \
    -f "$repo/scripts/ci/compose.ci.yaml" "$@"
}
compose up -d --no-build >/dev/null 2>&1 || { compose logs --tail=30; fail "compose up"; }
compose_link() { compose logs tglink 2>&1 | grep -o 'https://tglink.test/dl/[^ ]*' | head -n1 || true; }
has_compose_link() { [ -n "$(compose_link)" ]; }
wait_for 90 has_compose_link || { compose logs --tail=40; fail "the demo printed no https link"; }
link=$(compose_link)
ca="$work/caddy-root.crt"
wait_for 30 compose exec -T caddy cat /data/caddy/pki/authorities/local/root.crt >"$ca" ||
  fail "Caddy made no local CA"
compose exec -T caddy cat /data/caddy/pki/authorities/local/root.crt >"$ca"
docker cp "$ca" "$(compose ps -q tglink):/tmp/caddy-root.crt"
status=$(curl -s --cacert "$ca" --resolve "tglink.test:$https_port:127.0.0.1" -o "$work/body" \
  -w '%{http_code}' -r 0-9 "${link/tglink.test/tglink.test:$https_port}")
[ "$status" = 206 ] || { compose logs --tail=40; fail "GET $link through Caddy answered $status"; }
compose logs tglink 2>&1 | grep -F 'Store: PostgreSQL' >/dev/null || fail "tglink did not use PostgreSQL"
self_test_passed() {
  compose logs tglink 2>&1 | grep -F 'Self-test of https://tglink.test/_tglink/self-test: passed' >/dev/null
}
wait_for 60 self_test_passed ||
  { compose logs tglink | grep -i self-test | tail -n 5; fail "the self-test through Caddy did not pass"; }
compose down -v --timeout 10 >/dev/null 2>&1
rm -f "$work/ci.env"
done_step "206 over HTTPS via Caddy, self-test passed, PostgreSQL"

# --- 5. deb ------------------------------------------------------------------------------
step deb "make deb, installed and booted under systemd-nspawn"
deb=$(scripts/make-deb.sh "$build")
root="$work/nspawn"
mkdir -p "$root" && tar -xf "$tar" -C "$root"
cp "$deb" "$root/root/tglink.deb"  # not /tmp: nspawn mounts a tmpfs there
systemd-nspawn -q --register=no --keep-unit -D "$root" --pipe sh -c \
  'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends systemd systemd-sysv dbus /root/tglink.deb' \
  >"$work/apt.log" 2>&1 || { tail -n 20 "$work/apt.log"; fail "installing the .deb"; }
cat >"$root/etc/tglink/tglink.env" <<'EOF'
BOT_TOKEN=123456789:AAEhBP0av28wQLnrZ4Zpsjpx-ci-only-token
API_ID=12345
API_HASH=0123456789abcdef0123456789abcdef
LOG_CHANNEL=-1001234567890
BASE_URL=http://localhost:8080
BIND_ADDRESS=127.0.0.1
TDJSON_PATH=/usr/lib/tglink/sim/libtdjson.so
EOF
cp scripts/ci/deb-smoke.sh "$root/usr/local/bin/deb-smoke"
cat >"$root/etc/systemd/system/deb-smoke.service" <<'EOF'
[Unit]
After=tglink.service
Wants=tglink.service
[Service]
Type=oneshot
ExecStart=/usr/local/bin/deb-smoke
[Install]
WantedBy=multi-user.target
EOF
systemd-nspawn -q --register=no --keep-unit -D "$root" --pipe systemctl enable deb-smoke.service >/dev/null 2>&1
timeout 180 systemd-nspawn -q --register=no --keep-unit --private-network -D "$root" -b >"$work/boot.log" 2>&1 || true
result="$root/var/tmp/deb-smoke.result"
[ -f "$result" ] || { tail -n 30 "$work/boot.log"; fail "the smoke service left no result"; }
grep -v '^log: ' "$result" | sed 's/^/test-deploy:   /'
if ! grep -q '^status 200$' "$result"; then sed -n 's/^log: /test-deploy:   /p' "$result"; fi
grep -q '^status 200$' "$result" || fail "/api/info did not answer 200 under systemd"
grep -q '^user tglink$' "$result" || fail "tglink did not run as the tglink user"
grep -q '^stopped 0$' "$result" || fail "systemctl stop: tglink did not exit 0"
exposure=$(sed -n 's/^exposure //p' "$result")
awk -v e="$exposure" 'BEGIN { exit !(e + 0 <= 2.0) }' || fail "exposure $exposure is above 2.0"
done_step "$(stat -c %s "$deb" | awk '{printf "%.1f MB", $1 / 1e6}'), exposure $exposure"

# --- 6. full -----------------------------------------------------------------------------
stamp="$TGLINK_CI_CACHE/full-image.stamp"
inputs=$(cat Dockerfile .dockerignore CMakeLists.txt cmake/*.cmake package-lock.json scripts/install-deps.sh \
  $(git ls-files 'src/*CMakeLists.txt') | sha256sum | cut -d' ' -f1)
want_full=${TGLINK_CI_FULL_IMAGE:-auto}
if [ "$want_full" = 0 ]; then
  echo "test-deploy: [full] skipped: TGLINK_CI_FULL_IMAGE=0"
elif [ "$want_full" = auto ] && [ "$(cat "$stamp" 2>/dev/null)" = "$inputs" ]; then
  echo "test-deploy: [full] skipped: Dockerfile, CMake files and dependencies unchanged since the last full build"
elif [ "$want_full" = auto ] && [ -n "${TGLINK_TEST_STARTED:-}" ] &&
  (( ($(date +%s) - TGLINK_TEST_STARTED) / 60 + 20 > ${TGLINK_CI_BUDGET_MIN:-48} )); then
  # CI has 50 minutes for the whole `make test`: a full build that might not fit is left for a
  # run with time to spare (or TGLINK_CI_FULL_IMAGE=1), and the log says so.
  echo "test-deploy: [full] skipped: this run has used $(( ($(date +%s) - TGLINK_TEST_STARTED) / 60 )) min;" \
    "the full build (about 15-20 min) would pass the ${TGLINK_CI_BUDGET_MIN:-48}-minute budget." \
    "Run TGLINK_CI_FULL_IMAGE=1 make test-deploy to build it."
else
  step full "the multi-stage Dockerfile from a clean tree (about 15 min on 2 cores)"
  git archive --format=tar HEAD | tar -x -C "$work" --one-top-level=src-tree
  ca_args=()
  if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
    # npm behind a TLS-inspecting proxy: the host's CA bundle, passed as a secret, not baked in.
    ca_args=(--secret id=hostca,src=/etc/ssl/certs/ca-certificates.crt)
  fi
  DOCKER_BUILDKIT=1 docker build -q --build-arg BASE="$BASE" "${ca_args[@]}" -t tglink:full "$work/src-tree" >/dev/null
  docker run --rm --network none tglink:full version | grep '^tglink ' >/dev/null || fail "the full image does not run"
  echo "$inputs" >"$stamp"
  done_step
fi

echo "test-deploy: all passed in $(($(date +%s) - total_started)) s"
