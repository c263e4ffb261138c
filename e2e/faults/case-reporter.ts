/**
 * Playwright reporter that prints the fault matrix's count at the end of a run: `fault matrix: N cases, N passed`.
 * Each matrix test declares how many cases (endpoint × fault × cold/warm, or one IndexedDB case) it checks in a
 * static `fault-cases` annotation; a test counts as passed when its final outcome is expected (or flaky: it passed
 * on retry). Prints nothing when no matrix test ran.
 */
import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';
import { CASES_ANNOTATION } from './table.ts';

export default class CaseReporter implements Reporter {
  private readonly tests = new Set<TestCase>();

  onTestEnd(test: TestCase): void {
    if (test.annotations.some((a) => a.type === CASES_ANNOTATION)) this.tests.add(test);
  }

  onEnd(_result: FullResult): void {
    if (this.tests.size === 0) return;
    let total = 0;
    let passed = 0;
    for (const test of this.tests) {
      const n = Number(test.annotations.find((a) => a.type === CASES_ANNOTATION)?.description ?? 0);
      total += n;
      const outcome = test.outcome();
      if (outcome === 'expected' || outcome === 'flaky') passed += n;
    }
    console.log(`\nfault matrix: ${total} cases, ${passed} passed`);
  }
}
