/**
 * Opens a list for a bench run (pairs.ts, floor/floor-runs.ts): the app's pilot panel, opened from the header as a
 * trader does (pointer over the Trade menu, then the Pilot entry) on a trade page or on `/`, or one of the bench's own
 * pages served through Playwright routes at the app's origin: the captured reference (reference-page.ts) or the floor
 * (floor/floor-page.ts). Every page gets the bench's
 * probes (page-probes.ts INSTALL_PROBES, INSTALL_KEY_PROBE) before its own scripts.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { waitForAnnouncementSettled } from '../support/settle.ts';
import { INSTALL_KEY_PROBE, INSTALL_PROBES } from './page-probes.ts';
import { firstRow, REFERENCE_DATA_PATH, REFERENCE_PATH, routeReference } from './measure.ts';
import type { AppSnapshot } from './reference-page.ts';
import { FLOOR_PATH, floorPageHtml } from './floor/floor-page.ts';

/** Everything a run needs from the bench run: the server, the app's snapshot and the compact pilot JSON. */
export interface PairSetup {
  baseURL: string;
  snapshot: AppSnapshot;
  data: Buffer;
}

/**
 * Where a list is opened: the app on a trade page (`app`, `trade`) or on `/` (`home`), the captured reference
 * (`reference`) or the floor (`floor`).
 */
export type ListPage = 'app' | 'trade' | 'home' | 'reference' | 'floor';

/** Serves `html` at `path` and the compact pilot JSON at REFERENCE_DATA_PATH for this context. */
async function routePage(context: BrowserContext, path: string, html: string, data: Buffer): Promise<void> {
  // By path: the live cases load the page with a query (`?live`), which a glob would not match.
  await context.route(
    (url) => url.pathname === path,
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  await context.route(`**${REFERENCE_DATA_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: data }),
  );
}

/**
 * Opens `where` in a fresh 1440 × 900 context (no CPU throttle yet) and waits until the list shows rows (120 s at
 * most; throws past it). `live`: the bench's pages subscribe to the live socket (`?live`). `home`: the panel opens
 * once the header is hydrated and the announcement bar (which moves the header) has settled. The caller closes the
 * returned context.
 */
export async function openList(
  browser: Browser,
  s: PairSetup,
  where: ListPage,
  live: boolean,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript({ content: INSTALL_PROBES + INSTALL_KEY_PROBE });
  const cdp = await context.newCDPSession(page);
  const query = live ? '?live' : '';
  if (where === 'floor') {
    await routePage(context, FLOOR_PATH, floorPageHtml(s.snapshot.hotLabel), s.data);
    await page.goto(`${s.baseURL}${FLOOR_PATH}${query}`);
    await page.waitForFunction(
      () => (window as unknown as { __FLOOR_READY__?: boolean }).__FLOOR_READY__,
      undefined,
      {
        timeout: 120_000,
      },
    );
  } else if (where === 'reference') {
    await routeReference(context, s.snapshot, s.data);
    await page.goto(`${s.baseURL}${REFERENCE_PATH}${query}`);
    await page.waitForFunction(
      () => (window as unknown as { __REF_READY__?: boolean }).__REF_READY__,
      undefined,
      {
        timeout: 120_000,
      },
    );
  } else {
    if (where === 'home') {
      await page.goto(`${s.baseURL}/`);
      await page.locator('header[data-ready="true"]').waitFor();
      await waitForAnnouncementSettled(page);
    } else await page.goto(`${s.baseURL}/trade/BTC_USDT`);
    await page.getByTestId('nav-trade').hover();
    await page.getByTestId('menu-pilot').hover();
    await page.getByTestId('market-search').waitFor();
    await firstRow(page, 120_000);
  }
  return { context, page, cdp };
}
