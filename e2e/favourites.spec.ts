/**
 * Favourites (SPEC §4 market lists; ARCHITECTURE.md 'Favourites'): the star in every row of the four lists and the
 * Favourites tab, Shift+Enter from the search field, two tabs of one browser in sync, a signed-in trader's list on
 * another device after signing in again, logout removing the account's list but not the anonymous one, the search
 * modal's favourites, a star in the search modal's results, and axe on the modal with a starred result and on the
 * panel with the tab open (375 px, Arabic, dark). Few page loads; axe scoped to the modal and the panel.
 */
import type { Page } from '@playwright/test';
import { test, expect, openPanel } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { signIn } from './support/account.ts';
import { openSearch375ArDark, openSpotPanelFromSearch } from './support/panel-375.ts';
import { FAVOURITES_API } from '../common/wire/endpoints.ts';

/** The four lists: the menu holding each panel (SPEC §4). */
const LISTS = [
  { nav: 'nav-trade', entry: 'menu-spot', kind: 'spot' },
  { nav: 'nav-futures', entry: 'menu-futures-usdt', kind: 'futures' },
  { nav: 'nav-trade', entry: 'menu-pilot', kind: 'pilot' },
  { nav: 'nav-trade', entry: 'menu-premarket', kind: 'premarket' },
] as const;

// Each test walks a whole flow on few page loads (four panels, two tabs, two browsers): more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const favTab = (page: Page) => page.locator('[role="tab"][data-tab="favourites"]');
const rows = (page: Page) => page.getByTestId('market-row');
/** The star of the row showing `symbol`. */
const starOf = (page: Page, symbol: string) =>
  page.locator(`[data-testid="market-row"][data-symbol="${symbol}"] [data-testid="favourite-toggle"]`);

/** Stars the first row of the open panel; returns its symbol. */
async function starFirst(page: Page): Promise<string> {
  const first = rows(page).first();
  await expect(first).toBeVisible();
  const symbol = (await first.getAttribute('data-symbol'))!;
  await starOf(page, symbol).click();
  await expect(starOf(page, symbol)).toHaveAttribute('aria-pressed', 'true');
  return symbol;
}

/** Symbols shown in the open panel's favourites tab, in order (selects the tab first). */
async function favouriteSymbols(page: Page): Promise<string[]> {
  await favTab(page).click();
  await expect(favTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(rows(page).first()).toBeVisible();
  return rows(page).evaluateAll((els) =>
    els
      .map((el) => ({ s: el.getAttribute('data-symbol') ?? '', y: el.getBoundingClientRect().top }))
      .sort((a, b) => a.y - b.y)
      .map((r) => r.s),
  );
}

test('star, unstar and the Favourites tab in each list; Shift+Enter; a second tab in sync; the search modal', async ({
  page,
  context,
  pageErrors: _,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const other = await context.newPage();
  await other.setViewportSize({ width: 1440, height: 900 });
  await Promise.all([page.goto('/'), other.goto('/')]);
  // The second tab has its spot panel open before the first one stars anything.
  await openPanel(other, 'nav-trade', 'menu-spot');
  await expect(rows(other).first()).toBeVisible();
  await expect(favTab(other)).toHaveCount(0);
  // A background tab gets no animation frames (a click waits for them): the tab acted on is brought to the front.
  await page.bringToFront();

  for (const list of LISTS) {
    await openPanel(page, list.nav, list.entry);
    await expect(page.locator(`[data-testid="market-panel-${list.kind}"]`)).toBeVisible();
    const star = page.getByTestId('favourite-toggle').first();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await expect(star).toHaveAttribute('aria-label', /^Add .+ to favourites$/);
    const url = page.url();
    const symbol = await starFirst(page);
    // The star neither opened the pair nor took focus out of the list.
    expect(page.url()).toBe(url);
    await expect(starOf(page, symbol)).toHaveAttribute('aria-label', /^Remove .+ from favourites$/);
    // The Favourites tab comes first and lists the starred pair.
    await expect(page.getByRole('tab').first()).toHaveAttribute('data-tab', 'favourites');
    await expect.poll(() => favouriteSymbols(page)).toEqual([symbol]);
    // Unstarred from the tab: the list empties and the tab goes.
    await starOf(page, symbol).click();
    await expect(favTab(page)).toHaveCount(0);
    await expect(rows(page).first()).toBeVisible();
  }

  // Shift+Enter from the search field stars the active row; focus stays in the field.
  await openPanel(page, 'nav-trade', 'menu-spot');
  const search = page.getByTestId('market-search');
  await expect(search).toHaveAttribute('aria-describedby', /.+/);
  await search.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const activeId = (await search.getAttribute('aria-activedescendant'))!;
  const active = page.locator(`[id="${activeId}"]`);
  const second = (await active.getAttribute('data-symbol'))!;
  await page.keyboard.press('Shift+Enter');
  await expect(starOf(page, second)).toHaveAttribute('aria-pressed', 'true');
  await expect(search).toBeFocused();
  const first = await starFirst(page);
  await expect.poll(() => favouriteSymbols(page)).toEqual([first, second]);

  // The other tab sees both within a second of the writes (BroadcastChannel, shared IndexedDB).
  await expect(favTab(other)).toBeVisible({ timeout: 1_500 });
  await expect(starOf(other, first)).toHaveAttribute('aria-pressed', 'true');
  await expect(starOf(other, second)).toHaveAttribute('aria-pressed', 'true');
  await other.bringToFront();
  expect(await favouriteSymbols(other)).toEqual([first, second]);
  await other.close();
  await page.bringToFront();

  await page.locator('.market-panel').screenshot({ path: test.info().outputPath('panel-1440-light-en.png') });

  // The search modal shows them beside the recent searches, as links to the pairs.
  await page.mouse.move(0, 500);
  await page.getByTestId('nav-search').click();
  await expect(page.getByTestId('search-input')).toBeFocused();
  const shown = page.getByTestId('search-favourite');
  await expect(shown).toHaveCount(2);
  // Latest first: `first` was starred after `second`.
  expect(await shown.evaluateAll((els) => els.map((el) => el.getAttribute('data-symbol')))).toEqual([
    first,
    second,
  ]);
  await expect(shown.first()).toHaveAttribute('href', /^\/trade\//);
});

test('signed in: the list follows the account to a fresh browser; logout removes it and keeps the anonymous one', async ({
  page,
  browser,
  pageErrors: _,
}) => {
  const account = `fav-${Date.now()}`;
  await page.goto('/');
  await openPanel(page, 'nav-trade', 'menu-spot');
  const anon = await starFirst(page);
  // Signing in merges the device's list into the account's (union) and saves it on the server.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(FAVOURITES_API.list) && r.request().method() === 'PUT' && r.ok(),
  );
  await signIn(page, 'vip', account);
  await saved;
  await openPanel(page, 'nav-trade', 'menu-spot');
  await expect(starOf(page, anon)).toHaveAttribute('aria-pressed', 'true');
  const savedAgain = page.waitForResponse(
    (r) => r.url().endsWith(FAVOURITES_API.list) && r.request().method() === 'PUT' && r.ok(),
  );
  await page.getByTestId('market-search').fill('eth');
  await expect(rows(page).first()).toHaveAttribute('data-symbol', /^ETH_/);
  const mine = await starFirst(page);
  await savedAgain;

  // Another browser: nothing starred until the trader signs in, then the account's list.
  const fresh = await browser.newContext();
  const device = await fresh.newPage();
  await device.goto('/');
  await signIn(device, 'vip', account);
  await openPanel(device, 'nav-trade', 'menu-spot');
  // The sign-in merge (GET, union, PUT) runs once the engine is up: a few seconds on a loaded machine.
  await expect(favTab(device)).toBeVisible({ timeout: 15_000 });
  expect((await favouriteSymbols(device)).sort()).toEqual([anon, mine].sort());

  // Logout on that device: the account's list leaves it (its anonymous list was empty: no tab).
  await device.getByTestId('nav-profile').hover();
  await device.getByTestId('logout-device').click();
  await device.waitForURL((u) => u.pathname === '/login');
  await device.goto('/');
  await openPanel(device, 'nav-trade', 'menu-spot');
  await expect(rows(device).first()).toBeVisible();
  await expect(favTab(device)).toHaveCount(0);
  const stored = await device.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('masthead-favourites');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('favourites')) return resolve([]);
          const keys = db.transaction('favourites').objectStore('favourites').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
        open.onerror = () => resolve([]);
      }),
  );
  expect(stored.filter((k) => k.startsWith('favourites:u:'))).toEqual([]);
  await fresh.close();
  await page.bringToFront();

  // Logout here too: the anonymous list (starred before signing in) stays, the account's pair goes.
  await page.mouse.move(0, 500);
  await page.getByTestId('nav-profile').hover();
  await page.getByTestId('logout-device').click();
  await page.waitForURL((u) => u.pathname === '/login');
  await page.goto('/');
  await openPanel(page, 'nav-trade', 'menu-spot');
  await expect.poll(() => favouriteSymbols(page)).toEqual([anon]);
});

