#!/usr/bin/env bash
# `make deb`: a Debian package from build/ (no debhelper; dpkg-deb on a staged tree).
#   /usr/lib/tglink/{tglink,libtdjson.so,sim/}   stripped binary, pinned npm TDLib, simulator
#   /usr/bin/tglink                              a symlink (demo still finds sim/ beside the binary)
#   /lib/systemd/system/tglink.service           hardened unit (packaging/deb/tglink.service)
#   /etc/tglink/tglink.env                       conffile, 0600 root:root: .env.example without its
#                                                Docker Compose section, set for a proxy on this machine
# Depends is computed by dpkg-shlibdeps from what the binary links. zstd -3: 4 s, where xz took 3 min on a
# loaded 2-core machine (dpkg 1.21.18 and later read it: Debian 12, Ubuntu 22.04 on).
# Depends names the build machine's library packages, so the package installs on the release it
# was built on only; its version says which: 0.1.0+deb12 (Debian 12), 0.1.0+ubuntu24.04.
# Writes dist/tglink_<version>+<release>_amd64.deb and prints its path.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
version=$(sed -n 's/^project(tglink VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
release=$(. /etc/os-release && case "$ID" in debian) echo "deb${VERSION_ID%%.*}" ;; *) echo "$ID$VERSION_ID" ;; esac)
[ -n "$release" ] || { echo "make-deb: no release in /etc/os-release" >&2; exit 1; }
version="$version+$release"
for f in "$build/tglink" "$build/sim/libtdjson.so" node_modules/@prebuilt-tdlib/linux-x64-glibc/libtdjson.so; do
  [ -f "$f" ] || { echo "make-deb: $f is missing (make build first)" >&2; exit 1; }
done
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
chmod 0755 "$stage"
root="$stage/root"
lib="$root/usr/lib/tglink"
install -d -m 0755 "$lib/sim" "$root/usr/bin" "$root/lib/systemd/system" "$root/etc/tglink" \
  "$root/usr/share/doc/tglink" "$root/DEBIAN"
strip --strip-unneeded -o "$lib/tglink" "$build/tglink"
strip --strip-unneeded -o "$lib/sim/libtdjson.so" "$build/sim/libtdjson.so"
if [ -f "$build/sim/tglink-sim-world" ]; then
  strip --strip-unneeded -o "$lib/sim/tglink-sim-world" "$build/sim/tglink-sim-world"
fi
install -m 0644 node_modules/@prebuilt-tdlib/linux-x64-glibc/libtdjson.so "$lib/libtdjson.so"
chmod 0755 "$lib/tglink" "$lib/sim/"*
ln -s ../lib/tglink/tglink "$root/usr/bin/tglink"
install -m 0644 packaging/deb/tglink.service "$root/lib/systemd/system/tglink.service"
sed -e '/^## With Docker Compose/,$d' -e 's/^BIND_ADDRESS=$/BIND_ADDRESS=127.0.0.1/' \
  -e 's|^DATA_DIR=$|DATA_DIR=/var/lib/tglink|' \
  -e 's/^TRUSTED_PROXIES=$/TRUSTED_PROXIES=127.0.0.1\/32/' .env.example >"$root/etc/tglink/tglink.env"
grep -qx 'BIND_ADDRESS=127.0.0.1' "$root/etc/tglink/tglink.env" ||
  { echo "make-deb: .env.example has no empty BIND_ADDRESS= line to set" >&2; exit 1; }
chmod 0600 "$root/etc/tglink/tglink.env"
install -m 0644 README.md "$root/usr/share/doc/tglink/README.md"
install -m 0755 packaging/deb/postinst packaging/deb/prerm packaging/deb/postrm "$root/DEBIAN/"
install -m 0644 packaging/deb/conffiles "$root/DEBIAN/conffiles"
# dpkg-shlibdeps wants a debian/control in the working directory.
mkdir -p "$stage/debian"
printf 'Source: tglink\n\nPackage: tglink\nArchitecture: amd64\n' >"$stage/debian/control"
if ! shlibs=$(cd "$stage" && dpkg-shlibdeps -O -e"root/usr/lib/tglink/tglink" 2>"$stage/shlibdeps.log"); then
  cat "$stage/shlibdeps.log" >&2
  echo "make-deb: dpkg-shlibdeps failed (scripts/install-deps.sh --deb installs it)" >&2
  exit 1
fi
depends=$(sed -n 's/^shlibs:Depends=//p' <<<"$shlibs")
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps named no dependencies" >&2; exit 1; }
sed -e "s/@VERSION@/$version/" -e "s/@DEPENDS@/$depends, adduser/" packaging/deb/control.in \
  >"$root/DEBIAN/control"
echo "Installed-Size: $(du -sk "$root" | cut -f1)" >>"$root/DEBIAN/control"
mkdir -p dist
out="dist/tglink_${version}_amd64.deb"
dpkg-deb --root-owner-group -Zzstd -z3 --build "$root" "$out" >/dev/null
echo "$out"
