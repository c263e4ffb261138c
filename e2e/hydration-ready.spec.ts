/**
 * The header's `data-ready` means interactive (src/header/Header.tsx; ARCHITECTURE.md 'Hydration'): tests here and
 * elsewhere wait for it before acting, and the hydration benchmark (scripts/hydration-timing.ts) times it. The first
 * click on a header menu button in the same task as `data-ready` turning true opens that menu at once — handled by
 * the hydrated button itself, within the click's own microtasks, not held and replayed later by the page loader
 * (src/loader/early-input.ts), which would only open it in a later task.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { holdEntry } from './support/hold-entry.ts';

/**
 * Loads `/` with the entry held, watches the header for `data-ready="true"` and, in the callback that sees it, clicks
 * the trigger `testId`; resolves the trigger's `aria-expanded` a few microtasks later (no task in between).
 */
async function clickAsReady(page: Page, testId: string): Promise<string | null> {
  const release = await holdEntry(page);
  await page.goto('/', { waitUntil: 'commit' });
  const header = page.locator('header.site-header');
  await expect(header).toHaveAttribute('data-ready', 'false');
  const result = page.evaluate(
    (id) =>
      new Promise<string | null>((resolve) => {
        // The whole document: the header the page ends with is the one that counts.
        const observer = new MutationObserver(() => {
          if (!document.querySelector('header.site-header[data-ready="true"]')) return;
          observer.disconnect();
          const trigger = document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
          trigger.click();
          let turns = 5;
          const settle = () =>
            turns-- > 0 ? queueMicrotask(settle) : resolve(trigger.getAttribute('aria-expanded'));
          queueMicrotask(settle);
        });
        observer.observe(document, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['data-ready'],
        });
      }),
    testId,
  );
  release();
  return result;
}

test.describe('data-ready means interactive', () => {
  test('a top menu opens on the first click as the header turns ready (desktop)', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await clickAsReady(page, 'nav-trade')).toBe('true');
    await expect(page.getByTestId('nav-trade')).toHaveAttribute('aria-expanded', 'true');
  });

  test('the side drawer opens on the first click as the header turns ready (phone)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await clickAsReady(page, 'nav-drawer')).toBe('true');
    await expect(page.getByTestId('side-drawer')).toBeVisible();
  });
});
