/**
 * The bench's floor page (e2e/bench/floor/floor-page.ts, the reference of `BENCH_CASES=floor npm run bench`) does what
 * the bench's cases need, read through the same test hooks and probes as the app (SPEC §9 virtual list, keyboard):
 * rows in 28 recycled slots written visible rows first, a search that answers the term and returns to the top, a
 * scroll that writes the window around the viewport, ArrowDown/ArrowUp moving an active row named by the field, an
 * empty state, and the bench's keystroke probe closing keys on it. Served through a Playwright route at the app's
 * origin with 3,000 pilot rows of the reference data, as the bench serves it.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { FLOOR_PATH, floorPageHtml } from './bench/floor/floor-page.ts';
import { REFERENCE_DATA_PATH } from './bench/measure.ts';
import { INSTALL_KEY_PROBE, INSTALL_PROBES } from './bench/page-probes.ts';
import { loadMarketData } from '../server/market-data.ts';
import { buildPilotColumns } from '../server/market-data/pilot-columns.ts';

const ROWS = 3000;
const data = Buffer.from(
  JSON.stringify({ code: 200, data: buildPilotColumns(loadMarketData({ pilotRows: ROWS }).pilot) }),
);

/** The ids of the slots that show a row, in position order. */
const shownIds = (page: Page) =>
  page.$$eval('[data-testid="market-row"]:not([hidden])', (rows) =>
    rows.map((r) => Number(r.id.replace('floor-row-', ''))).sort((a, b) => a - b),
  );

test.beforeEach(async ({ page }) => {
  await page.addInitScript({ content: INSTALL_PROBES + INSTALL_KEY_PROBE });
  await page.route(
    (url) => url.pathname === FLOOR_PATH,
    (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: floorPageHtml('Hot') }),
  );
  await page.route(`**${REFERENCE_DATA_PATH}`, (route) =>
    route.fulfill({ contentType: 'application/json', body: data }),
  );
  await page.goto(FLOOR_PATH);
  await page.waitForFunction(() => (window as unknown as { __FLOOR_READY__?: boolean }).__FLOOR_READY__);
});

test('the floor writes 28 slots of the list row markup, and a search answers the term from the top', async ({
  page,
}) => {
  expect(await shownIds(page)).toEqual(Array.from({ length: 28 }, (_, i) => i));
  const first = page.getByTestId('market-row').first();
  // The row of list-floor.html: 14 elements (the link and 13 inside it).
  expect(await first.evaluate((r) => r.querySelectorAll('*').length + 1)).toBe(14);
  await expect(first).toHaveAttribute('data-symbol', /\S/);
  await expect(first).toHaveAttribute('href', /^\/pilot\//);

  await page.getByTestId('market-list').evaluate((l) => (l.scrollTop = 58 * 40));
  await page.getByTestId('market-search').pressSequentially('pump');
  await expect.poll(() => page.getByTestId('market-list').evaluate((l) => l.scrollTop)).toBe(0);
  await expect
    .poll(() =>
      page.$$eval('[data-testid="market-row"]:not([hidden])', (rows) =>
        rows.every((r) => `${r.textContent} ${r.getAttribute('data-symbol')}`.toLowerCase().includes('pump')),
      ),
    )
    .toBe(true);
  // The bench's keystroke probe closes the keys on the floor as on the app.
  const painted = await page.evaluate(
    () =>
      (window as unknown as { __MH_KEYS__: Array<{ paintedAt: number | null }> }).__MH_KEYS__.filter(
        (k) => k.paintedAt !== null,
      ).length,
  );
  expect(painted).toBeGreaterThan(0);
});

test('a scroll writes the window: 9 rows above the viewport, the visible rows and 9 below', async ({
  page,
}) => {
  await page.getByTestId('market-list').evaluate((l) => (l.scrollTop = 58 * 500));
  await expect.poll(() => shownIds(page)).toEqual(Array.from({ length: 28 }, (_, i) => 491 + i));
  const top = await page.locator('#floor-row-500').evaluate((r) => r.style.transform);
  expect(top).toBe(`translateY(${58 * 500}px)`);
});

test('ArrowDown and ArrowUp move the active row, scrolled into view and named by the field', async ({
  page,
}) => {
  const search = page.getByTestId('market-search');
  await search.focus();
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', 'floor-row-11');
  await expect(page.locator('#floor-row-11')).toHaveAttribute('data-active', 'true');
  const [list, row] = await Promise.all([
    page.getByTestId('market-list').boundingBox(),
    page.locator('#floor-row-11').boundingBox(),
  ]);
  expect(row!.y + row!.height).toBeLessThanOrEqual(list!.y + list!.height + 1);
  await page.keyboard.press('ArrowUp');
  await expect(search).toHaveAttribute('aria-activedescendant', 'floor-row-10');
  await expect(page.locator('#floor-row-11')).not.toHaveAttribute('data-active', 'true');
  await expect(page.locator('#floor-row-10')).toHaveAttribute('data-active', 'true');
});

test('a search without results shows the empty state and no row', async ({ page }) => {
  await page.getByTestId('market-search').fill('no such market zzz');
  await expect(page.getByTestId('market-empty')).toBeVisible();
  // The floor hides its slots as it writes them: the first ten at once, the rest over the next two frames.
  await expect.poll(() => shownIds(page)).toEqual([]);
  await page.getByTestId('market-search').fill('');
  await expect(page.getByTestId('market-empty')).toHaveCount(0);
  await expect.poll(() => shownIds(page).then((ids) => ids.length)).toBe(28);
});
