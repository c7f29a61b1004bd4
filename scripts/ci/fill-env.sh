#!/bin/sh
# The deploy test's hands at the README's `nano .env` and `sudoedit /etc/tglink/tglink.env`:
# fills in test values where an operator types theirs, and fails when a setting the README asks
# for has no line to fill in.
#   fill-env.sh compose FILE    Telegram values, DOMAIN, SECRET_KEY, POSTGRES_PASSWORD, and the
#                               stand-in images, `tls internal` and loopback ports (TGLINK_CI_*)
#   fill-env.sh deb FILE        Telegram values, BASE_URL, and the TDLib simulator
# As an editor for sudoedit (SUDO_EDITOR="fill-env.sh deb") it gets the file as its last argument.
set -eu
kind=$1
shift
file=
for file in "$@"; do :; done

# KEY=value in place of the line KEY= (or its commented form #KEY=...); appended when `append`.
set_value() {
  key=$1 value=$2 how=${3:-}
  if grep -q "^$key=" "$file"; then
    sed -i "s|^$key=.*|$key=$value|" "$file"
  elif grep -q "^#$key=" "$file"; then
    sed -i "s|^#$key=.*|$key=$value|" "$file"
  elif [ "$how" = append ]; then
    echo "$key=$value" >>"$file"
  else
    echo "fill-env: $file has no line for $key" >&2
    exit 1
  fi
}

# Well-formed values that reach nobody: the simulator takes any token.
set_value BOT_TOKEN 123456789:AAEhBP0av28wQLnrZ4Zpsjpx-ci-only-token
set_value API_ID 12345
set_value API_HASH 0123456789abcdef0123456789abcdef
set_value LOG_CHANNEL -1001234567890
set_value ADMINS 11111111
set_value SECRET_KEY ci-secret-key-0123456789abcdef
case $kind in
  compose)
    set_value DOMAIN tglink.test
    set_value POSTGRES_PASSWORD "ci-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
    set_value TGLINK_IMAGE "$TGLINK_CI_IMAGE"
    set_value POSTGRES_IMAGE "$TGLINK_CI_POSTGRES_IMAGE"
    set_value CADDY_IMAGE "$TGLINK_CI_CADDY_IMAGE"
    set_value HTTP_PUBLISH "$TGLINK_CI_HTTP_PUBLISH"
    set_value HTTPS_PUBLISH "$TGLINK_CI_HTTPS_PUBLISH"
    set_value CADDY_TLS "tls internal" append
    ;;
  deb)
    set_value BASE_URL https://files.example.com
    set_value TDJSON_PATH /usr/lib/tglink/sim/libtdjson.so append
    ;;
  *)
    echo "fill-env: compose or deb, not $kind" >&2
    exit 2
    ;;
esac
