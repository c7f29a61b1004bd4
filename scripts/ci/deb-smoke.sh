#!/bin/bash
# Runs inside the booted nspawn container of deploy-test.sh (as deb-smoke.service): asks the
# installed tglink for /api/info, records who runs it and how hardened its unit is, stops it,
# and powers the container off. deploy-test.sh reads /var/tmp/deb-smoke.result.
out=/var/tmp/deb-smoke.result
status=none
for _ in $(seq 1 60); do
  line=$(exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /api/info HTTP/1.0\r\n\r\n' >&3 && head -n1 <&3) 2>/dev/null
  if [[ "$line" == *" 200 "* ]]; then
    status=200
    break
  fi
  status=${line:-none}
  sleep 1
done
pid=$(systemctl show -p MainPID --value tglink.service)
{
  echo "status $status"
  echo "user $(stat -c %U "/proc/$pid" 2>/dev/null)"
  echo "healthcheck $(/usr/lib/tglink/tglink healthcheck >/dev/null 2>&1 && echo ok || echo failed)"
  echo "exposure $(systemd-analyze security tglink.service 2>/dev/null | sed -n 's/.*Overall exposure level for tglink.service: \([0-9.]*\).*/\1/p')"
  systemctl stop tglink.service
  echo "stopped $(systemctl show -p ExecMainStatus --value tglink.service)"
  journalctl -u tglink.service --no-pager -n 8 -o cat | sed 's/^/log: /'
} >"$out" 2>&1
systemctl poweroff --no-block
