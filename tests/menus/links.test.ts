// The menu link builders (SPEC §2) of src/menus: site pair, fiat and P2P fiat, under the language prefix.
import { describe, expect, it } from 'vitest';
import { SUB_SITE } from '../../common/domain/sub-sites.ts';
import { ORDERS_MENU } from '../../src/menus/account.ts';
import { BUY_MENU } from '../../src/menus/buy-earn.ts';
import { TRADE_MENU } from '../../src/menus/trade.ts';
import type { LinkContext } from '../../src/menus/types.ts';

describe('menu links (SPEC §2)', () => {
  const ctx = (over: Partial<LinkContext> = {}): LinkContext => ({
    langPrefix: '',
    site: SUB_SITE.GLOBAL,
    fiat: 'USD',
    p2pFiat: 'USD',
    ...over,
  });
  const link = (items: typeof TRADE_MENU.items, key: string, c: LinkContext) =>
    items.find((i) => i.key === key)!.link!(c);

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
