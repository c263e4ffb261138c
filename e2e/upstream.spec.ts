/**
 * Real exchange feeds against the fake upstream (docs/API.md 'Market sources'; scripts/fake-upstream.ts): the server
 * as `npm start` runs it (server/start.ts, the same build) with MARKET_SOURCE=gate and LIVE_SOURCE=gate, then
 * LIVE_SOURCE=binance, its URL settings pointed at a fake in this process. The spot panel shows the fake's pairs and
 * prices, the prices move as the fake sends, the fake going silent turns the badge to delayed within the heartbeat
 * time-out, and back to live when it speaks again. Nothing reaches a real exchange.
 */
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { startFakeUpstream, TRANSCRIPTS, type FakeUpstream } from '../scripts/fake-upstream.ts';
import { freePort, startServer, stopServer } from '../scripts/server-process.ts';
import { expect, openPanel, rowSymbols, test } from './fixtures.ts';

/** The server's silence limit here, ms: the browser says delayed after 15 s without a tick (NO_TICK_DELAYED_MS). */
const HEARTBEAT_MS = 16_000;
const FAKE_PAIRS = TRANSCRIPTS.rest.spotTickers.map((r) => String(r.currency_pair));

const badge = (page: Page) => page.getByTestId('market-data-age');

for (const live of ['gate', 'binance'] as const) {
  test.describe(`MARKET_SOURCE=gate LIVE_SOURCE=${live}`, () => {
    test.describe.configure({ mode: 'serial' });
    let fake: FakeUpstream;
    let server: ChildProcess;
    let origin: string;

    test.beforeAll(async () => {
      fake = await startFakeUpstream();
      const host = '127.0.0.1';
      const port = await freePort(host);
      origin = `http://${host}:${port}`;
      server = await startServer({
        host,
        port,
        env: {
          ...process.env,
          STATIC_DIR: process.env.OUT_DIR ?? 'dist',
          MARKET_SOURCE: 'gate',
          LIVE_SOURCE: live,
          ...fake.env,
          UPSTREAM_PING_MS: '2000',
          UPSTREAM_HEARTBEAT_MS: String(HEARTBEAT_MS),
        },
      });
      // The first poll answers within a moment of the start: the lists are the fake's from then on.
      await expect
        .poll(async () =>
          (await (await fetch(`${origin}/metrics`)).text()).includes(
            'masthead_upstream_list_age_seconds{list="spot"}',
          ),
        )
        .toBe(true);
    });
    test.afterAll(async () => {
      if (server) stopServer(server);
      await fake?.close();
    });
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    test.use({ baseURL: async ({}, use) => use(origin) });

    test("the spot panel shows the fake's pairs and prices; they move as it sends; silence turns the badge delayed, speech live again", async ({
      page,
      pageErrors: _,
    }) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await openPanel(page, 'nav-trade', 'menu-spot');
      await expect(page.getByTestId('market-row').first()).toBeVisible();
      // The fake's list, not the snapshot's thousands of pairs.
      await expect.poll(async () => (await rowSymbols(page)).every((s) => FAKE_PAIRS.includes(s))).toBe(true);
      const btc = page.locator('[data-testid="market-row"][data-symbol="BTC_USDT"] .market-row-last');
      await expect(btc).toHaveText(/96,?123\.45/);

      const stop = fake.stream(40);
      try {
        await expect(badge(page)).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
        await expect(btc).not.toHaveText(/96,?123\.45/, { timeout: 10_000 });
        const prices = () => page.locator('[data-testid="market-row"] .market-row-last').allTextContents();
        const before = await prices();
        await expect
          .poll(async () => (await prices()).join() !== before.join(), { timeout: 10_000 })
          .toBe(true);

        fake.silent = true;
        const silentAt = Date.now();
        await expect(badge(page)).toHaveAttribute('data-state', 'delayed', { timeout: HEARTBEAT_MS + 5_000 });
        expect(Date.now() - silentAt).toBeLessThanOrEqual(HEARTBEAT_MS + 5_000);
        await expect(badge(page)).toContainText('Delayed');
        fake.silent = false;
        await expect(badge(page)).toHaveAttribute('data-state', 'live', { timeout: HEARTBEAT_MS + 15_000 });
      } finally {
        stop();
      }
    });
  });
}
