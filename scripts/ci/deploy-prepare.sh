#!/usr/bin/env bash
# What `make test-deploy` needs and this run's build does not change, made ahead of it: the
# container tools, the Debian 12 and 13 base tars, and Docker's layers of the Dockerfile's
# runtime-base stage and of compose's PostgreSQL and Caddy stand-ins. On a fresh machine these
# are minutes of waiting on the apt archive and the disk; `make test` runs this beside the tests
# (scripts/beside.sh), so that test-deploy finds them cached (docs/development.md, "Deploy tests").
#
# deploy-test.sh makes each of them itself when it is missing, with the same commands and caches,
# so nothing here decides whether a deployment works: a failure is printed, test-deploy then
# tries again and judges, and this script always exits 0.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 0
say() { echo "deploy-prepare: $*"; }
if [ "$(id -u)" -ne 0 ]; then
  say "not root: nothing to prepare (test-deploy needs root)"
  exit 0
fi
started=$(date +%s)
# shellcheck source=scripts/ci/docker-daemon.sh
source scripts/ci/docker-daemon.sh
trap tglink_docker_down EXIT

prepare() {
  local tar base
  scripts/install-deps.sh --deb --deploy || { say "could not install the container tools"; return 1; }
  for suite in bookworm trixie; do
    scripts/ci/base-image.sh "$suite" >/dev/null || { say "no $suite base"; return 1; }
  done
  tar=$(scripts/ci/base-image.sh bookworm) || return 1
  tglink_docker_up || { say "dockerd did not start"; return 1; }
  base=$(tglink_base_image "$tar") || { say "docker import of $tar failed"; return 1; }
  # The same builds as scripts/ci/image-from-build.sh's first and deploy-compose.sh's stand-ins.
  if ! docker build -q --build-arg "BASE=$base" --target runtime-base -t tglink-runtime-base:latest . >/dev/null ||
    ! docker build -q --build-arg "BASE=$base" -t tglink-ci-postgres:15 scripts/ci/standins/postgres >/dev/null ||
    ! docker build -q --build-arg "BASE=$base" -t tglink-ci-caddy:2 scripts/ci/standins/caddy >/dev/null; then
    say "a docker build failed"
    return 1
  fi
}

if prepare; then
  say "ready in $(($(date +%s) - started)) s"
else
  say "stopped after $(($(date +%s) - started)) s; test-deploy will make what is missing itself"
fi
exit 0
