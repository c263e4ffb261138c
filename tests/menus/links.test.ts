// The menu link builders (SPEC §2) of src/menus: site pair, fiat and P2P fiat, under the language prefix.
import { describe, expect, it } from 'vitest';
import { SUB_SITE, SUB_SITE_IDS } from '../../common/domain/sub-sites.ts';
import { safePath } from '../../common/url-policy.ts';
import { DEPOSIT_METHODS, FUNDS_ACTIONS, FUNDS_MENU, ORDERS_MENU } from '../../src/menus/account.ts';
import { BUY_MENU, EARN_MENU } from '../../src/menus/buy-earn.ts';
import { TRADE_MENU } from '../../src/menus/trade.ts';
import type { LinkContext, MenuItem } from '../../src/menus/types.ts';

const ctx = (over: Partial<LinkContext> = {}): LinkContext => ({
  langPrefix: '',
  site: SUB_SITE.GLOBAL,
  fiat: 'USD',
  p2pFiat: 'USD',
  ...over,
});
const link = (items: readonly MenuItem[], key: string, c: LinkContext) =>
  items.find((i) => i.key === key)!.link!(c);

describe('menu links (SPEC §2)', () => {
  it('spot and margin follow the site pair, under the language prefix', () => {
    expect(link(TRADE_MENU.items, 'spot', ctx({ langPrefix: '/ja', site: SUB_SITE.JAPAN }))).toBe(
      '/ja/trade/BTC_JPY',
    );
    expect(link(TRADE_MENU.items, 'margin', ctx({ site: SUB_SITE.EU }))).toBe(
      '/trade/BTC_USDC?tab=isolated_margin',
    );
    expect(link(TRADE_MENU.items, 'spot', ctx({ site: SUB_SITE.SINGAPORE }))).toBe('/trade/BTC_SGD');
  });
  it('buy links carry the fiat; P2P orders use CNY, KRW or VND', () => {
    expect(link(BUY_MENU.items, 'buy-card', ctx({ fiat: 'EUR' }))).toBe(
      '/crypto/buy/with-credit-card?method=card&fiat=EUR',
    );
    const p2p = BUY_MENU.items.find((i) => i.key === 'p2p')!;
    expect(p2p.hoverChildren!.map((c) => c.link!(ctx({ p2pFiat: 'TRY' })))).toEqual([
      '/buy-sell/buy-try-usdt',
      '/buy-sell/sell-usdt-try',
    ]);
    expect(link(ORDERS_MENU.items, 'orders-p2p', ctx({ p2pFiat: 'VND' }))).toBe(
      '/c2c/orders/USDT_VND?&tab_type=history',
    );
    expect(link(ORDERS_MENU.items, 'orders-p2p', ctx({ p2pFiat: 'EUR' }))).toBe(
      '/c2c/orders/USDT_CNY?&tab_type=history',
    );
  });
});

// SPEC §2's route lists, item by item: every path the spec names for Earn, Buy crypto and Funds is in a menu.
describe('SPEC §2 routes in the menus', () => {
  const hrefs = (items: readonly MenuItem[], c = ctx()) => items.map((i) => i.link!(c));

  it.each([
    '/launchpool', '/hodler-airdrop', '/candy-drop', '/launchpad', '/web3/airdrop', '/simple-earn',
    '/structured_financial/home', '/auto-investment', '/dual-currency-investment', '/institution/quant-fund',
    '/cryptoloan', '/c2cloan/cny', '/staking', '/staking/GT', '/eth2', '/institution/wealth', '/hodl',
  ])('Earn links %s', (route) => {
    expect(hrefs(EARN_MENU.items)).toContain(route);
  }); // prettier-ignore

  it('Buy crypto links /crypto, under the language prefix', () => {
    expect(hrefs(BUY_MENU.items)).toContain('/crypto');
    expect(hrefs(BUY_MENU.items, ctx({ langPrefix: '/ja' }))).toContain('/ja/crypto');
  });

  it.each([
    [SUB_SITE.GLOBAL, '/myaccount/deposit_fiat', '/myaccount/withdraw_fiat'],
    [SUB_SITE.TURKEY, '/myaccount/deposit_fiat', '/myaccount/withdraw_fiat'],
    [SUB_SITE.JAPAN, '/myaccount/deposit_fiat/JPY', '/myaccount/withdraw_fiat/JPY'],
  ])('site %s: fiat deposit %s, fiat withdraw %s (Japan: /JPY)', (site, deposit, withdraw) => {
    expect(link(DEPOSIT_METHODS, 'deposit-fiat', ctx({ site }))).toBe(deposit);
    expect(link(FUNDS_MENU.items, 'withdraw-fiat', ctx({ site }))).toBe(withdraw);
  });

  it('the wallet has the crypto withdraw, the fiat withdraw, the plain internal transfer and send', () => {
    const all = hrefs([...FUNDS_ACTIONS, ...FUNDS_MENU.items]);
    for (const route of [
      '/myaccount/withdraw/USDT',
      '/myaccount/withdraw_fiat',
      '/myaccount/withdraw_internal/USDT',
      '/myaccount/withdraw_internal/USDT?type=send',
    ])
      expect(all).toContain(route);
  });

  it('every menu link passes the URL policy as a same-origin path, on every site and prefix', () => {
    for (const site of SUB_SITE_IDS)
      for (const langPrefix of ['', '/ja', '/pt-br'])
        for (const menu of [BUY_MENU, EARN_MENU, FUNDS_MENU, ORDERS_MENU])
          for (const href of hrefs(menu.items, ctx({ site, langPrefix }))) expect(safePath(href)).toBe(href);
  });
});
