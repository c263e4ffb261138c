// Adds up Vitest and Playwright JSON reports and prints the closing line CI reads: `N passed, N failed`.
// A failed non-test step (typecheck, lint, build) counts as one failure. Exits 1 when anything failed.
import { existsSync, readFileSync } from 'node:fs';

const [vitestPath, pwPath, stepFail] = process.argv.slice(2);
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
} else failed += 1;

const stepFailures = stepFail === '1' && failed === 0 ? 1 : 0;
failed += stepFailures;
if (stepFailures) console.log('a non-test step (typecheck, lint or build) failed: counted as 1 failure');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
