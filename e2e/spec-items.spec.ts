// SPEC items that are page behaviour, each checked against the SPEC's words: notification links by type (§2
// 'Message types map to', 'Notification targets'), the Earn and Buy crypto routes (§2), the wallet's fiat withdraw and
// internal transfer in the header and the drawer (§2 Funds), the avatar as the profile link (§2 Profile 'also avatar
// click'), the VIP level images (§9 'VIP images VIP0 and up'), and language links from a regional sub-site (§2
// 'Language links go to the main site', §4 the Turkish question). axe in each new state, at 1440 and 375 px, in
// Arabic and dark.
import type { Page } from '@playwright/test';
import {
  NOTICE_PAGE_SIZE,
  NOTICE_TAB_TYPES,
  NOTICE_TARGET_KEYS as K,
  NOTICE_TEMPLATES as T,
} from '../common/domain/notice-types.ts';
import { MESSAGES_API } from '../common/wire/endpoints.ts';
import { expect, test } from './fixtures.ts';
import { openMenu, openSite, SITES, useSession } from './support/account.ts';
import { seriousViolations } from './support/axe.ts';
import { animationsDone } from './support/frames.ts';

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, theme);
}

/** One notification per SPEC §2 type and target, with the link each must get (no language prefix). */
const NOTICES: readonly {
  type: string;
  template_id: string;
  extras: Record<string, string>;
  href: string;
}[] = [
  { type: K.invest, template_id: '', extras: {}, href: '/invest' },
  { type: K.startup, template_id: '', extras: { startup_id: '1342' }, href: '/startup/1342' },
  { type: K.strategybot, template_id: '', extras: {}, href: '/strategybot/historyStrategy' },
  { type: K.copytrading, template_id: '', extras: {}, href: '/copytrading/underwayStrategy' },
  { type: K.liquidationWarning, template_id: '', extras: {}, href: '/cryptoloan' },
  { type: K.investSuccess, template_id: '', extras: {}, href: '/auto-investment' },
  { type: K.live, template_id: '', extras: { stream_id: '884213' }, href: '/live/video/884213?type=live' },
  { type: K.posts, template_id: '', extras: {}, href: '/post/status' },
  { type: K.crossMargin, template_id: '', extras: {}, href: '/myaccount/myfunds/cross_margin' },
  { type: 'margin', template_id: 'margin_call', extras: {}, href: '/margin_trade' },
  { type: 'market', template_id: 'price_alert', extras: {}, href: '/trade' },
  { type: 'market', template_id: 'price_alert', extras: { market: 'eth_usdt' }, href: '/trade/ETH_USDT' },
  { type: 'notice', template_id: T.startup, extras: { startup_id: '77' }, href: '/startup/77' },
];

test.describe('notification links by type (SPEC §2)', () => {
  for (const { locale, prefix } of [
    { locale: 'en', prefix: '' },
    { locale: 'ar', prefix: '/ar' },
  ])
    test(`${locale}: every type links to its SPEC target, never to /reminder`, async ({ page }) => {
      await useSession(page, 'vip');
      // The platform tab answers with the first page of them (SPEC §9: 10 a tab), the trade tab with the rest.
      const pages = [NOTICES.slice(0, NOTICE_PAGE_SIZE), NOTICES.slice(NOTICE_PAGE_SIZE)];
      await page.route(`**${MESSAGES_API.noticeRecord}?**`, (route) => {
        const trade =
          new URL(route.request().url()).searchParams.get('type') === NOTICE_TAB_TYPES.trade.join(',');
        const list = trade ? pages[1]! : pages[0]!;
        return route.fulfill({
          json: {
            code: 200,
            data: {
              list: list.map((n, i) => ({
                msg_id: `spec-${n.type}-${i}`,
                title: `${n.type} ${n.template_id}`.trim(),
                content: n.href,
                send_timest: Math.floor(Date.now() / 1000) - 60 * (i + 1),
                type: n.type,
                template_id: n.template_id,
                extras: n.extras,
                template_args: {},
              })),
            },
          },
        });
      });
      await openSite(page, SITES.GLOBAL, `${prefix}/`);
      await page.getByTestId('nav-messages').hover();
      await expect(page.getByTestId('messages-panel')).toBeVisible();
      const items = page.getByTestId('message-item');
      const hrefs = () => items.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
      await expect(items).toHaveCount(pages[0]!.length);
      expect(await hrefs()).toEqual(pages[0]!.map((n) => `${prefix}${n.href}`));
      await page.getByTestId('messages-tab-trade').click();
      await expect(items).toHaveCount(pages[1]!.length);
      expect(await hrefs()).toEqual(pages[1]!.map((n) => `${prefix}${n.href}`));
      expect(await seriousViolations(page, ['.messages-popover'])).toEqual([]);
    });
});

