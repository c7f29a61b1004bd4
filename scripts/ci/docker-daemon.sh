# Sourced by the deploy tests: makes `docker` work. Uses a daemon that already answers
# (DOCKER_HOST or the default socket); otherwise starts dockerd by hand (a machine without
# systemd as PID 1), its images kept in $TGLINK_CI_CACHE/dockerd so layers stay cached between
# runs, and stops it when the sourcing script exits.
: "${TGLINK_CI_CACHE:=/var/tmp/tglink-ci}"
# Debian's docker.io client builds with BuildKit by itself; a newer client without the buildx
# plugin refuses DOCKER_BUILDKIT=1.
if [ -x /usr/bin/docker ]; then docker() { /usr/bin/docker "$@"; }; fi
export DOCKER_BUILDKIT=1
tglink_docker_started=0
tglink_docker_up() {
  if docker info >/dev/null 2>&1; then return 0; fi
  local run=/run/tglink-ci-dockerd
  mkdir -p "$TGLINK_CI_CACHE/dockerd" "$run"
  export DOCKER_HOST="unix://$run/docker.sock"
  if docker info >/dev/null 2>&1; then return 0; fi
  dockerd --data-root "$TGLINK_CI_CACHE/dockerd" --exec-root "$run/exec" \
    -H "$DOCKER_HOST" --pidfile "$run/docker.pid" >"$run/dockerd.log" 2>&1 &
  tglink_docker_started=$!
  for _ in $(seq 1 60); do
    if docker info >/dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  echo "docker: dockerd did not start; its log:" >&2
  tail -n 20 "$run/dockerd.log" >&2
  return 1
}
tglink_docker_down() {
  if [ "$tglink_docker_started" -gt 0 ]; then
    kill "$tglink_docker_started" 2>/dev/null || true
    wait "$tglink_docker_started" 2>/dev/null || true
  fi
}

# tglink_base_image TAR: the Debian base tar imported as tglink-base:bookworm, once per tar
# (a label records which); prints the tag.
tglink_base_image() {
  local tar=$1 tag=tglink-base:bookworm id
  id=$(sha256sum "$tar" | cut -c1-16)
  if [ "$(docker image inspect -f '{{index .Config.Labels "tar"}}' "$tag" 2>/dev/null)" != "$id" ]; then
    docker import --change 'CMD ["/bin/bash"]' --change "LABEL tar=$id" "$tar" "$tag" >/dev/null || return 1
  fi
  echo "$tag"
}
