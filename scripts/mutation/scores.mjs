// Prints the mutation score of each scope from its Stryker JSON report (reports/mutation/<scope>.json): killed and
// timed-out mutants over all valid ones (survived and no-coverage count against it), as Stryker computes it. Mutants
// a run left out (`--ignoreStatic`: status Ignored) are not valid; their count is printed so a partial run says so.
// `--files` adds one line per mutated file.
import { existsSync, readFileSync } from 'node:fs';

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
    (count.Ignored ? `; ${count.Ignored} not run (ignored)` : '')
  );
}

for (const scope of args.filter((a) => a !== '--files')) {
  const path = `reports/mutation/${scope}.json`;
  if (!existsSync(path)) {
    console.log(`${scope}: no report (${path})`);
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  console.log(
    summary(
      scope,
      Object.values(report.files).flatMap((f) => f.mutants),
    ),
  );
  if (byFile)
    for (const [file, { mutants }] of Object.entries(report.files).sort())
      console.log(`  ${summary(file, mutants)}`);
}