test('Earn and Buy crypto carry every SPEC §2 route, in the header and the drawer', async ({ page }) => {
  await openSite(page, SITES.GLOBAL);
  await openMenu(page, 'nav-earn');
  for (const [key, href] of <Array<[string, string]>>[
    ['staking-gt', '/staking/GT'],
    ['eth2', '/eth2'],
    ['hodl', '/hodl'],
    ['c2c-loan', '/c2cloan/cny'],
  ])
    await expect(page.getByTestId(`menu-${key}`)).toHaveAttribute('href', href);
  await page.screenshot({ path: 'test-results/spec-items/earn-1440.png' });
  expect(await seriousViolations(page, ['header.site-header'])).toEqual([]);
  await openMenu(page, 'nav-buy');
  await expect(page.getByTestId('menu-buy-crypto')).toHaveAttribute('href', '/crypto');
  await page.screenshot({ path: 'test-results/spec-items/buy-1440.png' });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId('nav-drawer').click();
  const drawer = page.getByTestId('side-drawer');
  await drawer.getByTestId('drawer-section-earn').click();
  for (const href of ['/staking/GT', '/eth2', '/hodl', '/c2cloan/cny'])
    await expect(drawer.locator(`a[href="${href}"]`)).toBeVisible();
  await drawer.getByTestId('drawer-section-buy').click();
  await expect(drawer.locator('a[href="/crypto"]')).toBeVisible();
});

