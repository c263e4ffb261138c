#!/usr/bin/env bash
# `npm run mutation [name…]`: StrykerJS on the pure core, one scope at a time (scripts/mutation/scopes.mjs: policy,
# messages, search, common; all four when none is named); a scope with groups (common) as one run per group, and a
# name `<scope>.<group>` (common.sites) as that group's run alone. CPU-heavy: not part of `npm test`; concurrency 2
# unless MUTATION_CONCURRENCY says otherwise. Reports: reports/mutation/<scope>[.<group>].html and .json; the scores
# go to docs/TESTING.md 'Mutation testing'.
set -uo pipefail
cd "$(dirname "$0")/.."
scopes=("$@")
[ ${#scopes[@]} -gt 0 ] || scopes=(policy messages search common)
fail=0
runs=$(node -e 'import("./scripts/mutation/scopes.mjs").then((m) => console.log(process.argv.slice(1).flatMap(m.runsOf).join(" ")))' "${scopes[@]}") || exit 1
for run in $runs; do
  echo "== mutation: $run ($(date -u +%H:%M:%S), load average $(cut -d' ' -f1-3 /proc/loadavg))"
  MUTATION_SCOPE="$run" npx stryker run stryker.config.mjs || fail=1
done
node scripts/mutation/scores.mjs "${scopes[@]}"
exit $fail
