/**
 * The stored first window of a market list (src/markets/first-window-cache.ts; SPEC §8 paint from the cache first):
 * a panel that opens before the engine has answered draws the stored rows in its first frame, then the engine's
 * answer replaces them; a stored entry with a hostile link is never drawn and is deleted.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, injectFaults, openPanel } from './fixtures.ts';
import { MARKET_API } from '../common/wire/endpoints.ts';

/** The stored entry of the pilot panel as it opens: no tab chosen yet, no term, 24h change, no fiat display. */
const pilotEntry = (row: Record<string, unknown>) =>
  JSON.stringify({
    v: 1,
    key: JSON.stringify(['pilot', '', '', '', '24h', null]),
    lang: 'en',
    savedAt: Date.now(),
    tab: '',
    total: 1,
    rows: [row],
  });

const sentinel = {
  symbol: 'CACHEDxSENTINEL',
  label: 'CACHED/SOL',
  sub: 'Cach…inel',
  quote: '',
  href: '/pilot/cached-sentinel',
  icon: null,
  price: '1.23',
  change: '+4.56%',
  trend: 1,
  volume: '7.8K',
  leverage: 0,
  isST: false,
  hot: false,
  isNew: false,
  upcoming: false,
};

/** A first visit for the engine (empty IndexedDB) with a slow pilot call, so the engine answers ~3 s late, and `entry`
 * stored as the pilot list's first window; opens the Pilot panel and returns its list. */
async function openPilotWithStored(page: Page, context: BrowserContext, baseURL: string, entry: string) {
  await injectFaults(context, baseURL, { [MARKET_API.pilot.path]: 'slow:3000' });
  await page.addInitScript((stored) => localStorage.setItem('mh_first_window:pilot', stored), entry);
  await watchFirstRows(page);
  await page.goto('/');
  await openPanel(page, 'nav-trade', 'menu-pilot');
  return page.getByTestId('market-list');
}

/** Records, in the page, the `data-symbol` of the pilot list's first row each time it changes. */
async function watchFirstRows(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __firstRows: string[] }).__firstRows = seen;
    new MutationObserver(() => {
      const first = document.querySelector(
        '[data-testid="market-list"][data-kind="pilot"] [data-testid="market-row"]',
      );
      const symbol = first?.getAttribute('data-symbol');
      if (symbol && seen.at(-1) !== symbol) seen.push(symbol);
    }).observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-symbol'],
    });
  });
}

test('a panel opened before the engine answers draws the stored first window, then the engine rows', async ({
  page,
  context,
  baseURL,
  pageErrors: _,
}) => {
  const list = await openPilotWithStored(page, context, baseURL!, pilotEntry(sentinel));
  await expect(list.locator('[data-symbol="CACHEDxSENTINEL"]')).toBeVisible();
  await expect(list).toHaveAttribute('data-rows-from', 'cache');
  // The engine's answer replaces the stored rows.
  await expect(list).toHaveAttribute('data-rows-from', 'engine', { timeout: 15_000 });
  await expect(list.locator('[data-symbol="CACHEDxSENTINEL"]')).toHaveCount(0);
  const firstRows = await page.evaluate(() => (window as unknown as { __firstRows: string[] }).__firstRows);
  expect(firstRows[0]).toBe('CACHEDxSENTINEL');
  expect(firstRows.length).toBeGreaterThan(1);
});

test('a stored first window with a javascript: link is never drawn and is deleted', async ({
  page,
  context,
  baseURL,
  pageErrors: _,
}) => {
  const list = await openPilotWithStored(
    page,
    context,
    baseURL!,
    pilotEntry({ ...sentinel, href: 'javascript:alert(1)' }),
  );
  await expect(list).toHaveAttribute('data-rows-from', 'engine', { timeout: 15_000 });
  const firstRows = await page.evaluate(() => (window as unknown as { __firstRows: string[] }).__firstRows);
  expect(firstRows).not.toContain('CACHEDxSENTINEL');
  expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
  // The hostile entry was deleted when read (the engine's first window may have been stored since).
  const stored = await page.evaluate(() => localStorage.getItem('mh_first_window:pilot'));
  expect(stored ?? '').not.toContain('javascript:');
});
