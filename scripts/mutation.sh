#!/usr/bin/env bash
# `npm run mutation [scope…]`: StrykerJS on the pure core, one scope at a time (scripts/mutation/scopes.mjs: policy,
# messages, search, common; all four when none is named). CPU-heavy: not part of `npm test`; concurrency 2 unless
# MUTATION_CONCURRENCY says otherwise. Reports: reports/mutation/<scope>.html and .json; the scores go to
# docs/TESTING.md 'Mutation testing'.
set -uo pipefail
cd "$(dirname "$0")/.."
scopes=("$@")
[ ${#scopes[@]} -gt 0 ] || scopes=(policy messages search common)
fail=0
for scope in "${scopes[@]}"; do
  echo "== mutation: $scope"
  MUTATION_SCOPE="$scope" npx stryker run stryker.config.mjs || fail=1
done
node scripts/mutation/scores.mjs "${scopes[@]}"
exit $fail
