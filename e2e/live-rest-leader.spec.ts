/**
 * The live lists' REST fallback across tabs (ARCHITECTURE.md 'Live lists'; SPEC §9 refresh): while the live socket
 * cannot open, only the leader tab (the one holding the profile's leader lock) polls the lists over REST; the other
 * tabs take its data from the shared cache and poll nothing. When the leader closes, one other tab takes over and
 * polls alone. Three tabs of one browser context; the socket refused by the server's fault cookie
 * (`/apiw/v2/live=500`, server/faults.ts), the polling period shortened by the engine's test knob
 * (`__MH_TEST_HOOKS__.restFallbackMs`); every wait is on observed requests, with a deadline.
 */
import type { Page, Request } from '@playwright/test';
import { MARKET_API } from '../common/wire/endpoints.ts';
import { LIVE_API } from '../common/wire/live.ts';
import { test, expect, injectFaults, openPanel } from './fixtures.ts';

/** The polling period the tabs run with, ms (the engine's floor is 500). */
const POLL_MS = 1000;

test('socket down: only the leader tab polls the lists over REST; another takes over when it closes', async ({
  page,
  context,
  baseURL,
  pageErrors: _,
}) => {
  test.setTimeout(180_000);
  await injectFaults(context, baseURL!, { [LIVE_API.path]: '500' });
  await context.addInitScript((ms) => {
    (window as unknown as { __MH_TEST_HOOKS__?: unknown }).__MH_TEST_HOOKS__ = { restFallbackMs: ms };
  }, POLL_MS);
  const tabs: Page[] = [page, await context.newPage(), await context.newPage()];
  for (const tab of tabs) {
    await tab.goto('/');
    await openPanel(tab, 'nav-trade', 'menu-spot');
    await expect(tab.getByTestId('market-row').first()).toBeVisible();
    // No socket: the data is the REST snapshot's (delayed), never live.
    await expect(tab.getByTestId('market-data-age')).toHaveAttribute('data-state', /^(delayed|offline)$/);
  }

  // From now on, every spot list request, by the tab whose engine made it.
  const polls: Array<{ tab: number; at: number }> = [];
  const isSpot = (r: Request) => new URL(r.url()).pathname === MARKET_API.spot.path;
  tabs.forEach((tab, i) => tab.on('request', (r) => isSpot(r) && polls.push({ tab: i, at: Date.now() })));
  const pollers = (from: number) => new Set(polls.slice(from).map((p) => p.tab));

  // At least three periods' polls (more than two periods), from one tab alone.
  const started = Date.now();
  await expect
    .poll(() => polls.length, {
      timeout: 60_000,
      message: `spot polls since ${started}: ${JSON.stringify(polls)}`,
    })
    .toBeGreaterThanOrEqual(3);
  const leader = [...pollers(0)];
  expect(leader, 'tabs that polled while the socket was down').toHaveLength(1);
  // Its polls come once a period (a few more on a slow machine's late timers, never one per tab).
  const span = polls.at(-1)!.at - polls[0]!.at;
  expect(polls.length).toBeLessThanOrEqual(span / POLL_MS + 2);

  // The leader closes: one of the two others takes over (Web Lock released) and polls alone.
  await tabs[leader[0]!]!.close();
  const seen = polls.length;
  await expect.poll(() => polls.length - seen, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  const next = [...pollers(seen)];
  expect(next, 'tabs that polled after the leader closed').toHaveLength(1);
  expect(next[0]).not.toBe(leader[0]);
});
