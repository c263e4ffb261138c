// Header behaviour (SPEC §2, §4, §6): hover/keyboard/touch menus, scroll arrows, Turkey link, search dialog,
// fund-wallet drawer, UID copy toast, stored signup query, sub-site selection by query, language-prefixed real links,
// and the SPEC §8 fallbacks (failing site calls never blank the header).
import { expect, test } from '@playwright/test';
import { expectClickKeepsHoverMenuOpen } from './hosts/checks.ts';
import { openMenu, openSite, SITES, useSession } from './support/account.ts';

test('menus open on hover and close on leave; links are real <a href> under the language prefix', async ({
  page,
}) => {
  await page.goto('/zh/?sub_website_id=0');
  await openMenu(page, 'nav-trade');
  await expect(page.getByTestId('menu-spot')).toHaveAttribute('href', '/zh/trade/BTC_USDT');
  await expect(page.getByTestId('menu-pilot')).toHaveAttribute('href', '/zh/pilot');
  await expect(page.getByTestId('menu-premarket')).toHaveAttribute('href', '/zh/premint');
  await page.mouse.move(700, 800);
  await expect(page.getByTestId('menu-spot')).toHaveCount(0);
});

test('a click on the trigger of a hover-opened menu keeps it open; a press elsewhere closes it (SPEC §4)', async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  await expectClickKeepsHoverMenuOpen(page, 'nav-language');
  await expectClickKeepsHoverMenuOpen(page, 'nav-trade');
});

test('pilot and pre-market entries show their market panels while hovered (SPEC §4)', async ({ page }) => {
  await openSite(page, SITES.GLOBAL);
  await openMenu(page, 'nav-trade');
  await page.getByTestId('menu-pilot').hover();
  await expect(page.getByTestId('market-panel-pilot')).toBeVisible();
  await page.getByTestId('menu-premarket').hover();
  await expect(page.getByTestId('market-panel-premarket')).toBeVisible();
});

test('site variants: Turkey leads with BTC_TRY, buy links carry the site fiat', async ({ page }) => {
  await openSite(page, SITES.TURKEY);
  await openMenu(page, 'nav-trade');
  await expect(page.getByTestId('menu-spot')).toHaveAttribute('href', '/trade/BTC_TRY');
  await openMenu(page, 'nav-buy');
  await expect(page.getByTestId('menu-buy-quick')).toHaveAttribute(
    'href',
    '/crypto/buy?crypto=USDT&fiat=TRY',
  );
});

test('menus work by keyboard: Enter opens and focuses the menu, Escape closes', async ({ page }) => {
  await openSite(page, SITES.GLOBAL);
  await page.getByTestId('nav-earn').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('menu-simple-earn')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('menu-simple-earn')).toHaveCount(0);
  await expect(page.getByTestId('nav-earn')).toBeFocused();
});

test.describe('touch', () => {
  // A touch tablet wide enough for the top navigation (below 992 px it moves into the side drawer).
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 1024, height: 768 } });
  test('a tap opens a menu', async ({ page }) => {
    await openSite(page, SITES.GLOBAL);
    await page.getByTestId('nav-buy').tap();
    await expect(page.getByTestId('menu-p2p')).toBeVisible();
  });
});

test.describe('narrow window', () => {
  // Just above the side-drawer breakpoint (992 px): the bar is there but too narrow for every menu.
  test.use({ viewport: { width: 1000, height: 800 } });
  test('the nav shows scroll arrows when it overflows and scrolls 200 px per click (SPEC §9)', async ({
    page,
  }) => {
    await openSite(page, SITES.GLOBAL);
    const list = page.locator('.nav-list');
    const max = await list.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(max).toBeGreaterThan(0);
    await expect(page.getByTestId('nav-scroll-start')).toHaveCount(0);
    await page.getByTestId('nav-scroll-end').click();
    await expect
      .poll(() => list.evaluate((el) => el.scrollLeft))
      .toBeGreaterThanOrEqual(Math.min(200, max) - 1);
    await expect(page.getByTestId('nav-scroll-start')).toBeVisible();
    await page.getByTestId('nav-scroll-start').click();
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBe(0);
  });
});

