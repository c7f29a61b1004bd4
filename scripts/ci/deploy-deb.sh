# Sourced by deploy-test.sh (its variables and helpers): the .deb in a fresh Debian 12 root,
# booted with systemd-nspawn, where scripts/ci/deb-smoke.sh runs the README's blocks as a user
# with sudo. Sets deb_result.
deb_result=""

# A CA made for this run, and a certificate for files.example.com signed by it: the stand-in
# for what certbot and Caddy would get from Let's Encrypt.
make_stand_in_certificates() {
  local dir=$1
  mkdir -p "$dir"
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=tglink deploy test CA" \
    -keyout "$dir/ca.key" -out "$dir/ca.crt" 2>/dev/null &&
    openssl req -newkey rsa:2048 -nodes -subj "/CN=files.example.com" \
      -keyout "$dir/leaf.key" -out "$dir/leaf.csr" 2>/dev/null &&
    printf 'subjectAltName=DNS:files.example.com\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >"$dir/leaf.ext" &&
    openssl x509 -req -in "$dir/leaf.csr" -CA "$dir/ca.crt" -CAkey "$dir/ca.key" -CAcreateserial \
      -days 30 -extfile "$dir/leaf.ext" -out "$dir/leaf.crt" 2>/dev/null &&
    cat "$dir/leaf.crt" "$dir/ca.crt" >"$dir/fullchain.pem" ||
    fail "openssl could not make the stand-in certificates"
}

# Packages the booted root has no network to fetch: what the README's apt-get lines install,
# the .deb's dependencies and its recommended ffmpeg (apt-get installs Recommends unless told
# not to, so a server deployed as the README says has it, and the player converts), and the tools
# of deb-smoke.sh. The README's own apt-get lines then find them installed.
prepare_root_packages() {
  local root=$1 deb=$2 depends
  depends=$(dpkg-deb -f "$deb" Depends | sed 's/([^)]*)//g; s/|[^,]*//g; s/,/ /g') ||
    fail "dpkg-deb could not read $deb"
  systemd-nspawn -q --register=no --keep-unit -D "$root" --pipe sh -c \
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      systemd systemd-sysv dbus sudo ca-certificates curl caddy nginx certbot ffmpeg $depends" \
    >"$work/apt.log" 2>&1 || { tail -n 30 "$work/apt.log"; fail "installing packages in the Debian 12 root"; }
}

