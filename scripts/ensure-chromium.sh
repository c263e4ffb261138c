#!/usr/bin/env bash
# Installs Debian's chromium and the Noto fonts when /usr/bin/chromium or Noto Sans is missing (never `playwright
# install`: no downloads here). The header's visual regression test pins its fonts to Noto Sans
# (e2e/header-screenshots.spec.ts), so a machine with chromium but without the fonts gets them too.
set -euo pipefail
if [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep 'NotoSans-Regular' >/dev/null; then exit 0; fi
echo "chromium or the Noto fonts missing: installing Debian's packages"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-core fonts-noto-cjk >/dev/null
