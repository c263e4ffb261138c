// The custom element on a plain HTML host (docs/EMBED.md 'A script tag'; e2e/hosts/plain-host.ts): another origin,
// an aggressive stylesheet and a strict CSP. The header works as on masthead's own page (spot rows from the worker,
// search, the language modal), renders like it at 1440 and 375 px, the host's styles and the header's are each left
// alone, axe is clean, links announce themselves with `masthead-navigate`, attribute changes re-render in place, the
// script adds no globals, and a CSP without `blob:` workers still shows rows (in-thread engine, one warning).
import { expect, test } from './fixtures.ts';
import {
  embeddedHeader,
  expectClickKeepsHoverMenuOpen,
  expectHostStylesIntact,
  expectLanguageModalChangesLanguage,
  expectPortalInside,
  expectHostLikeDemo,
  expectSearchFindsPair,
  openSpotRows,
  waitForEmbeddedHeader,
} from './hosts/checks.ts';
import type { RunningHost } from './hosts/host-server.ts';
import { startPlainHost } from './hosts/plain-host.ts';
import { useSession } from './support/account.ts';
import { seriousViolations } from './support/axe.ts';

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

test('spot rows from the market worker (Blob shim), search finds a pair, the language modal re-renders in place', async ({
  page,
  pageErrors: _,
}) => {
  // Rows, search and the language modal in one test: three lazy chunks on a busy 2-core machine.
  test.slow();
  const warnings: string[] = [];
  page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
  await page.goto(`${host.origin}/`);
  await waitForEmbeddedHeader(page);
  await openSpotRows(page);
  await expectPortalInside(page, 'masthead-header', 'market-row');
  expect(page.workers().length).toBeGreaterThan(0);
  expect(warnings.filter((w) => w.includes('in-thread'))).toEqual([]);
  await page.mouse.move(5, 700);
  await expectSearchFindsPair(page);
  await expectLanguageModalChangesLanguage(page);
  await expectHostStylesIntact(page);
});

test('a click on the trigger of a hover-opened menu keeps it open; a press outside the element closes it', async ({
  page,
  pageErrors: _,
}) => {
  await page.goto(`${host.origin}/`);
  await waitForEmbeddedHeader(page);
  await expectClickKeepsHoverMenuOpen(page, 'nav-language');
  await expectClickKeepsHoverMenuOpen(page, 'nav-trade');
});

test('signed in through the gateway cookies: the account menus and the message centre work inside the element', async ({
  page,
  pageErrors: _,
}) => {
  await useSession(page, 'vip');
  await page.goto(`${host.origin}/`);
  await waitForEmbeddedHeader(page);
  await expect(page.getByTestId('nav-profile')).toBeVisible();
  await page.getByTestId('nav-messages').hover();
  await expectPortalInside(page, 'masthead-header', 'messages-panel');
  await expect(page.getByTestId('messages-list').or(page.getByTestId('messages-empty'))).toBeVisible({
    timeout: 15_000,
  });
  expect(await seriousViolations(page, ['masthead-header'])).toEqual([]);
});

test('a CSP without blob: workers: the in-thread engine shows the rows, with one warning', async ({
  page,
  pageErrors: _,
}) => {
  const warnings: string[] = [];
  page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
  await page.goto(`${noBlobHost.origin}/`);
  await waitForEmbeddedHeader(page);
  await openSpotRows(page);
  expect(page.workers()).toEqual([]);
  expect(warnings.filter((w) => w.includes('[markets]'))).toHaveLength(1);
});

for (const width of [1440, 375]) {
  test(`renders like masthead's own page at ${width} px, with the host's styles intact and axe clean`, async ({
    page,
    browser,
    baseURL,
    pageErrors: _,
  }) => {
    await expectHostLikeDemo(page, browser, { host: `${host.origin}/`, demo: `${baseURL}/` }, width);
    if (width < 992) {
      // Below 992 px the menus are the side drawer, a dialog inside the shadow root.
      await page.getByTestId('nav-drawer').click();
      await expectPortalInside(page, 'masthead-header', 'side-drawer');
      expect(await seriousViolations(page, ['masthead-header'])).toEqual([]);
    }
  });
}

