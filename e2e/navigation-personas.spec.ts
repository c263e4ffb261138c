// Personas on the main site (SPEC §3, §4, §6): profile summary, sub-account, unified and portfolio modes, regional
// limits and withdraw-only, each checked in the real header after a demo login.
import { expect, test } from '@playwright/test';
import { openMenu, openSite, signIn, SITES } from './support/account.ts';

test.beforeEach(async ({ page }) => {
  await openSite(page, SITES.GLOBAL);
});

test('VIP: nickname, UID, VIP level and progress, verified tick, no safety warning', async ({ page }) => {
  await signIn(page, 'vip');
  await openMenu(page, 'nav-profile');
  await expect(page.getByTestId('profile-nickname')).toHaveText('Satoshi V.');
  await expect(page.getByTestId('profile-uid')).toHaveText('10086001');
  await expect(page.getByTestId('verified-tick')).toBeVisible();
  // The level is an image (SPEC §9 'VIP images'), named by its level.
  await expect(page.getByTestId('vip-card').getByRole('img', { name: 'VIP 3' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '62');
  await expect(page.getByTestId('safety-warning')).toHaveCount(0);
});

test('unverified: no tick, "too weak" safety warning, no sub-account management', async ({ page }) => {
  await signIn(page, 'unverified');
  await openMenu(page, 'nav-profile');
  await expect(page.getByTestId('verified-tick')).toHaveCount(0);
  await expect(page.getByTestId('safety-warning')).toContainText('too weak');
  await expect(page.getByTestId('safety-warning')).toHaveAttribute('href', '/myaccount/security-setting');
  await expect(page.getByTestId('menu-profile-sub-accounts')).toHaveCount(0);
});

test('sub-account: no Switch Account, no sub-account management, no pilot account', async ({ page }) => {
  await signIn(page, 'sub');
  await openMenu(page, 'nav-profile');
  await expect(page.getByTestId('switch-account')).toHaveCount(0);
  await expect(page.getByTestId('menu-profile-sub-accounts')).toHaveCount(0);
  await expect(page.getByTestId('logout-device')).toBeVisible();
  await openMenu(page, 'nav-assets');
  await expect(page.getByTestId('menu-funds-pilot')).toHaveCount(0);
});

test('is_switch_tag cookie shows Switch Account to a sub-account (SPEC §1)', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'is_switch_tag', value: '1', url: baseURL! }]);
  await signIn(page, 'sub');
  await openMenu(page, 'nav-profile');
  await expect(page.getByTestId('switch-account')).toBeVisible();
});

test('unified with open futures: typed futures order links, unified account (SPEC §4)', async ({ page }) => {
  await signIn(page, 'unified');
  await openMenu(page, 'nav-orders');
  await expect(page.getByTestId('menu-orders-futures-usdt')).toHaveAttribute(
    'href',
    '/myaccount/futures_trade?type=usdt',
  );
  await expect(page.getByTestId('menu-orders-futures-btc')).toHaveAttribute(
    'href',
    '/myaccount/futures_trade?type=btc',
  );
  await expect(page.getByTestId('menu-orders-futures')).toHaveCount(0);
  await expect(page.getByTestId('menu-orders-margin')).toHaveCount(0);
  await openMenu(page, 'nav-assets');
  await expect(page.getByTestId('menu-funds-unified')).toBeVisible();
  await expect(page.getByTestId('menu-funds-margin')).toHaveCount(0);
});

test('portfolio: portfolio-margin entries show, option account hides (SPEC §6)', async ({ page }) => {
  await signIn(page, 'portfolio');
  await openMenu(page, 'nav-assets');
  await expect(page.getByTestId('menu-funds-cross-margin')).toBeVisible();
  await expect(page.getByTestId('menu-funds-options')).toHaveCount(0);
});

for (const persona of ['italy', 'uk'] as const) {
  test(`${persona}-limited: no profile, KYC, security settings or futures entries (SPEC §6)`, async ({
    page,
  }) => {
    await signIn(page, persona);
    await openMenu(page, 'nav-profile');
    for (const id of ['menu-profile-info', 'menu-profile-kyc', 'menu-profile-security']) {
      await expect(page.getByTestId(id)).toHaveCount(0);
    }
    await expect(page.getByTestId('menu-profile-coupons')).toBeVisible();
    await openMenu(page, 'nav-futures');
    await expect(page.getByTestId('menu-futures-usdt')).toHaveCount(0);
    await expect(page.getByTestId('menu-futures-guide')).toBeVisible();
  });
}

test('withdraw-only: no deposit button or drawer, no fiat buying (SPEC §6)', async ({ page }) => {
  await signIn(page, 'withdraw-only');
  await expect(page.getByTestId('btn-deposit')).toHaveCount(0);
  await openMenu(page, 'nav-buy');
  await expect(page.getByTestId('menu-buy-quick')).toHaveCount(0);
  await expect(page.getByTestId('menu-buy-card')).toBeVisible();
});
