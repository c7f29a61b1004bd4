#!/bin/bash
# Runs inside the booted Debian 12 root of deploy-test.sh (deb-smoke.service), with no network:
# the README's .deb blocks as the deployer types them (user `deployer`, sudo), first behind
# Caddy, then behind nginx, each followed by checks. Writes /var/tmp/deb-smoke.result (a line
# "check NAME: ok|FAILED ..." each, the unit's exposure, then "done") and each block's trace to
# /var/tmp/block-NAME.log, then powers the root off.
out=/var/tmp/deb-smoke.result
: >"$out"
check() { # check NAME COMMAND...: records whether the command succeeded
  local name=$1
  shift
  if "$@" >>/var/tmp/checks.log 2>&1; then
    echo "check $name: ok" >>"$out"
  else
    echo "check $name: FAILED (exit $?)" >>"$out"
  fi
}
# One README block, as the deployer: bash -e, their home, sudoedit writing the test's values.
block() {
  local name=$1
  timeout 240 sudo -u deployer -H env SUDO_EDITOR="/usr/local/bin/fill-env deb" \
    bash -c 'cd ~ && exec bash -e -x "blocks/$0.sh"' "$name" >"/var/tmp/block-$name.log" 2>&1
}
# The proxy answers for files.example.com over HTTPS, with the stand-in CA trusted as Let's
# Encrypt's is: /healthz reaches tglink through it.
healthz_through_proxy() {
  curl -fsS --max-time 10 https://files.example.com/healthz | grep -q '"ok"'
}
self_test_passed_in_journal() {
  journalctl -u tglink.service --no-pager -o cat | grep -q 'Self-test of https://files.example.com/_tglink/self-test: passed'
}

# The unit's sandbox (SystemCallFilter) leaves ffmpeg's confinement in force: its own system-call
# filter (installed with prctl, in @system-service) everywhere, Landlock's file rules where the
# kernel has Landlock, its network rules from ABI 4: the start log says which the children get.
converter_confined_in_unit() {
  local abi log
  abi=$(cat /var/tmp/host-landlock-abi 2>/dev/null || echo 0)
  log=$(journalctl -u tglink.service --no-pager -o cat)
  # The start log's confinement line, kept in the report whatever the check finds.
  grep -E 'Player: ' <<<"$log" | head -n 2 | sed 's/^/confinement: /' >>"$out"
  grep -q 'Player: ffmpeg and ffprobe run with PATH and LANG only' <<<"$log" || return 1
  grep -q 'a system-call filter (TCP sockets only' <<<"$log" || return 1
  if [ "$abi" -lt 1 ]; then return 0; fi
  grep -q 'Landlock file rules: read only' <<<"$log" || return 1
  if [ "$abi" -lt 4 ]; then return 0; fi
  journalctl -u tglink.service --no-pager -o cat | grep -Eq 'Landlock ABI [0-9]+: TCP connections to port [0-9]+ only'
}

