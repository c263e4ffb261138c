#!/usr/bin/env bash
# `npm test`: typecheck, lint, Vitest, build, first-load size budget, Playwright (Debian chromium and redis-server). Prints each
# phase's wall time and the 15 slowest Playwright tests, and ends with `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports
fail=0
phases=()
t0=$(date +%s)
phase_start=$t0
step() { echo; echo "== $*"; phase_start=$(date +%s); }
# done_step NAME: records NAME's wall time (s) since its step began.
done_step() { phases+=("$1 $(($(date +%s) - phase_start))"); }

step chromium; bash scripts/ensure-chromium.sh || { echo "cannot install chromium"; fail=1; }; done_step chromium
# The store tests and e2e/shared-state start redis-servers of their own.
step redis; bash scripts/ensure-redis.sh || { echo "cannot install redis-server"; fail=1; }; done_step redis

# Typecheck and lint are single-threaded and independent: run them side by side on the two cores, then print each
# one's output under its own heading. The build does not depend on them, so it runs meanwhile too.
step "typecheck + lint + build (side by side)"
logs=$(mktemp -d)
npm run -s typecheck >"$logs/typecheck" 2>&1 & tc=$!
npm run -s lint >"$logs/lint" 2>&1 & li=$!
npx vite build --logLevel warn >"$logs/build" 2>&1 & bu=$!
wait $tc; tc_rc=$?
wait $li; li_rc=$?
wait $bu; bu_rc=$?
echo "-- typecheck"; cat "$logs/typecheck"; [ $tc_rc -eq 0 ] || { echo "typecheck failed"; fail=1; }
echo "-- lint"; cat "$logs/lint"; [ $li_rc -eq 0 ] || { echo "lint failed"; fail=1; }
echo "-- build"; cat "$logs/build"; [ $bu_rc -eq 0 ] || { echo "build failed"; fail=1; }
rm -rf "$logs"
done_step "typecheck+lint+build"

step vitest; VITEST_JSON=reports/vitest.json npx vitest run || fail=1; done_step vitest
step size; npm run -s size || fail=1; done_step size
step playwright; PW_JSON=reports/playwright.json npx playwright test || fail=1; done_step playwright

echo
echo "== phase times (wall, s)"
for p in "${phases[@]}"; do printf '  %-24s %5s\n' ${p% *} ${p##* }; done
printf '  %-24s %5s\n' total $(($(date +%s) - t0))
node scripts/slowest-tests.mjs reports/playwright.json 15
node scripts/count-results.mjs reports/vitest.json reports/playwright.json "$fail"