test('Turkey-site link: only when compliance says is_tr and the window is wider than 992 px', async ({
  page,
}) => {
  await page.goto('/tr/?sub_website_id=0');
  await expect(page.getByTestId('nav-turkey')).toBeVisible();
  await expect(page.getByTestId('nav-turkey')).toHaveAttribute('href', '/?sub_website_id=177');
  await page.setViewportSize({ width: 992, height: 800 });
  await expect(page.getByTestId('nav-turkey')).toHaveCount(0);
  await page.goto('/?sub_website_id=0');
  await page.setViewportSize({ width: 1440, height: 800 });
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('nav-turkey')).toHaveCount(0);
});

test('search opens the search modal with its input focused (e2e/search.spec.ts covers the rest)', async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  await page.getByTestId('nav-search').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByTestId('search-input')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('deposit opens the fund-wallet drawer with deposit methods (main site only)', async ({ page }) => {
  await useSession(page, 'vip');
  await openSite(page, SITES.GLOBAL);
  await page.getByTestId('btn-deposit').click();
  const drawer = page.getByTestId('fund-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('menu-deposit-onchain')).toHaveAttribute('href', '/myaccount/deposit/USDT');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
});

test('copying the UID shows "Copied successfully" and fills the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await useSession(page, 'vip');
  await openSite(page, SITES.GLOBAL);
  await openMenu(page, 'nav-profile');
  await page.getByTestId('copy-uid').click();
  await expect(page.getByTestId('toast')).toHaveText('Copied successfully');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('10086001');
});

test('signup keeps the stored attribution query across pages', async ({ page }) => {
  await page.goto('/?ref=ABC123&utm_source=news&other=1');
  await expect(page.getByTestId('btn-signup')).toHaveAttribute('href', '/signup?ref=ABC123&utm_source=news');
  await page.goto('/trade/BTC_USDT');
  await expect(page.getByTestId('btn-signup')).toHaveAttribute('href', '/signup?ref=ABC123&utm_source=news');
});

test('a landing page left before its scripts ran still passes its attribution to the next page', async ({
  page,
}) => {
  // The landing page is never hydrated (its entry script is held): only index.html's loader runs there.
  let holdEntry = true;
  await page.route(/\/assets\/index-[^/]*\.js$/, (route) => (holdEntry ? undefined : route.continue()));
  await page.goto('/?ref=LAND42&utm_campaign=spring');
  await expect(page.getByTestId('btn-signup')).toBeVisible();
  expect(await page.evaluate(() => localStorage.length), 'the app never started on the landing page').toBe(0);
  holdEntry = false;
  await page.goto('/trade/BTC_USDT');
  await expect(page.getByTestId('btn-signup')).toHaveAttribute(
    'href',
    '/signup?ref=LAND42&utm_campaign=spring',
  );
});

test('?sub_website_id selects the sub-site on the first load and the cookie keeps it', async ({ page }) => {
  await page.goto('/?sub_website_id=232');
  await expect(page.locator('header.site-header')).toHaveAttribute('data-sub-site', '232');
  await page.goto('/fee');
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('header.site-header')).toHaveAttribute('data-sub-site', '232');
  await expect(page.getByTestId('nav-download')).toHaveCount(0);
});

test('failing site and session calls fall back: the header still renders (SPEC §8)', async ({
  page,
  context,
  baseURL,
}) => {
  const paths = ['common_data', 'menu_data', 'compliance_check'].map((p) => `/api/web/v1/site/${p}=500`);
  paths.push('/api/web/v1/usercenter/get_info=malformed');
  await context.addCookies([
    { name: 'mh_faults', value: encodeURIComponent(paths.join(',')), url: baseURL! },
  ]);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.goto('/');
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  for (const id of ['nav-trade', 'nav-futures', 'btn-login', 'btn-signup'])
    await expect(page.getByTestId(id)).toBeVisible();
  expect(warnings.some((w) => w.includes('[api]'))).toBe(true);
});
