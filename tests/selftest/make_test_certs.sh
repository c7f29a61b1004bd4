#!/usr/bin/env bash
# The self-test's certificates, made fresh for each run with the openssl command line:
#   ca.pem/ca.key         a private CA the probe is told to trust
#   good.pem/good.key     localhost, issued by that CA, valid now
#   expired.pem           localhost, issued by that CA, expired yesterday (same key)
#   self.pem/self.key     localhost, self-signed (trusted by nobody)
set -euo pipefail
dir=$1
mkdir -p "$dir"
cd "$dir"
key() { openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes "$@" 2>/dev/null; }
printf 'subjectAltName=DNS:localhost\n' >san.ext
key -x509 -days 2 -subj /CN=tglink-test-CA -keyout ca.key -out ca.pem
key -subj /CN=localhost -keyout good.key -out good.csr
openssl x509 -req -in good.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 1 \
  -extfile san.ext -out good.pem 2>/dev/null
openssl x509 -req -in good.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days -1 \
  -extfile san.ext -out expired.pem 2>/dev/null
key -x509 -days 1 -subj /CN=localhost -addext subjectAltName=DNS:localhost \
  -keyout self.key -out self.pem
