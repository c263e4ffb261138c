#!/usr/bin/env bash
# Installs Debian's redis-server (with redis-cli) when missing: the store tests start their own on a free port.
set -euo pipefail
if command -v redis-server >/dev/null && command -v redis-cli >/dev/null; then exit 0; fi
echo "redis-server missing: installing Debian's package"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
# The package starts a system service; the tests never use it (each run starts its own).
$SUDO service redis-server stop >/dev/null 2>&1 || true
