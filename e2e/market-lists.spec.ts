/**
 * Pilot and pre-market panels, ST flags, the in-thread engine fallback and cross-tab sharing
 * (SPEC §3, §4, §5; ARCHITECTURE.md 'Market engine').
 */
import { test, expect, openPanel, rowSymbols } from './fixtures.ts';

const PIPPIN = 'Dfh5DzRgSvvCFDoYc2ciTkMrbDfRKybA4SoFbPmApump';

test('pilot rows carry the token address, show it as first 4 + … + last 4, and link to /pilot/{seo_path}', async ({
  page,
  pageErrors: _,
}) => {
  await page.goto('/');
  await openPanel(page, 'nav-trade', 'menu-pilot');
  await page.getByTestId('market-search').fill('pippin');
  const row = page.locator(`[data-testid="market-row"][data-symbol="${PIPPIN}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('link')).toHaveAttribute('href', `/pilot/sol-${PIPPIN}`);
  await expect(row).toContainText('Dfh5…pump');
  await expect(row).toContainText('PIPPIN');
});

test('pilot search matches an address prefix, case-insensitively (SPEC §5)', async ({
  page,
  pageErrors: _,
}) => {
  await page.goto('/');
  await openPanel(page, 'nav-trade', 'menu-pilot');
  await page.getByTestId('market-search').fill('DFH5DZ');
  await expect.poll(async () => (await rowSymbols(page))[0]).toBe(PIPPIN);
});

test('pre-market rows carry the currency and link to /pre-market/{CURRENCY}; pre-mint coins to /trade/{CURRENCY}_USDT', async ({
  page,
  pageErrors: _,
}) => {
  await page.goto('/');
  await openPanel(page, 'nav-trade', 'menu-premarket');
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  await page.locator('[role="tab"][data-tab="pre_market"]').click();
  await page.getByTestId('market-search').fill('arb');
  const arb = page.locator('[data-testid="market-row"][data-symbol="ARB"]');
  await expect(arb.getByRole('link')).toHaveAttribute('href', '/pre-market/ARB');
  await page.getByTestId('market-search').fill('');
  await page.locator('[role="tab"][data-tab="premint"]').click();
  await page.getByTestId('market-search').fill('pot');
  await expect(
    page.locator('[data-testid="market-row"][data-symbol="POT"]').getByRole('link'),
  ).toHaveAttribute('href', '/trade/POT_USDT');
});

test('ST pairs carry their flag (SPEC §3 isST)', async ({ page, pageErrors: _ }) => {
  await page.goto('/');
  await openPanel(page, 'nav-trade', 'menu-spot');
  await page.getByTestId('market-search').fill('grin3s');
  const row = page.locator('[data-testid="market-row"][data-symbol="GRIN3S_USDT"]');
  await expect(row.locator('.badge-st')).toHaveText('ST');
});

test('with Worker removed before the page loads, the in-thread engine keeps the panels working', async ({
  page,
  pageErrors: _,
}) => {
  await page.addInitScript(() => {
    // @ts-expect-error: simulate a browser (or CSP) without module workers
    delete window.Worker;
  });
  await page.goto('/');
  expect(await page.evaluate(() => typeof Worker)).toBe('undefined');
  await openPanel(page, 'nav-trade', 'menu-spot');
  await page.getByTestId('market-search').fill('eth');
  await expect.poll(async () => (await rowSymbols(page))[0]).toMatch(/^ETH_/);
});

test('?engine=main forces the in-thread engine and the panels still work', async ({
  page,
  pageErrors: _,
}) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto('/?engine=main');
  await openPanel(page, 'nav-futures', 'menu-futures-usdt');
  await page.getByTestId('market-search').fill('eth');
  await expect.poll(async () => (await rowSymbols(page))[0]).toBe('ETH_USDT');
  expect(workers.filter((u) => u.includes('market'))).toEqual([]);
});

test('five tabs of one browser share one fetch of the contract list (BroadcastChannel)', async ({
  context,
}) => {
  test.setTimeout(60_000);
  let contractFetches = 0;
  context.on('request', (req) => {
    if (req.url().includes('/apiw/v2/market/futures')) contractFetches++;
  });
  const first = await context.newPage();
  await first.goto('/');
  await openPanel(first, 'nav-futures', 'menu-futures-usdt');
  await expect(first.getByTestId('market-row').first()).toBeVisible();
  const fetchesAfterFirst = contractFetches;
  expect(fetchesAfterFirst).toBeGreaterThanOrEqual(1);
  for (let i = 0; i < 4; i++) {
    const page = await context.newPage();
    await page.goto('/');
    await openPanel(page, 'nav-futures', 'menu-futures-usdt');
    await expect(page.getByTestId('market-row').first()).toBeVisible();
  }
  // The cache is fresh and shared: the four later tabs paint from it and do not refetch.
  expect(contractFetches).toBe(fetchesAfterFirst);
});

test('a refresh updates the open panel in place, keeping the search term and scroll position (ARCHITECTURE.md, Market engine: a refresh pushes a version)', async ({
  page,
  pageErrors: _,
}) => {
  // Two full spot loads (the cold one and the forced refresh): more than the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  // The engine handle (window.__MH_ENGINE__) exists only on a page opted in to test hooks.
  await page.addInitScript(() => {
    (window as unknown as { __MH_TEST_HOOKS__?: boolean }).__MH_TEST_HOOKS__ = true;
  });
  await page.goto('/');
  await openPanel(page, 'nav-trade', 'menu-spot');
  await page.getByTestId('market-search').fill('usdt');
  // A cold spot load (fetch, parse, table) before the first rows: generous under a loaded 2-core CI machine.
  await expect.poll(async () => (await rowSymbols(page))[0], { timeout: 15_000 }).toMatch(/^USDT_/);
  const list = page.getByTestId('market-list');
  await list.evaluate((el) => {
    el.scrollTop = 2000;
    el.dispatchEvent(new Event('scroll'));
  });
  await expect(page.getByTestId('market-row').first()).toBeVisible();
  const versionBefore = Number(await list.getAttribute('data-version'));
  const refreshes: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/apiw/v2/market/spots')) refreshes.push(req.url());
  });
  await page.evaluate(async () => {
    const engine = (window as unknown as { __MH_ENGINE__: { refresh: (k: string) => Promise<void> } })
      .__MH_ENGINE__;
    await engine.refresh('spot');
  });
  await expect.poll(() => refreshes.length).toBeGreaterThanOrEqual(1);
  // The refreshed rows are on screen once the list shows a newer data version.
  await expect
    .poll(async () => Number(await list.getAttribute('data-version')))
    .toBeGreaterThan(versionBefore);
  await expect(page.getByTestId('market-search')).toHaveValue('usdt');
  expect(await list.evaluate((el) => el.scrollTop)).toBe(2000);
  expect((await rowSymbols(page)).length).toBeGreaterThan(5);
});
