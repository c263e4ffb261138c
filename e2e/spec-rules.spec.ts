// SPEC rules checked through the page, each test named after its rule: §6 per-site flags hide the exchange rate in
// every place that offers it; §2 Japan's fiat deposit in the wallet menu; §2 'also avatar click' (the avatar links to
// the profile, the menu keeps its keyboard and hover paths); §3 curr_fiat when fiat prices are turned on; §1/§6 the
// one Switch Account destination; §6 every EU footer link blocked; §1 the rewards card's hub link; §9 the locale
// mapping on the site and bulletin calls; §8 'No data' in the pay-with list; §2 the drawer's 4-column language grid;
// §9 the footer on the 767/992/1440 breakpoints. The pure halves are in tests/ (policy, links, engine cache time).
import type { Page } from '@playwright/test';
import { expect, injectFaults, test } from './fixtures.ts';
import { openMenu, openSite, SITES, useSession } from './support/account.ts';
import { seriousViolations } from './support/axe.ts';
import { animationsDone } from './support/frames.ts';

/**
 * Makes the server answer the client-rendered shell (a render data source too slow for the server render, as in
 * e2e/ssr.spec.ts), so the page makes the site and bulletin calls itself instead of reading the embedded boot data.
 */
async function clientRendered(page: Page, baseURL: string): Promise<void> {
  await injectFaults(page.context(), baseURL, { '/api/web/v1/site/menu_data': 'slow:100' });
}

/** Number of columns of the grid `selector` (its computed grid-template-columns). */
async function gridColumns(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').filter(Boolean).length);
}

test.describe("SPEC §6 'Per-site flags hide items': exchange rate", () => {
  for (const site of [SITES.JAPAN, SITES.GLOBAL]) {
    const hidden = site === SITES.JAPAN;
    test(`${hidden ? 'Japan hides' : 'the global site offers'} the fiat-price switch and the 'Exchange rate' tab`, async ({
      page,
    }) => {
      await openSite(page, site);
      await openMenu(page, 'nav-settings');
      await expect(page.getByTestId('settings-float-rate')).toBeVisible();
      await expect(page.getByTestId('settings-currency-rate')).toHaveCount(hidden ? 0 : 1);
      await page.keyboard.press('Escape');
      await page.getByTestId('nav-language').click();
      await expect(page.getByRole('tab', { name: 'Language and region' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Exchange rate' })).toHaveCount(hidden ? 0 : 1);
    });
  }
});

test("SPEC §2 Funds 'deposit_fiat (and /JPY)': Japan's wallet menu links the yen deposit", async ({
  page,
}) => {
  await useSession(page, 'vip');
  await openSite(page, SITES.JAPAN);
  await expect(page.getByTestId('nav-deposit')).toHaveCount(0);
  await openMenu(page, 'nav-assets');
  await expect(page.getByTestId('menu-funds-deposit-fiat')).toHaveAttribute(
    'href',
    '/myaccount/deposit_fiat/JPY',
  );
});

test.describe("SPEC §2 Profile '/myaccount/profile (also avatar click)'", () => {
  test('a click on the avatar goes to the profile; hovering it opens the menu', async ({ page }) => {
    await useSession(page, 'vip');
    await openSite(page, SITES.GLOBAL);
    const avatar = page.getByTestId('nav-profile-link');
    await expect(avatar).toHaveAttribute('href', '/myaccount/profile');
    await expect(avatar).toHaveAccessibleName('Open your profile');
    const disclosure = page.getByTestId('nav-profile');
    await expect(disclosure).toHaveAccessibleName('Account menu');
    await avatar.hover();
    await expect(disclosure).toHaveAttribute('data-state', 'open');
    await expect(page.locator('.profile-menu')).toBeVisible();
    await avatar.click();
    await expect(page).toHaveURL(/\/myaccount\/profile$/);
  });

  test('keyboard: focus on the avatar opens the menu in place, ArrowDown moves in, Escape returns to the disclosure', async ({
    page,
  }) => {
    await useSession(page, 'vip');
    await openSite(page, SITES.GLOBAL);
    const avatar = page.getByTestId('nav-profile-link');
    const disclosure = page.getByTestId('nav-profile');
    await avatar.focus();
    await expect(disclosure).toHaveAttribute('data-state', 'open');
    await expect(avatar).toBeFocused();
    await expect(page.locator('.profile-menu')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('.profile-menu :focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(disclosure).toHaveAttribute('data-state', 'closed');
    await expect(disclosure).toBeFocused();
    // The separate disclosure button: Enter opens the menu with focus inside (WAI-ARIA menu button).
    await page.keyboard.press('Enter');
    await expect(disclosure).toHaveAttribute('data-state', 'open');
    await expect(page.locator('.profile-menu :focus')).toHaveCount(1);
    expect(await seriousViolations(page, ['.site-header', '.profile-menu'])).toEqual([]);
  });

  test('Tab from the avatar reaches the disclosure with the menu still open', async ({ page }) => {
    await useSession(page, 'vip');
    await openSite(page, SITES.GLOBAL);
    await page.getByTestId('nav-profile-link').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('nav-profile')).toBeFocused();
    await expect(page.getByTestId('nav-profile')).toHaveAttribute('data-state', 'open');
  });
});

test("SPEC §3 curr_fiat: turning 'Exchange rate' on uses the site's curr_fiat", async ({ page, baseURL }) => {
  await clientRendered(page, baseURL!);
  await page.route('**/api/web/v1/site/common_data?**', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: Record<string, unknown> };
    body.data.curr_fiat = 'EUR';
    await route.fulfill({ response: res, json: body });
  });
  await openSite(page, SITES.GLOBAL);
  await openMenu(page, 'nav-settings');
  const reloaded = page.waitForEvent('framenavigated');
  await page.getByTestId('settings-currency-rate').click({ noWaitAfter: true });
  await reloaded;
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'curr_fiat')?.value)
    .toBe('EUR');
  // The reload's site-data request may still be inside the handler (route.fetch): let teardown close the context
  // without waiting on it.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('SPEC §1/§6 Switch Account: one destination, never sub-account management for a sub-account', async ({
  page,
}) => {
  await useSession(page, 'sub');
  await openSite(page, SITES.GLOBAL);
  await page.context().addCookies([{ name: 'is_switch_tag', value: '1', url: page.url() }]);
  await page.reload();
  await page.getByTestId('nav-switch-account').click();
  const dialog = page.getByTestId('switch-account-dialog');
  const others = dialog.locator('[data-testid="switch-account-item"][href]');
  await expect(others.first()).toBeVisible();
  for (const href of await others.evaluateAll((els) => els.map((e) => e.getAttribute('href'))))
    expect(href).toMatch(/^\/login\?switch=1&uid=\d+$/);
  await page.keyboard.press('Escape');
  await openMenu(page, 'nav-profile');
  await expect(page.getByTestId('switch-account')).toHaveAttribute('href', '/login?switch=1');
  await expect(page.locator('a[href*="sub_account_manage"]')).toHaveCount(0);
});

