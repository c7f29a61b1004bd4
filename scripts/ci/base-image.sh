#!/usr/bin/env bash
# A Debian base image made from the apt archive with mmdebstrap, for machines that reach no
# container registry. Prints the tar's path. The tar is cached in TGLINK_CI_CACHE (default
# /var/tmp/tglink-ci) for a week: it changes only with Debian's point releases.
#   scripts/ci/base-image.sh [SUITE]       SUITE: bookworm (default) or trixie
# Same content as debian:SUITE-slim (minbase, merged /usr, no docs, man pages or apt lists),
# and apt in it keeps no downloaded .debs, as in the official image.
set -euo pipefail
suite=${1:-bookworm}
cache=${TGLINK_CI_CACHE:-/var/tmp/tglink-ci}
tar="$cache/base-$suite.tar"
mkdir -p "$cache"
if [ -s "$tar" ] && [ -z "$(find "$tar" -mtime +7)" ]; then
  echo "$tar"
  exit 0
fi
echo "base-image: mmdebstrap $suite (1 to 3.5 minutes)" >&2
mmdebstrap --variant=minbase --mode=root --format=tar --quiet \
  --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
  --aptopt='Acquire::Languages "none"' \
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
  --dpkgopt='path-include=/usr/share/locale/locale.alias' --dpkgopt='path-exclude=/usr/share/info/*' \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --customize-hook='printf "%s\n" "DPkg::Post-Invoke { \"rm -f /var/cache/apt/archives/*.deb /var/cache/apt/*.bin || true\"; };" "Dir::Cache::pkgcache \"\";" "Dir::Cache::srcpkgcache \"\";" > "$1/etc/apt/apt.conf.d/docker-clean"' \
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin "$1"/etc/hostname' \
  "$suite" "$tar.part" >&2
mv "$tar.part" "$tar"
echo "$tar"
