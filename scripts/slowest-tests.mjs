// Prints the N slowest Playwright tests of a JSON report (every attempt's duration added, so a retry shows), and the
// test time per spec file: the table docs/TESTING.md keeps. Usage: node scripts/slowest-tests.mjs REPORT [N].
import { existsSync, readFileSync } from 'node:fs';

const [reportPath, countArg] = process.argv.slice(2);
if (!reportPath || !existsSync(reportPath)) process.exit(0);
const count = Number(countArg ?? 15);
const report = JSON.parse(readFileSync(reportPath, 'utf8'));

/** Every test as { file, title, ms, attempts }. */
const tests = [];
const walk = (suite, file, prefix) => {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? []) {
      const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      tests.push({
        file,
        line: spec.line,
        title: [...prefix, spec.title].join(' › '),
        ms,
        attempts: t.results?.length ?? 0,
      });
    }
  for (const child of suite.suites ?? [])
    walk(child, file, child.title && child.title !== file ? [...prefix, child.title] : prefix);
};
for (const suite of report.suites ?? []) walk(suite, suite.file, []);

const s = (ms) => (ms / 1000).toFixed(1).padStart(6);
const total = tests.reduce((sum, t) => sum + t.ms, 0);
console.log(
  `\n== ${count} slowest Playwright tests (of ${tests.length}; ${Math.round(total / 1000)} s of test time)`,
);
for (const t of [...tests].sort((a, b) => b.ms - a.ms).slice(0, count))
  console.log(
    `${s(t.ms)} s  ${t.file}:${t.line} › ${t.title}${t.attempts > 1 ? ` (${t.attempts} attempts)` : ''}`,
  );

const byFile = new Map();
for (const t of tests) byFile.set(t.file, (byFile.get(t.file) ?? 0) + t.ms);
console.log('\n== test time per spec file (s)');
for (const [file, ms] of [...byFile].sort((a, b) => b[1] - a[1])) console.log(`${s(ms)}  ${file}`);
