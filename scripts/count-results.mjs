// Adds up Vitest and Playwright JSON reports and prints the closing line CI reads: `N passed, N failed`.
// A failed non-test step (typecheck, lint, build) counts as one failure. Exits 1 when anything failed.
import { existsSync, readFileSync } from 'node:fs';

const [vitestPath, pwPath, stepFail] = process.argv.slice(2);

/** `file › title` of every Playwright test whose outcome was flaky (failed, then passed on a retry). */
function flakyTitles(report) {
  const out = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) if (t.status === 'flaky') out.push(`${file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return out;
}
let passed = 0;
let failed = 0;
let skipped = 0;

if (vitestPath && existsSync(vitestPath)) {
  const r = JSON.parse(readFileSync(vitestPath, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
} else failed += 1;

if (pwPath && existsSync(pwPath)) {
  const r = JSON.parse(readFileSync(pwPath, 'utf8'));
  passed += (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0);
  failed += r.stats?.unexpected ?? 0;
  skipped += r.stats?.skipped ?? 0;
  // A test that passed only on its retry counts as passed, but is named so it can be fixed (no test may need one).
  for (const title of flakyTitles(r)) console.log(`flaky (passed on retry): ${title}`);
} else failed += 1;

const stepFailures = stepFail === '1' && failed === 0 ? 1 : 0;
failed += stepFailures;
if (stepFailures) console.log('a non-test step (typecheck, lint or build) failed: counted as 1 failure');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
