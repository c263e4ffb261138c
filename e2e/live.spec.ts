/**
 * Live market lists (ARCHITECTURE.md 'Live lists'; SPEC §7, §9 refresh) against the reference server's ticker socket:
 * prices change in place and flash, one socket per browser profile, a hidden page unsubscribes, offline keeps the rows
 * with their age and comes back live, and the panel is axe clean in each data state at 375 px, Arabic, dark.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { freePort, startServer, stopServer } from '../scripts/server-process.ts';
import { test as base, expect, openPanel } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';

/**
 * The suite's shared server runs with the ticker stream off (playwright.config.ts: every other spec checks a still
 * market, SPEC §9); this file's tests get a server of their own per worker with the stream on at the default rate,
 * the same build, and `baseURL` pointing at it.
 */
const test = base.extend<object, { liveOrigin: string }>({
  liveOrigin: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use) => {
      const host = '127.0.0.1';
      const port = await freePort(host);
      const child = await startServer({
        host,
        port,
        env: {
          ...process.env,
          MH_FAULTS: '1',
          LOGIN_RATE_LIMIT: '100000',
          STATIC_DIR: process.env.OUT_DIR ?? 'dist',
          TICKS_PER_S: '300',
        },
      });
      await use(`http://${host}:${port}`);
      stopServer(child);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ liveOrigin }, use) => use(liveOrigin),
});

const badge = (page: Page) => page.getByTestId('market-data-age');

/** A counter or gauge of the server's /metrics (summed over its labels matching `label`). */
async function metric(request: APIRequestContext, name: string, label = ''): Promise<number> {
  const text = await (await request.get('/metrics')).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith(name) && l.includes(label))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

/** Opens Trade → Spot and waits for its rows and the live badge. */
async function openLiveSpot(page: Page) {
  await page.goto('/');
  await openPanel(page, 'nav-trade', 'menu-spot');
  await expect(page.getByTestId('market-row').first()).toBeVisible();
  await expect(badge(page)).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
}

test('prices change in place and the price cell flashes; the badge says Live', async ({
  page,
  pageErrors: _,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openLiveSpot(page);
  await expect(badge(page)).toHaveText('Live');
  // Mark every shown row element and remember its price: a tick must change the text, not the element.
  const before = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="market-row"]')].map((row, i) => {
      row.dataset.mark = String(i);
      return row.querySelector('.market-row-last')!.textContent;
    }),
  );
  const flashed = page.locator('[data-testid="market-row"][data-mark] .market-row-last[data-flash]').first();
  await expect(flashed).toBeAttached({ timeout: 10_000 });
  await expect(flashed).toHaveAttribute('data-flash', /^(rise|fall)-[ab]$/);
  // A price of a marked row element changes (a flash seen above may come from a tick just before the marking).
  const changed = () =>
    page.evaluate((was) => {
      const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="market-row"][data-mark]')];
      return rows.some(
        (row) => row.querySelector('.market-row-last')!.textContent !== was[Number(row.dataset.mark)],
      );
    }, before);
  await expect.poll(changed, { timeout: 10_000 }).toBe(true);
  // The rows carry no live region.
  await expect(page.locator('.market-list [aria-live]')).toHaveCount(0);
  await page.locator('.market-panel').screenshot({ path: test.info().outputPath('live-1440-en-light.png') });
});

test('two tabs share one server connection; a hidden page unsubscribes', async ({
  page,
  context,
  request,
}) => {
  await openLiveSpot(page);
  const other = await context.newPage();
  await openLiveSpot(other);
  await expect.poll(() => metric(request, 'masthead_live_connections'), { timeout: 10_000 }).toBe(1);

  // The second tab alone shows the page hidden: its wants go, and the leader's union still holds the first tab's.
  const answers = () => metric(request, 'masthead_live_messages_sent_total', 'type="subscribed"');
  const seen = await answers();
  for (const p of [page, other])
    await p.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
  // Both hidden: the leader unsubscribes (the server answers with the lists left: none).
  await expect.poll(answers, { timeout: 10_000 }).toBeGreaterThan(seen);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(badge(page)).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  await other.close();
});

test('offline keeps the rows with their age, back online is live again; axe in each state at 375 px, ar, dark', async ({
  page,
  context,
  baseURL,
  pageErrors: _,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await context.addCookies([
    { name: 'theme', value: '2', url: baseURL! },
    { name: 'theme_changed', value: '1', url: baseURL! },
  ]);
  await page.goto('/ar');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  // At 375 px the panels live in the search modal ('more' opens the list's panel).
  await page.getByTestId('nav-search').click();
  await page.getByTestId('search-input').fill('usdt');
  await page.locator('[data-testid="search-more"][data-kind="spot"]').click();
  const rows = page.getByTestId('market-row');
  await expect(rows.first()).toBeVisible();
  const panel = page.locator('.market-panel');
  const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await expect(badge(page)).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  await expect(badge(page)).toHaveText('مباشر');
  expect(await seriousViolations(page, ['.market-panel'])).toEqual([]);
  expect(await noSideways()).toBe(true);
  await panel.screenshot({ path: test.info().outputPath('live-375-ar-dark.png') });

  await context.setOffline(true);
  await expect(badge(page)).toHaveAttribute('data-state', 'offline');
  await expect(badge(page)).toContainText('غير متصل');
  expect(await rows.count()).toBeGreaterThan(0);
  expect(await seriousViolations(page, ['.market-panel'])).toEqual([]);
  expect(await noSideways()).toBe(true);

  await context.setOffline(false);
  await expect(badge(page)).toHaveAttribute('data-state', 'live', { timeout: 5_000 });
});
