#!/usr/bin/env bash
# Installs Debian's chromium when /usr/bin/chromium is missing (never `playwright install`: no downloads here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "chromium missing: installing Debian's package"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-core fonts-noto-cjk >/dev/null
