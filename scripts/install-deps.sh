#!/usr/bin/env bash
# Installs what tglink needs and does nothing when all of it is there (one dpkg query, no network).
#   scripts/install-deps.sh          build and runtime dependencies
#   scripts/install-deps.sh --test   also the tools the tests drive (ffmpeg, aria2, chromium,
#                                    firefox-esr and pulseaudio for the Firefox matrix,
#                                    a PostgreSQL server, promtool from prometheus, openssl and
#                                    caddy for the self-test's TLS cases, a font to attach to an
#                                    MKV) and clang with libFuzzer
#                                    (libclang-rt-N-dev, only recommended by clang-N)
#   scripts/install-deps.sh --bench  also the benchmark peers (nginx, wrk), perf and strace
#   scripts/install-deps.sh --deb    also what `make deb` needs (dpkg-dev, for dpkg-shlibdeps)
#   scripts/install-deps.sh --deploy the container and packaging tools `make test-deploy` drives
#                                    (docker.io, docker-compose, mmdebstrap, systemd-nspawn,
#                                    dpkg-dev)
#   scripts/install-deps.sh --dry-run [...]  print the names chosen and let apt simulate their
#                                    installation (apt-get -s); installs nothing (CI runs it in
#                                    a Debian 13 root)
#
# Package names differ between releases, so they are chosen by what the system's archive offers:
# the default libboostX.Y-dev if it is at least 1.81 (else the newest that is), and the
# libclang-rt-N-dev matching the default clang. Debian 12 is tested (installs and builds);
# Debian 13 only as far as `make test-deploy` checks it: in a fresh trixie root the names
# resolve (Boost 1.83, clang-rt 19) and apt can install them all, but tglink has not been built
# there. Ubuntu 24.04 should resolve the same way but is untested. Ubuntu 22.04 has Boost 1.74
# and CMake 3.22, older than tglink needs: this script says so and stops; use the image there.
set -euo pipefail
cd "$(dirname "$0")/.."

readonly kMinBoost=181  # 1.81, as cmake/Dependencies.cmake asks

if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi

want_test=0 want_bench=0 want_deb=0 want_deploy=0 dry_run=0
for arg in "$@"; do
  case "$arg" in
    --test) want_test=1 ;;
    --bench) want_bench=1 ;;
    --deb) want_deb=1 ;;
    --deploy) want_deploy=1 ;;
    --dry-run) dry_run=1 ;;
    *) echo "install-deps: unknown option '$arg' (use --test, --bench, --deb or --deploy)" >&2; exit 2 ;;
  esac
done

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'; }

# Whether the archive (the apt lists already on the machine) has a package of that name.
offered() { [ -n "$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p' | grep -v '(none)')" ]; }

lists_fetched=0
fetch_lists() {
  if ((lists_fetched == 0)); then
    $sudo apt-get update -qq
    lists_fetched=1
  fi
}

# The release's default Boost (what libboost-dev depends on) when it is 1.81 or newer, so the
# build uses the Boost the release is tested with (Debian 13: 1.83, not its newer 1.88);
# otherwise the newest libboostX.Y-dev installed or offered of at least 1.81 (Debian 12: 1.81).
pick_boost() {
  local name best='' best_version=0 version default
  default=$(apt-cache depends libboost-dev 2>/dev/null | sed -n 's/^ *Depends: \(libboost1\.[0-9]*-dev\)$/\1/p' | head -n1)
  if [[ "$default" =~ ^libboost1\.([0-9]+)-dev$ ]] && ((100 + BASH_REMATCH[1] >= kMinBoost)); then
    echo "$default"
    return
  fi
  for name in $(dpkg-query -W -f='${Package}\n' 'libboost1.*-dev' 2>/dev/null) \
              $(apt-cache pkgnames libboost1. 2>/dev/null); do
    [[ "$name" =~ ^libboost1\.([0-9]+)-dev$ ]] || continue
    version=$((100 + BASH_REMATCH[1]))
    if ((version > best_version)); then best=$name best_version=$version; fi
  done
  if ((best_version < kMinBoost)); then
    echo "install-deps: this system offers Boost ${best:-none}; tglink needs 1.81 or newer." >&2
    echo "install-deps: use the container image (README, Deploy) or a newer release." >&2
    exit 1
  fi
  echo "$best"
}

# libFuzzer ships in libclang-rt-N-dev, N being the version the `clang` package depends on.
pick_clang_rt() {
  local version
  version=$(apt-cache depends clang 2>/dev/null | sed -n 's/^ *Depends: clang-\([0-9][0-9]*\)$/\1/p' | head -n1)
  if [ -n "$version" ] && offered "libclang-rt-$version-dev"; then echo "libclang-rt-$version-dev"; fi
}

# What to install, as names this system knows. Boost's and clang's names need the apt lists.
choose_packages() {
  packages=(ninja-build cmake g++ pkg-config "$(pick_boost)" libsqlite3-dev libssl-dev
            libspdlog-dev libpq-dev libseccomp-dev curl ffmpeg ccache mold)
  # Node.js may come from elsewhere (its own npm included); Debian's packages only when missing.
  command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
  if ((want_test)); then
    packages+=(libgtest-dev libgmock-dev aria2 chromium firefox-esr pulseaudio clang-format clang
               postgresql prometheus openssl caddy fonts-dejavu-core rclone cadaver
               davfs2)
    local rt
    rt=$(pick_clang_rt)
    if [ -n "$rt" ]; then packages+=("$rt"); fi
  fi
  if ((want_bench)); then packages+=(libbenchmark-dev nginx wrk aria2 linux-perf strace); fi
  if ((want_deb)); then packages+=(dpkg-dev); fi
  if ((want_deploy)); then
    packages+=(docker.io docker-compose mmdebstrap systemd-container dpkg-dev python3)
  fi
}

if ((dry_run)); then
  if ! compgen -G '/var/lib/apt/lists/*_Packages' >/dev/null; then fetch_lists; fi
  choose_packages
  echo "install-deps: would install: ${packages[*]}"
  apt-get install -s -qq --no-install-recommends "${packages[@]}" >/dev/null
  echo "install-deps: apt can install all of them"
  exit 0
fi

# The quick path: the names chosen last time are all installed.
stamp_dir=${XDG_CACHE_HOME:-$HOME/.cache}/tglink
# The stamp is named after this script's content too, so a name added here is installed even
# where an older stamp says everything is there.
stamp="$stamp_dir/install-deps.$want_test$want_bench$want_deb$want_deploy.$(sha256sum scripts/install-deps.sh | cut -c1-12)"
if [ -f "$stamp" ]; then
  all=1
  for p in $(cat "$stamp"); do installed "$p" || { all=0; break; }; done
  if ((all)) && command -v npm >/dev/null 2>&1; then skip_apt=1; else skip_apt=0; fi
else
  skip_apt=0
fi

if ((skip_apt == 0)); then
  # A fresh machine (or container) has no apt lists: nothing can be chosen before they come.
  if ! compgen -G '/var/lib/apt/lists/*_Packages' >/dev/null; then fetch_lists; fi
  choose_packages
  missing=()
  for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
  if ((${#missing[@]})); then
    echo "install-deps: installing packages: ${missing[*]}"
    fetch_lists
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
  mkdir -p "$stamp_dir" && printf '%s\n' "${packages[@]}" >"$stamp"
fi

# npm packages are pinned in package-lock.json; reinstall only when the lock file changed.
stamp=node_modules/.tglink-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "install-deps: installing pinned npm packages"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi
