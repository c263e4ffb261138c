// One test per sub-site (SPEC §1, §6): what must show and must hide in the header for a visitor and a VIP.
// Top-level controls are checked directly; menu items by opening their menu. Hidden controls are not in the DOM.
import { expect, test, type Page } from '@playwright/test';
import { closeMenus, openMenu, openSite, signIn, SITES } from './support/account.ts';

interface Check {
  show?: string[];
  hide?: string[];
  /** Menu trigger → items inside that must show / must hide. */
  menus?: Record<string, { show?: string[]; hide?: string[] }>;
}
interface Row {
  name: keyof typeof SITES;
  anonymous: Check;
  vip: Check;
}

const ROWS: Row[] = [
  {
    name: 'GLOBAL',
    anonymous: { show: ['btn-login', 'btn-signup', 'nav-rewards', 'nav-trade', 'nav-futures', 'nav-buy', 'nav-earn', 'nav-more', 'nav-search', 'nav-language'], hide: ['nav-messages', 'nav-profile', 'btn-deposit', 'nav-assets', 'nav-orders', 'tr-reminder'], menus: { 'nav-trade': { show: ['menu-spot', 'menu-pilot', 'menu-premarket'], hide: ['menu-sale'] } } },
    vip: { show: ['btn-deposit', 'nav-assets', 'nav-orders', 'nav-profile', 'nav-messages'], hide: ['btn-login', 'btn-signup', 'nav-rewards'], menus: { 'nav-assets': { show: ['menu-funds-margin', 'menu-funds-futures'], hide: ['menu-funds-unified', 'menu-funds-cross-margin'] }, 'nav-profile': { show: ['switch-account', 'logout-device', 'logout-all', 'menu-profile-sub-accounts'] } } },
  },
  {
    name: 'TURKEY',
    anonymous: { show: ['btn-login', 'btn-signup', 'nav-trade', 'tr-reminder'], hide: ['nav-futures'], menus: { 'nav-earn': { show: ['menu-simple-earn'], hide: ['menu-quant-fund', 'menu-wealth'] } } },
    vip: { show: ['nav-profile'], hide: ['btn-deposit'], menus: { 'nav-profile': { show: ['menu-profile-info'], hide: ['menu-profile-api', 'switch-account'] } } },
  },
  {
    name: 'MALTA',
    anonymous: { show: ['btn-login', 'btn-signup'], hide: ['nav-futures'], menus: { 'nav-more': { show: ['menu-help'], hide: ['menu-web3', 'menu-referral', 'menu-nft'] } } },
    vip: { show: ['nav-assets'], hide: ['btn-deposit'], menus: { 'nav-assets': { show: ['menu-funds-spot'], hide: ['menu-funds-futures', 'menu-funds-margin'] } } },
  },
  {
    name: 'HONG_KONG',
    anonymous: { show: ['btn-login'], hide: ['nav-rewards', 'nav-futures'], menus: { 'nav-buy': { show: ['menu-buy-bank'], hide: ['menu-otc', 'menu-buy-card'] } } },
    vip: { show: ['nav-orders'], hide: ['btn-deposit'], menus: { 'nav-assets': { hide: ['menu-funds-futures', 'menu-funds-margin'] } } },
  },
  {
    name: 'US',
    anonymous: { show: ['btn-login', 'btn-signup', 'nav-search', 'nav-rewards'], hide: ['nav-download', 'nav-futures'], menus: { 'nav-more': { show: ['menu-vip'], hide: ['menu-mobileapp', 'menu-referral'] } } },
    vip: { show: ['nav-profile', 'nav-messages'], hide: ['btn-deposit'], menus: { 'nav-assets': { show: ['menu-funds-spot'], hide: ['menu-funds-margin', 'menu-funds-futures'] }, 'nav-profile': { hide: ['switch-account'] } } },
  },
  {
    name: 'BAHAMAS',
    anonymous: { show: ['btn-login', 'nav-futures'], hide: ['nav-rewards'], menus: { 'nav-more': { show: ['menu-web3', 'menu-referral'] } } },
    vip: { show: ['nav-assets'], hide: ['btn-deposit'], menus: { 'nav-assets': { show: ['menu-funds-futures', 'menu-funds-margin'] } } },
  },
  {
    name: 'SINGAPORE',
    anonymous: { show: ['btn-login', 'btn-signup'], hide: ['nav-rewards', 'nav-futures'], menus: { 'nav-more': { hide: ['menu-nft', 'menu-referral'] } } },
    vip: { show: ['nav-assets'], hide: ['btn-deposit'], menus: { 'nav-assets': { hide: ['menu-funds-margin'] } } },
  },
  {
    name: 'UK',
    anonymous: { show: ['btn-login', 'btn-signup'], hide: ['nav-rewards'], menus: { 'nav-more': { show: ['menu-learn'], hide: ['menu-affiliate', 'menu-referral'] } } },
    vip: { show: ['nav-profile'], hide: ['btn-deposit'], menus: { 'nav-assets': { hide: ['menu-funds-futures', 'menu-funds-margin'] } } },
  },
  {
    name: 'JAPAN',
    anonymous: { show: ['btn-login'], hide: ['nav-futures'], menus: { 'nav-buy': { show: ['menu-sale'] }, 'nav-more': { hide: ['menu-web3'] } } },
    vip: { show: ['nav-orders'], hide: ['btn-deposit'], menus: { 'nav-assets': { hide: ['menu-funds-margin', 'menu-funds-futures'] } } },
  },
  {
    name: 'UAE',
    anonymous: { show: ['btn-login', 'nav-futures'], hide: ['nav-rewards'], menus: { 'nav-more': { show: ['menu-web3'], hide: ['menu-nft'] } } },
    vip: { show: ['nav-assets'], hide: ['btn-deposit'], menus: { 'nav-assets': { show: ['menu-funds-futures'], hide: ['menu-funds-margin'] } } },
  },
  {
    name: 'EU',
    anonymous: { show: ['nav-trade', 'nav-language'], hide: ['btn-login', 'btn-signup', 'nav-search', 'nav-download', 'nav-futures'], menus: { 'nav-more': { hide: ['menu-web3', 'menu-mobileapp'] } } },
    vip: { show: ['nav-profile', 'nav-assets'], hide: ['nav-search', 'btn-deposit'] },
  },
  {
    name: 'TESTNET',
    anonymous: { show: ['btn-login', 'nav-settings'], hide: ['btn-signup', 'nav-language'] },
    vip: { show: ['nav-profile'], hide: ['nav-messages', 'btn-deposit'], menus: { 'nav-profile': { hide: ['logout-device', 'logout-all'] }, 'nav-assets': { show: ['menu-funds-futures'], hide: ['menu-funds-margin', 'menu-withdraw'] } } },
  },
]; // prettier-ignore

