// Prints the mutation score of each scope from its Stryker JSON report (reports/mutation/<scope>.json): killed and
// timed-out mutants over all valid ones (survived and no-coverage count against it), as Stryker computes it.
import { existsSync, readFileSync } from 'node:fs';

const scopes = process.argv.slice(2);
for (const scope of scopes) {
  const path = `reports/mutation/${scope}.json`;
  if (!existsSync(path)) {
    console.log(`${scope}: no report (${path})`);
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const count = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, other: 0 };
  for (const file of Object.values(report.files))
    for (const m of file.mutants) count[m.status in count ? m.status : 'other']++;
  const detected = count.Killed + count.Timeout;
  const valid = detected + count.Survived + count.NoCoverage;
  const score = valid ? ((100 * detected) / valid).toFixed(1) : 'n/a';
  console.log(
    `${scope}: ${score} % (${detected} killed of ${valid}; ${count.Survived} survived, ${count.NoCoverage} no coverage)`,
  );
}
