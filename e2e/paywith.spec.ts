// Pay-with picker (src/buy, SPEC §2 Buy crypto, §3, §4, §5, §9): trigger and 167 × 410 px panel in the Buy crypto
// menu, fiat-code search, selection (current, cookie, closed list), the Buy entries following the fiat and its
// methods, the USD fallback on 500 / malformed / slow answers, and axe — at 1440 and 375 px, light and dark, en and ar.
import type { Page } from '@playwright/test';
import { expect, injectFaults, test } from './fixtures.ts';
import { openMenu, openSite, SITES } from './support/account.ts';
import { seriousViolations } from './support/axe.ts';
import { displayStates, stateName } from './support/display-states.ts';

const SETTING = '/api/web/v1/c2c/buy_crypto_fiat_setting';

async function openPicker(page: Page): Promise<void> {
  await openMenu(page, 'nav-buy');
  await page.getByTestId('paywith-trigger').click();
  await expect(page.getByTestId('paywith-panel')).toBeVisible();
}

const option = (page: Page, fiat: string) =>
  page.locator(`[data-testid="paywith-panel"] [data-fiat="${fiat}"]`);

test('panel is 167 × 410 px, lists fiats with code, name and symbol, search filters by code', async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  await openPicker(page);
  const box = (await page.getByTestId('paywith-panel').boundingBox())!;
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([167, 410]);
  await expect(option(page, 'EUR')).toContainText('EUR');
  await expect(option(page, 'EUR')).toContainText('Euro');
  await expect(option(page, 'EUR')).toContainText('€');
  await expect(page.getByTestId('paywith-search')).toBeFocused();
  await page.getByTestId('paywith-search').fill('ur');
  const codes = await page
    .locator('[data-testid="paywith-panel"] [data-fiat]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-fiat')));
  expect(codes.length).toBeGreaterThan(0);
  expect(codes.every((c) => c!.includes('UR'))).toBe(true);
  expect(codes).toContain('EUR');
  await page.getByTestId('paywith-search').fill('euro');
  await expect(page.locator('[data-testid="paywith-panel"] [data-fiat]')).toHaveCount(0);
});

test('selecting stores the fiat, saves the cookie (1 year, Path=/, Secure), closes the list; links follow', async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  await openPicker(page);
  await page.getByTestId('paywith-search').fill('ngn');
  await option(page, 'NGN').click();
  await expect(page.getByTestId('paywith-panel')).toHaveCount(0);
  await expect(page.getByTestId('paywith-trigger')).toHaveAttribute('data-fiat', 'NGN');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'default_buy_crypto_fiat')!;
  expect(cookie).toMatchObject({ value: 'NGN', path: '/', secure: true });
  expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);
  // NGN: P2P only (server/buy-data.ts) — quick buy and P2P follow it, card and bank entries hide.
  await expect(page.getByTestId('menu-buy-quick')).toHaveAttribute(
    'href',
    '/crypto/buy?crypto=USDT&fiat=NGN',
  );
  await expect(page.getByTestId('menu-p2p')).toHaveAttribute('href', '/c2c/market?fiat=NGN');
  await expect(page.getByTestId('menu-buy-card')).toHaveCount(0);
  await expect(page.getByTestId('menu-buy-bank')).toHaveCount(0);
  await page.getByTestId('menu-p2p').hover();
  await expect(page.getByTestId('menu-p2p-buy')).toHaveAttribute('href', '/buy-sell/buy-ngn-usdt');

  // CHF: card and bank, no P2P. Survives a reload (cookie).
  await openPicker(page);
  await page.getByTestId('paywith-search').fill('chf');
  await option(page, 'CHF').click();
  await page.reload();
  await openMenu(page, 'nav-buy');
  await expect(page.getByTestId('paywith-trigger')).toHaveAttribute('data-fiat', 'CHF');
  await expect(page.getByTestId('menu-buy-card')).toHaveAttribute(
    'href',
    '/crypto/buy/with-credit-card?method=card&fiat=CHF',
  );
  await expect(page.getByTestId('menu-buy-bank')).toBeVisible();
  await expect(page.getByTestId('menu-p2p')).toHaveCount(0);
});

