/**
 * The e2e suite's one axe entry (STYLE accessibility bar: no serious or critical violations). Every spec checks
 * through here so the run settings stay the same everywhere:
 * - legacy mode: axe runs and aggregates inside the page instead of opening a blank page per call to aggregate the
 *   frames' partial results. The app has no iframes, so the results are the same; each call is about half as long
 *   (measured 11 s → 5 s per full-page scan on a loaded 2-core machine). A frame that ever appears is reported by
 *   axe's own `frame-tested` check rather than skipped silently;
 * - only violations are aggregated (`resultTypes`): passes and incomplete results are not read by any test.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Runs axe on `page` (the whole document, or only the elements matching the `include` selectors) and returns one
 * line per serious or critical violation: `rule: target failure-summary, …`. An empty array means clean.
 */
export async function seriousViolations(page: Page, include: readonly string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  for (const selector of include) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`,
    );
}
