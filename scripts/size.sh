#!/usr/bin/env bash
# `npm run size`: the first-load budget (.size-limit.js) on the build in OUT_DIR (default dist; run `vite build`
# first). Fails when the entry chunk plus its static imports exceed the limit. It first proves the check can fail:
# the same files against a 1-byte limit must be rejected, or the budget itself is broken.
set -uo pipefail
cd "$(dirname "$0")/.."
run() { node --import ./scripts/size-limit/node20.mjs node_modules/size-limit/bin.js "$@"; }

if SIZE_LIMIT_JS='1 B' SIZE_LIMIT_CSS='1 B' SIZE_LIMIT_EMBED_JS='1 B' SIZE_LIMIT_EMBED_CSS='1 B' run --silent >/dev/null 2>&1; then
  echo "size budget self-test: a 1-byte limit passed, so the check cannot fail" >&2
  exit 1
fi
run
