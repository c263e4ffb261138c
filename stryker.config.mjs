// StrykerJS on the pure core (`npm run mutation`, scripts/mutation.sh; not part of `npm test`): one scope, or one
// group of a scope, per run (MUTATION_SCOPE, scripts/mutation/scopes.mjs), Vitest as the test runner on that scope's test files only
// (vitest.mutation.config.mjs), per-test coverage so each mutant runs only the tests that reach it. Concurrency
// defaults to 2 workers (the machines this runs on have 2 cores); MUTATION_CONCURRENCY overrides it.
import { currentScope } from './scripts/mutation/scopes.mjs';

const scope = currentScope();

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.mjs', related: false },
  coverageAnalysis: 'perTest',
  mutate: scope.mutate,
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${scope.name}.html` },
  jsonReporter: { fileName: `reports/mutation/${scope.name}.json` },
  // Used with `--incremental`: keeps the results of mutants whose code and tests did not change.
  incrementalFile: `reports/mutation/${scope.name}.incremental.json`,
  tempDirName: `.stryker-tmp/${scope.name}`,
  // The sandbox needs the sources, tests and configs, not the build outputs, reports or another scope's sandbox.
  ignorePatterns: [
    '.stryker-tmp',
    'reports',
    'test-results',
    'dist',
    'dist-*',
    'docs',
    'e2e',
    'playwright-report',
  ],
  // The project's own type check runs in `npm run typecheck`; mutants that do not compile are killed by the tests.
  disableTypeChecks: true,
  thresholds: { high: 90, low: 80, break: null },
  timeoutMS: 10_000,
};
