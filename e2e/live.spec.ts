/**
 * Live market lists (ARCHITECTURE.md 'Live lists'; SPEC §7, §9 refresh) against the reference server's ticker socket:
 * prices change in place and flash, one socket per browser profile, a hidden page unsubscribes, offline keeps the rows
 * with their age and comes back live, a server restart is survived (the socket reconnects; without MH_SECRET the
 * tab's refused CSRF token is renewed, so a panel it had not opened still loads), and the panel is axe clean in each
 * data state at 375 px, Arabic, dark.
 */
import type { ChildProcess } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { freePort, startServer, stopServer, stopServerAndWait } from '../scripts/server-process.ts';
import { MARKET_API, USER_API } from '../common/wire/endpoints.ts';
import { BACKOFF_BASE_MS } from '../workers/market/backoff.ts';
import { RECONNECT_CAP_MS } from '../workers/market/live/link.ts';
import { test as base, expect, openPanel } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { openSearch375ArDark, openSpotPanelFromSearch } from './support/panel-375.ts';

/** This worker's server: its origin, and its stop and start again on the same port (a restart). */
interface LiveServer {
  origin: string;
  /** Stops the server and waits until its port is closed (a no-op when stopped). */
  stop(): Promise<void>;
  /** Starts the server again on the same port and waits until it answers (a no-op when running). */
  start(): Promise<void>;
}

/**
 * The suite's shared server runs with the ticker stream off (playwright.config.ts: every other spec checks a still
 * market, SPEC §9); this file's tests get a server of their own per worker with the stream on at the default rate,
 * the same build, and `baseURL` pointing at it. A test may stop and start it (`liveServer`); it runs again after
 * every test, whatever the test left.
 */
const test = base.extend<{ liveServer: LiveServer }, { workerServer: LiveServer }>({
  workerServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use) => {
      const host = '127.0.0.1';
      const port = await freePort(host);
      const options = {
        host,
        port,
        env: {
          ...process.env,
          MH_FAULTS: '1',
          LOGIN_RATE_LIMIT: '100000',
          STATIC_DIR: process.env.OUT_DIR ?? 'dist',
          TICKS_PER_S: '300',
          // The documented default: a CSRF key per process, so a restart refuses every open tab's token once.
          MH_SECRET: '',
        },
      };
      let child: ChildProcess | null = await startServer(options);
      await use({
        origin: `http://${host}:${port}`,
        async stop() {
          const running = child;
          child = null;
          if (running) await stopServerAndWait(running, host, port);
        },
        async start() {
          child ??= await startServer(options);
        },
      });
      if (child) stopServer(child);
    },
    { scope: 'worker' },
  ],
  liveServer: async ({ workerServer }, use) => {
    await use(workerServer);
    await workerServer.start();
  },
  baseURL: async ({ workerServer }, use) => use(workerServer.origin),
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

test('prices change in place and the price cell flashes; the badge says Live (pre-market: delayed, with its age)', async ({
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
  // The flash is one rule (live.css): the price's text in the trader's rise or fall colour.
  // Read in one task, on a cell lit at that moment (a flash lasts 500–850 ms).
  const read = () =>
    page.evaluate(() => {
      const cell = document.querySelector<HTMLElement>(
        '[data-testid="market-row"][data-mark] .market-row-last[data-flash]',
      );
      if (!cell) return null;
      const css = getComputedStyle(cell);
      const colour = (name: string) => css.getPropertyValue(name).trim();
      return {
        flash: cell.dataset.flash as 'rise' | 'fall',
        text: css.color,
        rest: getComputedStyle(cell.parentElement!).color,
        colour: colour('--flash-colour'),
        rise: colour('--rise'),
        fall: colour('--fall'),
      };
    });
  let lit: Awaited<ReturnType<typeof read>> = null;
  await expect.poll(async () => (lit = await read()) !== null, { timeout: 10_000 }).toBe(true);
  const style = lit!;
  expect(style.flash).toMatch(/^(rise|fall)$/);
  expect(style.colour).toBe(style[style.flash]);
  expect(style.text).not.toBe(style.rest);
  expect(style.rise).not.toBe(style.fall);
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
  // The pre-market list has no ticks: delayed, aged from its fetch in this page (never a time it does not know).
  await page.getByTestId('menu-premarket').hover();
  await expect(badge(page)).toHaveText(/^Delayed · updated (now|\d{1,2} sec\. ago)$/);
  await expect(badge(page)).toHaveAttribute('data-state', 'delayed');
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
  // The second tab's prices move too, on the first tab's socket (relayed over BroadcastChannel), by symbol.
  const prices = () =>
    other.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll<HTMLElement>('[data-testid="market-row"][data-symbol]')].map((row) => [
          row.dataset.symbol!,
          row.querySelector('.market-row-last')!.textContent,
        ]),
      ),
    );
  const first = await prices();
  await expect
    .poll(
      async () =>
        Object.entries(await prices()).some(([symbol, price]) => symbol in first && first[symbol] !== price),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);

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
  // The narrow state favourites.spec.ts checks too (support/panel-375.ts); here in its live data states.
  await openSearch375ArDark(page, context, baseURL!);
  await openSpotPanelFromSearch(page);
  const rows = page.getByTestId('market-row');
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