test.describe('signed in (SPEC §2 Funds and Profile, §9 VIP images)', () => {
  test.beforeEach(async ({ page }) => {
    await useSession(page, 'vip');
  });

  for (const { locale, prefix, theme } of [
    { locale: 'en', prefix: '', theme: 'light' },
    { locale: 'ar', prefix: '/ar', theme: 'dark' },
  ] as const)
    test(`${locale}, ${theme}, 1440 px: wallet and profile menus`, async ({ page }) => {
      await openSite(page, SITES.GLOBAL, `${prefix}/`);
      await setTheme(page, theme);
      await openMenu(page, 'nav-assets');
      await expect(page.getByTestId('menu-withdraw-fiat')).toHaveAttribute(
        'href',
        `${prefix}/myaccount/withdraw_fiat`,
      );
      await expect(page.getByTestId('menu-transfer-internal')).toHaveAttribute(
        'href',
        `${prefix}/myaccount/withdraw_internal/USDT`,
      );
      await expect(page.getByTestId('menu-transfer')).toHaveAttribute(
        'href',
        `${prefix}/myaccount/withdraw_internal/USDT?type=send`,
      );
      await page.screenshot({ path: `test-results/spec-items/wallet-1440-${locale}-${theme}.png` });
      expect(await seriousViolations(page, ['.wallet-menu'])).toEqual([]);

      await openMenu(page, 'nav-profile');
      const avatar = page.getByTestId('profile-avatar-link');
      await expect(avatar).toHaveAttribute('href', `${prefix}/myaccount/profile`);
      await expect(avatar).toHaveAccessibleName(/\S/);
      const badge = page.getByTestId('vip-badge');
      await expect(badge).toBeVisible();
      await expect(badge).toHaveAttribute('aria-label', 'VIP 3');
      await expect(badge).toHaveAttribute('data-vip-band', 'silver');
      await page.screenshot({ path: `test-results/spec-items/profile-1440-${locale}-${theme}.png` });
      expect(await seriousViolations(page, ['.profile-menu'])).toEqual([]);
      await avatar.click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/myaccount/profile$`));
    });

  test('375 px, dark: the drawer has the avatar link, the VIP image, fiat withdraw and internal transfer', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openSite(page, SITES.GLOBAL);
    await setTheme(page, 'dark');
    await page.getByTestId('nav-drawer').click();
    const drawer = page.getByTestId('side-drawer');
    await expect(drawer).toBeVisible();
    await animationsDone(page, '[data-testid="side-drawer"]');
    await expect(drawer.getByTestId('profile-avatar-link')).toHaveAttribute('href', '/myaccount/profile');
    await expect(drawer.getByTestId('vip-badge')).toBeVisible();
    await page.screenshot({ path: 'test-results/spec-items/drawer-profile-375-dark.png' });
    await drawer.getByTestId('drawer-section-wallet').click();
    await expect(drawer.getByTestId('menu-withdraw-fiat')).toHaveAttribute(
      'href',
      '/myaccount/withdraw_fiat',
    );
    await expect(drawer.getByTestId('menu-transfer-internal')).toHaveAttribute(
      'href',
      '/myaccount/withdraw_internal/USDT',
    );
    await drawer.getByTestId('menu-withdraw-fiat').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/spec-items/drawer-wallet-375-dark.png' });
    expect(await seriousViolations(page, ['[data-testid="side-drawer"]'])).toEqual([]);
  });

  test("Japan: the wallet's fiat withdraw goes to /JPY", async ({ page }) => {
    await openSite(page, SITES.JAPAN);
    await openMenu(page, 'nav-assets');
    await expect(page.getByTestId('menu-withdraw-fiat')).toHaveAttribute(
      'href',
      '/myaccount/withdraw_fiat/JPY',
    );
  });
});

test('the avatar is no link where the profile page is hidden (Italy limit, SPEC §6)', async ({ page }) => {
  await useSession(page, 'italy');
  await openSite(page, SITES.GLOBAL);
  await openMenu(page, 'nav-profile');
  await expect(page.getByTestId('vip-badge')).toHaveAttribute('aria-label', 'VIP 1');
  await expect(page.getByTestId('profile-avatar-link')).toHaveCount(0);
});

test.describe('language links on a regional sub-site (SPEC §2, §4)', () => {
  test('go to the main site; "Stay on the global site in Turkish" leaves the UK site', async ({
    page,
    context,
  }) => {
    await openSite(page, SITES.UK, '/fee');
    await page.getByTestId('nav-language').click();
    await expect(page.locator('a[data-locale="de"]')).toHaveAttribute('href', '/de/fee?sub_website_id=0');
    await page.locator('a[data-locale="tr"]').click();
    const dialog = page.getByRole('dialog', { name: 'Switch to Türkçe' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Go to the Turkey site' })).toHaveAttribute(
      'href',
      '/tr/fee?sub_website_id=177',
    );
    expect(await seriousViolations(page, ['[role="dialog"]'])).toEqual([]);
    await dialog.getByRole('link', { name: 'Stay on the global site in Turkish' }).click();
    await expect(page).toHaveURL(/\/tr\/fee\?sub_website_id=0$/);
    await expect(page.locator('header.site-header')).toHaveAttribute('data-sub-site', '0');
    expect((await context.cookies()).find((c) => c.name === 'sub_website_id')?.value).toBe('0');
  });
});

test('SPEC §9 1440 px: the bar keeps one layout from 992 px up (docs/ARCHITECTURE.md says why)', async ({
  page,
}) => {
  await useSession(page, 'vip');
  await openSite(page, SITES.GLOBAL);
  for (const width of [1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 400 });
    await expect(page.getByTestId('nav-trade')).toBeVisible();
    await expect(page.getByTestId('nav-drawer')).toBeHidden();
    await expect(page.getByTestId('nav-profile')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page
      .locator('header.site-header')
      .screenshot({ path: `test-results/spec-items/header-${width}.png` });
  }
});
