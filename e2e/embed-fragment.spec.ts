// The server fragment on a server-template host (docs/EMBED.md 'Server fragment'; e2e/hosts/fragment-host.ts): the
// header paints from the fragment before any script, hydrates, and then passes the checks of every host; the
// fragment's cache headers never let a shared cache keep signed-in output.
import { expect, test } from './fixtures.ts';
import {
  expectHostStylesIntact,
  expectLanguageModalChangesLanguage,
  expectHostLikeDemo,
  expectSearchFindsPair,
  openSpotRows,
  waitForEmbeddedHeader,
} from './hosts/checks.ts';
import { startFragmentHost } from './hosts/fragment-host.ts';
import type { RunningHost } from './hosts/host-server.ts';
import { useSession } from './support/account.ts';

let host: RunningHost;

test.beforeAll(async ({ baseURL }) => {
  host = await startFragmentHost(baseURL!);
});
test.afterAll(async () => {
  await host.close();
});

test('the header paints from the fragment with no script at all', async ({ page, pageErrors: _ }) => {
  await page.route('**/embed/masthead.js', (route) => route.abort());
  await page.goto(`${host.origin}/`);
  await expect(page.getByTestId('nav-trade')).toBeVisible();
  await expect(page.getByTestId('nav-trade')).toHaveCSS('font-size', '14px');
  await expect(page.locator('masthead-footer footer')).toBeVisible();
  expect(await page.evaluate(() => customElements.get('masthead-header'))).toBeUndefined();
});

test('hydrated: spot rows from the worker, search finds a pair, the language modal re-renders in place', async ({
  page,
  pageErrors: _,
}) => {
  // Rows, search and the language modal in one test: three lazy chunks on a busy 2-core machine.
  test.slow();
  const errors: string[] = [];
  page.on(
    'console',
    (m) => void (m.type() === 'error' && m.text().includes('hydration') && errors.push(m.text())),
  );
  await page.goto(`${host.origin}/`);
  await waitForEmbeddedHeader(page);
  await openSpotRows(page);
  expect(page.workers().length).toBeGreaterThan(0);
  await page.mouse.move(5, 700);
  await expectSearchFindsPair(page);
  await expectLanguageModalChangesLanguage(page);
  await expectHostStylesIntact(page);
  expect(errors).toEqual([]);
});

for (const width of [1440, 375]) {
  test(`renders like masthead's own page at ${width} px; axe clean`, async ({
    page,
    browser,
    baseURL,
    pageErrors: _,
  }) => {
    await expectHostLikeDemo(page, browser, { host: `${host.origin}/`, demo: `${baseURL}/` }, width);
  });
}

test('cache headers: anonymous output is shared and varies on its inputs; signed-in output is private', async ({
  page,
  baseURL,
}) => {
  const anonymous = await page.request.get(
    `${baseURL}/fragment/header?lang=de&theme=dark&sub_website_id=177`,
  );
  expect(anonymous.status()).toBe(200);
  expect(anonymous.headers()['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
  expect(anonymous.headers()['vary']).toMatch(/Cookie/);
  expect(anonymous.headers()['set-cookie']).toBeUndefined();
  const body = await anonymous.text();
  expect(body).not.toMatch(/<html|<body/i);
  expect(body).toContain(
    '<masthead-header lang="de" theme="dark" sub-site="177"><template shadowrootmode="open">',
  );
  expect(body).toContain('data-theme="dark"');
  expect(body).toMatch(/<script type="module" src="[^"]+\/embed\/masthead\.js"><\/script>/);

  await useSession(page, 'vip');
  const signedIn = await page.request.get(`${baseURL}/fragment/header`);
  expect(signedIn.headers()['cache-control']).toBe('private, no-store');
  const bad = await page.request.get(`${baseURL}/fragment/footer?lang=xx&theme=neon&sub_website_id=abc`);
  expect(bad.status()).toBe(200);
  expect(await bad.text()).toContain('<masthead-footer lang="en" theme="auto">');
});