async function check(page: Page, c: Check): Promise<void> {
  for (const id of c.show ?? []) await expect(page.getByTestId(id), id).toBeVisible();
  for (const id of c.hide ?? []) await expect(page.getByTestId(id), id).toHaveCount(0);
  for (const [trigger, inner] of Object.entries(c.menus ?? {})) {
    await openMenu(page, trigger);
    for (const id of inner.show ?? []) await expect(page.getByTestId(id), `${trigger} ${id}`).toBeVisible();
    for (const id of inner.hide ?? []) await expect(page.getByTestId(id), `${trigger} ${id}`).toHaveCount(0);
    await closeMenus(page);
  }
}

for (const row of ROWS) {
  test(`${row.name} sub-site: visitor and VIP see the right header (SPEC §6)`, async ({ page }) => {
    await openSite(page, SITES[row.name]);
    await check(page, row.anonymous);
    await signIn(page, 'vip');
    await check(page, row.vip);
  });
}

test('testnet logs in through its authorize flow with its own label (SPEC §6)', async ({ page }) => {
  await openSite(page, SITES.TESTNET);
  const login = page.getByTestId('btn-login');
  await expect(login).toHaveText('Log in with main-site account');
  await expect(login).toHaveAttribute('href', /^\/login\/authorize\?client=testnet&redirect_uri=/);
});
