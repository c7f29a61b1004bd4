#!/usr/bin/env bash
# Installs what tglink needs on Debian 12 and does nothing when all of it is there.
#   scripts/install-deps.sh          build and runtime dependencies
#   scripts/install-deps.sh --test   also the tools the tests drive (ffmpeg, aria2, chromium,
#                                    a PostgreSQL server, promtool from prometheus) and clang with
#                                    libFuzzer (Debian 12:
#                                    clang-14, whose libFuzzer is in libclang-rt-14-dev, only
#                                    recommended by clang)
#   scripts/install-deps.sh --bench  also the benchmark peers (nginx, wrk)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(ninja-build cmake g++ pkg-config libboost1.81-dev libsqlite3-dev libssl-dev
          libspdlog-dev libpq-dev curl ffmpeg ccache)
# Node.js may come from elsewhere (its own npm included); Debian's packages only when missing.
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
for arg in "$@"; do
  case "$arg" in
    --test) packages+=(libgtest-dev libgmock-dev aria2 chromium clang-format clang libclang-rt-14-dev
                       postgresql prometheus) ;;
    --bench) packages+=(libbenchmark-dev nginx wrk aria2) ;;
    *) echo "install-deps: unknown option '$arg' (use --test or --bench)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing Debian packages: ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# npm packages are pinned in package-lock.json; reinstall only when the lock file changed.
stamp=node_modules/.tglink-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "install-deps: installing pinned npm packages"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi
