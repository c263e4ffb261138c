/**
 * Input before hydration (ARCHITECTURE.md 'The page loader'; SPEC §1 server-rendered header, §2 'Search modal', §4
 * hover menus): the server's header is on screen before its handlers are attached. With the app's entry chunk held
 * back (so the page cannot hydrate until the test lets it), a search shortcut pressed on the server's header opens
 * the search modal once the page hydrates, `/` typed into a text field does not, and a mouse resting on a menu
 * trigger opens that menu. No CSP violation: the loader's inline scripts run under the served page's hashes.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { holdEntry } from './support/hold-entry.ts';

/** Console lines reporting a Content-Security-Policy violation. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

/** Loads `/` with the entry held; resolves once the server's header is visible and still not hydrated. */
async function serverHeader(page: Page) {
  const violations = cspViolations(page);
  const release = await holdEntry(page);
  await page.goto('/', { waitUntil: 'commit' });
  const header = page.locator('header.site-header');
  await expect(header).toBeVisible();
  return { header, release, violations };
}

/** The marker the app sets once hydrated (src/header/Header.tsx `data-ready`) is not set yet. */
async function expectNotHydrated(page: Page) {
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'false');
}

const searchInput = (page: Page) => page.getByTestId('search-input');

for (const [name, shortcut] of [
  ['/', '/'],
  ['Control+K', 'Control+k'],
] as const) {
  test(`${name} pressed before hydration opens the search modal once the page is ready`, async ({ page }) => {
    const { header, release, violations } = await serverHeader(page);
    await page.keyboard.press(shortcut);
    await expectNotHydrated(page);
    release();
    await expect(header).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
    await expect(searchInput(page)).toBeFocused({ timeout: 15_000 });
    expect(violations).toEqual([]);
  });
}

test('`/` typed into a text field before hydration stays there; a mouse resting on a trigger opens its menu', async ({
  page,
}) => {
  const { header, release, violations } = await serverHeader(page);
  // A text field outside the app's tree (hydration does not touch it), focused as a visitor would.
  await page.evaluate(() => {
    const field = document.createElement('input');
    field.id = 'early-field';
    document.body.append(field);
    field.focus();
  });
  await page.keyboard.type('a/b');
  await expect(page.locator('#early-field')).toHaveValue('a/b');
  const trade = page.getByTestId('nav-trade');
  await trade.hover();
  // The loader saw the mouse enter the trigger (the question a mounting trigger asks).
  expect(
    await trade.evaluate(
      (el) => !el.dispatchEvent(new Event('mh:pointer-on', { bubbles: true, cancelable: true })),
    ),
  ).toBe(true);
  await expectNotHydrated(page);
  release();
  await expect(header).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  await expect(trade).toHaveAttribute('aria-expanded', 'true');
  await expect(searchInput(page)).toHaveCount(0);
  await expect(page.locator('#early-field')).toHaveValue('a/b');
  expect(violations).toEqual([]);
});
