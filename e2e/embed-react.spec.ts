// `masthead/react` in a Vite + React 19 host (docs/EMBED.md 'React hosts'; e2e/hosts/react-host.ts): the host's own
// React renders the header into a shadow root (one React on the page), the header passes the checks of every host,
// and a link click is routed by the host's client-side router without a page load.
import { rmSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import {
  embeddedHeaderIn,
  expectHostStylesIntact,
  expectHostLikeDemo,
  expectSearchFindsPair,
  openSpotRows,
} from './hosts/checks.ts';
import type { RunningHost } from './hosts/host-server.ts';
import { buildReactHost, startReactHost } from './hosts/react-host.ts';

// One worker for the whole file: its beforeAll builds dist-react/ and the host app, and two workers building them at
// once would empty each other's output mid-build.
test.describe.configure({ mode: 'default' });

let host: RunningHost;
let out = '';
const HEADER = '[data-masthead="header"]';

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  out = buildReactHost();
  host = await startReactHost(baseURL!, out);
});
test.afterAll(async () => {
  await host?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

test('spot rows from the worker, search finds a pair, the language modal re-renders in place; one React', async ({
  page,
  pageErrors: _,
}) => {
  // Rows, search and the language modal in one test: three lazy chunks on a busy 2-core machine.
  test.slow();
  await page.goto(`${host.origin}/`);
  await expect(embeddedHeaderIn(page, HEADER)).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  await openSpotRows(page);
  expect(page.workers().length).toBeGreaterThan(0);
  await page.mouse.move(5, 700);
  await expectSearchFindsPair(page);
  await page.getByTestId('nav-language').click();
  await page.getByRole('link', { name: '日本語' }).click();
  await expect(page.locator(`${HEADER} .mh-root`)).toHaveAttribute('lang', 'ja');
  await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-label', '表示設定');
  await expect(page.getByTestId('host-route')).toHaveText('/');
  await page.keyboard.press('Escape');
  await expectHostStylesIntact(page);
  // One React on the page: the host's bundle holds React and masthead's components use it (no second copy).
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  );
  const bodies = await Promise.all(scripts.map(async (s) => (await page.request.get(s)).text()));
  expect(bodies.filter((b) => b.includes('react.transitional.element')).length).toBe(1);
});

test('a link click in the header is routed by the host without a page load', async ({
  page,
  pageErrors: _,
}) => {
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto(`${host.origin}/`);
  await expect(embeddedHeaderIn(page, HEADER)).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 7));
  await embeddedHeaderIn(page, HEADER).getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByTestId('host-route')).toHaveText('/login');
  expect(page.url()).toBe(`${host.origin}/login`);
  expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(7);
  await page.goBack();
  await expect(page.getByTestId('host-route')).toHaveText('/');
  expect(loads).toBe(1);
});

for (const width of [1440, 375]) {
  test(`renders like masthead's own page at ${width} px; axe clean`, async ({
    page,
    browser,
    baseURL,
    pageErrors: _,
  }) => {
    await expectHostLikeDemo(page, browser, { host: `${host.origin}/`, demo: `${baseURL}/` }, width, {
      header: HEADER,
      footer: '[data-masthead="footer"]',
    });
  });
}
