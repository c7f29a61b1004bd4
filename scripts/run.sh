#!/usr/bin/env bash
# `make run`: the real bot when Telegram credentials are set, otherwise the local demo
# on the TDLib simulator.
set -euo pipefail
cd "$(dirname "$0")/.."
token=${BOT_TOKEN:-}
if [ -z "$token" ] && [ -f .env ]; then
  token=$(sed -n 's/^[[:space:]]*BOT_TOKEN[[:space:]]*=[[:space:]]*//p' .env | tr -d '"'"'" | tail -n1)
fi
if [ -n "$token" ]; then
  exec build/tglink
fi
echo "run: no BOT_TOKEN set, starting the local demo on the TDLib simulator"
exec build/tglink demo