/**
 * The longest the worker's backoff can keep the socket down once a server that went away `downMs` ago is back
 * (live/link.ts, backoff.ts): attempt k comes [step/2, step] after attempt k − 1, step = min(cap, base × 2^(k−1)),
 * so the wait is at most the step of the latest attempt that can still fall before the server is back.
 */
function reconnectBound(downMs: number): number {
  const step = (k: number) => Math.min(RECONNECT_CAP_MS, BACKOFF_BASE_MS * 2 ** (k - 1));
  let k = 1;
  for (let earliest = step(1) / 2; earliest < downMs; earliest += step(k) / 2) k++;
  return step(k);
}

test('the server restarted: the panel keeps its rows, the socket reconnects and prices move again', async ({
  page,
  liveServer,
  pageErrors: _,
}) => {
  const startedAt = Date.now();
  await openLiveSpot(page);
  const rows = page.getByTestId('market-row');
  const downAt = Date.now();
  await liveServer.stop();
  // The socket is lost: the badge leaves live at once (delayed: the REST data is shown), the rows stay.
  await expect(badge(page)).toHaveAttribute('data-state', /^(delayed|offline)$/);
  expect(await rows.count()).toBeGreaterThan(0);
  await liveServer.start();
  const downMs = Date.now() - downAt;
  // The backoff decides when the worker tries again; the open socket's first batch then comes within a second.
  const bound = reconnectBound(downMs);
  // A slow server start (a loaded machine) can push the wait to the next backoff step: the test gets that time.
  test.setTimeout(Math.max(test.info().timeout, Date.now() - startedAt + bound + 10_000));
  await expect(badge(page)).toHaveAttribute('data-state', 'live', { timeout: bound + 2_000 });
  test.info().annotations.push({
    type: 'server restart',
    description: `down ${downMs} ms, live again ${Date.now() - downAt - downMs} ms later (bound ${bound} ms)`,
  });
  expect(await rows.count()).toBeGreaterThan(0); // kept through the whole outage
  // Prices by symbol (a re-rank may move rows): some shown symbol's price changes.
  const prices = () =>
    rows.evaluateAll((els) =>
      els.map((row) => [row.dataset.symbol!, row.querySelector('.market-row-last')!.textContent!] as const),
    );
  const before = new Map(await prices());
  await expect
    .poll(
      async () =>
        (await prices()).some(([symbol, price]) => before.has(symbol) && before.get(symbol) !== price),
      {
        timeout: 5_000,
      },
    )
    .toBe(true);
});

test('a tab open across a restart (no MH_SECRET) loads a panel it had not opened, and its badge returns to live', async ({
  page,
  request,
  liveServer,
  pageErrors: _,
}) => {
  const startedAt = Date.now();
  await openLiveSpot(page);
  const downAt = Date.now();
  await liveServer.stop();
  await liveServer.start();
  const downMs = Date.now() - downAt;
  const bound = reconnectBound(downMs);
  test.setTimeout(Math.max(test.info().timeout, Date.now() - startedAt + bound + 20_000));
  // The new process drew a new key: the worker's token is refused once, renewed, and the futures list loads.
  await openPanel(page, 'nav-futures', 'menu-futures-usdt');
  await expect(page.getByTestId('market-row').first()).toBeVisible({ timeout: 10_000 });
  await expect(badge(page)).toHaveAttribute('data-state', 'live', { timeout: bound + 5_000 });
  // The new process's metrics: the refusal, the renewal and the list answered after them.
  // (A refusal by the CSRF guard is counted under the guard's pattern, `/apiw/*`: only the list calls go there.)
  expect(
    await metric(request, 'masthead_http_requests_total', `route="/apiw/*",status="403"`),
  ).toBeGreaterThan(0);
  expect(
    await metric(request, 'masthead_http_requests_total', `route="${USER_API.csrfToken}",status="200"`),
  ).toBeGreaterThan(0);
  expect(
    await metric(request, 'masthead_http_requests_total', `route="${MARKET_API.futures.path}",status="200"`),
  ).toBeGreaterThan(0);
});
