/**
 * Shared e2e helpers: a `page` fixture that fails the test on any uncaught page error, fault injection through
 * the reference server's `mh_faults` cookie (server/faults.ts), and menu/panel openers using the stable test hooks.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { CHUNK_WAIT_MS } from './support/account.ts';
import { waitForAnnouncementSettled } from './support/settle.ts';

/** Test with `pageErrors` collected; each test asserts none happened (SPEC §8: never an uncaught error). */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(String(err)));
    await use(errors);
    expect(errors, 'uncaught page errors').toEqual([]);
  },
});
export { expect };

/** Injects faults for this browser context: `{'/apiw/v2/market/spots': '500'}`; kinds 500 | malformed | slow[:ms]. */
export async function injectFaults(context: BrowserContext, baseURL: string, faults: Record<string, string>) {
  const value = Object.entries(faults)
    .map(([path, kind]) => `${path}=${kind}`)
    .join(',');
  await context.addCookies([{ name: 'mh_faults', value: encodeURIComponent(value), url: baseURL }]);
}

/**
 * Opens a top-nav menu by hover and hovers one of its entries so its market panel shows. Waits first for the
 * hydrated header and for the announcement bar's outcome (support/settle.ts: the bar shifts the header).
 */
export async function openPanel(page: Page, navTestId: string, entryTestId: string) {
  // The page is server-rendered: wait until it is hydrated (the header's data-ready), as a trader's hover would.
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  await waitForAnnouncementSettled(page);
  await page.getByTestId(navTestId).hover();
  const entry = page.getByTestId(entryTestId);
  // The menu's content (with its two i18n namespaces) and the market panel are chunks loaded on the first intent;
  // the menu shows a loading line meanwhile. This is set-up, not a budget check: a loaded CI machine gets time.
  await expect(entry).toBeVisible({ timeout: CHUNK_WAIT_MS });
  await entry.hover();
  await expect(page.getByTestId('market-search')).toBeVisible({ timeout: CHUNK_WAIT_MS });
}

/** `data-symbol` of the rendered rows, in visual order. */
export async function rowSymbols(page: Page): Promise<string[]> {
  const rows = page.getByTestId('market-row');
  const boxes = await rows.evaluateAll((els) =>
    els.map((el) => ({ s: el.getAttribute('data-symbol') ?? '', y: el.getBoundingClientRect().top })),
  );
  return boxes.sort((a, b) => a.y - b.y).map((b) => b.s);
}