# The escape stand-in of the tests (tests/support/escape_attempts_main.cpp, in /opt/tglink-escape)
# as the unit's ffmpeg and ffprobe for one conversion: the settings file gains FFMPEG_PATH,
# FFPROBE_PATH and the simulator's control socket, through which a user sends a video; the
# player converts it through /hls/ behind Caddy. Its targets: the real DATA_DIR, the real
# settings file, listeners on a Unix socket, another TCP port and a UDP port, another job's
# folder. Its report lines go into the result ("escape ..."); the settings file is put back.
escape_in_unit() {
  local dir=/opt/tglink-escape env=/etc/tglink/tglink.env data=/var/lib/tglink
  local link token report targets sibling converted status=0 listener restarted started
  started=$(date +%s)
  : >/var/tmp/escape.lines
  # shellcheck source=scripts/ci/escape-standin.sh
  . /usr/local/lib/tglink-ci/escape-standin.sh
  escape_standin_lay_out "$dir" "$data" "$env" /run/escape-targets.sock
  "$dir/escape_targets" /run/escape-targets.log /run/escape-targets.sock "$ESCAPE_TCP_PORT" "$ESCAPE_UDP_PORT" &
  listener=$!
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i testsrc2=size=320x240:rate=25:duration=6 \
    -f lavfi -i sine=duration=6 -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -shortest \
    "$dir/movie.mp4" || { kill "$listener"; return 1; }
  chmod 0644 "$dir/movie.mp4"
  cp -p "$env" /var/tmp/tglink.env.before
  printf 'FFMPEG_PATH=%s/ffmpeg\nFFPROBE_PATH=%s/ffprobe\nTGLINK_SIM_SOCKET=%s/sim.sock\n' "$dir" "$dir" "$data" >>"$env"
  restarted=$(date +%s)
  systemctl restart tglink.service
  for _ in $(seq 1 60); do
    if [ -S "$data/sim.sock" ] && self_test_passed_since "$restarted"; then break; fi
    sleep 1
  done
  for _ in 1 2 3 4 5 6; do
    link=$(sim-send-file "$data/sim.sock" "$dir/movie.mp4" 6 320 240 2>/var/tmp/sim-send.log) && break
    sleep 5
  done
  token=${link#*/dl/}
  token=${token%%/*}
  if [ -z "$token" ]; then
    echo "no /dl link from the bot: $(tail -n 3 /var/tmp/sim-send.log 2>/dev/null)" >/var/tmp/escape.lines
    status=1
  else
    runuser -u tglink -- sh -c "mkdir -p $data/hls/sibling && echo 'a viewer segment' >$data/hls/sibling/0.m4s"
    # shellcheck disable=SC2046 # file names without spaces: TDLib's and tglink's own
    escape_standin_read_targets "$dir" $(find "$data" -maxdepth 5 -type f ! -path "$data/hls/*" \
      ! -name secret.key ! -name tglink.db ! -name '*.sock' | head -n 4)
    if converted=$(escape_convert https://files.example.com "$token" 2>&1); then
      report=$(escape_report_files "$data/hls")
      targets=$(cat /run/escape-targets.log 2>/dev/null)
      escape_verdict "the booted .deb" "$report" "$targets" >/var/tmp/escape.lines 2>&1 || status=1
      echo "stand-in in the booted .deb: $converted; the stand-in's phase $(($(date +%s) - started)) s" >>/var/tmp/escape.lines
      sibling=$(cat "$data/hls/sibling/0.m4s" 2>/dev/null)
      [ "$sibling" = "a viewer segment" ] || { echo "another job's segment was changed" >>/var/tmp/escape.lines; status=1; }
    else
      echo "no conversion: $converted" >/var/tmp/escape.lines
      status=1
    fi
  fi
  kill "$listener"
  cp -p /var/tmp/tglink.env.before "$env"
  rm -f "$data/sim.sock"
  return "$status"
}
self_test_passed_since() {
  journalctl -u tglink.service --no-pager -o cat --since "@$1" | grep -q 'Self-test of https://files.example.com/_tglink/self-test: passed'
}

check "README deb (apt-get install the package, sudoedit its settings)" block deb
check "settings file 0600 root:root" test "$(stat -c '%a %U:%G' /etc/tglink/tglink.env)" = "600 root:root"
check "caddy running from its package (as on a fresh server)" systemctl is-active --quiet caddy.service
check "README deb-caddy (Caddyfile written, caddy reloaded)" block deb-caddy
journalctl -u caddy.service --no-pager -n 15 -o cat | sed 's/^/caddy: /' >>"$out"
check "README deb-start behind Caddy (started, self-test passed, check-config --online)" block deb-start
check "self-test passed through Caddy" self_test_passed_in_journal
check "ffmpeg confined inside the unit (Landlock ABI $(cat /var/tmp/host-landlock-abi 2>/dev/null || echo 0) on this kernel)" converter_confined_in_unit
check "/healthz over HTTPS through Caddy" healthz_through_proxy
pid=$(systemctl show -p MainPID --value tglink.service)
check "tglink runs as the tglink user" test "$(stat -c %U "/proc/$pid" 2>/dev/null)" = tglink
check "tglink healthcheck" sh -c 'cd / && set -a && . /etc/tglink/tglink.env && exec runuser -u tglink -- tglink healthcheck'
check "data directory 0700 tglink" test "$(stat -c '%a %U' /var/lib/tglink)" = "700 tglink"
echo "exposure $(systemd-analyze security tglink.service 2>/dev/null | sed -n 's/.*Overall exposure level for tglink.service: \([0-9.]*\).*/\1/p')" >>"$out"
check "the escape stand-in as the unit's ffmpeg: nothing escaped, the segment served" escape_in_unit
sed 's/^/escape /' /var/tmp/escape.lines >>"$out" 2>/dev/null
systemctl stop tglink.service
check "systemctl stop: exit status 0" test "$(systemctl show -p ExecMainStatus --value tglink.service)" = 0

# nginx instead of Caddy, from a journal without the first run's lines.
systemctl disable --now caddy.service >/dev/null 2>&1
systemctl enable --now nginx.service >/dev/null 2>&1
journalctl --rotate >/dev/null 2>&1
journalctl --vacuum-time=1s >/dev/null 2>&1
check "README deb-nginx (certbot, site on 80 and 443, nginx -t, reload)" block deb-nginx
check "README deb-start behind nginx (started, self-test passed, check-config --online)" block deb-start
check "self-test passed through nginx" self_test_passed_in_journal
check "/healthz over HTTPS through nginx" healthz_through_proxy
check "port 80 redirects to https" sh -c \
  "curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' http://files.example.com/dl/x | grep -qx '301 https://files.example.com/dl/x'"
systemctl stop tglink.service

# A bad setting: exit status 2 and no restart loop.
sed -i 's/^PORT=.*/PORT=not-a-port/' /etc/tglink/tglink.env
systemctl start tglink.service
sleep 8
unit() { systemctl show -p "$1" --value tglink.service; }
check "a bad setting: exit 2, no restart" test "$(unit ExecMainStatus) $(unit NRestarts) $(unit ActiveState)" = "2 0 failed"
journalctl -u tglink.service --no-pager -n 12 -o cat | sed 's/^/log: /' >>"$out"
echo "done" >>"$out"
systemctl poweroff --no-block
