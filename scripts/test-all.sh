#!/usr/bin/env bash
# `npm test`: typecheck, lint, Vitest, build, first-load size budget, Playwright (Debian chromium). Ends with `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports
fail=0
step() { echo; echo "== $*"; }

bash scripts/ensure-chromium.sh || { echo "cannot install chromium"; fail=1; }

# Typecheck and lint are single-threaded and independent: run them side by side on the two cores, then print each
# one's output under its own heading.
logs=$(mktemp -d)
npm run -s typecheck >"$logs/typecheck" 2>&1 & tc=$!
npm run -s lint >"$logs/lint" 2>&1 & li=$!
wait $tc; tc_rc=$?
wait $li; li_rc=$?
step typecheck; cat "$logs/typecheck"; [ $tc_rc -eq 0 ] || fail=1
step lint; cat "$logs/lint"; [ $li_rc -eq 0 ] || fail=1
rm -rf "$logs"
step vitest; VITEST_JSON=reports/vitest.json npx vitest run || fail=1
step build; npx vite build --logLevel warn || fail=1
step size; npm run -s size || fail=1
step playwright; PW_JSON=reports/playwright.json npx playwright test || fail=1

node scripts/count-results.mjs reports/vitest.json reports/playwright.json "$fail"