prepare_root_files() {
  local root=$1 deb=$2 certs=$3
  local home="$root/home/deployer"
  # The deployer: a user who may use sudo, with the package in dist/ as `make deb` leaves it.
  systemd-nspawn -q --register=no --keep-unit -D "$root" --pipe sh -c \
    'useradd --create-home --shell /bin/bash deployer && echo "deployer ALL=(ALL) NOPASSWD: ALL" >/etc/sudoers.d/deployer && chmod 0440 /etc/sudoers.d/deployer' \
    >>"$work/apt.log" 2>&1 || { tail -n 10 "$work/apt.log"; fail "making the deployer user"; }
  mkdir -p "$home/dist" "$home/blocks"
  cp "$deb" "$home/dist/"
  for name in deb deb-caddy deb-nginx deb-start; do
    python3 scripts/ci/readme_blocks.py show "$name" >"$home/blocks/$name.sh" || fail "no README block $name"
  done
  chroot "$root" chown -R deployer:deployer /home/deployer
  # Offline, the README's `apt-get install` can take only what is here (ffmpeg is, above).
  echo 'APT::Install-Recommends "false";' >"$root/etc/apt/apt.conf.d/90tglink-deploy-test"
  # The Landlock ABI of this kernel, for deb-smoke.sh to hold the unit's converter to it.
  python3 -c 'import ctypes; print(max(0, ctypes.CDLL(None).syscall(444, None, 0, 1)))' \
    >"$root/var/tmp/host-landlock-abi" 2>/dev/null || echo 0 >"$root/var/tmp/host-landlock-abi"
  install -m 0755 scripts/ci/fill-env.sh "$root/usr/local/bin/fill-env"
  install -m 0755 scripts/ci/deb-smoke.sh "$root/usr/local/bin/deb-smoke"
  # The escape stand-in, its listener, their layout and verdict, and a client of the simulator's
  # control socket to send the video it converts (deb-smoke.sh, escape_in_unit).
  escape_standin_ready
  install -d -m 0755 "$root/opt/tglink-escape" "$root/usr/local/lib/tglink-ci"
  install -m 0755 "$escape_bin/escape_attempts" "$escape_bin/escape_targets" "$root/opt/tglink-escape/"
  install -m 0644 scripts/ci/escape-standin.sh "$root/usr/local/lib/tglink-ci/"
  install -m 0755 scripts/ci/sim-send-file.py "$root/usr/local/bin/sim-send-file"
  # files.example.com is this root (no network: nothing leaves it).
  # mmdebstrap leaves /etc/hosts empty; a server's names localhost (Caddy's admin endpoint).
  grep -qw localhost "$root/etc/hosts" 2>/dev/null || printf '127.0.0.1 localhost\n::1 localhost\n' >>"$root/etc/hosts"
  printf '127.0.0.1 files.example.com\n127.0.1.1 %s\n' "$(basename "$root")" >>"$root/etc/hosts"
  # The stand-in CA is trusted, as Let's Encrypt's is.
  install -m 0644 "$certs/ca.crt" "$root/usr/local/share/ca-certificates/tglink-deploy-test.crt"
  chroot "$root" update-ca-certificates >/dev/null 2>&1 || fail "update-ca-certificates in the root"
  # certbot's files, written by a stand-in certbot found first on sudo's PATH.
  mkdir -p "$root/var/lib/tglink-ci"
  install -m 0600 "$certs/fullchain.pem" "$root/var/lib/tglink-ci/fullchain.pem"
  install -m 0600 "$certs/leaf.key" "$root/var/lib/tglink-ci/privkey.pem"
  cat >"$root/usr/local/sbin/certbot" <<'EOF'
#!/bin/sh
# deploy-test.sh's certbot: certonly -d DOMAIN writes the stand-in certificate where certbot would.
domain=
while [ $# -gt 0 ]; do
  if [ "$1" = -d ]; then domain=$2; fi
  shift
done
[ -n "$domain" ] || { echo "certbot stand-in: no -d DOMAIN" >&2; exit 1; }
mkdir -p "/etc/letsencrypt/live/$domain"
cp /var/lib/tglink-ci/fullchain.pem /var/lib/tglink-ci/privkey.pem "/etc/letsencrypt/live/$domain/"
echo "certbot stand-in: certificate for $domain in /etc/letsencrypt/live/$domain"
EOF
  chmod 0755 "$root/usr/local/sbin/certbot"
  # Caddy's: in its storage, as if its ACME issuer had obtained it (Caddy then loads it and
  # asks no CA).
  local caddy_certs="$root/var/lib/caddy/.local/share/caddy/certificates/acme-v02.api.letsencrypt.org-directory/files.example.com"
  mkdir -p "$caddy_certs"
  cp "$certs/fullchain.pem" "$caddy_certs/files.example.com.crt"
  cp "$certs/leaf.key" "$caddy_certs/files.example.com.key"
  echo '{"sans":["files.example.com"],"issuer_data":{"url":"https://acme-v02.api.letsencrypt.org/acme/cert/deploy-test"}}' \
    >"$caddy_certs/files.example.com.json"
  chroot "$root" chown -R caddy:caddy /var/lib/caddy/.local
  # Caddy comes first; nginx waits for its turn (deb-smoke.sh starts it).
  chroot "$root" systemctl disable nginx >/dev/null 2>&1 || true
  cat >"$root/etc/systemd/system/deb-smoke.service" <<'EOF'
[Unit]
After=multi-user.target
[Service]
Type=oneshot
ExecStart=/usr/local/bin/deb-smoke
[Install]
WantedBy=multi-user.target
EOF
  chroot "$root" systemctl enable deb-smoke.service >/dev/null 2>&1 || fail "enabling deb-smoke.service"
}

show_deb_logs() {
  local root=$1
  for log in "$root"/var/tmp/block-*.log; do
    [ -f "$log" ] || continue
    echo "--- $(basename "$log") (last 25 lines):" >&2
    tail -n 25 "$log" >&2
  done
  if [ -f "$root/var/tmp/deb-smoke.result" ]; then
    echo "--- deb-smoke.result:" >&2
    cat "$root/var/tmp/deb-smoke.result" >&2
  fi
}

run_deb_blocks() {
  local deb root="$work/nspawn" result exposure
  deb=$(scripts/make-deb.sh "$build") || fail "scripts/make-deb.sh $build"
  mkdir -p "$root" && tar -xf "$tar" -C "$root"
  make_stand_in_certificates "$work/certs"
  prepare_root_packages "$root" "$deb"
  prepare_root_files "$root" "$deb" "$work/certs"
  # nspawn's own seccomp filter refuses Landlock to its container; a server has no such filter
  # above the unit, so the root gets the three calls, and the unit's own filter decides.
  timeout 900 systemd-nspawn -q --register=no --keep-unit --private-network -D "$root" -b \
    --system-call-filter='landlock_create_ruleset landlock_add_rule landlock_restrict_self' \
    >"$work/boot.log" 2>&1 || true
  result="$root/var/tmp/deb-smoke.result"
  [ -f "$result" ] || { tail -n 30 "$work/boot.log" >&2; fail "the booted root left no result"; }
  grep -q '^done$' "$result" || { show_deb_logs "$root"; fail "deb-smoke did not finish"; }
  sed -n 's/^check /test-deploy:   /p' "$result"
  sed -n 's/^escape /test-deploy:   /p' "$result"
  if grep -q '^check .*: FAILED' "$result"; then
    show_deb_logs "$root"
    fail "the .deb's README paths: $(grep -c '^check .*: FAILED' "$result") checks failed"
  fi
  exposure=$(sed -n 's/^exposure //p' "$result")
  awk -v e="$exposure" 'BEGIN { exit !(e != "" && e + 0 <= 2.0) }' ||
    { show_deb_logs "$root"; fail "the unit's exposure '$exposure' is above 2.0"; }
  deb_result="$(basename "$deb"), $(stat -c %s "$deb" | awk '{printf "%.1f MB", $1 / 1e6}'), Caddy and nginx paths passed, exposure $exposure; stand-in: $(escape_summary "$(grep '^escape ' "$result")")"
}