test("SPEC §6 'EU footer links intercept clicks': brand, social icons and the user agreement too", async ({
  page,
}) => {
  await openSite(page, SITES.EU, '/de/');
  const url = page.url();
  const footer = page.getByTestId('site-footer');
  const notice = page.getByTestId('footer-eu-notice');
  const links = [
    footer.locator('.footer-brand a').first(),
    footer.getByTestId('footer-social').locator('a').first(),
    footer.locator('a[href$="/user-agreement"]').first(),
  ];
  await expect(links[1]!).toHaveCount(1);
  for (const link of links) {
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect(notice).toBeVisible();
    expect(page.url()).toBe(url);
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(notice).toHaveCount(0);
  }
  expect(page.context().pages()).toHaveLength(1);
});

test('SPEC §1 rewards promo card: it links to /rewards_hub', async ({ page }) => {
  await openSite(page, SITES.GLOBAL, '/zh/');
  await openMenu(page, 'nav-rewards');
  const card = page.getByTestId('rewards-card');
  await expect(card.getByTestId('rewards-hub-link')).toHaveAttribute('href', '/zh/rewards_hub');
  await expect(card.getByTestId('rewards-hub-link')).toHaveText('前往福利中心');
});

test('SPEC §9 locale mapping on every call that sends a language: site data and bulletin (zh → cn)', async ({
  page,
  baseURL,
}) => {
  await clientRendered(page, baseURL!);
  const langs = new Map<string, string | null>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/\/site\/(common_data|compliance_check|menu_data|fullsiteBulletin)$/.test(url.pathname))
      langs.set(url.pathname.split('/').at(-1)!, url.searchParams.get('lang'));
  });
  await openSite(page, SITES.GLOBAL, '/zh/');
  await expect.poll(() => langs.size).toBe(4);
  expect(Object.fromEntries(langs)).toEqual({
    common_data: 'cn',
    compliance_check: 'cn',
    menu_data: 'cn',
    fullsiteBulletin: 'cn',
  });
});

test("SPEC §8 'Empty lists show a no data placeholder': the pay-with list", async ({ page }) => {
  await openSite(page, SITES.GLOBAL);
  await openMenu(page, 'nav-buy');
  await page.getByTestId('paywith-trigger').click();
  await page.getByTestId('paywith-search').fill('zzz');
  await expect(page.locator('.paywith-empty')).toHaveText('No data');
});

test.describe("SPEC §2 '4-column language grid' in the drawer, where it fits", () => {
  for (const [width, columns] of [
    [768, 4],
    [320, 2],
  ] as const) {
    test(`${width} px: ${columns} columns`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await openSite(page, SITES.GLOBAL);
      await page.getByTestId('nav-drawer').click();
      const drawer = page.getByTestId('side-drawer');
      await animationsDone(page, '[data-testid="side-drawer"]');
      await drawer.getByTestId('drawer-section-language').click();
      await expect(drawer.locator('.lang-grid')).toBeVisible();
      expect(await gridColumns(page, '[data-testid="side-drawer"] .lang-grid')).toBe(columns);
      const overflow = await drawer
        .locator('.lang-grid .choice')
        .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).length);
      expect(overflow).toBe(0);
    });
  }
});

test("SPEC §9 breakpoints 767/992/1440: the footer's layouts", async ({ page }) => {
  await openSite(page, SITES.GLOBAL);
  const footer = page.getByTestId('site-footer');
  for (const [width, layout, brandBeside, columns] of [
    [767, 'mobile', false, null],
    [768, 'wide', false, 3],
    [991, 'wide', false, 3],
    [992, 'wide', true, 3],
    [1439, 'wide', true, 3],
    [1440, 'wide', true, 6],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect(footer, `${width}`).toHaveAttribute('data-layout', layout);
    expect(await gridColumns(page, '.footer-top'), `${width} brand beside`).toBe(brandBeside ? 2 : 1);
    if (columns !== null)
      expect(await gridColumns(page, '.footer-nav > .footer-columns'), `${width} columns`).toBe(columns);
  }
});
