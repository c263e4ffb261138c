/**
 * The e2e suite's one axe entry (STYLE accessibility bar: no serious or critical violations). Every spec checks
 * through here so the run settings stay the same everywhere:
 * - legacy mode: axe runs and aggregates inside the page instead of opening a blank page per call to aggregate the
 *   frames' partial results. The app has no iframes, so the results are the same; each call is about half as long
 *   (measured 11 s → 5 s per full-page scan on a loaded 2-core machine). A frame that ever appears is reported by
 *   axe's own `frame-tested` check rather than skipped silently;
 * - only violations are aggregated (`resultTypes`): passes and incomplete results are not read by any test;
 * - finite CSS animations (a dialog's or popover's fade-in) are let finish first: axe blends text with its ancestors'
 *   opacity, so a modal still fading in reads as low contrast (a CI flake: 4.44:1 on the search modal's rows).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Runs axe on `page` (the whole document, or only the elements matching the `include` selectors) and returns one
 * line per serious or critical violation: `rule: target failure-summary, …`. An empty array means clean.
 */
export async function seriousViolations(page: Page, include: readonly string[] = []): Promise<string[]> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      // A paused animation never finishes: do not wait for it longer than any of the app's (0.3 s) could run.
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  for (const selector of include) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`,
    );
}