test('a link click dispatches a cancelable, composed masthead-navigate; uncancelled, the browser navigates', async ({
  page,
  pageErrors: _,
}) => {
  await page.goto(`${host.origin}/`);
  await waitForEmbeddedHeader(page);
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { __seen: unknown[] }).__seen = seen;
    document.addEventListener('masthead-navigate', (e) => {
      const ev = e as CustomEvent<{ href: string }>;
      seen.push({
        href: ev.detail.href,
        cancelable: ev.cancelable,
        composed: ev.composed,
        target: ev.target,
      });
      ev.preventDefault();
    });
  });
  await embeddedHeader(page).locator('a.brand').click();
  await embeddedHeader(page).getByRole('link', { name: 'Log in' }).click();
  const seen = await page.evaluate(() =>
    (
      window as unknown as {
        __seen: { href: string; cancelable: boolean; composed: boolean; target: Element }[];
      }
    ).__seen.map((s) => [s.href, s.cancelable, s.composed, s.target.localName]),
  );
  expect(seen).toEqual([
    [`${host.origin}/`, true, true, 'masthead-header'],
    [`${host.origin}/login`, true, true, 'masthead-header'],
  ]);
  expect(page.url()).toBe(`${host.origin}/`);
  // A search result picked with Enter is offered the same way.
  await page.getByTestId('nav-search').click();
  await page.getByTestId('search-input').fill('eth');
  await expect(page.getByTestId('search-result').first()).toContainText('ETH', { timeout: 15_000 });
  await page.getByTestId('search-input').press('Enter');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __seen: { href: string }[] }).__seen.length))
    .toBe(3);
  expect(
    await page.evaluate(() => (window as unknown as { __seen: { href: string }[] }).__seen[2]!.href),
  ).toMatch(new RegExp(`^${host.origin}/trade/ETH_`));
  expect(page.url()).toBe(`${host.origin}/`);
  await page.keyboard.press('Escape');
  // Not cancelled: the browser follows the link.
  await page.reload();
  await waitForEmbeddedHeader(page);
  await embeddedHeader(page).getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${host.origin}/login`);
});

test('attribute changes re-render in place; the script defines no globals but the two elements', async ({
  page,
  pageErrors: _,
}) => {
  await page.goto(`${host.origin}/without`);
  const bare = await page.evaluate(() => Object.getOwnPropertyNames(window));
  await page.goto(`${host.origin}/`);
  await waitForEmbeddedHeader(page);
  const added = await page.evaluate(
    (before) => Object.getOwnPropertyNames(window).filter((n) => !before.includes(n)),
    bare,
  );
  // zod 4 (the wire schemas' validator) keeps its configuration in `globalThis.__zod_globalConfig`, shared by every
  // zod 4 copy on a page by design (docs/EMBED.md 'Globals'); nothing else may appear.
  expect(added.filter((n) => n !== '__zod_globalConfig')).toEqual([]);
  expect(
    await page.evaluate(() => [
      !!customElements.get('masthead-header'),
      !!customElements.get('masthead-footer'),
    ]),
  ).toEqual([true, true]);

  const box = page.locator('masthead-header .mh-root');
  await page.evaluate(() => {
    const el = document.querySelector('masthead-header')!;
    (el.shadowRoot!.querySelector('header') as HTMLElement & { __same?: boolean }).__same = true;
    el.setAttribute('theme', 'dark');
    el.setAttribute('lang', 'de');
  });
  await expect(box).toHaveAttribute('data-theme', 'dark');
  await expect(box).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('nav-settings')).not.toHaveAttribute('aria-label', 'Display settings');
  expect(
    await page.evaluate(
      () =>
        (
          document.querySelector('masthead-header')!.shadowRoot!.querySelector('header') as {
            __same?: boolean;
          }
        ).__same,
    ),
  ).toBe(true);
  expect(await page.evaluate(() => document.documentElement.getAttribute('lang'))).toBe('en');
});