test('axe with a starred search result and with the Favourites tab open: 375 px, Arabic, dark (one combined state)', async ({
  page,
  context,
  baseURL,
  pageErrors: _,
}) => {
  // The narrow state live.spec.ts checks too (support/panel-375.ts); here with favourites.
  const input = await openSearch375ArDark(page, context, baseURL!);
  // The modal's results have a star too (SPEC §4): pressed, it neither opens the pair nor closes the modal.
  const modal = page.getByTestId('search-modal');
  const result = modal.getByTestId('market-row').first();
  await expect(result).toBeVisible();
  const starred = (await result.getAttribute('data-symbol'))!;
  const star = result.getByTestId('favourite-toggle');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await expect(star).toHaveAttribute('aria-label', /^أضف .+ إلى المفضلة$/);
  const url = page.url();
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(star).toHaveAttribute('aria-label', /^أزل .+ من المفضلة$/);
  expect(page.url()).toBe(url);
  await expect(input).toBeFocused();
  expect(await seriousViolations(page, ['[data-testid="search-modal"]'])).toEqual([]);
  await modal.screenshot({ path: test.info().outputPath('search-starred-375-dark-ar.png') });
  // The favourites group shows it; unstarred, it goes (the panel below starts with no favourites).
  await input.fill('');
  await expect(modal.locator(`[data-testid="search-favourite"][data-symbol="${starred}"]`)).toBeVisible();
  await input.fill('usdt');
  // The term's results, not the empty term's top movers still shown for a moment (their first row is another pair).
  await expect(result).toHaveAttribute('data-symbol', starred);
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await input.fill('');
  await expect(modal.getByTestId('search-favourite')).toHaveCount(0);
  await input.fill('usdt');
  await openSpotPanelFromSearch(page);
  const symbol = await starFirst(page);
  await expect(starOf(page, symbol)).toHaveAttribute('aria-label', /المفضلة/);
  // A term searches the whole list whatever the tab (SPEC §5): cleared, the tab lists the starred pair.
  await page.getByTestId('market-search').fill('');
  await expect.poll(() => favouriteSymbols(page)).toEqual([symbol]);
  await expect(favTab(page)).toHaveText('المفضلة');
  expect(await seriousViolations(page, ['.market-panel'])).toEqual([]);
  await page.locator('.market-panel').screenshot({ path: test.info().outputPath('panel-375-dark-ar.png') });
});
