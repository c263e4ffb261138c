#!/usr/bin/env bash
# `npm test`: typecheck, lint, Vitest, build, first-load size budget, Playwright (Debian chromium). Ends with `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports
fail=0
step() { echo; echo "== $*"; }

bash scripts/ensure-chromium.sh || { echo "cannot install chromium"; fail=1; }

step typecheck; npm run -s typecheck || fail=1
step lint; npm run -s lint || fail=1
step vitest; VITEST_JSON=reports/vitest.json npx vitest run || fail=1
step build; npx vite build --logLevel warn || fail=1
step size; npm run -s size || fail=1
step playwright; PW_JSON=reports/playwright.json npx playwright test || fail=1

node scripts/count-results.mjs reports/vitest.json reports/playwright.json "$fail"
