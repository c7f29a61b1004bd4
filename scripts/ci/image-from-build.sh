#!/usr/bin/env bash
# The runtime image from an already built build/ (make build), in about 20 s once the
# runtime-base stage is cached: for CI and releases, without compiling again in the image.
#   scripts/ci/image-from-build.sh [TAG] [BUILD_DIR]      default tglink:latest, build
# Environment: BASE (the Dockerfile's ARG BASE, e.g. a local mmdebstrap image),
# DOCKER_HOST as usual, STAGE_DIR (an empty folder to stage the binaries in and keep, as the
# context a later build through Compose reuses; default a temporary one, removed at exit).
# The binaries are stripped on the way; TDLib is the pinned npm copy.
set -euo pipefail
cd "$(dirname "$0")/../.."
tag=${1:-tglink:latest}
build=${2:-build}
for f in "$build/tglink" "$build/sim/libtdjson.so" node_modules/@prebuilt-tdlib/linux-x64-glibc/libtdjson.so; do
  [ -f "$f" ] || { echo "image-from-build: $f is missing (make build first)" >&2; exit 1; }
done
if [ -n "${STAGE_DIR:-}" ]; then
  stage=$STAGE_DIR
  mkdir -p "$stage"
else
  stage=$(mktemp -d)
  trap 'rm -rf "$stage"' EXIT
fi
chmod 0755 "$stage"
mkdir -p "$stage/sim"
strip --strip-unneeded -o "$stage/tglink" "$build/tglink"
strip --strip-unneeded -o "$stage/sim/libtdjson.so" "$build/sim/libtdjson.so"
if [ -f "$build/sim/tglink-sim-world" ]; then
  strip --strip-unneeded -o "$stage/sim/tglink-sim-world" "$build/sim/tglink-sim-world"
fi
cp node_modules/@prebuilt-tdlib/linux-x64-glibc/libtdjson.so "$stage/libtdjson.so"
base_args=()
if [ -n "${BASE:-}" ]; then base_args=(--build-arg "BASE=$BASE"); fi
export DOCKER_BUILDKIT=1
# Debian's docker.io client builds with BuildKit by itself; a newer one needs its buildx plugin.
if [ -x /usr/bin/docker ]; then docker() { /usr/bin/docker "$@"; }; fi
docker build -q "${base_args[@]}" --target runtime-base -t tglink-runtime-base:latest . >/dev/null
docker build -q --build-arg RUNTIME_BASE=tglink-runtime-base:latest -f packaging/Dockerfile.prebuilt \
  -t "$tag" "$stage" >/dev/null
echo "$tag"
