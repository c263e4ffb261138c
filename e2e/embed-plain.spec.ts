// The custom element on a plain HTML host (docs/EMBED.md 'A script tag'; e2e/hosts/plain-host.ts): another origin,
// an aggressive stylesheet and a strict CSP. The header works as on masthead's own page (spot rows from the worker,
// search, the language modal), the host's styles and the header's are each left alone, axe is clean, links announce
// themselves with `masthead-navigate`, and a CSP without `blob:` workers still shows rows (in-thread engine).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { startPlainHost } from './hosts/plain-host.ts';
import type { RunningHost } from './hosts/host-server.ts';
import { CHUNK_WAIT_MS } from './support/account.ts';

let host: RunningHost;
let noBlobHost: RunningHost;

test.beforeAll(async ({ baseURL }) => {
  host = await startPlainHost(baseURL!);
  noBlobHost = await startPlainHost(baseURL!, { blobWorkers: false });
});
test.afterAll(async () => {
  await host.close();
  await noBlobHost.close();
});

const header = (page: Page) => page.locator('masthead-header header.site-header');

async function openHost(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/`);
  await expect(header(page)).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
}

async function openSpot(page: Page): Promise<void> {
  await page.getByTestId('nav-trade').hover();
  await expect(page.getByTestId('menu-spot')).toBeVisible({ timeout: CHUNK_WAIT_MS });
  await page.getByTestId('menu-spot').hover();
  await expect(page.getByTestId('market-row').first()).toBeVisible({ timeout: CHUNK_WAIT_MS });
}

test('the spot panel shows rows from the market worker started through the Blob shim', async ({
  page,
  pageErrors: _,
}) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await openHost(page, host.origin);
  await openSpot(page);
  await expect(page.getByTestId('market-row').first()).toHaveAttribute('data-symbol', /_/);
  expect(page.workers().length).toBeGreaterThan(0);
  expect(warnings.filter((w) => w.includes('in-thread'))).toEqual([]);
});

test('a CSP without blob: workers: the in-thread engine shows the rows, with one warning', async ({
  page,
  pageErrors: _,
}) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await openHost(page, noBlobHost.origin);
  await openSpot(page);
  await expect(page.getByTestId('market-row').first()).toHaveAttribute('data-symbol', /_/);
  expect(page.workers()).toEqual([]);
  expect(warnings.filter((w) => w.includes('[markets]'))).toHaveLength(1);
});