test('keyboard: Enter on an option selects it and focus returns to the trigger', async ({ page }) => {
  await openSite(page, SITES.GLOBAL);
  await openPicker(page);
  await page.getByTestId('paywith-search').fill('gbp');
  await option(page, 'GBP').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('paywith-trigger')).toBeFocused();
  await expect(page.getByTestId('paywith-trigger')).toHaveAttribute('data-fiat', 'GBP');
});

for (const kind of ['500', 'malformed', 'slow:4500'] as const) {
  test(`fault ${kind}: USD with every method, the menu keeps working`, async ({ page, context, baseURL }) => {
    await injectFaults(context, baseURL!, { [SETTING]: kind });
    await openSite(page, SITES.GLOBAL);
    await page.evaluate(() => localStorage.removeItem('buy_crypto_fiat_setting'));
    await openPicker(page);
    await expect(page.getByTestId('paywith-panel')).toHaveAttribute('data-status', 'error', {
      timeout: 10_000,
    });
    await expect(page.locator('[data-testid="paywith-panel"] [data-fiat]')).toHaveCount(1);
    await expect(option(page, 'USD')).toBeVisible();
    for (const id of ['menu-buy-quick', 'menu-buy-card', 'menu-buy-bank', 'menu-p2p'])
      await expect(page.getByTestId(id)).toBeVisible();
  });
}

test('cached per language: a later failure paints the cached list (SPEC §9)', async ({
  page,
  context,
  baseURL,
}) => {
  await openSite(page, SITES.GLOBAL);
  await openPicker(page);
  await expect(page.getByTestId('paywith-panel')).toHaveAttribute('data-status', 'ready');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('buy_crypto_fiat_setting')!).lang);
  expect(stored).toBe('en');
  await injectFaults(context, baseURL!, { [SETTING]: '500' });
  await page.reload();
  await openPicker(page);
  await expect(page.getByTestId('paywith-panel')).toHaveAttribute('data-status', 'stale');
  await expect(option(page, 'EUR')).toBeVisible();
});

// The display states of support/display-states.ts; below the drawer breakpoint (992 px) the top navigation lives in
// the side drawer and the picker is a desktop menu (the phone's picker is the next test).
for (const state of displayStates()) {
  test(`${stateName(state)}: panel inside the viewport, axe clean`, async ({ page }) => {
    await page.setViewportSize({ width: state.width, height: 900 });
    await openSite(page, SITES.GLOBAL, `${state.prefix}/`);
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), state.theme);
    if (state.width < 992) {
      await expect(page.getByTestId('paywith-trigger')).toHaveCount(0);
      return;
    }
    await openPicker(page);
    const box = (await page.getByTestId('paywith-panel').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(state.width);
    expect(
      await seriousViolations(page, ['header.site-header', '[data-testid="paywith-panel"]']),
      stateName(state),
    ).toEqual([]);
  });
}

test("on a phone the drawer's Buy crypto section holds the same picker; choosing EUR updates its links (SPEC §2, §4)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSite(page, SITES.GLOBAL);
  await page.getByTestId('nav-drawer').click();
  const drawer = page.getByTestId('side-drawer');
  await drawer.getByTestId('drawer-section-buy').click();
  await drawer.getByTestId('paywith-trigger').click();
  const panel = drawer.getByTestId('paywith-panel');
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await drawer.getByTestId('paywith-search').fill('eur');
  await panel.locator('[data-fiat="EUR"]').click();
  await expect(panel).toBeHidden();
  await expect(drawer.getByTestId('paywith-trigger')).toContainText('EUR');
  await expect(drawer.locator('a[href*="/crypto/buy?crypto=USDT&fiat=EUR"]').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});
