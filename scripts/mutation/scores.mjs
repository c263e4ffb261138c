// Prints the mutation score of each scope from its Stryker JSON report (reports/mutation/<scope>.json): killed and
// timed-out mutants over all valid ones (survived and no-coverage count against it), as Stryker computes it. Mutants
// a run left out (status Ignored: a `// Stryker disable` comment, or `--ignoreStatic`) are not valid; their count is
// printed so the line says so.
// A scope run as groups (scopes.mjs) is read from its groups' reports (reports/mutation/<scope>.<group>.json): the
// scope's line is their sum, and one line per group follows. `--files` adds one line per mutated file.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { runsOf } from './scopes.mjs';

const args = process.argv.slice(2);
const byFile = args.includes('--files');

/** Counts of a list of mutants by status, and the line that reports them under `name`. */
function summary(name, mutants) {
  const count = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, other: 0 };
  for (const m of mutants) count[m.status in count ? m.status : 'other']++;
  const detected = count.Killed + count.Timeout;
  const valid = detected + count.Survived + count.NoCoverage;
  const score = valid ? ((100 * detected) / valid).toFixed(1) : 'n/a';
  return (
    `${name}: ${score} % (${detected} killed of ${valid}; ${count.Survived} survived, ${count.NoCoverage} no coverage)` +
    (count.Ignored ? `; ${count.Ignored} not run (ignored: disabled or --ignoreStatic)` : '')
  );
}

for (const scope of args.filter((a) => a !== '--files')) {
  const runs = runsOf(scope);
  const files = {};
  const lines = [];
  for (const run of runs) {
    const path = `reports/mutation/${run}.json`;
    if (!existsSync(path)) {
      lines.push(`${run}: no report (${path})`);
      continue;
    }
    const report = JSON.parse(readFileSync(path, 'utf8'));
    Object.assign(files, report.files);
    if (runs.length > 1) {
      const { mtime } = statSync(path);
      const mutants = Object.values(report.files).flatMap((f) => f.mutants);
      lines.push(`${summary(run, mutants)} [${mtime.toISOString().slice(0, 16)}]`);
    }
  }
  console.log(
    summary(
      scope,
      Object.values(files).flatMap((f) => f.mutants),
    ),
  );
  for (const line of lines) console.log(`  ${line}`);
  if (byFile)
    for (const [file, { mutants }] of Object.entries(files).sort())
      console.log(`  ${summary(file, mutants)}`);
}
